import FlexDecoder
import Foundation

/// The `Decoder` a model's `init(from:)` runs against: one value of the tree.
struct ReferenceDecoder: Decoder {
  let session: ReferenceSession
  let node: ReferenceNode
  let path: [ReferencePathComponent]
  /// The model's ``FlexKeyMapping`` map, if it has one.
  let keyMap: FlexKeyMap?
  /// The declared initial values of a ``FlexDeclaredDefaults`` model, by property name.
  let declaredDefaults: [String: Any]?

  var codingPath: [any CodingKey] { path.map(\.codingKey) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let (members, objectNode) = try session.objectMembers(node, path: path)
    return KeyedDecodingContainer(
      ReferenceKeyedContainer<Key>(decoder: self, members: members, objectNode: objectNode))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    ReferenceUnkeyedContainer(decoder: self, elements: try session.arrayElements(node, path: path))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ReferenceSingleValueContainer(decoder: self)
  }
}

// MARK: - Keyed

/// An object's members, looked up by the key strategy or the model's key map. Each `decode` is a
/// call that repairs what fails inside it.
struct ReferenceKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ReferenceDecoder
  let members: [(key: String, value: ReferenceNode)]
  let objectNode: ReferenceNode

  private var session: ReferenceSession { decoder.session }
  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    members.compactMap { Key(stringValue: jsonKeyToProperty($0.key)) }
  }

  private func jsonKeyToProperty(_ key: String) -> String {
    session.options.convertsFromSnakeCase ? ReferenceKeys.camelCase(key) : key
  }

  /// The value for `key`: the first candidate present and non-null (else the first present) of a
  /// key map, or the member whose key the strategy converts to `key`.
  private func lookup(_ key: Key) -> ReferenceNode? {
    if let candidates = decoder.keyMap?[key.stringValue] {
      let present = candidates.compactMap { candidate in members.first { $0.key == candidate }?.value }
      return present.first { !$0.isNull } ?? present.first
    }
    return members.first { jsonKeyToProperty($0.key) == key.stringValue }?.value
  }

  /// The declared initial value of the property `key` (FlexDeclaredDefaults). (Looked up before
  /// the cast: a missing entry cast to an `Optional` type would be `nil` as a value.)
  private func declaredDefault<T>(_ key: Key, as type: T.Type) -> T? {
    guard let declared = decoder.declaredDefaults?[key.stringValue] else { return nil }
    return declared as? T
  }

  private func path(_ key: Key) -> [ReferencePathComponent] {
    decoder.path + [.key(key.stringValue, isDictionaryKey: false)]
  }

  func contains(_ key: Key) -> Bool {
    lookup(key) != nil
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let node = lookup(key) else {
      throw session.problem(.keyNotFound, path: path(key), order: objectNode.order)
    }
    return node.isNull
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let path = path(key)
    let node = lookup(key)
    let declared = declaredDefault(key, as: T.self)
    // A declared default stands in for a missing key or a null (FlexDeclaredDefaults).
    if let declared, node?.isNull ?? true { return declared }
    let isOptional = T.self is any ReferenceOptional.Type
    return try session.repaired(
      T.self, path: path, order: node?.order ?? objectNode.order, action: isOptional ? .makeNil : .substitute,
      placeholder: { declared ?? session.placeholder(T.self) }
    ) {
      guard let node else { throw session.problem(.keyNotFound, path: path, order: objectNode.order) }
      return try session.decodeValue(T.self, node, path: path)
    }
  }

  private func decodeIfPresent<T: Decodable>(of type: T.Type, _ key: Key) throws -> T? {
    let path = path(key)
    guard let node = lookup(key) else {
      // A declared optional with a non-nil initial value keeps it when the key is missing.
      return declaredDefault(key, as: T.self)
    }
    guard !node.isNull else { return nil }
    // A bad value becomes `nil`, or a FlexDeclaredDefaults model's declared value.
    let declared = declaredDefault(key, as: T.self)
    return try session.repaired(T?.self, path: path, order: node.order, action: .makeNil, placeholder: { declared }) {
      try session.decodeValue(T.self, node, path: path)
    }
  }

  // The standard library's `decodeIfPresent` of each scalar type would read through `contains`
  // and `decode(_:forKey:)`, which repairs with a placeholder, not `nil`: route them here.
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIfPresent(of: type, key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIfPresent(of: type, key) }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try decodeIfPresent(of: type, key)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let path = path(key)
    let node = lookup(key)
    // A bad nested object is a bad value: an object of placeholders takes its place, and
    // nothing below it is reported.
    let members = try session.repaired(
      [(key: String, value: ReferenceNode)]?.self, path: path, order: node?.order ?? objectNode.order,
      action: .substitute, placeholder: { .some(nil) }
    ) {
      guard let node else { throw session.problem(.keyNotFound, path: path, order: objectNode.order) }
      return try session.objectMembers(node, path: path).members
    }
    guard let members, let node else {
      return try ReferencePlaceholderDecoder().container(keyedBy: NestedKey.self)
    }
    let nested = ReferenceDecoder(session: session, node: node, path: path, keyMap: nil, declaredDefaults: nil)
    return KeyedDecodingContainer(
      ReferenceKeyedContainer<NestedKey>(decoder: nested, members: members, objectNode: node))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let path = path(key)
    guard let node = lookup(key) else {
      throw session.problem(.keyNotFound, path: path, order: objectNode.order)
    }
    let nested = ReferenceDecoder(session: session, node: node, path: path, keyMap: nil, declaredDefaults: nil)
    return try nested.unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    decoder
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    guard let node = lookup(key) else {
      throw session.problem(.keyNotFound, path: path(key), order: objectNode.order)
    }
    return ReferenceDecoder(session: session, node: node, path: path(key), keyMap: nil, declaredDefaults: nil)
  }
}

