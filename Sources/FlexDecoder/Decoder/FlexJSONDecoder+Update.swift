import Foundation

// Update in place (SmartCodable's `SmartUpdater`, YYModel's `yy_modelSetWithJSON:`): the value is
// encoded, the document laid over it as a JSON Merge Patch (RFC 7396), and the result decoded.

extension FlexJSONDecoder {
  /// Changes `value` to what `data` holds, leaving alone every property the document does not
  /// mention.
  ///
  /// ```swift
  /// var profile = try decoder.decode(Profile.self, from: full)
  /// try decoder.update(&profile, from: Data(#"{"name": "Ann", "settings": {"theme": "dark"}}"#.utf8))
  /// // name and settings.theme changed; every other property, nested ones too, as before
  /// ```
  ///
  /// The document is a JSON Merge Patch (RFC 7396) of the value's JSON: an object's members
  /// replace the value's members of the same key and objects merge member by member, at any
  /// depth; an array, a string, a number or a bool replaces the value's as a whole; a `null`
  /// removes the member (an optional becomes `nil`). The result is decoded with this decoder's
  /// options (key strategy, coercions, error policy, ``FlexKeyMapping``): what it would do with
  /// the merged document is what `update` does, and on a throw `value` is left unchanged.
  ///
  /// The value is written with the strategies that mirror this decoder's (snake case for
  /// `.convertFromSnakeCase`, the same date and data strategies; ISO 8601 for `.flexible`). With a
  /// `.custom` key, date or data strategy there is no mirror: the value's own keys, dates as
  /// ISO 8601 and data as Base64 are written, which the custom strategy must read.
  public func update<T: Codable>(_ value: inout T, from data: Data) throws {
    let patch: JSONValue
    do {
      patch = try JSONValue(parsing: data, options: makeOptions().parsing)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
    }
    let current = try mirroringEncoder().encodeToJSONValue(value)
    value = try decode(T.self, from: Self.merge(patch, into: current))
  }

  /// `patch` applied to `target` (RFC 7396).
  static func merge(_ patch: JSONValue, into target: JSONValue) -> JSONValue {
    guard case .object(let members) = patch else { return patch }
    guard case .object(var merged) = target else {
      return merge(patch, into: .object(JSONObject()))
    }
    for (key, member) in members {
      if member == .null {
        merged[key] = nil
      } else {
        merged[key] = merge(member, into: merged[key] ?? .null)
      }
    }
    return .object(merged)
  }

  /// An encoder whose output this decoder reads back as the same value.
  private func mirroringEncoder() -> FlexJSONEncoder {
    let encoder = FlexJSONEncoder()
    switch keyDecodingStrategy {
    case .convertFromSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
    case .convertFromKebabCase: encoder.keyEncodingStrategy = .convertToKebabCase
    case .convertFromTitleCase: encoder.keyEncodingStrategy = .convertToTitleCase
    case .useDefaultKeys, .convertFromAnyCase, .custom: encoder.keyEncodingStrategy = .useDefaultKeys
    }
    switch dateDecodingStrategy {
    case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
    case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
    case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
    case .formatted(let formatter): encoder.dateEncodingStrategy = .formatted(formatter)
    case .iso8601, .flexible, .custom: encoder.dateEncodingStrategy = .iso8601
    }
    switch dataDecodingStrategy {
    case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
    case .base64, .custom: encoder.dataEncodingStrategy = .base64
    }
    switch nonConformingFloatDecodingStrategy {
    case .throw: encoder.nonConformingFloatEncodingStrategy = .throw
    case .convertFromString(let positiveInfinity, let negativeInfinity, let nan):
      encoder.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
    }
    encoder.keyMapping = keyMapping
    encoder.userInfo = userInfo
    return encoder
  }
}
