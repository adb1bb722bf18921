@_spi(Engine) import FlexCore

// `[String: Value]` dictionaries written member by member by the streaming encoder.
//
// The standard library's `Dictionary.encode(to:)` asks for a keyed container and encodes each
// member through it: a `_DictionaryCodingKey` made, boxed and copied per member, and every call
// through the container's box. JSONEncoder writes such a dictionary's keys as they are (no key
// strategy), so the encoder writes the members itself, as it writes arrays
// (StreamEncoder+Arrays.swift): the key, then the value at the key's place on the path. An
// `AnyCodable`-style value of 457 bytes (four nested dictionaries) encodes in a third fewer
// instructions. Under a global key map without key strategy, whose candidates would apply to
// dictionary keys too, the dictionary goes through its `encode(to:)` as before.

/// A dictionary the streaming encoder writes itself: `[String: some Encodable]`.
protocol DirectDictionaryEncodable: FlexSendableMetatype {
  /// Writes the dictionary at the encoder's position, its keys as they are.
  func writeMembers(with encoder: StreamEncoder) throws
}

extension Dictionary: DirectDictionaryEncodable where Key == String, Value: Encodable {
  func writeMembers(with encoder: StreamEncoder) throws {
    let session = encoder.session
    let levelBefore = session.stack.count
    let position = session.open(isObject: true)
    // Distinct strings are distinct keys when written as they are.
    session.skipDuplicateCheck(at: position.level)
    for (key, value) in self {
      try session.beginMember(level: position.level, identity: position.identity, key: key)
      try encoder.write(
        value, key: AnyCodingKey(dictionaryKey: key), containerPath: session.pathKeys, explicitPath: nil)
    }
    session.close(downTo: levelBefore)
  }
}

extension StreamEncoder {
  /// Writes `value`, of a type whose traits found it ``DirectDictionaryEncodable`` as
  /// `dictionaryType`.
  @inline(never)
  func writeDirectDictionary<T>(_ value: T, as dictionaryType: any DirectDictionaryEncodable.Type) throws {
    func write<D: DirectDictionaryEncodable>(_: D.Type) throws {
      // `D` is `T` (the traits were computed for `T`): the cast only informs the compiler.
      try unsafeBitCast(value, to: D.self).writeMembers(with: self)
    }
    try write(dictionaryType)
  }
}
