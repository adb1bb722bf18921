/// The key conversion whose results a session's converted-key cache holds, for the decoder and
/// the encoder alike: the caches of two calls are shared when their strategies convert alike.
/// `nil` for the strategies that do not convert through a cache: the default keys, the decoder's
/// `.convertFromAnyCase` (matched loosely, not converted), and `.custom` (its result depends on
/// the coding path).
enum KeyConversion: Equatable {
  case snakeCase, titleCase, kebabCase

  /// The conversion of a key decoding strategy.
  init?(_ strategy: FlexJSONDecoder.KeyDecodingStrategy) {
    switch strategy {
    case .convertFromSnakeCase: self = .snakeCase
    case .convertFromTitleCase: self = .titleCase
    case .convertFromKebabCase: self = .kebabCase
    case .useDefaultKeys, .convertFromAnyCase, .custom: return nil
    }
  }

  /// The conversion of a key encoding strategy.
  init?(_ strategy: FlexJSONEncoder.KeyEncodingStrategy) {
    switch strategy {
    case .convertToSnakeCase: self = .snakeCase
    case .convertToTitleCase: self = .titleCase
    case .convertToKebabCase: self = .kebabCase
    case .useDefaultKeys, .custom: return nil
    }
  }
}
