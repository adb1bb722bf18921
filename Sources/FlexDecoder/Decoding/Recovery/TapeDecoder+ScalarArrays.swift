@_spi(Engine) import FlexCore

// The recovery pass's side of the arrays of `Double`, `Int` and `String` that the engine reads
// straight off the tape (Containers/TapeDecoder+FastPaths.swift): the plain route asks
// `session.recovery` once and hands the array here.

extension TapeDecoder {
  /// ``decodeArray(of:at:path:)`` during the recovery pass: the array is a value of its
  /// own (a frame, for the decision of its elements' calls), each element read plainly, and only
  /// an element that fails goes through the engine's call — coerced, or dropped.
  func decodeArrayRecovering<Element>(
    of type: Element.Type, at arrayIndex: Int, _ recovery: RecoveryState, path: @autoclosure () -> [any CodingKey]
  ) throws -> [Element] {
    let requester = recovery.nextRequester
    recovery.nextRequester = nil
    let startGeneration = recovery.enterFrame(requester: requester, at: arrayIndex)
    defer { recovery.leaveFrame(startGeneration: startGeneration) }
    let expectation = ScalarExpectation(Element.self)
    let count = Int(tape[arrayIndex].length)
    var result: [Element] = []
    result.reserveCapacity(count)
    var position = arrayIndex &+ 1
    for ordinal in 0..<count {
      let elementIndex = position
      position = tape.next(after: position)
      if let value = plainElement(type, at: elementIndex) {
        result.append(value)
        continue
      }
      if !certainlyFails(expectation, at: elementIndex),
        let value = try? decodeFastScalar(type, at: elementIndex, path: path() + [IndexCodingKey(index: ordinal)])
      {
        result.append(value)
        continue
      }
      _ = try recoveringCall(
        recovery, site: nil, type: Element.self, path: path() + [IndexCodingKey(index: ordinal)],
        valueIndex: elementIndex, action: .drop, failsPlainly: true, replacement: { _ in false }
      ) {
        result.append(try decodeFastScalar(type, at: elementIndex, path: path() + [IndexCodingKey(index: ordinal)]))
        return true
      }
    }
    return result
  }
}
