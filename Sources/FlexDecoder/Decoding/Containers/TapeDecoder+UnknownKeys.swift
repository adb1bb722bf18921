// `unknownKeyPolicy`: after a value's `init(from:)` returns, the JSON keys that none of its keyed
// containers looked up (a subclass's and its superclass's containers over the same object count
// together) are reported, or treated as problems.

@_spi(Engine) import FlexCore

/// A keyed container that records which members its lookups used.
protocol UnknownKeyTracking: AnyObject {
  /// The tape the object is on: the document's, or that of JSON embedded in a string.
  var tape: JSONTape { get }
  var objectIndex: Int { get }
  var usedValueIndices: Set<Int>? { get }
  var codingPath: [any CodingKey] { get }
}

extension TapeDecoder {
  /// Checks the containers tracked since `start`, then forgets them.
  func checkUnknownKeys(since start: Int) throws {
    let containers = session.trackedContainers[start...]
    session.trackedContainers.removeSubrange(start...)
    // Containers over the same object (of the same tape) share their used members.
    struct ObjectID: Hashable {
      let tape: ObjectIdentifier
      let objectIndex: Int
    }
    var used: [ObjectID: Set<Int>] = [:]
    var firstContainers: [ObjectID: any UnknownKeyTracking] = [:]
    var order: [ObjectID] = []
    for container in containers {
      let id = ObjectID(tape: ObjectIdentifier(container.tape), objectIndex: container.objectIndex)
      used[id, default: []].formUnion(container.usedValueIndices ?? [])
      if firstContainers[id] == nil {
        firstContainers[id] = container
        order.append(id)
      }
    }
    for id in order {
      guard let container = firstContainers[id] else { continue }
      let usedHere = used[id] ?? []
      let objectTape = container.tape
      var keyIndex = id.objectIndex &+ 1
      for _ in 0..<Int(objectTape[id.objectIndex].length) {
        if !usedHere.contains(keyIndex &+ 1) {
          let name = objectTape.string(at: keyIndex)
          let path = container.codingPath + [AnyCodingKey(stringValue: name)]
          let error = DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: path, debugDescription: "Unknown key \"\(name)\"."))
          if options.unknownKeyPolicy == .fail && options.errorPolicy == .failFast {
            throw error
          }
          // Under `.fail` the key is a problem, so it is also one of `FlexDecodingError.decodingErrors`.
          // (A key of embedded JSON is ordered at the start of the document it is embedded in.)
          recordNote(
            .unknownKey, path: path, message: "unknown key \"\(name)\"",
            offset: objectTape === tape ? Int(tape[keyIndex].offset) : Int(tape[index].offset),
            decodingError: options.unknownKeyPolicy == .fail ? error : nil)
        }
        keyIndex = objectTape.next(after: keyIndex &+ 1)
      }
    }
  }
}
