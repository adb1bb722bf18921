@_spi(Engine) import FlexCore

// Where is the member with these key bytes in this object?
//
// MemberFinder answers that question for one object of a tape at a time, and owns every
// shortcut that makes the answer cheap (MemberFinder+Search.swift: a declaration-order hint,
// claim masks, key signatures, a hash index; MemberFinder+Memory.swift: the answers of the
// previous object of the key type). It sees bytes only: key maps, key strategies, coding paths
// and unknown-key reports are ObjectLookup's, the state of a keyed container.
//
// ObjectLookup is a subclass of MemberFinder rather than the holder of one: a lookup then
// reaches the finder's state through `self`, as one object. Held as a second object (or as a
// struct stored in the lookup), the same code cost 0.5–0.8% more instructions on the corpus
// files. The finder's methods are `final`, and nothing else derives from it.
//
// The answer is JSONDecoder's: the first member, in document order, whose key (unescaped) is
// the bytes asked for; with `matchesLoosely` (`.convertFromAnyCase`), when no key is equal,
// the first whose key is equal once both are lowercased and stripped of `_` and `-`. The
// internal-checks build (InternalChecks/MemberFinder+InternalChecks.swift) compares every
// answer with a plain scan.
//
// State kept from one object to the next, and from one decode call to the next (a finder lives
// in a container that a pooled session keeps, see ContainerSlot.swift and SessionPool.swift):
//   - `lookupMemory`: the answers and keys of the last object of the key type, as bytes
//     (LookupMemory.swift). A new object is compared with the recorded keys before any answer
//     is replayed, so an answer never comes from another document's object unchecked.
//   - `firstMissIsAbsent`: whether the last object's first miss was an absent key; it chooses
//     how the next object's first miss is searched, never what is found.
//   - `memberIndex` and `claimHashes`: memory only, rebuilt or cleared for each object.
// Everything else describes the object pointed at and is reset by `point(at:of:loosely:)`.

/// Finds the members of one object of a tape by the bytes of their keys.
///
/// Not `final` only for ``ObjectLookup``, its one subclass (see the top of this file).
class MemberFinder {
  /// Objects with more members than this get a ``MemberIndex`` at the first lookup that the
  /// hint does not answer; smaller ones are scanned.
  static var indexingThreshold: Int { 32 }
  /// Objects with more members than this get a ``MemberIndex`` once two lookups found their
  /// key away from the hint: the payload lists its keys in another order than the model.
  static var shuffledIndexingThreshold: Int { 8 }
  /// Objects with more members than this (the bits of `claimedMask`) are looked up through
  /// their ``MemberIndex`` alone.
  static var hintedMemberLimit: Int { 64 }

  // The object.
  /// The tape of the object.
  @exclusivity(unchecked) private(set) var tape: JSONTape
  /// The tape index of the object.
  @exclusivity(unchecked) private(set) var objectIndex = 0
  /// The object's number of members.
  @exclusivity(unchecked) private(set) var memberCount = 0
  /// Whether a key that no member has is compared loosely (`.convertFromAnyCase`).
  @exclusivity(unchecked) private(set) var matchesLoosely = false

  // What the lookups in the object found (MemberFinder+Search.swift).
  /// The position of the member after the previous hit, and the tape index of its key.
  @exclusivity(unchecked) var hintOrdinal = 0
  @exclusivity(unchecked) var hintKeyIndex = 0
  /// The members that lookups found, one bit each by position.
  @exclusivity(unchecked) var claimedMask: UInt64 = 0
  /// The signatures of the keys that found a member, one bit each (see `signature(of:)`).
  @exclusivity(unchecked) var foundKeySignatures: UInt64 = 0
  /// The same with a second signature of each key (see `secondSignature(of:)`): two shared
  /// signatures are needed before `claimHashes` is searched.
  @exclusivity(unchecked) var foundKeySecondSignatures: UInt64 = 0
  /// After a lookup missed: the signatures of all member keys.
  @exclusivity(unchecked) var memberSignatures: UInt64?
  /// In objects of more than `shuffledIndexingThreshold` and at most `hintedMemberLimit`
  /// members: the `keyHash(of:)` of the key that claimed each member, by position (valid where
  /// `claimedMask` has a bit). Allocated once, kept from object to object.
  @exclusivity(unchecked) var claimHashes: UnsafeMutablePointer<UInt64>?
  /// Whether a lookup in this object missed the hint.
  @exclusivity(unchecked) var hasMissed = false
  /// How many lookups in this object found their key away from the hint.
  @exclusivity(unchecked) var outOfOrderHits = 0
  /// The position of the member the last hit claimed (`-1`: none), which a recording
  /// ``LookupMemory`` keeps as the lookup's answer.
  @exclusivity(unchecked) var lastClaimedOrdinal = -1
  /// The hash index of the keys, once a lookup needed it (see MemberIndex.swift); its memory is
  /// kept from object to object.
  @exclusivity(unchecked) var memberIndex: MemberIndex?
  /// Whether `memberIndex` indexes this object.
  @exclusivity(unchecked) var hasMemberIndex = false

  // Kept from object to object (see the top of this file).
  /// Whether the first miss of the last object with a first miss was an absent key.
  @exclusivity(unchecked) var firstMissIsAbsent = false
  /// The answers of the previous object of the key type, replayed (see LookupMemory.swift).
  @exclusivity(unchecked) var lookupMemory = LookupMemory()
  /// Whether the finder points at no object: it was parked, and what its last object taught is
  /// kept already.
  @exclusivity(unchecked) private(set) var isParked = false

