@_spi(Engine) import FlexCore

// Replaying the lookups of the previous object of a key type.
//
// A payload lists its keys in the server's order, and models are written in their author's:
// alphabetical, by importance, grouped. When the two differ, the declaration-order hint of
// ObjectLookup misses on most keys, and each miss costs a scan of the object or a hash index
// (see ObjectLookup+Lookup.swift and MemberIndex.swift). But an array of such objects repeats
// the same keys in the same order, and the model's `init(from:)` asks for the same keys in the
// same order each time: the answers of one object are the answers of the next.
//
// So when an object needed lookups away from the hint, the next object of its key type records
// each lookup's answer (the member's position, or absent) in the order asked. The object after
// that is first compared with the recorded one, key by key as written (a pass over the members,
// cheaper than one scan per lookup); if they are the same, each lookup takes the recorded
// answer after checking that the key asked is the one recorded: the member's key for a found
// key, the recorded bytes for an absent one. Same keys in the same order give the same first
// occurrence of a duplicated key, so the answers are JSONDecoder's. Any difference (another key
// set, another order, another key asked) ends the replay for that object, and lookups go on the
// usual way; a key type whose objects keep differing stops recording, and one whose objects
// list their keys in the model's order drops the memory (the hint answers those for less).
//
// The memory is a struct stored in the lookup, its buffers allocated once: no reference is
// counted on the lookup path.

/// What the lookups in one object of a key type found, replayed in the next objects that have
/// the same keys in the same order (see the comment at the top of LookupMemory.swift).
struct LookupMemory {
  /// Objects with more members than this are not recorded: their lookups go through the
  /// object's ``MemberIndex`` alone, which does not note the members' positions.
  static var memberLimit: Int { ObjectLookup.hintedMemberLimit }
  /// Replays that may fail before the key type stops recording, unless more replays worked.
  static var failureLimit: Int { 4 }
  /// The most lookups recorded for one object, and the most bytes of absent keys.
  static var answerLimit: Int { 128 }
  static var byteLimit: Int { 2048 }

  /// Where the memory stands for the object being looked up.
  enum Phase {
    /// No memory: lookups go the usual way (the key type's objects are in the model's order, or
    /// differ too often from one to the next).
    case inactive
    /// Lookups are answered the usual way and their answers recorded.
    case recording
    /// The object is to be compared with the recorded one at its first lookup.
    case comparing
    /// The object has the recorded keys: lookups take the recorded answers.
    case replaying
    /// Lookups are answered the usual way (a replay failed, or the recording could not be used).
    case off
  }

  /// One lookup's answer: the member's position, or -1 for an absent key, whose bytes are kept
  /// at `keyStart` in `absentKeyBytes`.
  struct Answer {
    var ordinal: Int32
    var keyStart: Int32
    var keyCount: Int32
  }

  private(set) var phase = Phase.inactive
  /// The recorded object, on the tape being decoded (its size is the tape's).
  private(set) var recordedObjectIndex = 0
  /// The answers, in the order the lookups asked.
  private(set) var answers: UnsafeMutablePointer<Answer>?
  private(set) var answerCount = 0
  /// The bytes of the absent keys asked for.
  private(set) var absentKeyBytes: UnsafeMutableRawPointer?
  private var absentKeyByteCount = 0
  /// The next lookup's position in `answers` while replaying.
  var nextAnswer = 0
  /// The tape index of each member's key in the object being replayed, by position.
  private(set) var keyIndices: UnsafeMutablePointer<Int32>?
  /// Whether the object being recorded had a lookup whose answer cannot be replayed.
  private var recordingFailed = false
  private var failures = 0
  /// The objects replayed to their end.
  private var replays = 0

  /// Whether replays failed too often for this key type: its objects differ from one to the
  /// next (optional keys left out, say), more often than a replay works. (A type whose objects
  /// come in two or three shapes, such as GitHub's events with and without `org`, fails at
  /// each change of shape and replays the runs in between: worth keeping. A failed comparison
  /// costs little, mostly a member count that differs.) Kept while the lookup is, from call to
  /// call.
  var isExhausted: Bool { failures >= Self.failureLimit && failures > replays }

