@_spi(Engine) import FlexCore

// A hash index of one object's keys, for lookups that the declaration-order hint cannot answer.
//
// Synthesized `init(from:)` asks for keys in declaration order, and most payloads list them in
// the same order, so MemberFinder first tries the member after the previous hit: one
// comparison. When a model declares its properties in another order than its payload (GitHub's
// 64-member repository object, say, or any object a server writes in its own order), each
// lookup would scan half the object. So on the first miss in an object of more than 32 members,
// or the second key found out of order in one of more than 8, its keys are hashed once into
// this table, and every later lookup costs a hash of the coding key and about one probe, found
// or not. (For a 15-member object in a shuffled order, that is 15% fewer instructions for the
// whole decode than scanning.) A reused container keeps the table's memory from object to
// object.
//
// Keys are hashed as raw UTF-8 bytes (unescaped first, in the rare key written with escapes):
// no `String` is made. Only the first occurrence of a duplicated key is entered, so the table
// answers with the member JSONDecoder would use.

/// An open-addressing hash table from an object's keys to its members.
struct MemberIndex {
  /// One member: where its key is on the tape, its position in the object, and its hash.
  struct Slot {
    /// The tape index of the key; 0 marks an empty slot (index 0 is never a key).
    var keyIndex: UInt32
    /// The member's position in the object.
    var ordinal: UInt32
    /// The key's full hash, compared before the key bytes.
    var hash: UInt64
  }

  /// A member found in the index.
  struct Member {
    /// The tape index of the key (the value follows it).
    let keyIndex: Int
    /// The member's position in the object.
    let ordinal: Int
  }

  private var slots: [Slot]
  private var mask: Int
  /// The number of keys entered: the object's member count unless a key is repeated.
  private(set) var count = 0

  /// Indexes the `memberCount` members of the object at `objectIndex`.
  init(tape: JSONTape, objectIndex: Int, memberCount: Int) {
    slots = []
    mask = 0
    rebuild(tape: tape, objectIndex: objectIndex, memberCount: memberCount)
  }

  /// The room the index has, in slots.
  var capacity: Int { slots.count }

  /// Indexes the members of another object, in the same memory if it is large enough (a
  /// reused container indexes object after object of one type).
  mutating func rebuild(tape: JSONTape, objectIndex: Int, memberCount: Int) {
    // At most half full: probe sequences stay short, found or not.
    var capacity = 16
    while capacity < memberCount &* 2 { capacity &*= 2 }
    if slots.count == capacity {
      slots.withUnsafeMutableBufferPointer { $0.update(repeating: Slot(keyIndex: 0, ordinal: 0, hash: 0)) }
    } else {
      slots = [Slot](repeating: Slot(keyIndex: 0, ordinal: 0, hash: 0), count: capacity)
    }
    mask = capacity &- 1
    count = 0
    var keyIndex = objectIndex &+ 1
    for ordinal in 0..<memberCount {
      insert(keyIndex: keyIndex, ordinal: ordinal, tape: tape)
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
  }

  private mutating func insert(keyIndex: Int, ordinal: Int, tape: JSONTape) {
    let hash: UInt64
    if tape[keyIndex].flags & StringFlags.hasEscapes == 0 {
      hash = Self.hash(tape.rawBytes(at: keyIndex))
    } else {
      hash = Array(tape.string(at: keyIndex).utf8).withUnsafeBytes { Self.hash($0) }
    }
    var position = Int(truncatingIfNeeded: hash) & mask
    while slots[position].keyIndex != 0 {
      let other = slots[position]
      // A later duplicate of a key already entered: the first occurrence wins.
      if other.hash == hash, Self.sameKey(Int(other.keyIndex), keyIndex, tape: tape) { return }
      position = (position &+ 1) & mask
    }
    slots[position] = Slot(keyIndex: UInt32(truncatingIfNeeded: keyIndex), ordinal: UInt32(ordinal), hash: hash)
    count &+= 1
  }

  /// The member whose key is `utf8`, if any. (`mutating` though it changes nothing: called on
  /// an index stored in an object, it reads the table in place instead of a copy of the index,
  /// whose table is retained and released around each lookup.)
  mutating func member(forKey utf8: UnsafeRawBufferPointer, tape: JSONTape) -> Member? {
    let hash = Self.hash(utf8)
    var position = Int(truncatingIfNeeded: hash) & mask
    while true {
      let slot = slots[position]
      if slot.keyIndex == 0 { return nil }
      if slot.hash == hash, tape.key(at: Int(slot.keyIndex), equals: utf8) {
        return Member(keyIndex: Int(slot.keyIndex), ordinal: Int(slot.ordinal))
      }
      position = (position &+ 1) & mask
    }
  }

  private static func sameKey(_ first: Int, _ second: Int, tape: JSONTape) -> Bool {
    if tape[second].flags & StringFlags.hasEscapes == 0 {
      return tape.key(at: first, equals: tape.rawBytes(at: second))
    }
    return Array(tape.string(at: second).utf8).withUnsafeBytes { tape.key(at: first, equals: $0) }
  }

  /// A 64-bit hash of `bytes`, eight at a time (multiply-xorshift rounds; keys are short). The
  /// tail is read as one word overlapping the previous one, or as two overlapping half-words.
  @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    guard let base = bytes.baseAddress else { return hash }
    var tail: UInt64
    if count >= 8 {
      var offset = 0
      while offset &+ 8 < count {
        hash = (hash ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash &>> 31
        offset &+= 8
      }
      tail = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    } else if count >= 4 {
      tail =
        UInt64(base.loadUnaligned(as: UInt32.self)) &<< 32
        | UInt64(base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
    } else {
      tail = 0
      for offset in 0..<count {
        tail = tail &<< 8 | UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
      }
    }
    hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    return hash ^ hash &>> 29
  }
}
