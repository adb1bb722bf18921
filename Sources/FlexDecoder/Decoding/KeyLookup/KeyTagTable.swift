// Coding keys by their byte.
//
// Every lookup starts from a coding key, and its `stringValue` is a call through the key's
// witness table that builds a `String`, which the lookup then copies to the stack to read its
// UTF-8, and releases. The keys that `Codable` synthesizes (`enum CodingKeys: String,
// CodingKey`, or with no raw type) take one byte, the case's index. A value of a type of one byte
// (or of none) *is* that byte: no reference, nothing out of line. So its `stringValue` is a
// function of the byte, and this table keeps the UTF-8 of each key the first time it is asked
// for it; later lookups read the byte and the table. Wider keys (structs, enums with payloads,
// `AnyCodingKey`) still go through `stringValue`.
//
// A lookup reads the table through an unmanaged reference (see ``KeyTags``): the session keeps
// its tables, and a lookup drops its reference when it moves to another session's decoder.

/// The UTF-8 of the coding keys of one key type whose values are at most one byte, by that
/// byte. Filled as keys are asked for; kept by the session from call to call (see
/// ``DecodeSession/keyTagTable(for:)``).
final class KeyTagTable {
  /// The key type whose keys the table holds.
  let keyType: ObjectIdentifier

  /// A key's UTF-8, owned by the table, and its ``MemberFinder/keyHash(of:)``; a `count` of -1
  /// marks a byte not seen yet.
  struct Entry {
    var start: UnsafeMutableRawPointer?
    var count: Int
    var hash: UInt64
  }

  @exclusivity(unchecked) private var keys = ByteTable(capacity: 32, empty: Entry(start: nil, count: -1, hash: 0))

  init(keyType: ObjectIdentifier) {
    self.keyType = keyType
  }

  deinit {
    for tag in 0..<keys.capacity { keys[tag].start?.deallocate() }
    keys.deallocate()
  }

  /// Whether values of `Key` are told apart by their one byte (or are all the same).
  @inline(__always)
  static func covers<Key: CodingKey>(_: Key.Type) -> Bool {
    MemoryLayout<Key>.size <= 1
  }

  /// The byte of `key`, of a type that the table ``covers(_:)``.
  @inline(__always)
  static func tag<Key: CodingKey>(of key: Key) -> Int {
    MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
  }

  /// Keeps `name` as the UTF-8 of the key whose byte is `tag`, unless it is known.
  func record(_ name: String, tag: Int) {
    guard keys[tag].count < 0 else { return }
    var name = name
    let count = name.utf8.count
    let start = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 1)
    if count > 0 { name.withUTF8 { start.copyMemory(from: $0.baseAddress.unsafelyUnwrapped, byteCount: count) } }
    let hash = MemberFinder.keyHash(of: UnsafeRawBufferPointer(start: start, count: count))
    keys.set(Entry(start: start, count: count, hash: hash), at: tag)
  }

  /// The UTF-8 and hash of the key whose byte is `tag`, if the table knows it.
  @inline(__always)
  func key(forTag tag: Int) -> (utf8: UnsafeRawBufferPointer, hash: UInt64)? {
    let entry = keys[tag]
    guard entry.count >= 0 else { return nil }
    return (UnsafeRawBufferPointer(start: entry.start, count: entry.count), entry.hash)
  }
}

/// A lookup's reference to the ``KeyTagTable`` of the key type it last looked up, unmanaged:
/// the table, kept by the session, outlives every lookup of that session.
struct KeyTags {
  /// The key type whose table this is, or `nil` before the first one.
  private(set) var keyType: ObjectIdentifier?
  private var table: Unmanaged<KeyTagTable>?

  init() {}

  /// Reads `table` from now on.
  mutating func read(_ table: KeyTagTable) {
    keyType = table.keyType
    self.table = Unmanaged.passUnretained(table)
  }

  /// The UTF-8 and hash of the key whose byte is `tag`, if the table knows it.
  @inline(__always)
  func key(forTag tag: Int) -> (utf8: UnsafeRawBufferPointer, hash: UInt64)? {
    table.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.key(forTag: tag) }
  }
}
