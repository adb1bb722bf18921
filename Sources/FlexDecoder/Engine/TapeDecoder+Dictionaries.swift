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
protocol DirectDictionaryDecodable: SendableMetatype {
  static func decodeMembers(from decoder: TapeDecoder, at objectIndex: Int) throws -> Self
}

extension Dictionary: DirectDictionaryDecodable where Key == String, Value: Decodable {
  static func decodeMembers(from decoder: TapeDecoder, at objectIndex: Int) throws -> [String: Value] {
    let tape = decoder.tape
    let count = Int(tape[objectIndex].length)
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
