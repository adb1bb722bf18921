@_spi(Engine) import FlexCore

// Writing a member's key again.
//
// An encode call writes the same few keys over and over: every object of a type has the same
// members, and types share keys ("id", "url"). Writing a key from scratch hashes its UTF-8 for
// the duplicate-key filter and escapes it; this cache remembers, for each key the session has
// written, the filter's signature and the exact bytes written (`"key":`, or `"key" : ` when
// pretty printing), so writing it again costs one lookup and one copy.
//
// Keys are looked up by their `String`'s representation, two words: a small string's own
// bytes, or its count and a pointer to storage that stays as it is while the cache holds the
// string. Equal representations are equal strings; equal strings may have different
// representations (the same key built twice), which only costs a miss. So a lookup is a hash
// of two words and a comparison of two, with no call into `String` comparison, and works
// whatever order the members come in (optional members left out, keys of dictionaries).
//
// A one-byte coding key (the enums `Codable` synthesizes; see KeyTagTable.swift) is found by its
// byte instead, in a small table per key type (`TagBlock`), which each keyed container keeps a
// reference to (`KeyTagCursor`): no `stringValue` call, no `String` to hash and release. The
// table is filled from the lookup by representation, the first time each key is written, and
// dropped with the cache.

/// The signature and written bytes of the member keys written so far, by one session (over the
/// calls it serves, while the output formatting stays the same).
final class KeyBytesCache {
  /// Two bits for a key in the duplicate-key filter (see ``signature(of:)``).
  typealias Signature = (UInt64, UInt64)

  private struct Entry {
    var representation: (UInt64, UInt64)
    var signature: Signature
    /// Where the written bytes are in `bytes`; a `count` of 0 marks an empty slot (a written
    /// key is at least `"":`).
    var offset: Int
    var count: Int
  }

  /// Keys cached at most: past that, the keys are a dictionary's, mostly written once each.
  private static let maximumEntries = 1024
  /// Longer keys are written from scratch each time.
  private static let maximumKeyLength = 96

  /// Where a one-byte coding key's written bytes are, and its signature; a `count` of 0 marks a
  /// byte not seen yet (or a key the cache does not hold).
  struct TagEntry {
    var offset: Int32
    var count: Int32
    var signature: Signature
  }

  /// The tag entries of one key type.
  final class TagBlock {
    @exclusivity(unchecked) var entries = ByteTable(
      capacity: 16, empty: TagEntry(offset: 0, count: 0, signature: (0, 0)))

    deinit { entries.deallocate() }
  }

  private var tagBlocks = TypeTable<TagBlock>()
  /// Counts the times the cache was emptied: a ``KeyTagCursor`` of another generation points at
  /// a block that is gone.
  private(set) var generation = 0

  private var slots: UnsafeMutablePointer<Entry>
  private var mask = -1
  private var entryCount = 0
  private var bytes: UnsafeMutablePointer<UInt8>
  private var byteCapacity = 0
  private var byteCount = 0
  /// The cached keys, so that the storage their representations point to stays theirs.
  private var keys: [String] = []

  init() {
    // Allocated on the first insertion.
    slots = UnsafeMutablePointer(bitPattern: MemoryLayout<Entry>.alignment).unsafelyUnwrapped
    bytes = UnsafeMutablePointer(bitPattern: 1).unsafelyUnwrapped
  }

  deinit {
    if mask >= 0 { slots.deallocate() }
    if byteCapacity > 0 { bytes.deallocate() }
  }

  /// Whether no more keys are cached (a session then empties the cache for its next call).
  var isFull: Bool { entryCount >= Self.maximumEntries }

  /// Forgets every key, keeping the memory of the slots.
  func removeAll() {
    if mask >= 0 {
      slots.update(
        repeating: Entry(representation: (0, 0), signature: (0, 0), offset: 0, count: 0), count: mask &+ 1)
    }
    entryCount = 0
    byteCount = 0
    keys.removeAll()
    tagBlocks = TypeTable()
    generation &+= 1
  }

  /// The tag entries of `keyType`, made on first use; kept until the cache is emptied.
  func tagBlock(of keyType: ObjectIdentifier) -> TagBlock {
    tagBlocks.value(for: keyType) { TagBlock() }
  }

  /// Writes the key whose byte is `tag` in `block` and the separator after it, and returns its
  /// signature; or writes nothing and returns `nil` if the key was not written by this cache
  /// before.
  @inline(__always)
  func writeKey(tag: Int, in block: TagBlock, with writer: inout JSONWriter) -> Signature? {
    let entry = block.entries[tag]
    guard entry.count > 0 else { return nil }
    writer.output.append(contentsOf: UnsafeRawBufferPointer(start: bytes + Int(entry.offset), count: Int(entry.count)))
    return entry.signature
  }

