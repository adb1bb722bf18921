@_spi(Engine) import FlexCore

/// What a keyed container of a streamed object writes through: the encoder of the object's
/// value, and the object's place among the session's open containers. A class, so that a
/// container nobody holds any more can be pointed at the next object of its type (see
/// ContainerSlot.swift).
final class StreamKeyedState {
  // `session` and `encoder` are unowned: `owner` keeps them alive while the state is in use
  // (the encoder holds the session), and `park()` lets them go when the session goes back to
  // the pool, so that the session's parked containers do not hold it in a cycle. A parked
  // state is never read before `point(at:of:)`.

  /// The session all encoders of one encode call share. Each member's writes call it through
  /// `_withUnsafeGuaranteedRef`, with no retain and release around the call (which reading an
  /// unowned reference costs: about 90 instructions a member, 4% of encoding twitter.json).
  let sessionReference: Unmanaged<StreamingSession>
  /// The session, for the calls that are not per member.
  var session: StreamingSession { sessionReference.takeUnretainedValue() }
  @exclusivity(unchecked) private(set) unowned(unsafe) var encoder: StreamEncoder
  @exclusivity(unchecked) private var owner: StreamEncoder?
  @exclusivity(unchecked) private(set) var position: (level: Int, identity: Int)
  /// The container's own path, for nested containers; else the encoder's.
  @exclusivity(unchecked) private(set) var explicitPath: [any CodingKey]?
  /// Whether keys are written as their `stringValue`: no key map, no key strategy.
  @exclusivity(unchecked) private(set) var writesKeysAsTheyAre: Bool
  /// The session's key bytes for the container's key type, if it is of one byte.
  @exclusivity(unchecked) var keyTags = KeyTagCursor()

  init(encoder: StreamEncoder, position: (level: Int, identity: Int), explicitPath: [any CodingKey]?) {
    self.sessionReference = Unmanaged.passUnretained(encoder.session)
    self.encoder = encoder
    self.owner = encoder
    self.position = position
    self.explicitPath = explicitPath
    self.writesKeysAsTheyAre = encoder.writesKeysAsTheyAre
  }

  /// Writes to the object at `position`, opened by `encoder`'s value, from now on.
  func point(at position: (level: Int, identity: Int), of encoder: StreamEncoder) {
    isParked = false
    self.encoder = encoder
    self.owner = encoder
    self.position = position
    explicitPath = nil
    writesKeysAsTheyAre = encoder.writesKeysAsTheyAre
  }

  /// Lets go of the encoder while the session waits in the pool.
  func park() {
    isParked = true
    owner = nil
    if explicitPath != nil { explicitPath = nil }
  }

  /// Whether the state is parked: its session's pool holds it, or it was not handed out yet in
  /// this call (see ``StreamingSession/finish()``).
  @exclusivity(unchecked) private(set) var isParked = false
}

