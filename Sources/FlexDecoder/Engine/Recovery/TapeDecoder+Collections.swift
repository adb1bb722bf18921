// During the recovery pass, arrays and `[String: …]` dictionaries are decoded by the engine itself rather
// than by the standard library's `init(from:)`, so that an element or value that fails at a
// planned site can be dropped: the standard implementations cannot skip an element once
// `isAtEnd` has said there is one, nor a key once `allKeys` has listed it.

@_spi(Engine) import FlexCore

/// Arrays whose elements the engine decodes itself during the recovery pass.
protocol RecoveringArrayDecodable: SendableMetatype {
  static func decodeRecovering(from decoder: TapeDecoder, at arrayIndex: Int) throws -> Self
}

/// `[String: Value]` dictionaries whose values the engine decodes itself during the recovery pass.
protocol RecoveringDictionaryDecodable: SendableMetatype {
  static func decodeRecovering(from decoder: TapeDecoder, at objectIndex: Int) throws -> Self
}

/// Whether a type is a collection the recovery pass decodes element by element, as the
/// process-wide cache knows it.
struct RecoveringCollection: Sendable {
  let array: (any RecoveringArrayDecodable.Type)?
  let dictionary: (any RecoveringDictionaryDecodable.Type)?

  private static let cache = ProcessTypeCache<RecoveringCollection>()

  static func shared(for type: any Decodable.Type, _ identifier: ObjectIdentifier) -> RecoveringCollection {
    cache.value(for: identifier) {
      let array = type as? any RecoveringArrayDecodable.Type
      return RecoveringCollection(
        array: array, dictionary: array == nil ? type as? any RecoveringDictionaryDecodable.Type : nil)
    }
  }
}

extension Array: RecoveringArrayDecodable where Element: Decodable {
  static func decodeRecovering(from decoder: TapeDecoder, at arrayIndex: Int) throws -> [Element] {
    let tape = decoder.tape
    var elements: [Element] = []
    elements.reserveCapacity(Int(tape[arrayIndex].length))
    var position = arrayIndex &+ 1
    for ordinal in 0..<Int(tape[arrayIndex].length) {
      try decoder.decodeDroppable(Element.self, at: position, key: IndexCodingKey(index: ordinal)) {
        elements.append($0)
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
      if members.index(forKey: name) == nil {
        try decoder.decodeDroppable(Value.self, at: keyIndex &+ 1, key: DictionaryMemberKey(stringValue: name)) {
          members[name] = $0
        }
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return members
  }
}

extension TapeDecoder {
  /// During the recovery pass: `T` decoded element by element when `collection` says it is a
  /// ``RecoveringArrayDecodable`` or ``RecoveringDictionaryDecodable`` and the value has the
  /// matching JSON type; otherwise through `init(from:)`. (No `T?`, no dynamic cast: in
  /// unspecialized code each costs a runtime lookup per value.)
  @inline(__always)
  func decodeBodyRecovering<T: Decodable>(
    _ type: T.Type, at valueIndex: Int, collection: RecoveringCollection
  ) throws -> T {
    switch tape[valueIndex].kind {
    case .array:
      if let arrayType = collection.array {
        func decode<A: RecoveringArrayDecodable>(_ arrayType: A.Type) throws -> T {
          // `A` is `T` (the traits were computed for `T`): the cast only informs the compiler.
          unsafeBitCast(try A.decodeRecovering(from: self, at: valueIndex), to: T.self)
        }
        return try decode(arrayType)
      }
    case .object:
      if let dictionaryType = collection.dictionary {
        func decode<D: RecoveringDictionaryDecodable>(_ dictionaryType: D.Type) throws -> T {
          unsafeBitCast(try D.decodeRecovering(from: self, at: valueIndex), to: T.self)
        }
        return try decode(dictionaryType)
      }
    default:
      break
    }
    return try type.init(from: self)
  }

  /// Decodes one element or dictionary value, a call of the engine's, and hands it to `store`:
  /// a failure that cannot be repaired inside the value drops it (`store` is not called) and is
  /// recorded. (No `T?` anywhere: in unspecialized code it would cost a metadata lookup per
  /// element.)
  func decodeDroppable<T: Decodable>(
    _ type: T.Type, at valueIndex: Int, key: any CodingKey, into store: (T) -> Void
  ) throws {
    guard let recovery else {
      store(try decodeChild(type, at: valueIndex, key: key, explicitPath: nil))
      return
    }
    _ = try recoveringCall(
      recovery, site: nil, type: type, path: pathStack + [key], valueIndex: valueIndex, action: .drop,
      failsPlainly: certainlyFails(ScalarExpectation(type), at: valueIndex), replacement: { _ in false }
    ) {
      store(try decodeChild(type, at: valueIndex, key: key, explicitPath: nil))
      return true
    }
  }
}
