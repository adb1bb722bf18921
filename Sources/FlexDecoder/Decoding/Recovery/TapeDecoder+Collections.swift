// During the recovery pass, arrays, sets and dictionaries are decoded by the engine itself rather
// than by the standard library's `init(from:)`, so that an element or value that fails at a
// planned site can be dropped: the standard implementations cannot skip an element once
// `isAtEnd` has said there is one, nor a key once `allKeys` has listed it.

@_spi(Engine) import FlexCore

/// Arrays whose elements the engine decodes itself during the recovery pass.
protocol RecoveringArrayDecodable: FlexSendableMetatype {
  static func decodeRecovering(from decoder: TapeDecoder, at arrayIndex: Int) throws -> Self
}

/// `[String: Value]` dictionaries whose values the engine decodes itself during the recovery pass.
protocol RecoveringDictionaryDecodable: FlexSendableMetatype {
  static func decodeRecovering(from decoder: TapeDecoder, at objectIndex: Int) throws -> Self
}

/// Whether a type is a collection the recovery pass decodes element by element, as the
/// process-wide cache knows it.
struct RecoveringCollection: Sendable {
  let array: (any RecoveringArrayDecodable.Type)?
  let dictionary: (any RecoveringDictionaryDecodable.Type)?
  /// The type as an array of ``ScalarTree``s, whose elements are tried plainly first.
  let scalarTreeArray: (any ScalarTreeArray.Type)?

  private static let cache = ProcessTypeCache<RecoveringCollection>()

  static func shared(for type: any Decodable.Type, _ identifier: ObjectIdentifier) -> RecoveringCollection {
    cache.value(for: identifier) {
      let array = type as? any RecoveringArrayDecodable.Type
      return RecoveringCollection(
        array: array, dictionary: array == nil ? type as? any RecoveringDictionaryDecodable.Type : nil,
        scalarTreeArray: type as? any ScalarTreeArray.Type)
    }
  }
}

extension Array: RecoveringArrayDecodable where Element: Decodable {
  static func decodeRecovering(from decoder: TapeDecoder, at arrayIndex: Int) throws -> [Element] {
    let count = Int(decoder.tape[arrayIndex].length)
    guard count > 0 else { return [] }
    var start = (ordinal: 0, position: arrayIndex &+ 1)
    // The elements the plain pass finished before one failed (ReusableValues.swift).
    var finished: [Element] = []
    if let reusable = decoder.recovery?.reusable, reusable.hasPrefixes,
      let prefix = reusable.prefix(of: arrayIndex, Element.self)
    {
      finished = prefix.elements
      start = (prefix.elements.count, prefix.nextPosition)
    }
    // Elements are stored through a pointer: `append` in a closure of unspecialized code looks
    // up `Array<Element>`'s metadata on every call (a third of a small element's cost).
    return try Array(unsafeUninitializedCapacity: count) { buffer, initialized in
      let base = buffer.baseAddress!
      for element in finished {
        (base + initialized).initialize(to: element)
        initialized &+= 1
      }
      try decoder.decodeElementsDroppable(Element.self, at: arrayIndex, from: start) {
        (base + initialized).initialize(to: $0)
        initialized &+= 1
      }
    }
  }
}

extension ContiguousArray: RecoveringArrayDecodable where Element: Decodable {
  static func decodeRecovering(from decoder: TapeDecoder, at arrayIndex: Int) throws -> ContiguousArray<Element> {
    var elements: ContiguousArray<Element> = []
    elements.reserveCapacity(Int(decoder.tape[arrayIndex].length))
    try decoder.decodeElementsDroppable(Element.self, at: arrayIndex) { elements.append($0) }
    return elements
  }
}

extension Set: RecoveringArrayDecodable where Element: Decodable {
  static func decodeRecovering(from decoder: TapeDecoder, at arrayIndex: Int) throws -> Set<Element> {
    var elements = Set<Element>(minimumCapacity: Int(decoder.tape[arrayIndex].length))
    try decoder.decodeElementsDroppable(Element.self, at: arrayIndex) { elements.insert($0) }
    return elements
  }
}