  /// Starts recording the next object, unless replays failed too often.
  mutating func activate() {
    guard !isExhausted else { return }
    if answers == nil {
      answers = .allocate(capacity: Self.answerLimit)
      absentKeyBytes = .allocate(byteCount: Self.byteLimit, alignment: 8)
      keyIndices = .allocate(capacity: Self.memberLimit)
    }
    restartRecording()
  }

  /// Forgets the recording (the buffers and the failure count stay for the next activation).
  mutating func deactivate() {
    phase = .inactive
  }

  /// Frees the buffers; the memory is not used afterwards.
  func deallocate() {
    answers?.deallocate()
    absentKeyBytes?.deallocate()
    keyIndices?.deallocate()
  }

  /// Called when the lookup moves on from the object at `objectIndex` (of `memberCount`
  /// members) to the next object of the same tape; `wasShuffled`: lookups in it found keys away
  /// from the declaration-order hint. A recorded object whose keys were in the model's order
  /// ends the memory: the hint answers those for less than a replay.
  mutating func objectEnded(objectIndex: Int, memberCount: Int, wasShuffled: Bool) {
    switch phase {
    case .inactive:
      break
    case .recording:
      guard wasShuffled else { return deactivate() }
      guard !recordingFailed, memberCount <= Self.memberLimit else { return fail() }
      recordedObjectIndex = objectIndex
      phase = .comparing
    case .replaying:
      guard nextAnswer == answerCount else { return fail() }
      replays &+= 1
      // The same answers hold for this object: it is the one to compare the next with.
      recordedObjectIndex = objectIndex
      phase = .comparing
    case .comparing:
      // The object asked for nothing: the recording still holds.
      break
    case .off:
      fail()
    }
  }

  /// Called instead of ``objectEnded(objectIndex:memberCount:wasShuffled:)`` when the object
  /// may have been left partway: an error left a value during the recovery pass, which decodes
  /// the value again once it learned where the error came from. What the object's lookups did
  /// says nothing of the next object, so no failure is counted (counted, the few dozen values a
  /// messy document's recovery pass decodes again would use up the key type's failures, and
  /// with them the replays of later calls: the memory is kept in the pooled session). A
  /// recording starts afresh; a replay compares the next object with the recorded one again.
  mutating func objectAbandoned() {
    switch phase {
    case .inactive: break
    case .recording, .off: restartRecording()
    case .comparing, .replaying: phase = .comparing
    }
  }

  /// A replay or a recording did not work out: record the next object afresh, unless that
  /// happened too often.
  private mutating func fail() {
    failures &+= 1
    restartRecording()
  }

  private mutating func restartRecording() {
    answerCount = 0
    absentKeyByteCount = 0
    recordingFailed = false
    phase = isExhausted ? .inactive : .recording
  }

  /// The outcome of comparing an object with the recorded one: its members' key indices were
  /// stored by ``noteKeyIndex(_:ordinal:)``.
  mutating func compared(equal: Bool) {
    if equal {
      nextAnswer = 0
      phase = .replaying
    } else {
      phase = .off
    }
  }

  /// While comparing: the tape index of the key of the member at `ordinal`.
  func noteKeyIndex(_ keyIndex: Int, ordinal: Int) {
    keyIndices.unsafelyUnwrapped[ordinal] = Int32(truncatingIfNeeded: keyIndex)
  }

  /// While replaying: the lookup asked for another key than recorded.
  mutating func replayFailed() {
    phase = .off
  }

  /// Whether the absent key of `answer` is `utf8`.
  func absentKey(of answer: Answer, equals utf8: UnsafeRawBufferPointer) -> Bool {
    Int(answer.keyCount) == utf8.count
      && (utf8.isEmpty
        || memoryEqual(absentKeyBytes.unsafelyUnwrapped + Int(answer.keyStart), utf8.baseAddress!, utf8.count))
  }

