// The storage of JSONObjects: heap blocks holding one or more objects' regions. A region is a
// small header, the members in order, and, for objects with room for more than
// `JSONObject.hashingThreshold` members, an open-addressing index of their positions:
//
//     [ count, capacity, tableMask ][ member 0 ][ member 1 ] … [ member capacity-1 ][ index ]
//
// An object made or changed through the API has a block of its own, with one region. Parsing
// packs small objects that hold no other object ("leaf" objects: `{"id": 1, "tags": ["a"]}`)
// into shared blocks of a few dozen, one allocation for all of them instead of one each. A
// block lives as long as any object in it, and a region shared with others is never changed:
// the first change copies the object into a block of its own. (Only leaf objects share, so a
// block never holds a reference to itself.)
//
// An index slot is 0 when empty, else the upper 32 bits of the key's hash (a tag that rules out
// almost every other key without comparing strings) and, below them, the member's position + 1.
// The index is kept at most 2/3 full and probed linearly.
//
// Key equality is `String ==`, canonical equivalence, as in the `[String: Any]` dictionaries of
// JSONDecoder and JSONSerialization, so the hash of a key must agree with it: all-ASCII keys (all
// but a few in practice) are hashed over their bytes with a cheap multiply-xorshift hash; a key
// that is canonically equivalent to an ASCII string (only U+037E, U+1FEF and U+212A decompose to
// ASCII) is hashed as that string; any other non-ASCII key is hashed with the standard library's
// (normalizing) `String` hash.

/// The header of one object's region in a ``JSONObjectStorage``: one word.
struct JSONObjectHeader {
  private var storedCount: UInt32
  private let storedCapacity: UInt32

  init(count: Int, capacity: Int) {
    storedCount = UInt32(truncatingIfNeeded: count)
    storedCapacity = UInt32(truncatingIfNeeded: capacity)
  }

  /// The number of members.
  var count: Int {
    get { Int(storedCount) }
    set { storedCount = UInt32(truncatingIfNeeded: newValue) }
  }

  /// The number of members there is room for.
  var capacity: Int { Int(storedCapacity) }

  /// The number of index slots minus one (a power of two minus one), or 0 when the object has no
  /// index (it has room for ``JSONObject/hashingThreshold`` members or fewer).
  var tableMask: Int {
    let tableCapacity = JSONObjectStorage.tableCapacity(for: capacity)
    return tableCapacity == 0 ? 0 : tableCapacity &- 1
  }
}

/// The header of a ``JSONObjectStorage`` block.
struct JSONObjectBlockHeader {
  private var storedUsed: UInt32
  private let storedCapacity: UInt32
  private var storedRegions: UInt32

  init(capacity: Int) {
    storedUsed = 0
    storedCapacity = UInt32(truncatingIfNeeded: capacity)
    storedRegions = 0
  }

  /// Words of the block used by regions, from the start.
  var used: Int {
    get { Int(storedUsed) }
    set { storedUsed = UInt32(truncatingIfNeeded: newValue) }
  }

  /// Words of the block.
  var capacity: Int { Int(storedCapacity) }

  /// The number of regions.
  var regions: Int {
    get { Int(storedRegions) }
    set { storedRegions = UInt32(truncatingIfNeeded: newValue) }
  }
}

/// One heap block of 8-byte words holding the regions of one or more objects.
final class JSONObjectStorage: ManagedBuffer<JSONObjectBlockHeader, UInt64> {
  /// Words of a region's header.
  @inline(__always)
  static var headerWords: Int { (MemoryLayout<JSONObjectHeader>.stride + 7) / 8 }

  /// Words of a member.
  @inline(__always)
  static var memberWords: Int { (MemoryLayout<JSONObject.Element>.stride + 7) / 8 }

  /// Words of a region with room for `capacity` members and `tableCapacity` index slots.
  @inline(__always)
  static func regionWords(capacity: Int, tableCapacity: Int) -> Int {
    headerWords &+ capacity &* memberWords &+ tableCapacity
  }

  /// The number of index slots for `capacity` members: a power of two, at most 2/3 used; 0 up to
  /// ``JSONObject/hashingThreshold``.
  @inline(__always)
  static func tableCapacity(for capacity: Int) -> Int {
    guard capacity > JSONObject.hashingThreshold else { return 0 }
    let minimum = capacity &+ capacity >> 1 &+ 1
    return 1 &<< (Int.bitWidth &- (minimum &- 1).leadingZeroBitCount)
  }

