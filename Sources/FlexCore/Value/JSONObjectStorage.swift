// The storage of a JSONObject: one heap block per object holding a small header, the members
// in order, and, for objects with room for more than `JSONObject.hashingThreshold` members, an
// open-addressing index of their positions.
//
//     [ header: count, capacity, tableMask ][ member 0 ][ member 1 ] … [ member capacity-1 ][ index ]
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

/// The header of a ``JSONObjectStorage``.
struct JSONObjectHeader {
  /// The number of members.
  var count: Int
  /// The number of members there is room for.
  let capacity: Int
  /// The number of index slots minus one (a power of two minus one), or 0 when the object has no
  /// index.
  let tableMask: Int
}

/// One heap block: a header, the members, and the optional index of their positions.
final class JSONObjectStorage: ManagedBuffer<JSONObjectHeader, JSONObject.Element> {
  /// A storage with room for `capacity` members (and an index if that is more than
  /// ``JSONObject/hashingThreshold``).
  static func make(capacity: Int) -> JSONObjectStorage {
    let tableCapacity = capacity > JSONObject.hashingThreshold ? tableCapacity(for: capacity) : 0
    let stride = MemoryLayout<JSONObject.Element>.stride
    let tableElements = (tableCapacity &* 8 &+ stride &- 1) / stride
    let buffer = create(minimumCapacity: capacity &+ tableElements) { _ in
      JSONObjectHeader(count: 0, capacity: capacity, tableMask: tableCapacity == 0 ? 0 : tableCapacity &- 1)
    }
    let storage = unsafeDowncast(buffer, to: JSONObjectStorage.self)
    if tableCapacity > 0 {
      storage.withUnsafeMutablePointerToElements { members in
        UnsafeMutableRawPointer(members + capacity).bindMemory(to: UInt64.self, capacity: tableCapacity)
          .initialize(repeating: 0, count: tableCapacity)
      }
    }
    return storage
  }

  /// The number of index slots for `capacity` members: a power of two, at most 2/3 used.
  @inline(__always)
  static func tableCapacity(for capacity: Int) -> Int {
    let minimum = capacity &+ capacity >> 1 &+ 1
    return 1 &<< (Int.bitWidth &- (minimum &- 1).leadingZeroBitCount)
  }

  deinit {
    withUnsafeMutablePointers { header, members in
      // One member at a time: `deinitialize(count:)` would destroy each through the tuple's
      // generic value witness.
      for position in 0..<header.pointee.count {
        _ = (members + position).move()
      }
    }
  }

  /// The members and, if any, the index.
  @inline(__always)
  func withParts<R>(
    _ body: (
      UnsafeMutablePointer<JSONObjectHeader>, UnsafeMutablePointer<JSONObject.Element>, UnsafeMutablePointer<UInt64>
    )
      throws -> R
  ) rethrows -> R {
    try withUnsafeMutablePointers { header, members in
      let table = UnsafeMutableRawPointer(members + header.pointee.capacity).assumingMemoryBound(to: UInt64.self)
      return try body(header, members, table)
    }
  }

  /// A copy with room for `capacity` (at least `count`) members.
  func copy(capacity: Int) -> JSONObjectStorage {
    let copy = JSONObjectStorage.make(capacity: capacity)
    withParts { header, members, table in
      copy.withParts { copyHeader, copyMembers, copyTable in
        let count = header.pointee.count
        copyMembers.initialize(from: members, count: count)
        copyHeader.pointee.count = count
        if copyHeader.pointee.tableMask != 0 {
          if copyHeader.pointee.tableMask == header.pointee.tableMask {
            copyTable.update(from: table, count: copyHeader.pointee.tableMask &+ 1)
          } else {
            JSONObjectStorage.fillTable(
              copyTable, mask: copyHeader.pointee.tableMask, members: copyMembers, count: count)
          }
        }
      }
    }
    return copy
  }

  /// A storage with room for `capacity` members that takes this one's members, leaving it empty.
  func moved(capacity: Int) -> JSONObjectStorage {
    let moved = JSONObjectStorage.make(capacity: capacity)
    withParts { header, members, _ in
      moved.withParts { movedHeader, movedMembers, movedTable in
        let count = header.pointee.count
        movedMembers.moveInitialize(from: members, count: count)
        header.pointee.count = 0
        movedHeader.pointee.count = count
        if movedHeader.pointee.tableMask != 0 {
          JSONObjectStorage.fillTable(
            movedTable, mask: movedHeader.pointee.tableMask, members: movedMembers, count: count)
        }
      }
    }
    return moved
  }

  /// Rebuilds the index from the members (the table must be all zeros or about to be).
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
      return isASCII(UnsafeRawPointer(base), count: utf8.count)
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
      switch scalar.value {
      case 0..<0x80: ascii.append(UInt8(truncatingIfNeeded: scalar.value))
      case 0x037E: ascii.append(UInt8(ascii: ";"))  // GREEK QUESTION MARK
      case 0x1FEF: ascii.append(UInt8(ascii: "`"))  // GREEK VARIA
      case 0x212A: ascii.append(UInt8(ascii: "K"))  // KELVIN SIGN
      default:
        // Canonically equivalent only to other non-ASCII strings: the standard hash is
        // consistent with `==`. Spread over 64 bits for the slot and the tag.
        var hash = UInt64(UInt(bitPattern: key.hashValue)) ^ seed
        hash &*= 0x9E37_79B9_7F4A_7C15
        return hash ^ hash &>> 32
      }
    }
    return ascii.withUnsafeBytes {
      hash(bytes: $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: $0.count, seed: seed)
    }
  }

  /// Whether `count` bytes at `bytes` are all ASCII.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
    var bits: UInt64 = 0
    var offset = 0
    while offset &+ 8 <= count {
      bits |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset &+= 8
    }
    while offset < count {
      bits |= UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self))
      offset &+= 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }
}
