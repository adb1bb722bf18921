@_spi(Engine) import FlexCore

// The search behind MemberFinder's answers.
//
// Synthesized `init(from:)` asks for keys in declaration order, which usually is document
// order, so each lookup first tries the member just after the previous hit: for a model that
// matches its payload, every lookup is one comparison. When that member is not the one, small
// objects are scanned from there (wrapping around), and objects of more than
// `indexingThreshold` members get a hash index of their keys (MemberIndex.swift), built once per
// object; so do objects of more than `shuffledIndexingThreshold` once two keys were found away
// from the hint (a payload in another order than the model). A key that is absent costs a scan,
// then nothing: the members' key signatures (`signature(of:)`), gathered after it, answer the
// next absent keys. The finder remembers, from one object to the next, whether the object's
// first miss was an absent key; if so, the next object's first miss gathers the signatures
// first, and usually needs no scan at all (models with optional properties that most payloads
// leave out, like update-center.json's plugins).
//
// Duplicate keys: the first occurrence wins, as in JSONDecoder, however often a key is looked up.
// The index holds first occurrences only. A search that starts at the hint could meet a later
// duplicate first; so when a hit lies after the hint, the members before it are checked for the
// same key. Most of the time there is nothing to check: a bit mask records the members that
// lookups have found ("claimed"), and a 64-bit signature set the keys they were found for. An
// earlier member can have the key only if it is unclaimed, or if the key's signature is in the
// set (the key may have been looked up before). For a model that matches its payload, all
// earlier members are claimed and the signature usually is new, so the hit stands without
// comparing keys. In objects of more than `shuffledIndexingThreshold` members, where an earlier
// scan costs most and signatures collide most, the hash of each claiming key is kept by position
// (`claimHashes`): a shared signature then leads to a scan only if an earlier member was claimed
// by a key with the same hash.

extension MemberFinder {
  @inline(__always)
  final func findValue(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    if lookupMemory.phase != .inactive { return findValueRemembering(forKey: utf8, hash: hash) }
    return findValueByHint(forKey: utf8, hash: hash)
  }

  /// ``findValue(forKey:hash:)`` from the member after the previous hit.
  @inline(__always)
  final func findValueByHint(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    if memberCount > Self.hintedMemberLimit { return indexedValue(forKey: utf8, hash: hash) }
    guard memberCount > 0 else { return nil }
    // The member after the previous hit: the answer whenever model and payload agree on order.
    if tape.key(at: hintKeyIndex, equals: utf8) {
      if hintOrdinal > 0, mayHaveEarlierMatch(hash), let earlier = earlierMatch(for: utf8) {
        return earlier
      }
      let keyIndex = hintKeyIndex
      claim(ordinal: hintOrdinal, keyIndex: keyIndex, hash: hash)
      return keyIndex &+ 1
    }
    if memberCount > Self.indexingThreshold { return indexedValue(forKey: utf8, hash: hash) }
    guard hasMissed else {
      // The object's first miss. Its type's last object tells what to expect: if that miss was
      // an absent key, the members' signatures (one pass) likely prove this one absent too, and
      // no scan is needed.
      hasMissed = true
      if firstMissIsAbsent { memberSignatures = computeMemberSignatures() }
      let found = valueAfterMiss(forKey: utf8, hash: hash)
      firstMissIsAbsent = found == nil
      return found
    }
    return valueAfterMiss(forKey: utf8, hash: hash)
  }

  /// ``findValue(forKey:hash:)`` in a small object, once the hint missed.
  @inline(__always)
  private final func valueAfterMiss(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    // Models with many optional properties ask for many absent keys, each a full scan. After the
    // first miss, the signatures of all member keys answer most misses at once.
    if let memberSignatures, memberSignatures & Self.signature(of: hash) == 0 { return nil }
    if outOfOrderHits >= 2 && memberCount > Self.shuffledIndexingThreshold {
      return indexedValue(forKey: utf8, hash: hash)
    }
    if let found = scanForValue(forKey: utf8, hash: hash) {
      outOfOrderHits &+= 1
      return found
    }
    if memberSignatures == nil { memberSignatures = computeMemberSignatures() }
    return nil
  }