  /// A finder of the object at `objectIndex` of `tape`.
  init(tape: JSONTape, objectIndex: Int, loosely: Bool) {
    self.tape = tape
    point(at: objectIndex, of: tape, loosely: loosely, leftPartway: false)
  }

  deinit {
    claimHashes?.deallocate()
    lookupMemory.deallocate()
  }

  /// Finds members of the object at `objectIndex` of `tape` from now on. What the lookups in the
  /// previous object taught is kept (`leftPartway`: the previous object may have been left
  /// before its `init(from:)` asked for all its keys, by an error the recovery pass caught).
  @inline(__always)
  final func point(at objectIndex: Int, of tape: JSONTape, loosely: Bool, leftPartway: @autoclosure () -> Bool) {
    if !isParked && (lookupMemory.phase != .inactive || outOfOrderHits >= 2 || hasMemberIndex) {
      rememberLookups(leftPartway: leftPartway())
    }
    isParked = false
    // Stored only if it changes: storing the same reference still costs a retain and a release.
    if self.tape !== tape { self.tape = tape }
    self.objectIndex = objectIndex
    memberCount = Int(tape[objectIndex].length)
    matchesLoosely = loosely
    hintOrdinal = 0
    hintKeyIndex = objectIndex &+ 1
    claimedMask = 0
    foundKeySignatures = 0
    foundKeySecondSignatures = 0
    memberSignatures = nil
    hasMissed = false
    if memberCount > Self.shuffledIndexingThreshold && memberCount <= Self.hintedMemberLimit && claimHashes == nil {
      claimHashes = .allocate(capacity: Self.hintedMemberLimit)
    }
    outOfOrderHits = 0
    hasMemberIndex = false
  }

  /// Points the finder at the empty object of `emptyTape` while its container waits in a pool,
  /// keeping what its last object taught (`leftPartway` as for ``point(at:of:loosely:leftPartway:)``)
  /// and no reference to that object's document.
  final func park(on emptyTape: JSONTape, leftPartway: Bool) {
    guard !isParked else { return }
    point(at: 0, of: emptyTape, loosely: false, leftPartway: leftPartway)
    isParked = true
    if let memberIndex, memberIndex.capacity > 256 { self.memberIndex = nil }
  }

  /// The tape index of the value of the first member whose key is `utf8` (see the top of this
  /// file), or `nil`; `hash` is the key's ``keyHash(of:)``.
  @inline(__always)
  final func valueIndex(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    #if FLEX_INTERNAL_CHECKS
      let found = lookUpValue(forKey: utf8, hash: hash)
      checkLookup(forKey: utf8, hash: hash, found: found)
      return found
    #else
      return lookUpValue(forKey: utf8, hash: hash)
    #endif
  }

  /// ``valueIndex(forKey:hash:)`` for a key whose hash is not known yet.
  @inline(__always)
  final func valueIndex(forKey utf8: UnsafeRawBufferPointer) -> Int? {
    valueIndex(forKey: utf8, hash: Self.keyHash(of: utf8))
  }

  /// ``valueIndex(forKey:hash:)``, unchecked.
  @inline(__always)
  private final func lookUpValue(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    if let exact = findValue(forKey: utf8, hash: hash) { return exact }
    return matchesLoosely ? findLooseValue(forKey: utf8) : nil
  }

  /// The tape index of the value of the first of the first `ordinal` members whose key is
  /// `utf8`, if any.
  final func firstMatch(for utf8: UnsafeRawBufferPointer, before ordinal: Int) -> Int? {
    var keyIndex = objectIndex &+ 1
    for _ in 0..<ordinal {
      if tape.key(at: keyIndex, equals: utf8) {
        return keyIndex &+ 1
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return nil
  }

  /// The object the finder leaves becomes the one ``LookupMemory`` records or compares with.
  @inline(never)
  private final func rememberLookups(leftPartway: Bool) {
    let wasShuffled = outOfOrderHits >= 2 || hasMemberIndex
    if lookupMemory.phase == .inactive {
      if wasShuffled && memberCount <= LookupMemory.memberLimit && !lookupMemory.isExhausted { lookupMemory.activate() }
    } else if leftPartway {
      lookupMemory.objectAbandoned()
    } else {
      lookupMemory.objectEnded(objectIndex: objectIndex, of: tape, memberCount: memberCount, wasShuffled: wasShuffled)
    }
  }

  // MARK: Key hashes

  /// A 64-bit hash of a key, from its length and a few of its bytes: equal keys have equal
  /// hashes.
  @inline(__always)
  static func keyHash(of utf8: UnsafeRawBufferPointer) -> UInt64 {
    let count = utf8.count
    var mix = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9
    if count > 0 {
      // Read as bytes through the buffer (`load(fromByteOffset:as:)` stayed a call here).
      mix ^=
        UInt64(utf8[0]) &* 0x85EB_CA6B
        ^ UInt64(utf8[count &- 1]) &* 0xC2B2_AE35
        ^ UInt64(utf8[count / 2]) &* 0x27D4_EB2F
    }
    return mix ^ mix &>> 29
  }

  /// A key's signature: one of 64 bits, from its ``keyHash(of:)``.
  @inline(__always)
  static func signature(of hash: UInt64) -> UInt64 {
    1 &<< (hash & 63)
  }

  /// A second signature, from other bits of the hash: in an 18-member object, about one key in
  /// four shares its first signature with an earlier one, one in fifty both.
  @inline(__always)
  static func secondSignature(of hash: UInt64) -> UInt64 {
    1 &<< (hash &>> 6 & 63)
  }
}
