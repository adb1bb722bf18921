// During the recovery pass, arrays and `[String: …]` dictionaries are decoded by the engine itself rather
// than by the standard library's `init(from:)`, so that an element or value that fails at a
// planned site can be dropped: the standard implementations cannot skip an element once
// `isAtEnd` has said there is one, nor a key once `allKeys` has listed it.

@_spi(Engine) import FlexCore

/// Arrays whose elements the engine decodes itself during the recovery pass.
protocol RecoveringArrayDecodable {
  static func decodeRecovering(from decoder: TapeDecoder, at arrayIndex: Int) throws -> Self
}

/// `[String: Value]` dictionaries whose values the engine decodes itself during the recovery pass.
protocol RecoveringDictionaryDecodable {
  static func decodeRecovering(from decoder: TapeDecoder, at objectIndex: Int) throws -> Self
}

extension Array: RecoveringArrayDecodable where Element: Decodable {
  static func decodeRecovering(from decoder: TapeDecoder, at arrayIndex: Int) throws -> [Element] {
    let tape = decoder.tape
    var elements: [Element] = []
    elements.reserveCapacity(Int(tape[arrayIndex].length))
    var position = arrayIndex &+ 1
    for ordinal in 0..<Int(tape[arrayIndex].length) {
      let key = IndexCodingKey(index: ordinal)
      if let element = try decoder.decodeDroppable(Element.self, at: position, key: key) {
        elements.append(element)
      }
      position = tape.next(after: position)
    }
    return elements
  }
}

extension Dictionary: RecoveringDictionaryDecodable where Key == String, Value: Decodable {
  static func decodeRecovering(from decoder: TapeDecoder, at objectIndex: Int) throws -> [String: Value] {
    let tape = decoder.tape
    var members: [String: Value] = [:]
    members.reserveCapacity(Int(tape[objectIndex].length))
    var keyIndex = objectIndex &+ 1
    for _ in 0..<Int(tape[objectIndex].length) {
      let name = tape.string(at: keyIndex)
      // The first occurrence of a key wins, as in JSONDecoder.
      if members[name] == nil,
        let value = try decoder.decodeDroppable(
          Value.self, at: keyIndex &+ 1, key: DictionaryMemberKey(stringValue: name))
      {
        members[name] = value
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return members
  }
}

extension TapeDecoder {
  /// During the recovery pass: `T` decoded by ``RecoveringArrayDecodable`` or
  /// ``RecoveringDictionaryDecodable`` when it is such a collection and the value has the
  /// matching JSON type; otherwise `nil` (the ordinary route applies).
  @inline(never)
  func decodeCollectionRecovering<T: Decodable>(_ type: T.Type, at valueIndex: Int) throws -> T? {
    switch tape[valueIndex].kind {
    case .array:
      guard let arrayType = type as? any RecoveringArrayDecodable.Type else { return nil }
      return try arrayType.decodeRecovering(from: self, at: valueIndex) as? T
    case .object:
      guard let dictionaryType = type as? any RecoveringDictionaryDecodable.Type else { return nil }
      return try dictionaryType.decodeRecovering(from: self, at: valueIndex) as? T
    default:
      return nil
    }
  }

  /// Decodes one element or dictionary value, a call of the engine's: a failure that cannot be
  /// repaired inside the value drops it (`nil`) and is recorded.
  func decodeDroppable<T: Decodable>(_ type: T.Type, at valueIndex: Int, key: any CodingKey) throws -> T? {
    guard let recovery else { return try decodeChild(type, at: valueIndex, key: key, explicitPath: nil) }
    return try recoveringCall(
      recovery, site: nil, type: type, path: pathStack + [key], valueIndex: valueIndex, action: .drop,
      failsPlainly: certainlyFails(ScalarExpectation(type), at: valueIndex), replacement: { _ in .some(nil) }
    ) {
      try decodeChild(type, at: valueIndex, key: key, explicitPath: nil)
    }
  }
}