// MARK: - Single value

/// The value itself: never repairs (a failure here is its value's, repaired by the call that
/// asked for the value).
struct ReferenceSingleValueContainer: SingleValueDecodingContainer {
  let decoder: ReferenceDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool {
    decoder.node.isNull
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.session.decodeValue(T.self, decoder.node, path: decoder.path)
  }
}

// MARK: - Unkeyed

/// An array read in order (the zoo's arrays are decoded by ``ReferenceCustomDecodable``; this is
/// for completeness, without repairs).
struct ReferenceUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: ReferenceDecoder
  let elements: [ReferenceNode]
  private(set) var currentIndex = 0

  init(decoder: ReferenceDecoder, elements: [ReferenceNode]) {
    self.decoder = decoder
    self.elements = elements
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private func next(_ type: Any.Type) throws -> (node: ReferenceNode, path: [ReferencePathComponent]) {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: "Unkeyed container is at end."))
    }
    return (elements[currentIndex], decoder.path + [.index(currentIndex)])
  }

  mutating func decodeNil() throws -> Bool {
    let (node, _) = try next(Any?.self)
    if node.isNull { currentIndex += 1 }
    return node.isNull
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (node, path) = try next(T.self)
    let value = try decoder.session.decodeValue(T.self, node, path: path)
    currentIndex += 1
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let (node, path) = try next(NestedKey.self)
    currentIndex += 1
    return try ReferenceDecoder(session: decoder.session, node: node, path: path, keyMap: nil, declaredDefaults: nil)
      .container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (node, path) = try next([Any].self)
    currentIndex += 1
    return try ReferenceDecoder(session: decoder.session, node: node, path: path, keyMap: nil, declaredDefaults: nil)
      .unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (node, path) = try next((any Decoder).self)
    currentIndex += 1
    return ReferenceDecoder(session: decoder.session, node: node, path: path, keyMap: nil, declaredDefaults: nil)
  }
}