  /// `.recording`: notes a lookup's answer: found at the member `ordinal` (`-1`: a position
  /// not known, which spoils the recording), or absent.
  mutating func record(_ utf8: UnsafeRawBufferPointer, found: Bool, ordinal: Int) {
    guard answerCount < Self.answerLimit, found || absentKeyByteCount &+ utf8.count <= Self.byteLimit,
      !found || ordinal >= 0
    else {
      recordingFailed = true
      return
    }
    if found {
      answers.unsafelyUnwrapped[answerCount] = Answer(
        ordinal: Int32(truncatingIfNeeded: ordinal), keyStart: 0, keyCount: 0)
    } else {
      if let base = utf8.baseAddress {
        (absentKeyBytes.unsafelyUnwrapped + absentKeyByteCount).copyMemory(from: base, byteCount: utf8.count)
      }
      answers.unsafelyUnwrapped[answerCount] = Answer(
        ordinal: -1, keyStart: Int32(truncatingIfNeeded: absentKeyByteCount),
        keyCount: Int32(truncatingIfNeeded: utf8.count))
      absentKeyByteCount &+= utf8.count
    }
    answerCount &+= 1
  }
}

// MARK: - Lookups through the memory

extension ObjectLookup {
  /// ``findValue(forKey:)`` when the key type has a ``LookupMemory``.
  @inline(never)
  func findValueRemembering(forKey utf8: UnsafeRawBufferPointer) -> Int? {
    switch lookupMemory.phase {
    case .comparing:
      lookupMemory.compared(equal: hasRecordedKeys())
      return findValueRemembering(forKey: utf8)
    case .replaying:
      if let answer = replayedValue(forKey: utf8) { return answer }
      return findValueByHint(forKey: utf8)
    case .recording:
      lastClaimedOrdinal = -1
      let found = findValueByHint(forKey: utf8)
      lookupMemory.record(utf8, found: found != nil, ordinal: lastClaimedOrdinal)
      return found
    case .off, .inactive:
      return findValueByHint(forKey: utf8)
    }
  }

  /// Whether the object has the keys of the recorded one, in the same order and written the
  /// same; notes each member's key index on the way.
  private func hasRecordedKeys() -> Bool {
    let recordedObjectIndex = lookupMemory.recordedObjectIndex
    // As many members as the recorded object. (That object is on this tape: the memory is
    // cleared when the lookup is parked or moves to another decoder; checked again here, as
    // reading it is reading raw offsets.)
    guard recordedObjectIndex < tape.count, tape[recordedObjectIndex].kind == .object,
      Int(tape[recordedObjectIndex].length) == memberCount
    else { return false }
    var keyIndex = objectIndex &+ 1
    var recordedKeyIndex = recordedObjectIndex &+ 1
    for ordinal in 0..<memberCount {
      guard tape.key(at: keyIndex, isWrittenAs: recordedKeyIndex) else { return false }
      lookupMemory.noteKeyIndex(keyIndex, ordinal: ordinal)
      keyIndex = tape.next(after: keyIndex &+ 1)
      recordedKeyIndex = tape.next(after: recordedKeyIndex &+ 1)
    }
    return true
  }

  /// The recorded answer to this lookup, if it asks for the recorded key: `.some(valueIndex)`,
  /// or `.some(nil)` for an absent key; `nil` (and no more replay in this object) when it asks
  /// for another key.
  private func replayedValue(forKey utf8: UnsafeRawBufferPointer) -> Int?? {
    let next = lookupMemory.nextAnswer
    if next < lookupMemory.answerCount {
      let answer = lookupMemory.answers.unsafelyUnwrapped[next]
      if answer.ordinal >= 0 {
        let keyIndex = Int(lookupMemory.keyIndices.unsafelyUnwrapped[Int(answer.ordinal)])
        if tape.key(at: keyIndex, equals: utf8) {
          lookupMemory.nextAnswer = next &+ 1
          return .some(keyIndex &+ 1)
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
