import Foundation

// JSONDecoder's strategies, read as FlexJSONDecoder's: every case of Foundation's enums has a
// Flex case of the same name and meaning (Flex's enums add cases, never drop one), so each
// conversion is one line per case. `nil` only for a case this file does not know: a future
// Foundation case on Apple platforms, whose enums are resilient. FlexBackedJSONDecoder then
// decodes with Foundation itself, so the option is still honoured.

extension FlexJSONDecoder.DateDecodingStrategy {
  /// The Flex strategy for `strategy`, or `nil` if Flex has none.
  init?(_ strategy: JSONDecoder.DateDecodingStrategy) {
    switch strategy {
    case .deferredToDate: self = .deferredToDate
    case .secondsSince1970: self = .secondsSince1970
    case .millisecondsSince1970: self = .millisecondsSince1970
    case .iso8601: self = .iso8601
    case .custom(let decode): self = .custom(decode)
    #if canImport(Darwin)
      // Only Apple's Foundation has `.formatted` (swift-foundation leaves it out elsewhere).
      case .formatted(let formatter): self = .formatted(formatter)
      @unknown default: return nil
    #endif
    }
  }
}

extension FlexJSONDecoder.DataDecodingStrategy {
  /// The Flex strategy for `strategy`, or `nil` if Flex has none.
  init?(_ strategy: JSONDecoder.DataDecodingStrategy) {
    switch strategy {
    case .deferredToData: self = .deferredToData
    case .base64: self = .base64
    case .custom(let decode): self = .custom(decode)
    #if canImport(Darwin)
      @unknown default: return nil
    #endif
    }
  }
}

extension FlexJSONDecoder.NonConformingFloatDecodingStrategy {
  /// The Flex strategy for `strategy`, or `nil` if Flex has none.
  init?(_ strategy: JSONDecoder.NonConformingFloatDecodingStrategy) {
    switch strategy {
    case .throw: self = .throw
    case .convertFromString(let positiveInfinity, let negativeInfinity, let nan):
      self = .convertFromString(positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
    #if canImport(Darwin)
      @unknown default: return nil
    #endif
    }
  }
}

extension FlexJSONDecoder.KeyDecodingStrategy {
  /// The Flex strategy for `strategy`, or `nil` if Flex has none.
  init?(_ strategy: JSONDecoder.KeyDecodingStrategy) {
    switch strategy {
    case .useDefaultKeys: self = .useDefaultKeys
    case .convertFromSnakeCase: self = .convertFromSnakeCase
    case .custom(let convert): self = .custom(convert)
    #if canImport(Darwin)
      @unknown default: return nil
    #endif
    }
  }
}
