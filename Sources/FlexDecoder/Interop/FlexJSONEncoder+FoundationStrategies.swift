import Foundation

// JSONEncoder's options, read as FlexJSONEncoder's: the same cases and output-formatting bits
// under the same names. `nil` only for what this file does not know (a future Foundation case or
// formatting bit on Apple platforms); FlexBackedJSONEncoder then encodes with Foundation itself.

extension FlexJSONEncoder.OutputFormatting {
  /// The Flex formatting for `formatting`, or `nil` if it holds an option Flex does not know.
  ///
  /// Flex's options have Foundation's bits (`.prettyPrinted` 1, `.sortedKeys` 2,
  /// `.withoutEscapingSlashes` 8), so the bits carry over as they are. Reading them rather than
  /// Foundation's named options also avoids those names' availability on older Apple systems.
  init?(_ formatting: JSONEncoder.OutputFormatting) {
    let known: Self = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard formatting.rawValue & ~known.rawValue == 0 else { return nil }
    self.init(rawValue: formatting.rawValue)
  }
}

extension FlexJSONEncoder.DateEncodingStrategy {
  /// The Flex strategy for `strategy`, or `nil` if Flex has none.
  init?(_ strategy: JSONEncoder.DateEncodingStrategy) {
    switch strategy {
    case .deferredToDate: self = .deferredToDate
    case .secondsSince1970: self = .secondsSince1970
    case .millisecondsSince1970: self = .millisecondsSince1970
    case .iso8601: self = .iso8601
    case .custom(let encode): self = .custom(encode)
    #if canImport(Darwin)
      // Only Apple's Foundation has `.formatted` (swift-foundation leaves it out elsewhere).
      case .formatted(let formatter): self = .formatted(formatter)
      @unknown default: return nil
    #endif
    }
  }
}

extension FlexJSONEncoder.DataEncodingStrategy {
  /// The Flex strategy for `strategy`, or `nil` if Flex has none.
  init?(_ strategy: JSONEncoder.DataEncodingStrategy) {
    switch strategy {
    case .deferredToData: self = .deferredToData
    case .base64: self = .base64
    case .custom(let encode): self = .custom(encode)
    #if canImport(Darwin)
      @unknown default: return nil
    #endif
    }
  }
}

extension FlexJSONEncoder.NonConformingFloatEncodingStrategy {
  /// The Flex strategy for `strategy`, or `nil` if Flex has none.
  init?(_ strategy: JSONEncoder.NonConformingFloatEncodingStrategy) {
    switch strategy {
    case .throw: self = .throw
    case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
      self = .convertToString(positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
    #if canImport(Darwin)
      @unknown default: return nil
    #endif
    }
  }
}

extension FlexJSONEncoder.KeyEncodingStrategy {
  /// The Flex strategy for `strategy`, or `nil` if Flex has none.
  init?(_ strategy: JSONEncoder.KeyEncodingStrategy) {
    switch strategy {
    case .useDefaultKeys: self = .useDefaultKeys
    case .convertToSnakeCase: self = .convertToSnakeCase
    case .custom(let convert): self = .custom(convert)
    #if canImport(Darwin)
      @unknown default: return nil
    #endif
    }
  }
}