extension Dictionary: RecoveringDictionaryDecodable where Key: Decodable, Value: Decodable {
  static func decodeRecovering(from decoder: TapeDecoder, at objectIndex: Int) throws -> [Key: Value] {
    guard Key.self == String.self else { return try decodeRecoveringConvertedKeys(from: decoder, at: objectIndex) }
    // `[String: Value]`: keys as written, as the special route reads them.
    let tape = decoder.tape
    var members: [Key: Value] = [:]
    members.reserveCapacity(Int(tape[objectIndex].length))
    var keyIndex = objectIndex &+ 1
    for _ in 0..<Int(tape[objectIndex].length) {
      let text = tape.string(at: keyIndex)
      // `Key` is `String`: the cast only informs the compiler.
      let name = unsafeBitCast(text, to: Key.self)
      // The first occurrence of a key wins, as in JSONDecoder.
      if members.index(forKey: name) == nil {
        try decoder.decodeDroppable(Value.self, at: keyIndex &+ 1, key: DictionaryMemberKey(stringValue: text)) {
          members[name] = $0
        }
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return members
  }

  /// Other keys as the standard library's `init(from:)` reads them from an object — through a
  /// keyed container, so the key strategy applies — `Int` keys from their text and
  /// `CodingKeyRepresentable` keys from their coding key; a member whose key does not convert
  /// is dropped with the standard library's error. Key types the standard library reads from an
  /// array go through `init(from:)`.
  private static func decodeRecoveringConvertedKeys(from decoder: TapeDecoder, at objectIndex: Int) throws -> Self {
    let convert: (any CodingKey) -> Key?
    if Key.self == Int.self {
      convert = { Int($0.stringValue).map { unsafeBitCast($0, to: Key.self) } }
    } else if #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *),
      let keyType = Key.self as? any CodingKeyRepresentable.Type
    {
      convert = { keyType.init(codingKey: $0) as? Key }
    } else {
      return try Self(from: decoder)
    }
    let lookup = try decoder.makeObjectLookup(at: objectIndex, explicitPath: nil, rules: .none)
    var members: [Key: Value] = [:]
    for codingKey in lookup.allKeys(AnyCodingKey.self) {
      guard let valueIndex = lookup.valueIndex(forCodingKey: codingKey) else { continue }
      guard let key = convert(codingKey) else {
        try decoder.dropMember(at: valueIndex, key: codingKey, error: keyError(codingKey, path: lookup.codingPath))
        continue
      }
      try decoder.decodeDroppable(Value.self, at: valueIndex, key: codingKey) { members[key] = $0 }
    }
    return members
  }

  /// The error the standard library throws for a key that is not a `Key`.
  private static func keyError(_ codingKey: any CodingKey, path: [any CodingKey]) -> DecodingError {
    let context = DecodingError.Context(
      codingPath: path + [codingKey],
      debugDescription: Key.self == Int.self
        ? "Expected Int key but found String key instead." : "Could not convert key to type \(Key.self)")
    return Key.self == Int.self ? .typeMismatch(Int.self, context) : .dataCorrupted(context)
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
      if let arrayType = collection.scalarTreeArray {
        // Elements made of scalars alone: each tried plainly first (ScalarTree.swift).
        func decode<A: ScalarTreeArray>(_ arrayType: A.Type) throws -> T {
          unsafeBitCast(try A.decodeRecoveringScalarTrees(from: self, at: valueIndex), to: T.self)
        }
        return try decode(arrayType)
      }
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

  /// Decodes the elements of the array at `arrayIndex`, each with ``decodeDroppable(_:at:key:into:)``,
  /// from the element `start` names (the first by default).
  @inline(__always)
  func decodeElementsDroppable<T: Decodable>(
    _ type: T.Type, at arrayIndex: Int, from start: (ordinal: Int, position: Int)? = nil, into store: (T) -> Void
  ) throws {
    var position = start?.position ?? arrayIndex &+ 1
    for ordinal in (start?.ordinal ?? 0)..<Int(tape[arrayIndex].length) {
      try decodeDroppable(type, at: position, key: IndexCodingKey(index: ordinal), into: store)
      position = tape.next(after: position)
    }
  }

  /// A dictionary member whose key cannot be read: dropped, with `error` recorded.
  func dropMember(at valueIndex: Int, key: any CodingKey, error: DecodingError) throws {
    guard let recovery else { throw error }
    _ = try recoveringCall(
      recovery, site: nil, type: Never.self, path: pathStack + [key], valueIndex: valueIndex, action: .drop,
      failsPlainly: true, replacement: { _ in false }
    ) { () throws -> Bool in throw error }
  }

  /// Decodes one element or dictionary value, a call of the engine's, and hands it to `store`:
  /// a failure that cannot be repaired inside the value drops it (`store` is not called) and is
  /// recorded; an optional element (`[Int?]`, `[String: Int?]`) becomes `nil` instead, as a
  /// declared optional property does. (No `T?` anywhere: in unspecialized code it would cost a
  /// metadata lookup per element.)
  func decodeDroppable<T: Decodable>(
    _ type: T.Type, at valueIndex: Int, key: any CodingKey, into store: (T) -> Void
  ) throws {
    guard let recovery else {
      store(try decodeChild(type, at: valueIndex, key: key, explicitPath: nil))
      return
    }
    let issuesAtStart = recovery.issueCount
    let isOptional = isOptionalType(type)
    _ = try recoveringCall(
      recovery, site: nil, type: type, path: pathStack + [key], valueIndex: valueIndex,
      action: isOptional ? .makeNil : .drop,
      failsPlainly: certainlyFails(ScalarExpectation(type), at: valueIndex),
      replacement: { path in
        // `nil`, the placeholder of an optional.
        guard isOptional, let none = placeholder(type, path: path) else { return false }
        store(none)
        return true
      }
    ) {
      let value = try decodeChild(type, at: valueIndex, key: key, explicitPath: nil)
      // `dropsElementsWithDefaults`: an element that took a default inside is dropped whole.
      if recovery.issueCount > issuesAtStart, options.dropsElementsWithDefaults, recovery.policy == .useDefaults,
        recovery.dropElement(withDefaultsAfter: issuesAtStart)
      {
        return false
      }
      store(value)
      return true
    }
  }
}
