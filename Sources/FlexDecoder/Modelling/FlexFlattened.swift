/// A nested value filled from its parent's own keys (SmartCodable's `@SmartFlat`, ReerCodable's
/// `@FlatCoding`).
///
/// ```swift
/// struct Address: Codable { var street: String; var city: String }
/// struct User: Codable {
///   var name: String
///   @FlexFlattened var address: Address
/// }
/// // {"name": "Ann", "street": "1 Main St", "city": "Lyon"} decodes address from the user's keys
/// ```
///
/// When the parent has no member under the property's own key, the value is decoded from the
/// parent object itself (with its type's key map, validation and defaults); when it has one
/// (`"address": {…}`), from that member, as without the wrapper. Encoding writes the value under
/// its key (`"address": {…}`), which decoding reads back.
///
/// Flattening needs FlexJSONDecoder: a keyed container of another decoder cannot hand out its
/// own object, so there the value is read from its key only.
@propertyWrapper
public struct FlexFlattened<Value: Codable> {
  /// The nested value.
  public var wrappedValue: Value

  /// A property holding `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

// MARK: Codable

extension FlexFlattened: Codable {
  /// Decodes the value from the decoder's value, or, for an absent key under FlexJSONDecoder,
  /// from the enclosing object.
  public init(from decoder: any Decoder) throws {
    if let tapeDecoder = decoder as? TapeDecoder, let enclosing = tapeDecoder.enclosingObject {
      self.init(wrappedValue: try enclosing.decoder.decodeFlattened(Value.self, enclosing))
      return
    }
    self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
  }

  /// Encodes the value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension KeyedDecodingContainer {
  /// A ``FlexFlattened`` property: decoded through `superDecoder(forKey:)`, which under
  /// FlexJSONDecoder knows the enclosing object when the key is absent.
  public func decode<Value>(_ type: FlexFlattened<Value>.Type, forKey key: Key) throws -> FlexFlattened<Value> {
    try FlexFlattened(from: superDecoder(forKey: key))
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexFlattened: Equatable where Value: Equatable {}
extension FlexFlattened: Hashable where Value: Hashable {}
extension FlexFlattened: Sendable where Value: Sendable {}
