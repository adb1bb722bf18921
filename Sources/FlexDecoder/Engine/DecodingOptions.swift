import Foundation

/// A snapshot of a ``FlexJSONDecoder``'s options, taken when `decode` starts, so that changing
/// the decoder's properties during a decode (from another thread) cannot affect it.
struct DecodingOptions {
  var dateDecodingStrategy: FlexJSONDecoder.DateDecodingStrategy
  var dataDecodingStrategy: FlexJSONDecoder.DataDecodingStrategy
  var nonConformingFloatDecodingStrategy: FlexJSONDecoder.NonConformingFloatDecodingStrategy
  var keyDecodingStrategy: FlexJSONDecoder.KeyDecodingStrategy
  var userInfo: [CodingUserInfoKey: any Sendable]
  var parsing: JSONParsingOptions
  var coercions: FlexCoercions
  /// The decoder's global key map, applied to every type for the properties it does not map.
  var keyMapping: FlexKeyMap
  var errorPolicy: FlexJSONDecoder.ErrorPolicy
  var reportsCoercions: Bool
  var unknownKeyPolicy: FlexJSONDecoder.UnknownKeyPolicy

  /// Whether keys are compared as written (the fast byte-comparison path).
  var usesDefaultKeys: Bool {
    if case .useDefaultKeys = keyDecodingStrategy { return true }
    return false
  }

  /// Whether floating-point values may be read from strings (`.convertFromString`).
  var readsNonConformingFloats: Bool {
    if case .convertFromString = nonConformingFloatDecodingStrategy { return true }
    return false
  }
}
