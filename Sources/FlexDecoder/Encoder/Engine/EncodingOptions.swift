import Foundation

/// A snapshot of a ``FlexJSONEncoder``'s options, taken when `encode` starts.
struct EncodingOptions {
  var outputFormatting: FlexJSONEncoder.OutputFormatting
  var dateEncodingStrategy: FlexJSONEncoder.DateEncodingStrategy
  var dataEncodingStrategy: FlexJSONEncoder.DataEncodingStrategy
  var nonConformingFloatEncodingStrategy: FlexJSONEncoder.NonConformingFloatEncodingStrategy
  var keyEncodingStrategy: FlexJSONEncoder.KeyEncodingStrategy
  var keyMapping: FlexKeyMap
  var userInfo: [CodingUserInfoKey: any Sendable]

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
}
