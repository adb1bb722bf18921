@_spi(Engine) import FlexCore

/// The single-value container of a streamed value.
struct StreamSingleValueContainer: SingleValueEncodingContainer {
  let encoder: StreamEncoder

  var codingPath: [any CodingKey] { encoder.codingPath }

  private var session: StreamingSession { encoder.session }

  mutating func encodeNil() throws {
    try encoder.beginSingleValue()
    session.writer.writeRaw("null")
  }

  mutating func encode(_ value: Bool) throws {
    try encoder.beginSingleValue()
    session.writer.writeRaw(value ? "true" : "false")
  }

  mutating func encode(_ value: String) throws {
    try encoder.beginSingleValue()
    session.writer.writeString(value)
  }

  mutating func encode(_ value: Double) throws {
    try encoder.beginSingleValue()
    try encoder.writeFloat(value, path: codingPath)
  }

  mutating func encode(_ value: Float) throws {
    try encoder.beginSingleValue()
    try encoder.writeFloat(value, path: codingPath)
  }

  mutating func encode(_ value: Int) throws { try writeInteger(value) }
  mutating func encode(_ value: Int8) throws { try writeInteger(value) }
  mutating func encode(_ value: Int16) throws { try writeInteger(value) }
  mutating func encode(_ value: Int32) throws { try writeInteger(value) }
  mutating func encode(_ value: Int64) throws { try writeInteger(value) }
  mutating func encode(_ value: UInt) throws { try writeInteger(value) }
  mutating func encode(_ value: UInt8) throws { try writeInteger(value) }
  mutating func encode(_ value: UInt16) throws { try writeInteger(value) }
  mutating func encode(_ value: UInt32) throws { try writeInteger(value) }
  mutating func encode(_ value: UInt64) throws { try writeInteger(value) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { try writeInteger(value) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { try writeInteger(value) }

  @inline(__always)
  private func writeInteger<T: FixedWidthInteger>(_ value: T) throws {
    try encoder.beginSingleValue()
    session.writer.writeInteger(value)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.beginSingleValue()
    if try encoder.writeScalar(value, path: codingPath) { return }
    try encoder.writeEncodable(value)
  }
}
