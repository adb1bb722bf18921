import Foundation

// A `DecodableWithConfiguration` type is not `Decodable`, and the engine is generic over
// `Decodable` throughout (fast paths, recovery, placeholders, validation). ConfiguredDecodable is
// the `Decodable` face of such a type: its `init(from:)` takes the configuration of the
// `decode(_:from:configuration:)` call from the decoder it is given, which carries it, and runs
// the type's `init(from:configuration:)`. The engine then decodes the type as it decodes any
// top-level value, as JSONDecoder's engine does.
//
// The type's FlexKeyMapping, FlexValidatable and FlexDefaultValue are the face's too (conditional
// conformances below), so its key map, its validation and its default apply as they would to a
// `Decodable` type.

/// A value kept as an object, so that an engine object can carry it whatever its type: an
/// optional stays an optional (an `Any?` would flatten `nil` into "nothing carried").
final class ConfigurationBox<Configuration> {
  let configuration: Configuration

  init(_ configuration: Configuration) {
    self.configuration = configuration
  }
}

/// A decoder of the engine that carries the ``ConfigurationBox`` of a
/// `decode(_:from:configuration:)` call (`nil` in other calls).
protocol DecodingConfigurationCarrier {
  var carriedConfiguration: AnyObject? { get }
}

/// A type the engine decodes in place of another: the errors and messages that name a type name
/// the other one, and a class's key map is not checked against one key type (see
/// ``TypeTraits``).
protocol StandInDecodable {
  static var representedType: Any.Type { get }
}

/// `type`, or the type it stands in for (see ``StandInDecodable``).
func representedType(of type: Any.Type) -> Any.Type {
  (type as? any StandInDecodable.Type)?.representedType ?? type
}

/// The `Decodable` face of a `DecodableWithConfiguration` type.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct ConfiguredDecodable<Value: DecodableWithConfiguration>: Decodable, StandInDecodable {
  let value: Value

  static var representedType: Any.Type { Value.self }

  init(_ value: Value) {
    self.value = value
  }

  init(from decoder: any Decoder) throws {
    let carried = (decoder as? any DecodingConfigurationCarrier)?.carriedConfiguration
    guard let box = carried as? ConfigurationBox<Value.DecodingConfiguration> else {
      preconditionFailure("\(Value.self) is decoded without the configuration of its decode call")
    }
    value = try Value(from: decoder, configuration: box.configuration)
  }
}

// Conditional conformances to the customization protocols need their common base unconditionally.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ConfiguredDecodable: _FlexTypeCustomization {}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ConfiguredDecodable: FlexKeyMapping where Value: FlexKeyMapping {
  static var keyMapping: FlexKeyMap { Value.keyMapping }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ConfiguredDecodable: FlexValidatable where Value: FlexValidatable {
  func validate() throws { try value.validate() }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ConfiguredDecodable: FlexDefaultValue where Value: FlexDefaultValue {
  static var flexDefault: Self { Self(Value.flexDefault) }
}

extension TapeDecoder: DecodingConfigurationCarrier {
  var carriedConfiguration: AnyObject? { session.configuration }
}

extension PlaceholderDecoder: DecodingConfigurationCarrier {}