/// A keyed container of a streamed object: a handle on one open container of the session.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let state: StreamKeyedState

  init(encoder: StreamEncoder, position: (level: Int, identity: Int), explicitPath: [any CodingKey]? = nil) {
    self.state = StreamKeyedState(encoder: encoder, position: position, explicitPath: explicitPath)
  }

  init(state: StreamKeyedState) {
    self.state = state
  }

  private var encoder: StreamEncoder { state.encoder }
  private var position: (level: Int, identity: Int) { state.position }
  private var explicitPath: [any CodingKey]? { state.explicitPath }
  private var session: StreamingSession { state.session }

  var codingPath: [any CodingKey] { explicitPath ?? encoder.codingPath }

  /// Writes the separator and the JSON key of `key`.
  @inline(__always)
  private func begin(_ key: Key) throws {
    let position = state.position
    // A synthesized coding key is written from its byte (see KeyTagTable.swift).
    if state.writesKeysAsTheyAre && KeyTagTable.covers(Key.self) {
      let tag = KeyTagTable.tag(of: key)
      try state.sessionReference._withUnsafeGuaranteedRef {
        try $0.beginMember(
          level: position.level, identity: position.identity, tag: tag, of: ObjectIdentifier(Key.self),
          cursor: &state.keyTags
        ) { key.stringValue }
      }
      return
    }
    let name = state.writesKeysAsTheyAre ? key.stringValue : try encoder.jsonKey(for: key, containerPath: codingPath)
    try state.sessionReference._withUnsafeGuaranteedRef {
      try $0.beginMember(level: position.level, identity: position.identity, key: name)
    }
  }

  /// Writes a member's value with the session's writer.
  @inline(__always)
  private func write(_ body: (inout JSONWriter) -> Void) {
    state.sessionReference._withUnsafeGuaranteedRef { body(&$0.writer) }
  }

  mutating func encodeNil(forKey key: Key) throws {
    try begin(key)
    write { $0.writeRaw("null") }
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try begin(key)
    write { $0.writeRaw(value ? "true" : "false") }
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    try begin(key)
    write { $0.writeString(value) }
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    try begin(key)
    try encoder.writeFloat(value, path: codingPath + [key])
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    try begin(key)
    try encoder.writeFloat(value, path: codingPath + [key])
  }

  mutating func encode(_ value: Int, forKey key: Key) throws { try writeInteger(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try writeInteger(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try writeInteger(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try writeInteger(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try writeInteger(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try writeInteger(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try writeInteger(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try writeInteger(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try writeInteger(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try writeInteger(value, key) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws { try writeInteger(value, key) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws { try writeInteger(value, key) }

  @inline(__always)
  private func writeInteger<T: FixedWidthInteger>(_ value: T, _ key: Key) throws {
    try begin(key)
    write { $0.writeInteger(value) }
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try begin(key)
    try encoder.write(value, key: key, containerPath: codingPath, explicitPath: explicitPath)
  }

  // MARK: Nested containers and super encoders
  //
  // These cannot throw, so a failure to stream is remembered by handing out a container that
  // fails on first use (the value's `encode(to:)` then throws StreamingUnavailable, or it never
  // uses the container and the session's final check notices the mismatch).

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let path = codingPath + [key]
    guard (try? begin(key)) != nil else {
      session.markUnstreamable()
      return KeyedEncodingContainer(
        StreamKeyedContainer<NestedKey>(encoder: encoder, position: (Int.max, -1), explicitPath: path))
    }
    return KeyedEncodingContainer(
      StreamKeyedContainer<NestedKey>(encoder: encoder, position: session.open(isObject: true), explicitPath: path))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let path = codingPath + [key]
    guard (try? begin(key)) != nil else {
      session.markUnstreamable()
      return StreamUnkeyedContainer(encoder: encoder, position: (Int.max, -1), explicitPath: path)
    }
    return StreamUnkeyedContainer(encoder: encoder, position: session.open(isObject: false), explicitPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(forCodingKey: AnyCodingKey.super)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(forCodingKey: key)
  }

  /// The key goes through the key strategy, `"super"` too, as in JSONEncoder.
  private func superEncoder(forCodingKey key: any CodingKey) -> any Encoder {
    guard let name = try? encoder.jsonKey(for: key, containerPath: codingPath) else {
      session.markUnstreamable()
      return StreamEncoder(session: session, explicitPath: codingPath + [key], slot: (Int.max, -1))
    }
    return superEncoder(named: name, key: key)
  }

  private func superEncoder(named name: String, key: any CodingKey) -> any Encoder {
    guard (try? session.beginMember(level: position.level, identity: position.identity, key: name)) != nil else {
      session.markUnstreamable()
      return StreamEncoder(session: session, explicitPath: codingPath + [key], slot: (Int.max, -1))
    }
    // A class's map serves its superclass too.
    return StreamEncoder(
      session: session, explicitPath: codingPath + [key], typeMapping: encoder.typeMapping, slot: session.openSlot())
  }
}