  /// The value for `utf8` through the object's ``MemberIndex``, built on first use. The index
  /// holds first occurrences only, so no earlier duplicate needs checking.
  private final func indexedValue(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    if !hasMemberIndex {
      if memberIndex == nil {
        memberIndex = MemberIndex(tape: tape, objectIndex: objectIndex, memberCount: memberCount)
      } else {
        memberIndex!.rebuild(tape: tape, objectIndex: objectIndex, memberCount: memberCount)
      }
      hasMemberIndex = true
    }
    // (Through `!`, in place: `unsafelyUnwrapped` copied the index, a retain and a release of its
    // table on every lookup.)
    guard let member = memberIndex!.member(forKey: utf8, tape: tape) else { return nil }
    if memberCount <= Self.hintedMemberLimit {
      claim(ordinal: member.ordinal, keyIndex: member.keyIndex, hash: hash)
    }
    return member.keyIndex &+ 1
  }

  /// The signatures of every member's key; all of them if a key has escapes (its raw bytes are
  /// not the key).
  private final func computeMemberSignatures() -> UInt64 {
    var signatures: UInt64 = 0
    var keyIndex = objectIndex &+ 1
    for _ in 0..<memberCount {
      if tape[keyIndex].flags & StringFlags.hasEscapes != 0 { return .max }
      signatures |= Self.signature(of: Self.keyHash(of: tape.rawBytes(at: keyIndex)))
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return signatures
  }

  /// A scan of all members from the hint on, wrapping around (the hint itself is checked again:
  /// this runs after it missed only in small objects).
  private final func scanForValue(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    var ordinal = hintOrdinal
    var keyIndex = hintKeyIndex
    var wrapped = false
    for _ in 0..<memberCount {
      if tape.key(at: keyIndex, equals: utf8) {
        if !wrapped && hintOrdinal > 0, mayHaveEarlierMatch(hash), let earlier = earlierMatch(for: utf8) {
          return earlier
        }
        claim(ordinal: ordinal, keyIndex: keyIndex, hash: hash)
        return keyIndex &+ 1
      }
      ordinal &+= 1
      keyIndex = tape.next(after: keyIndex &+ 1)
      if ordinal == memberCount {
        ordinal = 0
        keyIndex = objectIndex &+ 1
        wrapped = true
      }
    }
    return nil
  }

  /// Whether a member before the hint may have the key of `hash`: an unclaimed one, or a claimed
  /// one if a key with this signature found a member before, and (when the object keeps
  /// `claimHashes`) one with this hash.
  @inline(__always)
  private final func mayHaveEarlierMatch(_ hash: UInt64) -> Bool {
    let earlierMembers = (1 &<< UInt64(hintOrdinal)) &- 1
    if claimedMask & earlierMembers != earlierMembers { return true }
    guard foundKeySignatures & Self.signature(of: hash) != 0,
      foundKeySecondSignatures & Self.secondSignature(of: hash) != 0
    else { return false }
    // Each earlier member was claimed by a key equal to its own: only one claimed by a key with
    // the same hash can have this key. (In a 20-member object, about one key in four shares a
    // signature with an earlier one; a 64-bit hash almost never does.)
    guard let claimHashes else { return true }
    for ordinal in 0..<hintOrdinal where claimHashes[ordinal] == hash { return true }
    return false
  }

  /// The first member before the hint with the same key: the first occurrence of a duplicated
  /// key.
  private final func earlierMatch(for utf8: UnsafeRawBufferPointer) -> Int? {
    firstMatch(for: utf8, before: hintOrdinal)
  }

  @inline(__always)
  private final func claim(ordinal: Int, keyIndex: Int, hash: UInt64) {
    lastClaimedOrdinal = ordinal
    claimedMask |= 1 &<< UInt64(ordinal)
    foundKeySignatures |= Self.signature(of: hash)
    foundKeySecondSignatures |= Self.secondSignature(of: hash)
    claimHashes?[ordinal] = hash
    let next = ordinal &+ 1
    if next == memberCount {
      hintOrdinal = 0
      hintKeyIndex = objectIndex &+ 1
    } else {
      hintOrdinal = next
      hintKeyIndex = tape.next(after: keyIndex &+ 1)
    }
  }

  /// `.convertFromAnyCase`: the first member, in document order, whose key equals `utf8` once
  /// both are lowercased and stripped of `_` and `-`.
  final func findLooseValue(forKey utf8: UnsafeRawBufferPointer) -> Int? {
    var keyIndex = objectIndex &+ 1
    for _ in 0..<memberCount {
      let matches: Bool
      if tape[keyIndex].flags & StringFlags.hasEscapes == 0 {
        matches = KeyCase.looselyEqual(tape.rawBytes(at: keyIndex), utf8)
      } else {
        matches = KeyCase.looselyEqual(tape.string(at: keyIndex), String(decoding: utf8, as: UTF8.self))
      }
      if matches { return keyIndex &+ 1 }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return nil
  }
}
