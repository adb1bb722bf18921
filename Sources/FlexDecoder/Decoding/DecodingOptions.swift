import Foundation

/// A snapshot of a ``FlexJSONDecoder``'s options, taken when `decode` starts, so that changing
/// the decoder's properties during a decode (from another thread) cannot affect it.
///
/// A class of constants: the engine keeps the snapshot in several places (the session, each
/// decoder), and copying a reference is one retain where copying a struct of these fields was
/// one per strategy, map and dictionary, a few dozen atomic operations per call. A decoder keeps
/// its snapshot until an option changes, so most calls make none.
final class DecodingOptions: @unchecked Sendable {
  let dateDecodingStrategy: FlexJSONDecoder.DateDecodingStrategy
  let dataDecodingStrategy: FlexJSONDecoder.DataDecodingStrategy
  let nonConformingFloatDecodingStrategy: FlexJSONDecoder.NonConformingFloatDecodingStrategy
  let keyDecodingStrategy: FlexJSONDecoder.KeyDecodingStrategy
  let userInfo: [CodingUserInfoKey: any Sendable]
  let parsing: JSONParsingOptions
  let coercions: FlexCoercions
  /// The decoder's global key map, applied to every type for the properties it does not map.
  let keyMapping: FlexKeyMap
  let errorPolicy: FlexJSONDecoder.ErrorPolicy
  let reportsCoercions: Bool
  let unknownKeyPolicy: FlexJSONDecoder.UnknownKeyPolicy
  /// ``FlexJSONDecoder/dropsElementsWithDefaults``.
  let dropsElementsWithDefaults: Bool
  /// Whether floating-point values may be read from strings (`.convertFromString`). Stored:
  /// asked for every number read in the recovery pass, and matching the strategy copies it.
  let readsNonConformingFloats: Bool

  init(
    dateDecodingStrategy: FlexJSONDecoder.DateDecodingStrategy,
    dataDecodingStrategy: FlexJSONDecoder.DataDecodingStrategy,
    nonConformingFloatDecodingStrategy: FlexJSONDecoder.NonConformingFloatDecodingStrategy,
    keyDecodingStrategy: FlexJSONDecoder.KeyDecodingStrategy, userInfo: [CodingUserInfoKey: any Sendable],
    parsing: JSONParsingOptions, coercions: FlexCoercions, keyMapping: FlexKeyMap,
    errorPolicy: FlexJSONDecoder.ErrorPolicy, reportsCoercions: Bool,
    unknownKeyPolicy: FlexJSONDecoder.UnknownKeyPolicy,
    dropsElementsWithDefaults: Bool = false
  ) {
    self.dateDecodingStrategy = dateDecodingStrategy
    self.dataDecodingStrategy = dataDecodingStrategy
    self.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
    self.keyDecodingStrategy = keyDecodingStrategy
    self.userInfo = userInfo
    self.parsing = parsing
    self.coercions = coercions
    self.keyMapping = keyMapping
    self.errorPolicy = errorPolicy
    self.reportsCoercions = reportsCoercions
    self.unknownKeyPolicy = unknownKeyPolicy
    self.dropsElementsWithDefaults = dropsElementsWithDefaults
    if case .convertFromString = nonConformingFloatDecodingStrategy {
      readsNonConformingFloats = true
    } else {
      readsNonConformingFloats = false
    }
  }

  /// Whether keys are compared as written (the fast byte-comparison path).
  var usesDefaultKeys: Bool {
    if case .useDefaultKeys = keyDecodingStrategy { return true }
    return false
  }
}
