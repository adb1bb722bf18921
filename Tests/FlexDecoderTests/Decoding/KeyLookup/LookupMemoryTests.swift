@_spi(Engine) import FlexCore
import Testing

@testable import FlexDecoder

/// The bookkeeping of LookupMemory.swift: when a key type gives up replaying its objects'
/// lookups. (That the answers are JSONDecoder's is checked in KeyLookupTests.)
@Suite("Lookup memory")
struct LookupMemoryTests {
  @Test func objectsWhoseReplayFailsUseUpTheKeyTypesFailures() {
    var memory = LookupMemory()
    defer { memory.deallocate() }
    memory.activate()
    for _ in 0..<LookupMemory.failureLimit {
      #expect(!memory.isExhausted)
      memory.replayFailed()
      memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
    }
    #expect(memory.isExhausted)
    #expect(memory.phase == .inactive)
  }

  @Test func aTypeWhoseReplaysMostlyWorkKeepsItsMemoryThroughFailures() {
    // Objects in two shapes: each change of shape fails a replay, the runs between replay.
    var memory = LookupMemory()
    defer { memory.deallocate() }
    memory.activate()
    for _ in 0..<(LookupMemory.failureLimit * 2) {
      for _ in 0..<3 {
        memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
        #expect(memory.phase == .comparing)
        memory.compared(equal: true)
      }
      memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
      memory.replayFailed()
      memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
      #expect(!memory.isExhausted)
      #expect(memory.phase == .recording)
    }
  }

  @Test func objectsLeftPartwayCountNoFailure() {
    var memory = LookupMemory()
    defer { memory.deallocate() }
    memory.activate()
    for _ in 0..<(LookupMemory.failureLimit * 3) {
      memory.replayFailed()
      memory.objectAbandoned()
    }
    #expect(!memory.isExhausted)
    #expect(memory.phase == .recording)
    #expect(memory.answerCount == 0)
  }

  @Test func aRecordingLeftPartwayStartsAfresh() {
    var memory = LookupMemory()
    defer { memory.deallocate() }
    memory.activate()
    let key: [UInt8] = Array("absent".utf8)
    key.withUnsafeBytes { memory.record($0, found: false, ordinal: -1) }
    #expect(memory.answerCount == 1)
    memory.objectAbandoned()
    #expect(memory.phase == .recording)
    #expect(memory.answerCount == 0)
  }

  @Test func aReplayLeftPartwayComparesTheNextObjectAgain() {
    var memory = LookupMemory()
    defer { memory.deallocate() }
    memory.activate()
    memory.record(UnsafeRawBufferPointer(start: nil, count: 0), found: true, ordinal: 0)
    memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
    #expect(memory.phase == .comparing)
    memory.compared(equal: true)
    #expect(memory.phase == .replaying)
    memory.objectAbandoned()
    #expect(memory.phase == .comparing)
    #expect(memory.recordedMemberCount == 3)
    #expect(!memory.isExhausted)
  }

  /// One object with other keys than the recording is passed over: the next is compared with
  /// the same recording. Two in a row start a new recording.
  @Test func anOddObjectKeepsTheRecordingAndTwoInARowRenewIt() {
    var memory = LookupMemory()
    defer { memory.deallocate() }
    memory.activate()
    memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
    for _ in 0..<3 {
      memory.compared(equal: false)
      #expect(memory.phase == .mismatched)
      memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
      #expect(memory.phase == .comparing)
      for _ in 0..<2 {
        memory.compared(equal: true)
        memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
        #expect(memory.phase == .comparing)
      }
    }
    #expect(!memory.isExhausted)
    memory.compared(equal: false)
    memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
    memory.compared(equal: false)
    memory.objectEnded(objectIndex: 0, of: Self.threeKeys, memberCount: 3, wasShuffled: true)
    #expect(memory.phase == .recording)
  }

  /// The recorded keys are kept as written, apart from their document: an object of another
  /// document is compared with them byte for byte, flags (escapes) included.
  @Test func theRecordedKeysOutliveTheirDocumentAndCompareAsWritten() throws {
    var memory = LookupMemory()
    defer { memory.deallocate() }
    memory.activate()
    var recorded: JSONTape? = try JSONTape.scan(copying: #"{"c": 1, "bb": 2, "a": 3}"#.utf8, options: .strict)
    memory.objectEnded(objectIndex: 0, of: recorded!, memberCount: 3, wasShuffled: true)
    #expect(memory.phase == .comparing)
    recorded = nil
    _ = [UInt8](repeating: 0xFF, count: 64)  // reuse the freed document, if it were still read
    let other = try JSONTape.scan(
      copying: #"{"c": [true], "bb": {}, "a": null, "\u0063": 1, "b": 2, "A": 3, "": 0}"#.utf8, options: .strict)
    // Key tape indices: 1, 4, 6, 8, 10, 12, 14.
    #expect(memory.recordedKey(0, isWrittenAs: 1, of: other))
    #expect(memory.recordedKey(1, isWrittenAs: 4, of: other))
    #expect(memory.recordedKey(2, isWrittenAs: 6, of: other))
    #expect(!memory.recordedKey(0, isWrittenAs: 8, of: other))  // "c" written with an escape
    #expect(!memory.recordedKey(1, isWrittenAs: 10, of: other))  // "b", shorter
    #expect(!memory.recordedKey(2, isWrittenAs: 12, of: other))  // "A", another byte
    #expect(!memory.recordedKey(2, isWrittenAs: 14, of: other))  // "", empty
  }

  /// Keys too long to keep spoil the recording, as a failure.
  @Test func anObjectWhoseKeysTakeTooManyBytesIsNotRecorded() throws {
    var memory = LookupMemory()
    defer { memory.deallocate() }
    memory.activate()
    let longKey = String(repeating: "k", count: LookupMemory.keyByteLimit / 2 + 1)
    let tape = try JSONTape.scan(copying: #"{"\#(longKey)1": 1, "\#(longKey)2": 2}"#.utf8, options: .strict)
    memory.objectEnded(objectIndex: 0, of: tape, memberCount: 2, wasShuffled: true)
    #expect(memory.phase == .recording)
    #expect(memory.recordedMemberCount != 2)
  }

  /// `{"a": 1, "b": 2, "c": 3}`.
  static let threeKeys = try! JSONTape.scan(copying: #"{"a": 1, "b": 2, "c": 3}"#.utf8, options: .strict)
}
