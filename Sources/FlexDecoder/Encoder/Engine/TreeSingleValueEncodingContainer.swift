/// The single-value container: the encoder's whole value.
struct TreeSingleValueEncodingContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.value = .null }
  mutating func encode(_ value: Bool) throws { encoder.value = .bool(value) }
  mutating func encode(_ value: String) throws { encoder.value = .string(value) }
  mutating func encode(_ value: Double) throws { encoder.value = try encoder.boxFloat(value, path: codingPath) }
  mutating func encode(_ value: Float) throws { encoder.value = try encoder.boxFloat(value, path: codingPath) }
  mutating func encode(_ value: Int) throws { encoder.value = .number(String(value)) }
  mutating func encode(_ value: Int8) throws { encoder.value = .number(String(value)) }
  mutating func encode(_ value: Int16) throws { encoder.value = .number(String(value)) }
  mutating func encode(_ value: Int32) throws { encoder.value = .number(String(value)) }
  mutating func encode(_ value: Int64) throws { encoder.value = .number(String(value)) }
  mutating func encode(_ value: UInt) throws { encoder.value = .number(String(value)) }
  mutating func encode(_ value: UInt8) throws { encoder.value = .number(String(value)) }
  mutating func encode(_ value: UInt16) throws { encoder.value = .number(String(value)) }
  mutating func encode(_ value: UInt32) throws { encoder.value = .number(String(value)) }
  mutating func encode(_ value: UInt64) throws { encoder.value = .number(String(value)) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { encoder.value = .number(String(value)) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { encoder.value = .number(String(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.value = try encoder.box(value, path: codingPath)
  }
}
