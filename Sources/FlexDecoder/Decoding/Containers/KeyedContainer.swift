// Keyed containers: the Codable face of one JSON object. Each call is forwarded to the
// container's ObjectLookup, which finds the key (ObjectLookup+Lookup.swift) and decodes its value
// (ObjectLookup+Decoding.swift).
//
// `KeyedDecodingContainer<Key>` keeps our container in a box whose methods, compiled in the
// standard library for any container type, copy the container out of the box through its value
// witnesses on every call: for a container holding a strong reference, a retain and a release
// (two atomic operations and four indirect calls, about 60 instructions) per decoded field.
// So the containers that ContainerSlot reuses, which are most of them, hold their lookup
// unowned, and are trivially copied: the slot owns the lookup (and hands it to HeldContainers if
// the container outlives the slot). Other containers own their lookup. Per decode: 1,500 fewer
// retain/release pairs on github_events.json, -2.6% instructions; twitter.json -2.8%,
// citm_catalog.json -2.3%.

/// `KeyedDecodingContainerProtocol` over an ``ObjectLookup``: every requirement forwarded to
/// the lookup, through ``withLookup(_:)``.
protocol KeyedContainer: KeyedDecodingContainerProtocol {
  /// Runs `body` with the container's lookup, which stays alive while `body` runs.
  func withLookup<Result>(_ body: (ObjectLookup) throws -> Result) rethrows -> Result
}

/// A keyed container that owns its lookup: nested containers, and containers of a key type
/// whose reusable container is in use (a recursive type) or when containers are not reused.
struct OwningKeyedContainer<Key: CodingKey>: KeyedContainer {
  private let lookup: ObjectLookup

  init(lookup: ObjectLookup) {
    self.lookup = lookup
  }

  @inline(__always)
  func withLookup<Result>(_ body: (ObjectLookup) throws -> Result) rethrows -> Result {
    try body(lookup)
  }
}

/// The keyed container of a ``ContainerSlot``, which owns its lookup: held unowned, so that the
/// container is trivially copyable (see the top of this file).
struct SlotKeyedContainer<Key: CodingKey>: KeyedContainer {
  private let lookup: Unmanaged<ObjectLookup>

  /// A container reading through `lookup`, which its ``ContainerSlot`` owns.
  init(slotLookup lookup: ObjectLookup) {
    self.lookup = .passUnretained(lookup)
  }

  @inline(__always)
  func withLookup<Result>(_ body: (ObjectLookup) throws -> Result) rethrows -> Result {
    // The slot (or HeldContainers) keeps the lookup alive as long as the box that holds this
    // container, which is the only way to call it.
    try lookup._withUnsafeGuaranteedRef(body)
  }
}

// MARK: - KeyedDecodingContainerProtocol
//
// Every requirement is inlined into the witness of each container type: a witness that calls an
// extension method out of line first fetches the type's `KeyedContainer` conformance from the
// runtime (`swift_getWitnessTable`, about 100 instructions per call).

extension KeyedContainer {
  @inline(__always)
  var codingPath: [any CodingKey] { withLookup { $0.codingPath } }

  /// The keys this container can decode, consistent with ``contains(_:)``: mapped properties
  /// whose candidates resolve, then the JSON keys (converted by the key strategy) that are
  /// coding keys of `Key`, in document order, each once.
  @inline(__always)
  var allKeys: [Key] { withLookup { $0.allKeys(Key.self) } }

  @inline(__always)
  func contains(_ key: Key) -> Bool { withLookup { $0.contains(key) } }

  @inline(__always)
  func decodeNil(forKey key: Key) throws -> Bool { try withLookup { try $0.decodeNil(forKey: key) } }

  @inline(__always)
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @inline(__always)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @inline(__always)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  @inline(__always)
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try withLookup { try $0.decode(type, forKey: key) }
  }

  // MARK: decodeIfPresent (one lookup instead of contains + decodeNil + decode)

  @inline(__always)
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  @inline(__always)
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try withLookup { try $0.decodeIfPresent(type, forKey: key) }
  }

  // MARK: Nested containers and super decoders

  @inline(__always)
  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try withLookup { try $0.nestedContainer(keyedBy: type, forKey: key) }
  }

  @inline(__always)
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try withLookup { try $0.nestedUnkeyedContainer(forKey: key) }
  }

  @inline(__always)
  func superDecoder() throws -> any Decoder {
    try withLookup { try $0.superDecoder() }
  }

  @inline(__always)
  func superDecoder(forKey key: Key) throws -> any Decoder {
    try withLookup { try $0.superDecoder(forKey: key) }
  }
}
