// Member lookups checked against a plain scan, compiled only with FLEX_INTERNAL_CHECKS (see
// Package.swift).
//
// MemberFinder finds a key's member through a declaration-order hint, claim masks and key
// signatures, a hash index (MemberIndex) and the answers of the previous object (LookupMemory).
// Each is a shortcut to one answer, which the checks below compute the slow way and compare:
//
//   - A key finds the first member, in document order, whose key (unescaped) is its bytes: a
//     duplicated key's first occurrence, as JSONDecoder on Apple platforms reads it. When the
//     finder matches loosely (`.convertFromAnyCase`) and no key is equal, the first member whose
//     key is equal once both are lowercased and stripped of `_` and `-`.
//   - The hint, the claim mask and the signatures gathered after a miss describe the object.
//   - While replaying, the memory's positions are in range, and its members are in the object.
//
// A plain scan costs the object's size, and a decode looks up about as many keys as the object
// has: in an object of more than `fullyCheckedMemberLimit` members, a share of the lookups, chosen
// by their key, is checked (about that many per object), so that a 5,000-member object does not
// take minutes under AddressSanitizer.

#if FLEX_INTERNAL_CHECKS
  @_spi(Engine) import FlexCore

  extension MemberFinder {
    /// Stops unless `found`, what the lookup of `utf8` (whose hash is `hash`) answered, is what a
    /// plain scan of the object answers, and the lookup's state describes the object.
    final func checkLookup(forKey utf8: UnsafeRawBufferPointer, hash: UInt64, found: Int?) {
      checkObject()
      precondition(
        hash == Self.keyHash(of: utf8),
        "FLEX_INTERNAL_CHECKS: the lookup of \(describe(utf8)) was given another key's hash")
      guard isSampled(hash) else { return }
      let expected = scannedValueIndex(forKey: utf8)
      precondition(
        found == expected,
        "FLEX_INTERNAL_CHECKS: the lookup of \(describe(utf8)) in the object at tape entry \(objectIndex) "
          + "found \(describe(found)), a plain scan \(describe(expected)) (loosely: \(matchesLoosely), "
          + "memory: \(lookupMemory.phase), member index: \(hasMemberIndex))")
      checkHint()
    }

    /// Stops unless the replaying memory's state is in range for this object.
    final func checkReplayState() {
      let memory = lookupMemory
      precondition(
        memory.nextAnswer >= 0 && memory.nextAnswer <= memory.answerCount
          && memory.answerCount <= LookupMemory.answerLimit,
        "FLEX_INTERNAL_CHECKS: replaying answer \(memory.nextAnswer) of \(memory.answerCount)")
      precondition(
        memory.recordedMemberCount >= memberCount && memory.recordedMemberCount <= LookupMemory.memberLimit,
        "FLEX_INTERNAL_CHECKS: replaying a \(memory.recordedMemberCount)-member recording in a "
          + "\(memberCount)-member object")
      let end = Int(tape[objectIndex].end)
      for ordinal in 0..<memory.recordedMemberCount {
        let keyIndex = Int(memory.keyIndices.unsafelyUnwrapped[ordinal])
        precondition(
          keyIndex == -1 || (keyIndex > objectIndex && keyIndex < end && tape[keyIndex].kind == .string),
          "FLEX_INTERNAL_CHECKS: the recorded member \(ordinal) is at tape entry \(keyIndex), "
            + "outside the object at \(objectIndex)")
      }
      for position in 0..<memory.answerCount {
        let ordinal = Int(memory.answers.unsafelyUnwrapped[position].ordinal)
        precondition(
          ordinal >= -1 && ordinal < memory.recordedMemberCount,
          "FLEX_INTERNAL_CHECKS: recorded answer \(position) is member \(ordinal) of \(memory.recordedMemberCount)")
      }
    }

    // MARK: Plain scans

    /// Objects up to this many members have every lookup checked.
    static var fullyCheckedMemberLimit: Int { 256 }

    /// Whether the lookup of a key whose hash is `hash` is checked: always in an object of up to
    /// ``fullyCheckedMemberLimit`` members, else about that many of the object's lookups.
    final func isSampled(_ hash: UInt64) -> Bool {
      let share = UInt64(memberCount / Self.fullyCheckedMemberLimit &+ 1)
      return share == 1 || (hash ^ (hash >> 29)) % share == 0
    }

    /// The object the lookup points at is an object of `memberCount` members.
    final func checkObject() {
      precondition(
        tape[objectIndex].kind == .object && Int(tape[objectIndex].length) == memberCount,
        "FLEX_INTERNAL_CHECKS: the lookup points at tape entry \(objectIndex), not a \(memberCount)-member object")
    }

    /// The first member whose key is `utf8`; with `.convertFromAnyCase`, else the first whose key
    /// is loosely equal.
    private final func scannedValueIndex(forKey utf8: UnsafeRawBufferPointer) -> Int? {
      var keyIndex = objectIndex &+ 1
      for _ in 0..<memberCount {
        let equal =
          tape[keyIndex].flags & StringFlags.hasEscapes == 0
          ? tape.rawBytes(at: keyIndex).elementsEqual(utf8)
          : Array(tape.string(at: keyIndex).utf8) == Array(utf8)
        if equal { return keyIndex &+ 1 }
        keyIndex = tape.next(after: keyIndex &+ 1)
      }
      guard matchesLoosely else { return nil }
      let name = String(decoding: utf8, as: UTF8.self)
      keyIndex = objectIndex &+ 1
      for _ in 0..<memberCount {
        let matches =
          tape[keyIndex].flags & StringFlags.hasEscapes == 0
          ? KeyCase.looselyEqual(tape.rawBytes(at: keyIndex), utf8)
          : KeyCase.looselyEqual(tape.string(at: keyIndex), name)
        if matches { return keyIndex &+ 1 }
        keyIndex = tape.next(after: keyIndex &+ 1)
      }
      return nil
    }

    /// The hint is the member after the last hit, the claims and signatures are of members.
    private final func checkHint() {
      guard memberCount > 0 && memberCount <= Self.hintedMemberLimit else { return }
      precondition(
        hintOrdinal >= 0 && hintOrdinal < memberCount,
        "FLEX_INTERNAL_CHECKS: hint at member \(hintOrdinal) of \(memberCount)")
      var keyIndex = objectIndex &+ 1
      var signatures: UInt64 = 0
      var hasEscapes = false
      for ordinal in 0..<memberCount {
        if ordinal == hintOrdinal {
          precondition(
            keyIndex == hintKeyIndex,
            "FLEX_INTERNAL_CHECKS: the hint's member \(hintOrdinal) is at tape entry \(keyIndex), "
              + "the hint says \(hintKeyIndex)")
        }
        if tape[keyIndex].flags & StringFlags.hasEscapes != 0 { hasEscapes = true }
        signatures |= Self.signature(of: Self.keyHash(of: tape.rawBytes(at: keyIndex)))
        keyIndex = tape.next(after: keyIndex &+ 1)
      }
      if memberCount < 64 {
        precondition(
          claimedMask >> UInt64(memberCount) == 0,
          "FLEX_INTERNAL_CHECKS: claimed members beyond the object's \(memberCount)")
      }
      // An absent key is answered from these: each member's key must be among them.
      if let memberSignatures, !hasEscapes {
        precondition(
          memberSignatures & signatures == signatures,
          "FLEX_INTERNAL_CHECKS: the member signatures of the object at tape entry \(objectIndex) lack a key")
      }
    }

    final func describe(_ utf8: UnsafeRawBufferPointer) -> String {
      "\"" + String(decoding: utf8, as: UTF8.self) + "\""
    }

    final func describe(_ valueIndex: Int?) -> String {
      guard let valueIndex else { return "nothing" }
      return "the value at tape entry \(valueIndex) (key \"\(tape.string(at: valueIndex &- 1))\")"
    }
  }
#endif
