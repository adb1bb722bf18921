@_spi(Engine) import FlexCore
import Foundation

// `encode(_:configuration:)`: the engine encodes `Encodable` values, so a value of an
// `EncodableWithConfiguration` type is encoded as its `Encodable` face, ConfiguredEncodable (see
// Encoder/Tree/ConfiguredEncodable.swift), which holds the configuration. Streaming, the tree fallback
// and every option apply as they do to any other value.
//
// The public `encode(_:…configuration:)` methods are declared in the class itself, not here: a
// subclass can override only what the class body declares, and subclasses of JSONEncoder
// override these.

extension FlexJSONEncoder {
  /// The work of ``encode(_:configuration:)-(_,T.EncodingConfiguration)``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  func encodeConfigured<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws
    -> Data
  {
    try Self.encodeBytes(ConfiguredEncodable(value, configuration: configuration), options: makeOptions()) {
      Data($0)
    }
  }
}
