@_spi(Engine) import FlexCore

// `[String: Value]` dictionaries, decoded by the engine rather than by the standard library's
// `Dictionary.init(from:)`. That initializer asks a keyed container for `allKeys` (a `String`
// and a coding key per member, and a cast of the whole array), then looks each key up again to
// decode its value through the container's existential: about 9,000 instructions a member
// before the value itself. Here the object's members are walked once in document order, each
// key made once from the tape, each value decoded in place with the key on its path, as
// JSONDecoder reports it (`[…, "12"]`, whose `intValue` is 12). As in JSONDecoder the keys are
// data: no key strategy or key map applies, and the first of two equal keys wins (its value is
// decoded; the later one's is not). A value that is not an object takes the standard route, so
// its error is JSONDecoder's.

/// Dictionaries whose members the engine decodes itself.
protocol DirectDictionaryDecodable: FlexSendableMetatype {
  static func decodeMembers(from decoder: TapeDecoder, at objectIndex: Int) throws -> Self
}

extension Dictionary: DirectDictionaryDecodable where Key == String, Value: Decodable {
  static func decodeMembers(from decoder: TapeDecoder, at objectIndex: Int) throws -> [String: Value] {
    let tape = decoder.tape
    let count = Int(tape[objectIndex].length)
    if count > 1 && hasDistinctASCIIKeys(tape, objectIndex: objectIndex, count: count) {
      return try decodeDistinctMembers(from: decoder, at: objectIndex, count: count)
    }
    // A key repeated (the first occurrence wins, the others are not decoded, as in
    // JSONDecoder), or one that `String` equality may find equal to another written otherwise.
    var members: [String: Value] = [:]
    members.reserveCapacity(count)
    var keyIndex = objectIndex &+ 1
    for _ in 0..<count {
      let key = tape.string(at: keyIndex)
      if members.index(forKey: key) == nil {
        members[key] = try decoder.decodeChild(
          Value.self, at: keyIndex &+ 1, key: DictionaryMemberKey(stringValue: key), explicitPath: nil)
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return members
  }

  /// Whether the keys of the object are plain ASCII (no escapes) and pairwise different: then
  /// `String` equality, which compares canonical equivalents as equal, agrees with the bytes.
  private static func hasDistinctASCIIKeys(_ tape: JSONTape, objectIndex: Int, count: Int) -> Bool {
    var keyIndex = objectIndex &+ 1
    for _ in 0..<count {
      guard tape[keyIndex].flags & (StringFlags.isASCII | StringFlags.hasEscapes) == StringFlags.isASCII else {
        return false
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return MemberIndex(tape: tape, objectIndex: objectIndex, memberCount: count).count == count
  }

  /// The members of an object whose keys are distinct, decoded into the dictionary's own
  /// storage, which then hashes each key once: the initializer Foundation uses to bridge
  /// dictionaries. (`index(forKey:)` and the subscript setter, unspecialized over `Value`,
  /// cost about 2,000 instructions a member: 6% of update-center.json's decode.)
  private static func decodeDistinctMembers(
    from decoder: TapeDecoder, at objectIndex: Int, count: Int
  ) throws -> [String: Value] {
    let tape = decoder.tape
    var failure: (any Error)?
    // (`allowingDuplicates` though there are none: a repeated key would keep one value, never
    // corrupt the table.)
    let members = [String: Value](_unsafeUninitializedCapacity: count, allowingDuplicates: true) { keys, values in
      var keyIndex = objectIndex &+ 1
      for ordinal in 0..<count {
        let key = tape.string(at: keyIndex)
        do {
          // Initialized from the call's result: a move, where a local would be copied and
          // destroyed (a model's value witnesses, a few hundred instructions each).
          (values.baseAddress.unsafelyUnwrapped + ordinal).initialize(
            to: try decoder.decodeChild(
              Value.self, at: keyIndex &+ 1, key: DictionaryMemberKey(stringValue: key), explicitPath: nil))
          (keys.baseAddress.unsafelyUnwrapped + ordinal).initialize(to: key)
        } catch {
          failure = error
          return ordinal
        }
        keyIndex = tape.next(after: keyIndex &+ 1)
      }
      return count
    }
    if let failure { throw failure }
    return members
  }
}

/// Whether a type is ``DirectDictionaryDecodable``, as the process-wide cache knows it.
struct DirectDictionaryType: Sendable {
  /// The type as a ``DirectDictionaryDecodable``, or `nil`.
  let type: (any DirectDictionaryDecodable.Type)?

  private static let cache = ProcessTypeCache<DirectDictionaryType>()

  static func shared(for type: any Decodable.Type, _ identifier: ObjectIdentifier) -> DirectDictionaryType {
    cache.value(for: identifier) { DirectDictionaryType(type: type as? any DirectDictionaryDecodable.Type) }
  }
}

extension TapeDecoder {
  /// `T`, a dictionary type whose traits found it ``DirectDictionaryDecodable``, decoded from
  /// the object at `valueIndex`.
  @inline(never)
  func decodeDirectDictionary<T: Decodable>(_ type: T.Type, at valueIndex: Int) throws -> T {
    guard let dictionaryType = session.directDictionaryType(of: type) else { return try type.init(from: self) }
    func decode<D: DirectDictionaryDecodable>(_ dictionaryType: D.Type) throws -> T {
      // `D` is `T` (the traits were computed for `T`): the cast only informs the compiler.
      unsafeBitCast(try D.decodeMembers(from: self, at: valueIndex), to: T.self)
    }
    return try decode(dictionaryType)
  }
}
