import Foundation

/// A snapshot of a ``FlexJSONEncoder``'s options, taken when `encode` starts. A class of
/// constants, kept by the encoder until an option changes, for the reason given at
/// ``DecodingOptions``.
final class EncodingOptions: @unchecked Sendable {
  let outputFormatting: FlexJSONEncoder.OutputFormatting
  let dateEncodingStrategy: FlexJSONEncoder.DateEncodingStrategy
  let dataEncodingStrategy: FlexJSONEncoder.DataEncodingStrategy
  let nonConformingFloatEncodingStrategy: FlexJSONEncoder.NonConformingFloatEncodingStrategy
  let keyEncodingStrategy: FlexJSONEncoder.KeyEncodingStrategy
  let keyMapping: FlexKeyMap
  let userInfo: [CodingUserInfoKey: any Sendable]

  init(
    outputFormatting: FlexJSONEncoder.OutputFormatting, dateEncodingStrategy: FlexJSONEncoder.DateEncodingStrategy,
    dataEncodingStrategy: FlexJSONEncoder.DataEncodingStrategy,
    nonConformingFloatEncodingStrategy: FlexJSONEncoder.NonConformingFloatEncodingStrategy,
    keyEncodingStrategy: FlexJSONEncoder.KeyEncodingStrategy, keyMapping: FlexKeyMap,
    userInfo: [CodingUserInfoKey: any Sendable]
  ) {
    self.outputFormatting = outputFormatting
    self.dateEncodingStrategy = dateEncodingStrategy
    self.dataEncodingStrategy = dataEncodingStrategy
    self.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
    self.keyEncodingStrategy = keyEncodingStrategy
    self.keyMapping = keyMapping
    self.userInfo = userInfo
  }

  /// Whether keys are written as they are.
  var usesDefaultKeys: Bool {
    if case .useDefaultKeys = keyEncodingStrategy { return true }
    return false
  }

  /// The writer's options for `outputFormatting`.
  var formatting: JSONFormattingOptions {
    var formatting: JSONFormattingOptions = []
    if outputFormatting.contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
    if outputFormatting.contains(.sortedKeys) { formatting.insert(.sortedKeys) }
    if outputFormatting.contains(.withoutEscapingSlashes) { formatting.insert(.withoutEscapingSlashes) }
    return formatting
  }

  /// `key` converted by the key encoding strategy (`codingPath` ends with the key; built only
  /// for `.custom`).
  func convertedKey(_ key: any CodingKey, codingPath: @autoclosure () -> [any CodingKey]) -> String {
    switch keyEncodingStrategy {
    case .useDefaultKeys: return key.stringValue
    case .convertToSnakeCase: return SnakeCaseConversion.snakeCase(fromCamelCase: key.stringValue)
    case .convertToKebabCase: return SnakeCaseConversion.snakeCase(fromCamelCase: key.stringValue, separator: "-")
    case .convertToTitleCase: return KeyCase.titleCase(fromCamelCase: key.stringValue)
    case .custom(let convert): return convert(codingPath()).stringValue
    }
  }

  /// How a float is written: JSONEncoder's number text — the shortest round-tripping form
  /// (`description`) without a trailing `.0` (`100.0` → `100`; `1e-07`, `1e+16` as they are) —
  /// or, for infinity and NaN, the string `nonConformingStrategy` names.
  ///
  /// - Throws: `EncodingError.invalidValue` at `path` for infinity or NaN under `.throw`.
  func formatFloat<F: BinaryFloatingPoint & CustomStringConvertible>(
    _ value: F, path: @autoclosure () -> [any CodingKey],
    nonConformingStrategy: FlexJSONEncoder.NonConformingFloatEncodingStrategy? = nil
  ) throws -> (text: String, isString: Bool) {
    guard value.isFinite else {
      if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) =
        nonConformingStrategy ?? nonConformingFloatEncodingStrategy
      {
        return (value.isNaN ? nan : value > 0 ? positiveInfinity : negativeInfinity, true)
      }
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path(),
          debugDescription:
            "Unable to encode \(F.self).\(value) directly in JSON. Use FlexJSONEncoder.NonConformingFloatEncodingStrategy.convertToString to specify how the value should be encoded."
        ))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return (text, false)
  }
}
