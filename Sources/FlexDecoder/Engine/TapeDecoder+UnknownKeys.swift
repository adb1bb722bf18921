// `unknownKeyPolicy`: after a value's `init(from:)` returns, the JSON keys that none of its keyed
// containers looked up (a subclass's and its superclass's containers over the same object count
// together) are reported, or treated as problems.

/// A keyed container that records which members its lookups used.
protocol UnknownKeyTracking: AnyObject {
  var objectIndex: Int { get }
  var usedValueIndices: Set<Int>? { get }
  var codingPath: [any CodingKey] { get }
}

extension TapeDecoder {
  /// Checks the containers tracked since `start`, then forgets them.
  func checkUnknownKeys(since start: Int) throws {
    let containers = session.trackedContainers[start...]
    session.trackedContainers.removeSubrange(start...)
    var used: [Int: Set<Int>] = [:]
    var firstContainer: [Int: any UnknownKeyTracking] = [:]
    for container in containers {
      used[container.objectIndex, default: []].formUnion(container.usedValueIndices ?? [])
      if firstContainer[container.objectIndex] == nil { firstContainer[container.objectIndex] = container }
    }
    for (objectIndex, container) in firstContainer.sorted(by: { $0.key < $1.key }) {
      let usedHere = used[objectIndex] ?? []
      var keyIndex = objectIndex &+ 1
      for _ in 0..<Int(tape[objectIndex].length) {
        if !usedHere.contains(keyIndex &+ 1) {
          let name = tape.string(at: keyIndex)
          let path = container.codingPath + [AnyCodingKey(stringValue: name)]
          let error = DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: path, debugDescription: "Unknown key \"\(name)\"."))
          if options.unknownKeyPolicy == .fail && options.errorPolicy == .failFast {
            throw error
          }
          // Under `.fail` the key is a problem, so it is also one of `FlexDecodingError.decodingErrors`.
          recordNote(
            .unknownKey, path: path, message: "unknown key \"\(name)\"", valueIndex: keyIndex,
            decodingError: options.unknownKeyPolicy == .fail ? error : nil)
        }
        keyIndex = tape.next(after: keyIndex &+ 1)
      }
    }
  }
}
