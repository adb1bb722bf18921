@_spi(Engine) import FlexCore

// Replaying the lookups of the previous object of a key type.
//
// A payload lists its keys in the server's order, and models are written in their author's:
// alphabetical, by importance, grouped. When the two differ, the declaration-order hint of
// MemberFinder misses on most keys, and each miss costs a scan of the object or a hash index
// (see MemberFinder+Search.swift and MemberIndex.swift). But an array of such objects repeats
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
// usual way. An object with other keys than the recording is passed over (an optional key left
// out of one object of a run), and the next is compared with the same recording; two such
// objects in a row, or a key asked that was not recorded, start a new recording. A key type
// whose objects keep differing stops recording, and one whose objects list their keys in the
// model's order drops the memory (the hint answers those for less).
//
// The recorded object's keys are kept as bytes, so the memory outlives its document: the
// lookup is kept with its session from call to call (SessionPool.swift), and the first object of
// the next call is compared with the last object of this one. An API that sends the same shape
// every time (one profile per response, keys in the server's order) is replayed from the first
// lookup of each call on: a 15-key object in another order than its model, decoded with a new
// decoder per call, -15% instructions per call.
//
// The memory is a struct stored in the lookup, its buffers allocated once: no reference is
// counted on the lookup path.

/// What the lookups in one object of a key type found, replayed in the next objects that have
/// the same keys in the same order (see the comment at the top of LookupMemory.swift).
struct LookupMemory {
  /// Objects with more members than this are not recorded: their lookups go through the
  /// object's ``MemberIndex`` alone, which does not note the members' positions.
  static var memberLimit: Int { MemberFinder.hintedMemberLimit }
  /// Replays that may fail before the key type stops recording, unless more replays worked.
  static var failureLimit: Int { 4 }
  /// The most lookups recorded for one object, the most bytes of absent keys, and the most bytes
  /// of the recorded object's keys.
  static var answerLimit: Int { 128 }
  static var byteLimit: Int { 2048 }
  static var keyByteLimit: Int { 4096 }

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
    /// The object has other keys than the recorded ones: lookups are answered the usual way, and
    /// the next object is compared with the recording again (one object in a run that lacks an
    /// optional key does not cost the run its replays).
    case mismatched
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

  /// A key of the recorded object as written: its raw bytes at `start` in `recordedKeyBytes`
  /// (escapes untouched), and its tape flags.
  struct RecordedKey {
    var start: Int32
    var count: Int32
    var flags: UInt8
  }

  private(set) var phase = Phase.inactive
  /// The recorded object's keys, in document order.
  private var recordedKeys: UnsafeMutablePointer<RecordedKey>?
  private var recordedKeyBytes: UnsafeMutableRawPointer?
  /// The number of members of the recorded object.
  private(set) var recordedMemberCount = 0
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
  /// Whether the last object ended had other keys than the recording.
  private var lastObjectMismatched = false

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
      recordedKeys = .allocate(capacity: Self.memberLimit)
      recordedKeyBytes = .allocate(byteCount: Self.keyByteLimit, alignment: 8)
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
    recordedKeys?.deallocate()
    recordedKeyBytes?.deallocate()
  }

  /// Called when the lookup moves on from the object at `objectIndex` of `tape` (of
  /// `memberCount` members) to another object, of this document or the next one;
  /// `wasShuffled`: lookups in it found keys away from the declaration-order hint. A recorded
  /// object whose keys were in the model's order ends the memory: the hint answers those for
  /// less than a replay.
  mutating func objectEnded(objectIndex: Int, of tape: JSONTape, memberCount: Int, wasShuffled: Bool) {
    switch phase {
    case .inactive:
      break
    case .recording:
      guard wasShuffled else { return deactivate() }
      guard !recordingFailed, memberCount <= Self.memberLimit, keepKeys(ofObjectAt: objectIndex, of: tape) else {
        return fail()
      }
      phase = .comparing
    case .replaying:
      lastObjectMismatched = false
      guard nextAnswer == answerCount else { return fail() }
      replays &+= 1
      // The object had the recorded keys: the same answers hold for the next one with them.
      phase = .comparing
    case .mismatched:
      // Once, an odd object; twice in a row, the objects changed shape: record the next one.
      if lastObjectMismatched {
        lastObjectMismatched = false
        return fail()
      }
      failures &+= 1
      lastObjectMismatched = true
      phase = isExhausted ? .inactive : .comparing
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
    case .comparing, .replaying, .mismatched: phase = .comparing
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
      phase = .mismatched
    }
  }

  /// Copies the keys of the object at `objectIndex` of `tape`, as written, to compare the next
  /// objects with; `false` if they take more than ``keyByteLimit`` bytes.
  private mutating func keepKeys(ofObjectAt objectIndex: Int, of tape: JSONTape) -> Bool {
    let memberCount = Int(tape[objectIndex].length)
    var byteCount = 0
    var keyIndex = objectIndex &+ 1
    for ordinal in 0..<memberCount {
      let bytes = tape.rawBytes(at: keyIndex)
      guard byteCount &+ bytes.count <= Self.keyByteLimit else { return false }
      if let base = bytes.baseAddress {
        (recordedKeyBytes.unsafelyUnwrapped + byteCount).copyMemory(from: base, byteCount: bytes.count)
      }
      recordedKeys.unsafelyUnwrapped[ordinal] = RecordedKey(
        start: Int32(truncatingIfNeeded: byteCount), count: Int32(truncatingIfNeeded: bytes.count),
        flags: tape[keyIndex].flags)
      byteCount &+= bytes.count
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    recordedMemberCount = memberCount
    return true
  }

  /// Whether the key at `keyIndex` of `tape` is written as the recorded object's key at
  /// `ordinal`: the same raw bytes (escapes untouched) and the same flags.
  @inline(__always)
  func recordedKey(_ ordinal: Int, isWrittenAs keyIndex: Int, of tape: JSONTape) -> Bool {
    let recorded = recordedKeys.unsafelyUnwrapped[ordinal]
    let entry = tape[keyIndex]
    guard entry.length == UInt32(truncatingIfNeeded: recorded.count), entry.flags == recorded.flags else {
      return false
    }
    return recorded.count == 0
      || memoryEqual(
        tape.bytes.baseAddress.unsafelyUnwrapped + Int(entry.offset),
        recordedKeyBytes.unsafelyUnwrapped + Int(recorded.start), Int(recorded.count))
  }

  /// Whether the recorded key at `ordinal` is `utf8` (a key written with escapes is not compared,
  /// and is not equal).
  func recordedKey(_ ordinal: Int, equals utf8: UnsafeRawBufferPointer) -> Bool {
    let recorded = recordedKeys.unsafelyUnwrapped[ordinal]
    guard recorded.flags & StringFlags.hasEscapes == 0, Int(recorded.count) == utf8.count else { return false }
    return utf8.isEmpty
      || memoryEqual(recordedKeyBytes.unsafelyUnwrapped + Int(recorded.start), utf8.baseAddress!, utf8.count)
  }

  /// While comparing: the tape index of the key of the recorded member at `ordinal` in this
  /// object, or -1 if it is missing here.
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
