import Foundation

/// An `EncodableWithConfiguration` value and its configuration, as an `Encodable` the engine can
/// encode: `encode(to:)` calls `value.encode(to:configuration:)`, writing where the value itself
/// would be written.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
struct ConfiguredEncodable<T: EncodableWithConfiguration>: Encodable {
  let value: T
  let configuration: T.EncodingConfiguration

  func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder, configuration: configuration)
  }
}
