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
      memory.objectEnded(objectIndex: 0, memberCount: 3, wasShuffled: true)
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
        memory.objectEnded(objectIndex: 0, memberCount: 3, wasShuffled: true)
        #expect(memory.phase == .comparing)
        memory.compared(equal: true)
      }
      memory.objectEnded(objectIndex: 0, memberCount: 3, wasShuffled: true)
      memory.replayFailed()
      memory.objectEnded(objectIndex: 0, memberCount: 3, wasShuffled: true)
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
    memory.objectEnded(objectIndex: 7, memberCount: 3, wasShuffled: true)
    #expect(memory.phase == .comparing)
    memory.compared(equal: true)
    #expect(memory.phase == .replaying)
    memory.objectAbandoned()
    #expect(memory.phase == .comparing)
    #expect(memory.recordedObjectIndex == 7)
    #expect(!memory.isExhausted)
  }
}