  /// Writes `key`, the `stringValue` of the one-byte coding key `tag` of `block`'s key type, and
  /// the separator after it; returns its signature. The key is found by its byte from then on,
  /// if the cache holds it.
  @inline(never)
  func writeKey(_ key: String, tag: Int, in block: TagBlock, with writer: inout JSONWriter) -> Signature {
    let signature = writeKey(key, with: &writer)
    if let representation = Self.representation(of: key), let entry = cachedEntry(for: representation) {
      block.entries.set(
        TagEntry(
          offset: Int32(truncatingIfNeeded: entry.offset), count: Int32(truncatingIfNeeded: entry.count),
          signature: entry.signature),
        at: tag)
    }
    return signature
  }

  /// Writes `key` and the separator after it; returns its signature.
  @inline(__always)
  func writeKey(_ key: String, with writer: inout JSONWriter) -> Signature {
    guard let representation = Self.representation(of: key) else {
      writer.writeKey(key)
      return Self.signature(of: key)
    }
    if let entry = cachedEntry(for: representation) {
      writer.output.append(contentsOf: UnsafeRawBufferPointer(start: bytes + entry.offset, count: entry.count))
      return entry.signature
    }
    return writeNewKey(key, representation: representation, with: &writer)
  }

  /// The entry of the key whose representation is `representation`, if the cache holds it.
  @inline(__always)
  private func cachedEntry(for representation: (UInt64, UInt64)) -> Entry? {
    guard mask >= 0 else { return nil }
    var position = Self.slot(of: representation, mask: mask)
    while slots[position].count != 0 {
      if slots[position].representation == representation { return slots[position] }
      position = (position &+ 1) & mask
    }
    return nil
  }

  private func writeNewKey(_ key: String, representation: (UInt64, UInt64), with writer: inout JSONWriter) -> Signature
  {
    let signature = Self.signature(of: key)
    let start = writer.output.count
    writer.writeKey(key)
    let count = writer.output.count &- start
    if entryCount < Self.maximumEntries && count <= Self.maximumKeyLength + 4 {
      if entryCount &* 2 >= mask &+ 1 { growSlots() }
      if byteCapacity &- byteCount < count { growBytes(toHold: byteCount &+ count) }
      writer.output.withUnsafeBytes { written in
        UnsafeMutableRawPointer(bytes + byteCount).copyMemory(from: written.baseAddress! + start, byteCount: count)
      }
      insert(Entry(representation: representation, signature: signature, offset: byteCount, count: count))
      byteCount &+= count
      keys.append(key)
    }
    return signature
  }

  private func insert(_ entry: Entry) {
    var position = Self.slot(of: entry.representation, mask: mask)
    while slots[position].count != 0 { position = (position &+ 1) & mask }
    slots[position] = entry
    entryCount &+= 1
  }

  private func growSlots() {
    let old = slots
    let oldCapacity = mask &+ 1
    let capacity = max(oldCapacity &* 2, 64)
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: Entry(representation: (0, 0), signature: (0, 0), offset: 0, count: 0), count: capacity)
    mask = capacity &- 1
    entryCount = 0
    for position in 0..<oldCapacity where old[position].count != 0 { insert(old[position]) }
    if oldCapacity > 0 { old.deallocate() }
  }

  private func growBytes(toHold needed: Int) {
    var capacity = max(byteCapacity &* 2, 1024)
    while capacity < needed { capacity &*= 2 }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    if byteCapacity > 0 {
      grown.update(from: bytes, count: byteCount)
      bytes.deallocate()
    }
    bytes = grown
    byteCapacity = capacity
  }

  /// The two words of `key`'s representation, where a `String` is two words.
  @inline(__always)
  private static func representation(of key: String) -> (UInt64, UInt64)? {
    guard MemoryLayout<String>.size == 16 else { return nil }
    return withUnsafeBytes(of: key) {
      ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
  }

  @inline(__always)
  private static func slot(of representation: (UInt64, UInt64), mask: Int) -> Int {
    let mixed = (representation.0 ^ representation.1 &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed &>> 32) & mask
  }

  /// Two bits for a key, one for each word of the filter, from a hash of its UTF-8. Equal keys
  /// get equal bits. Other keys with non-ASCII bytes all get the top bits, since canonically
  /// equivalent spellings (`é`, `e\u{301}`) differ in their bytes, or every bit if they may
  /// equal an ASCII key (see `String.containsASCIIEquivalent`).
  static func signature(of key: String) -> Signature {
    var key = key
    let hash = key.withUTF8 { utf8 -> UInt64? in
      let bytes = UnsafeRawBufferPointer(utf8)
      return bytes.isASCII ? MemberIndex.hash(bytes) : nil
    }
    guard let hash else { return key.containsASCIIEquivalent ? (.max, .max) : (1 &<< 63, 1 &<< 63) }
    return (1 &<< (hash & 63), 1 &<< ((hash &>> 6) & 63))
  }
}

/// A keyed container's reference to the ``KeyBytesCache/TagBlock`` of its key type, valid while
/// the cache's generation is the one it was taken in (unmanaged: the cache owns the block).
struct KeyTagCursor {
  var keyType: ObjectIdentifier?
  var generation = -1
  var block: Unmanaged<KeyBytesCache.TagBlock>?
}