  /// An empty block of `words` words.
  static func makeBlock(words: Int) -> JSONObjectStorage {
    let buffer = create(minimumCapacity: words) { _ in JSONObjectBlockHeader(capacity: words) }
    return unsafeDowncast(buffer, to: JSONObjectStorage.self)
  }

  /// A block holding one empty object with room for `capacity` members (and an index if that is
  /// more than ``JSONObject/hashingThreshold``), at offset 0.
  static func make(capacity: Int) -> JSONObjectStorage {
    let tableCapacity = tableCapacity(for: capacity)
    let storage = makeBlock(words: regionWords(capacity: capacity, tableCapacity: tableCapacity))
    _ = storage.addRegion(capacity: capacity)
    return storage
  }

  /// Adds an empty object with room for `capacity` members (and an index if that is more than
  /// ``JSONObject/hashingThreshold``); returns its offset, or `nil` if the block has no room.
  @inline(__always)
  func addRegion(capacity: Int) -> Int? {
    let tableCapacity = JSONObjectStorage.tableCapacity(for: capacity)
    return withUnsafeMutablePointers { block, words -> Int? in
      let offset = block.pointee.used
      let end = offset &+ JSONObjectStorage.regionWords(capacity: capacity, tableCapacity: tableCapacity)
      guard end <= block.pointee.capacity else { return nil }
      block.pointee.used = end
      block.pointee.regions &+= 1
      UnsafeMutableRawPointer(words + offset).bindMemory(to: JSONObjectHeader.self, capacity: 1)
        .initialize(to: JSONObjectHeader(count: 0, capacity: capacity))
      let membersStart = words + (offset &+ JSONObjectStorage.headerWords)
      UnsafeMutableRawPointer(membersStart).bindMemory(to: JSONObject.Element.self, capacity: capacity)
      if tableCapacity > 0 {
        (membersStart + capacity &* JSONObjectStorage.memberWords).initialize(repeating: 0, count: tableCapacity)
      }
      return offset
    }
  }

  deinit {
    withUnsafeMutablePointers { block, words in
      var offset = 0
      while offset < block.pointee.used {
        let (header, members, _) = JSONObjectStorage.parts(of: words + offset)
        // One member at a time: `deinitialize(count:)` would destroy each through the tuple's
        // generic value witness.
        for position in 0..<header.pointee.count {
          _ = (members + position).move()
        }
        let tableCapacity = header.pointee.tableMask == 0 ? 0 : header.pointee.tableMask &+ 1
        offset &+= JSONObjectStorage.regionWords(capacity: header.pointee.capacity, tableCapacity: tableCapacity)
      }
    }
  }

  /// The header, members and index of the region that starts at `region`.
  @inline(__always)
  static func parts(of region: UnsafeMutablePointer<UInt64>) -> (
    header: UnsafeMutablePointer<JSONObjectHeader>, members: UnsafeMutablePointer<JSONObject.Element>,
    table: UnsafeMutablePointer<UInt64>
  ) {
    let header = UnsafeMutableRawPointer(region).assumingMemoryBound(to: JSONObjectHeader.self)
    let membersStart = region + headerWords
    let members = UnsafeMutableRawPointer(membersStart).assumingMemoryBound(to: JSONObject.Element.self)
    return (header, members, membersStart + header.pointee.capacity &* memberWords)
  }

  /// The header, members and index of the object at `offset`. The pointers are valid while the
  /// block is alive.
  @inline(__always)
  func parts(at offset: Int) -> (
    header: UnsafeMutablePointer<JSONObjectHeader>, members: UnsafeMutablePointer<JSONObject.Element>,
    table: UnsafeMutablePointer<UInt64>
  ) {
    withUnsafeMutablePointerToElements { JSONObjectStorage.parts(of: $0 + offset) }
  }

  /// A block of its own for a copy of the object at `offset`, with room for `capacity` (at
  /// least its count) members.
  func copy(at offset: Int, capacity: Int) -> JSONObjectStorage {
    transfer(at: offset, capacity: capacity, moving: false)
  }

  /// A block of its own, with room for `capacity` members, that takes the members of the object
  /// at `offset`, leaving it empty.
  func moved(at offset: Int, capacity: Int) -> JSONObjectStorage {
    transfer(at: offset, capacity: capacity, moving: true)
  }

