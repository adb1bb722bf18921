import Foundation
import Testing

@testable import FlexDecoder

/// The coders' options and the session pools live in a ``LockedState``: a value and its lock in
/// one allocation.
@Suite("Locked state")
struct LockedStateTests {
  /// Eight threads adding to one counter at once lose no update.
  @Test func concurrentChangesUnderTheLockAreAllKept() async {
    let counter = SharedCounter()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { counter.state.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.state.withLock { $0 } == 80_000)
  }

  /// The value is made in place and released with the buffer.
  @Test func theValueIsReleasedWithTheState() {
    weak var released: Probe?
    do {
      let state = LockedState.make(Probe())
      released = state.withLock { $0 }
      #expect(released != nil)
      state.withLock { $0.value = 42 }
      #expect(state.withLock { $0.value } == 42)
    }
    #expect(released == nil)
  }
}

private final class SharedCounter: @unchecked Sendable {
  let state = LockedState.make(0)
}

private final class Probe {
  var value = 0
}
