@_spi(Engine) import FlexCore

// Lookups through the LookupMemory: compare the object with the recorded one, replay the
// recorded answers, or record the answers of the usual search.

extension MemberFinder {
  /// ``findValue(forKey:hash:)`` when the key type has a ``LookupMemory``.
  @inline(never)
  final func findValueRemembering(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    switch lookupMemory.phase {
    case .comparing:
      lookupMemory.compared(equal: hasRecordedKeys())
      return findValueRemembering(forKey: utf8, hash: hash)
    case .replaying:
      #if FLEX_INTERNAL_CHECKS
        checkReplayState()
      #endif
      if let answer = replayedValue(forKey: utf8, hash: hash) { return answer }
      return findValueByHint(forKey: utf8, hash: hash)
    case .recording:
      lastClaimedOrdinal = -1
      let found = findValueByHint(forKey: utf8, hash: hash)
      lookupMemory.record(utf8, found: found != nil, ordinal: lastClaimedOrdinal)
      return found
    case .off, .mismatched, .inactive:
      return findValueByHint(forKey: utf8, hash: hash)
    }
  }

  /// Whether the object has the keys of the recorded one, written the same and in the same
  /// order, or some of them: members of the recording may be missing (optional keys left out),
  /// none added. Notes the key index of each recorded member on the way (-1: missing here).
  private final func hasRecordedKeys() -> Bool {
    let recordedCount = lookupMemory.recordedMemberCount
    if memberCount == recordedCount {
      var keyIndex = objectIndex &+ 1
      for ordinal in 0..<memberCount {
        guard lookupMemory.recordedKey(ordinal, isWrittenAs: keyIndex, of: tape) else { return false }
        lookupMemory.noteKeyIndex(keyIndex, ordinal: ordinal)
        keyIndex = tape.next(after: keyIndex &+ 1)
      }
      return true
    }
    return hasSomeRecordedKeys()
  }

  /// ``hasRecordedKeys()`` for an object with fewer members than the recorded one.
  @inline(never)
  private final func hasSomeRecordedKeys() -> Bool {
    let recordedCount = lookupMemory.recordedMemberCount
    guard memberCount < recordedCount else { return false }
    let missingAllowed = recordedCount &- memberCount
    var keyIndex = objectIndex &+ 1
    var ordinal = 0
    for recordedOrdinal in 0..<recordedCount {
      if ordinal < memberCount && lookupMemory.recordedKey(recordedOrdinal, isWrittenAs: keyIndex, of: tape) {
        lookupMemory.noteKeyIndex(keyIndex, ordinal: recordedOrdinal)
        keyIndex = tape.next(after: keyIndex &+ 1)
        ordinal &+= 1
      } else {
        guard recordedOrdinal &+ 1 &- ordinal <= missingAllowed else { return false }
        lookupMemory.noteKeyIndex(-1, ordinal: recordedOrdinal)
      }
    }
    return ordinal == memberCount
  }

  /// A replayed lookup whose recorded member is missing from this object: the key is looked up
  /// the usual way (a later member may repeat it).
  @inline(never)
  private final func valueOfMissingMember(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    lookupMemory.nextAnswer &+= 1
    return findValueByHint(forKey: utf8, hash: hash)
  }

  /// The recorded answer to this lookup, if it asks for the recorded key: `.some(valueIndex)`,
  /// or `.some(nil)` for an absent key; `nil` (and no more replay in this object) when it asks
  /// for another key.
  private final func replayedValue(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int?? {
    let next = lookupMemory.nextAnswer
    if next < lookupMemory.answerCount {
      let answer = lookupMemory.answers.unsafelyUnwrapped[next]
      if answer.ordinal >= 0 {
        let keyIndex = Int(lookupMemory.keyIndices.unsafelyUnwrapped[Int(answer.ordinal)])
        if keyIndex >= 0 {
          if tape.key(at: keyIndex, equals: utf8) {
            lookupMemory.nextAnswer = next &+ 1
            return .some(keyIndex &+ 1)
          }
        } else if lookupMemory.recordedKey(Int(answer.ordinal), equals: utf8) {
          return .some(valueOfMissingMember(forKey: utf8, hash: hash))
        }
      } else if lookupMemory.absentKey(of: answer, equals: utf8) {
        lookupMemory.nextAnswer = next &+ 1
        return .some(nil)
      }
    }
    lookupMemory.replayFailed()
    return nil
  }
}