  /// A new block with the members of the object at `offset`, copied or moved; its index is
  /// copied when it has the same size, else rebuilt.
  private func transfer(at offset: Int, capacity: Int, moving: Bool) -> JSONObjectStorage {
    let target = JSONObjectStorage.make(capacity: capacity)
    let (header, members, table) = parts(at: offset)
    let (targetHeader, targetMembers, targetTable) = target.parts(at: 0)
    let count = header.pointee.count
    if moving {
      targetMembers.moveInitialize(from: members, count: count)
      header.pointee.count = 0
    } else {
      targetMembers.initialize(from: members, count: count)
    }
    targetHeader.pointee.count = count
    let mask = targetHeader.pointee.tableMask
    if mask != 0 {
      if mask == header.pointee.tableMask {
        targetTable.update(from: table, count: mask &+ 1)
      } else {
        JSONObjectStorage.fillTable(targetTable, mask: mask, members: targetMembers, count: count)
      }
    }
    withExtendedLifetime(self) {}
    return target
  }

  /// Rebuilds the index from the members.
  static func fillTable(
    _ table: UnsafeMutablePointer<UInt64>, mask: Int, members: UnsafeMutablePointer<JSONObject.Element>, count: Int
  ) {
    table.update(repeating: 0, count: mask &+ 1)
    let seed = KeyHashing.seed
    for position in 0..<count {
      let hash = KeyHashing.hash(of: members[position].key, seed: seed)
      var slot = Int(truncatingIfNeeded: hash) & mask
      while table[slot] != 0 { slot = (slot &+ 1) & mask }
      table[slot] = KeyHashing.slot(hash: hash, position: position)
    }
  }
}

// MARK: - Key hashing

/// The hash of object keys for the index of a large ``JSONObject``: consistent with `String ==`,
/// cheap for ASCII keys.
enum KeyHashing {
  /// Per process, so that nobody can prepare keys that collide.
  static let seed = UInt64.random(in: 0...UInt64.max) | 1

  /// An index slot: the hash's upper half as a tag, `position + 1` below.
  @inline(__always)
  static func slot(hash: UInt64, position: Int) -> UInt64 {
    hash & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: position &+ 1)
  }

  /// Multiply-xorshift over 8-byte words (the last word overlapping the one before it).
  @inline(__always)
  static func hash(bytes: UnsafeRawPointer, count: Int, seed: UInt64) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = seed ^ UInt64(truncatingIfNeeded: count) &* 0xFF51_AFD7_ED55_8CCD
    if count >= 8 {
      var offset = 0
      while offset &+ 8 < count {
        hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
        hash ^= hash &>> 29
        offset &+= 8
      }
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &* multiplier
    } else if count >= 4 {
      let low = UInt64(bytes.loadUnaligned(as: UInt32.self))
      let high = UInt64(bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
      hash = (hash ^ (low | high &<< 32)) &* multiplier
    } else if count > 0 {
      let first = UInt64(bytes.load(as: UInt8.self))
      let middle = UInt64(bytes.load(fromByteOffset: count &>> 1, as: UInt8.self))
      let last = UInt64(bytes.load(fromByteOffset: count &- 1, as: UInt8.self))
      hash = (hash ^ (first | middle &<< 8 | last &<< 16)) &* multiplier
    }
    hash ^= hash &>> 32
    hash &*= 0xD6E8_FEB8_6659_FD93
    hash ^= hash &>> 32
    return hash
  }

  /// The hash of `key`.
  static func hash(of key: String, seed: UInt64) -> UInt64 {
    let hash = key.utf8.withContiguousStorageIfAvailable { utf8 -> UInt64? in
      guard let base = utf8.baseAddress else {
        return Self.hash(bytes: UnsafeRawPointer(bitPattern: 1)!, count: 0, seed: seed)
      }
      return UnsafeRawBufferPointer(utf8).isASCII
        ? Self.hash(bytes: base, count: utf8.count, seed: seed) : nil
    }
    if let hash = hash ?? nil { return hash }
    return nonASCIIHash(of: key, seed: seed)
  }

  /// The hash of a key that is not all ASCII (or whose UTF-8 is not contiguous).
  static func nonASCIIHash(of key: String, seed: UInt64) -> UInt64 {
    var ascii: [UInt8] = []
    ascii.reserveCapacity(key.utf8.count)
    for scalar in key.unicodeScalars {
      guard let byte = scalar.canonicalASCII else {
        // Canonically equivalent only to other non-ASCII strings: the standard hash is
        // consistent with `==`. Spread over 64 bits for the slot and the tag.
        var hash = UInt64(UInt(bitPattern: key.hashValue)) ^ seed
        hash &*= 0x9E37_79B9_7F4A_7C15
        return hash ^ hash &>> 32
      }
      ascii.append(byte)
    }
    return ascii.withUnsafeBytes {
      hash(bytes: $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: $0.count, seed: seed)
    }
  }
}
