/// The single-value container: the encoder's whole value (see
/// ``TreeEncoder/encodeSingleValue(_:)`` for a second one, or one after a container).
struct TreeSingleValueEncodingContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.encodeSingleValue { .null } }
  mutating func encode(_ value: Bool) throws { encoder.encodeSingleValue { .bool(value) } }
  mutating func encode(_ value: String) throws { encoder.encodeSingleValue { .string(value) } }
  mutating func encode(_ value: Double) throws {
    try encoder.encodeSingleValue { try encoder.boxFloat(value, path: codingPath) }
  }
  mutating func encode(_ value: Float) throws {
    try encoder.encodeSingleValue { try encoder.boxFloat(value, path: codingPath) }
  }
  mutating func encode(_ value: Int) throws { encoder.encodeSingleValue { .number(String(value)) } }
  mutating func encode(_ value: Int8) throws { encoder.encodeSingleValue { .number(String(value)) } }
  mutating func encode(_ value: Int16) throws { encoder.encodeSingleValue { .number(String(value)) } }
  mutating func encode(_ value: Int32) throws { encoder.encodeSingleValue { .number(String(value)) } }
  mutating func encode(_ value: Int64) throws { encoder.encodeSingleValue { .number(String(value)) } }
  mutating func encode(_ value: UInt) throws { encoder.encodeSingleValue { .number(String(value)) } }
  mutating func encode(_ value: UInt8) throws { encoder.encodeSingleValue { .number(String(value)) } }
  mutating func encode(_ value: UInt16) throws { encoder.encodeSingleValue { .number(String(value)) } }
  mutating func encode(_ value: UInt32) throws { encoder.encodeSingleValue { .number(String(value)) } }
  mutating func encode(_ value: UInt64) throws { encoder.encodeSingleValue { .number(String(value)) } }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { encoder.encodeSingleValue { .number(String(value)) } }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { encoder.encodeSingleValue { .number(String(value)) } }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.encodeSingleValue { try encoder.box(value, path: codingPath) }
  }
}
