@_spi(Engine) import FlexCore

/// An unkeyed container of a streamed array: a handle on one open container of the session.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: StreamEncoder
  let position: (level: Int, identity: Int)
  /// The container's own path, for nested containers; else the encoder's.
  var explicitPath: [any CodingKey]?

  init(encoder: StreamEncoder, position: (level: Int, identity: Int), explicitPath: [any CodingKey]? = nil) {
    self.encoder = encoder
    self.position = position
    self.explicitPath = explicitPath
  }

  var codingPath: [any CodingKey] { explicitPath ?? encoder.codingPath }

  var count: Int { session.count(at: position.level, identity: position.identity) }

  private var session: StreamingSession { encoder.session }

  @inline(__always)
  private func begin() throws {
    try session.beginElement(level: position.level, identity: position.identity)
  }

  mutating func encodeNil() throws {
    try begin()
    session.writer.writeRaw("null")
  }

  mutating func encode(_ value: Bool) throws {
    try begin()
    session.writer.writeRaw(value ? "true" : "false")
  }

  mutating func encode(_ value: String) throws {
    try begin()
    session.writer.writeString(value)
  }

  mutating func encode(_ value: Double) throws {
    let index = count
    try begin()
    try encoder.writeFloat(value, path: codingPath + [IndexCodingKey(index: index)])
  }

  mutating func encode(_ value: Float) throws {
    let index = count
    try begin()
    try encoder.writeFloat(value, path: codingPath + [IndexCodingKey(index: index)])
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
    try begin()
    session.writer.writeInteger(value)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let key = IndexCodingKey(index: count)
    try begin()
    try encoder.write(value, key: key, containerPath: codingPath, explicitPath: explicitPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let path = codingPath + [IndexCodingKey(index: count)]
    guard (try? begin()) != nil else {
      session.markUnstreamable()
      return KeyedEncodingContainer(
        StreamKeyedContainer<NestedKey>(encoder: encoder, position: (Int.max, -1), explicitPath: path))
    }
    return KeyedEncodingContainer(
      StreamKeyedContainer<NestedKey>(encoder: encoder, position: session.open(isObject: true), explicitPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = codingPath + [IndexCodingKey(index: count)]
    guard (try? begin()) != nil else {
      session.markUnstreamable()
      return StreamUnkeyedContainer(encoder: encoder, position: (Int.max, -1), explicitPath: path)
    }
    return StreamUnkeyedContainer(encoder: encoder, position: session.open(isObject: false), explicitPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let path = codingPath + [IndexCodingKey(index: count)]
    guard (try? begin()) != nil else {
      session.markUnstreamable()
      return StreamEncoder(session: session, explicitPath: path, slot: (Int.max, -1))
    }
    return StreamEncoder(session: session, explicitPath: path, slot: session.openSlot())
  }
}
