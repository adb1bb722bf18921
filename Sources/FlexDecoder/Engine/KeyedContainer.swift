// Keyed containers look keys up by comparing the UTF-8 bytes of `CodingKey.stringValue` with
// the raw key bytes on the tape: no String is created for a JSON key unless a key strategy needs
// it.
//
// Synthesized `init(from:)` asks for keys in declaration order, which usually is document order.
// So each search starts just after the previous hit and wraps around: for a model that matches
// its payload, every lookup is one comparison.
//
// Duplicate keys: the first occurrence wins, as in JSONDecoder, however often a key is looked up.
// A search that starts after the hint could meet a later duplicate first; so when a hit lies
// after the hint, the members before it are checked for the same key. Most of the time there is
// nothing to check: a bit mask records the members that lookups have found ("claimed"), and a
// 64-bit signature set the keys they were found for. An earlier member can have the key only if
// it is unclaimed, or if the key's signature is in the set (the key may have been looked up
// before). For a model that matches its payload, all earlier members are claimed and the
// signature usually is new, so the hit stands without comparing keys.

/// `KeyedDecodingContainerProtocol` over one object of the tape.
final class KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  /// Objects with more members than this are looked up through a hash map.
  static var hashingThreshold: Int { 64 }

  private let decoder: TapeDecoder
  private let tape: JSONTape
  private let objectIndex: Int
  private let memberCount: Int
  private let pathDepth: Int
  private let explicitPath: [any CodingKey]?
  private let usesDefaultKeys: Bool

  private var hintOrdinal = 0
  private var hintKeyIndex: Int
  private var claimedMask: UInt64 = 0
  /// The signatures of the keys that found a member, one bit each (see `signature(of:)`).
  private var foundKeySignatures: UInt64 = 0
  /// Key (converted by the key strategy, if any) → value index; first occurrence wins. Built for
  /// key strategies and for large objects.
  private var keyMap: [String: Int]?

  init(decoder: TapeDecoder, objectIndex: Int, explicitPath: [any CodingKey]?, usesDefaultKeys: Bool) {
    self.decoder = decoder
    self.tape = decoder.tape
    self.objectIndex = objectIndex
    self.memberCount = Int(decoder.tape[objectIndex].length)
    self.pathDepth = decoder.pathStack.count
    self.explicitPath = explicitPath
    self.usesDefaultKeys = usesDefaultKeys
    self.hintKeyIndex = objectIndex &+ 1
    if !usesDefaultKeys || memberCount > Self.hashingThreshold {
      keyMap = makeKeyMap()
    }
  }

  var codingPath: [any CodingKey] {
    explicitPath ?? Array(decoder.pathStack.prefix(pathDepth))
  }

  // MARK: Keys

  /// The members' keys (converted by the key strategy) in document order, each once.
  private var memberKeys: [(key: String, valueIndex: Int)] {
    var result: [(key: String, valueIndex: Int)] = []
    result.reserveCapacity(memberCount)
    var keyIndex = objectIndex &+ 1
    for _ in 0..<memberCount {
      result.append((convertedKey(tape.string(at: keyIndex)), keyIndex &+ 1))
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return result
  }

  private func convertedKey(_ key: String) -> String {
    guard !usesDefaultKeys else { return key }
    switch decoder.options.keyDecodingStrategy {
    case .useDefaultKeys:
      return key
    case .convertFromSnakeCase:
      return SnakeCaseConversion.camelCase(fromSnakeCase: key)
    case .custom(let convert):
      return convert(codingPath + [AnyCodingKey(stringValue: key)]).stringValue
    }
  }

  private func makeKeyMap() -> [String: Int] {
    var map: [String: Int] = [:]
    map.reserveCapacity(memberCount)
    for (key, valueIndex) in memberKeys where map[key] == nil {
      map[key] = valueIndex
    }
    return map
  }

  var allKeys: [Key] {
    var seen = Set<String>()
    var keys: [Key] = []
    keys.reserveCapacity(memberCount)
    for (string, _) in memberKeys where seen.insert(string).inserted {
      if let key = Key(stringValue: string) { keys.append(key) }
    }
    return keys
  }

  func contains(_ key: Key) -> Bool {
    valueIndex(forKey: key) != nil
  }

  /// The tape index of the value for `key`, or `nil` if the object has no such key.
  @inline(__always)
  private func valueIndex(forKey key: Key) -> Int? {
    if let keyMap { return keyMap[key.stringValue] }
    var keyString = key.stringValue
    return keyString.withUTF8 { findValue(forKey: UnsafeRawBufferPointer($0)) }
  }

  private func findValue(forKey utf8: UnsafeRawBufferPointer) -> Int? {
    var ordinal = hintOrdinal
    var keyIndex = hintKeyIndex
    var wrapped = false
    for _ in 0..<memberCount {
      if tape.key(at: keyIndex, equals: utf8) {
        let signature = Self.signature(of: utf8)
        if !wrapped && hintOrdinal > 0, mayHaveEarlierMatch(signature), let earlier = earlierMatch(for: utf8) {
          return earlier
        }
        claim(ordinal: ordinal, keyIndex: keyIndex, signature: signature)
        return keyIndex &+ 1
      }
      ordinal &+= 1
      keyIndex = tape.next(after: keyIndex &+ 1)
      if ordinal == memberCount {
        ordinal = 0
        keyIndex = objectIndex &+ 1
        wrapped = true
      }
    }
    return nil
  }

  /// Whether a member before the hint may have the key of `signature`: an unclaimed one, or a
  /// claimed one if a key with this signature found a member before.
  @inline(__always)
  private func mayHaveEarlierMatch(_ signature: UInt64) -> Bool {
    let earlierMembers = (1 &<< UInt64(hintOrdinal)) &- 1
    return claimedMask & earlierMembers != earlierMembers || foundKeySignatures & signature != 0
  }

  /// The first member before the hint with the same key: the first occurrence of a duplicated
  /// key.
  private func earlierMatch(for utf8: UnsafeRawBufferPointer) -> Int? {
    var keyIndex = objectIndex &+ 1
    for _ in 0..<hintOrdinal {
      if tape.key(at: keyIndex, equals: utf8) {
        return keyIndex &+ 1
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return nil
  }

  /// One of 64 bits, from a key's length and a few of its bytes: equal keys have equal
  /// signatures.
  @inline(__always)
  private static func signature(of utf8: UnsafeRawBufferPointer) -> UInt64 {
    var mix = UInt64(truncatingIfNeeded: utf8.count) &* 0x9E37_79B9
    if let first = utf8.first, let last = utf8.last {
      mix ^= UInt64(first) &* 0x85EB_CA6B ^ UInt64(last) &* 0xC2B2_AE35 ^ UInt64(utf8[utf8.count / 2]) &* 0x27D4_EB2F
    }
    return 1 &<< ((mix ^ mix &>> 29) & 63)
  }

  @inline(__always)
  private func claim(ordinal: Int, keyIndex: Int, signature: UInt64) {
    claimedMask |= 1 &<< UInt64(ordinal)
    foundKeySignatures |= signature
    let next = ordinal &+ 1
    if next == memberCount {
      hintOrdinal = 0
      hintKeyIndex = objectIndex &+ 1
    } else {
      hintOrdinal = next
      hintKeyIndex = tape.next(after: keyIndex &+ 1)
    }
  }

  private func requireValue(forKey key: Key) throws -> Int {
    guard let valueIndex = valueIndex(forKey: key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return valueIndex
  }

  /// The value for `key`, or `nil` when the key is absent or its value is `null`.
  @inline(__always)
  private func presentValue(forKey key: Key) -> Int? {
    guard let valueIndex = valueIndex(forKey: key), tape[valueIndex].kind != .null else { return nil }
    return valueIndex
  }

  // MARK: Decoding

  func decodeNil(forKey key: Key) throws -> Bool {
    decoder.unwrapNil(at: try requireValue(forKey: key))
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.unwrapBool(at: try requireValue(forKey: key), path: codingPath + [key])
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.unwrapString(at: try requireValue(forKey: key), path: codingPath + [key])
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder.unwrapDouble(at: try requireValue(forKey: key), path: codingPath + [key])
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try decoder.unwrapFloat(at: try requireValue(forKey: key), path: codingPath + [key])
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInteger(type, forKey: key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeInteger(type, forKey: key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeInteger(type, forKey: key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeInteger(type, forKey: key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeInteger(type, forKey: key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeInteger(type, forKey: key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeInteger(type, forKey: key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeInteger(type, forKey: key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeInteger(type, forKey: key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeInteger(type, forKey: key) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeInteger(type, forKey: key) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decodeInteger(type, forKey: key) }

  @inline(__always)
  private func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.unwrapInteger(type, at: try requireValue(forKey: key), path: codingPath + [key])
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.decodeChild(type, at: try requireValue(forKey: key), key: key, explicitPath: childPath(key))
  }

  /// The explicit path for a child, when this container has one.
  @inline(__always)
  private func childPath(_ key: Key) -> [any CodingKey]? {
    explicitPath
  }

  // MARK: decodeIfPresent (one lookup instead of contains + decodeNil + decode)

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let valueIndex = presentValue(forKey: key) else { return nil }
    return try decoder.unwrapBool(at: valueIndex, path: codingPath + [key])
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let valueIndex = presentValue(forKey: key) else { return nil }
    return try decoder.unwrapString(at: valueIndex, path: codingPath + [key])
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let valueIndex = presentValue(forKey: key) else { return nil }
    return try decoder.unwrapDouble(at: valueIndex, path: codingPath + [key])
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    guard let valueIndex = presentValue(forKey: key) else { return nil }
    return try decoder.unwrapFloat(at: valueIndex, path: codingPath + [key])
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIntegerIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIntegerIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIntegerIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIntegerIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIntegerIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIntegerIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIntegerIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIntegerIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIntegerIfPresent(type, forKey: key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIntegerIfPresent(type, forKey: key) }

  @inline(__always)
  private func decodeIntegerIfPresent<T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let valueIndex = presentValue(forKey: key) else { return nil }
    return try decoder.unwrapInteger(type, at: valueIndex, path: codingPath + [key])
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let valueIndex = presentValue(forKey: key) else { return nil }
    return try decoder.decodeChild(type, at: valueIndex, key: key, explicitPath: childPath(key))
  }

  // MARK: Nested containers and super decoders

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    guard let valueIndex = valueIndex(forKey: key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Cannot get \(KeyedDecodingContainer<NestedKey>.self) -- no value found for key \(key) (\"\(key.stringValue)\")"))
    }
    return KeyedDecodingContainer(
      try decoder.makeKeyedContainer(keyedBy: type, at: valueIndex, explicitPath: codingPath + [key]))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    guard let valueIndex = valueIndex(forKey: key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "Cannot get UnkeyedDecodingContainer -- no value found for key \(key) (\"\(key.stringValue)\")"))
    }
    return try decoder.makeUnkeyedContainer(at: valueIndex, explicitPath: codingPath + [key])
  }

  func superDecoder() throws -> any Decoder {
    var superKey = AnyCodingKey.super.stringValue
    let valueIndex = keyMap.map { $0[superKey] } ?? superKey.withUTF8 { findValue(forKey: UnsafeRawBufferPointer($0)) }
    return superDecoder(at: valueIndex, key: AnyCodingKey.super)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    superDecoder(at: valueIndex(forKey: key), key: key)
  }

  /// A decoder for the value at `valueIndex`, or for `null` when the key is absent (as in
  /// `JSONDecoder`, so that `init(from:)` of an optional-only type still succeeds).
  private func superDecoder(at valueIndex: Int?, key: any CodingKey) -> any Decoder {
    let path = codingPath + [key]
    guard let valueIndex else {
      return TapeDecoder(tape: JSONTape.null, options: decoder.options, index: 0, codingPath: path)
    }
    return decoder.makeSuperDecoder(at: valueIndex, codingPath: path)
  }
}
