import Foundation

// The `Encodable` face of an `EncodableWithConfiguration` value: the value and the configuration
// of the `encode(_:configuration:)` call, encoded through `encode(to:configuration:)`. The value's
// FlexKeyMapping is the face's too, so its keys are written as they would be for an `Encodable`
// type.

/// A value whose type the encoders report in its place: errors about the top-level value name
/// the value and the type the caller gave.
protocol StandInEncodable {
  /// The value given to `encode`.
  var representedValue: Any { get }
  /// Its type.
  static var representedType: Any.Type { get }
}

/// An `EncodableWithConfiguration` value with its configuration.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct ConfiguredEncodable<Value: EncodableWithConfiguration>: Encodable, StandInEncodable {
  let value: Value
  let configuration: Value.EncodingConfiguration

  init(_ value: Value, configuration: Value.EncodingConfiguration) {
    self.value = value
    self.configuration = configuration
  }

  var representedValue: Any { value }
  static var representedType: Any.Type { Value.self }

  func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder, configuration: configuration)
  }
}

// A conditional conformance to FlexKeyMapping needs its base unconditionally.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ConfiguredEncodable: _FlexTypeCustomization {}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ConfiguredEncodable: FlexKeyMapping where Value: FlexKeyMapping {
  static var keyMapping: FlexKeyMap { Value.keyMapping }
}

extension EncodingError {
  /// What `encode` throws when the top-level value encoded nothing, worded as JSONEncoder words
  /// it and naming the value the caller gave (for a configured value, that value and its type).
  static func topLevelEncodedNothing<T>(_ value: T) -> EncodingError {
    let (reported, type): (Any, Any.Type) =
      if let standIn = value as? any StandInEncodable {
        (standIn.representedValue, Swift.type(of: standIn).representedType)
      } else {
        (value, T.self)
      }
    return .invalidValue(
      reported, Context(codingPath: [], debugDescription: "Top-level \(type) did not encode any values."))
  }
}
