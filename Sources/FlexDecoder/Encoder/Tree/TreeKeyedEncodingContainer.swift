// Keyed encoding: each key becomes a member of the object, under the first candidate of the
// type's key map (a key path writes nested objects, shared by the properties mapped into them),
// or under the key converted by the key strategy.

/// `KeyedEncodingContainerProtocol` over one object under construction.
struct TreeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: TreeEncoder
  let object: EncodedObject
  let codingPath: [any CodingKey]

  // MARK: Keys

  /// Stores `value` where `key` belongs.
  @inline(__always)
  private func set(_ value: EncodedValue, forKey key: some CodingKey) {
    let session = encoder.session
    if encoder.typeMapping == nil && (session.globalMapping == nil || encoder.exemptsKeyStrategy)
      && (session.usesDefaultKeys || encoder.exemptsKeyStrategy)
    {
      object.set(value, forKey: key.stringValue)  // the common case: no map, no strategy
      return
    }
    let (target, member) = location(of: key)
    target.set(value, forKey: member)
  }

  /// The object and member name where `key`'s value belongs: the first candidate of the type's
  /// key map (the objects of a key path are created as needed), or the key converted by the key
  /// encoding strategy.
  private func location(of key: some CodingKey) -> (object: EncodedObject, member: String) {
    if let candidates = encoder.typeMapping?.entries[key.stringValue]
      ?? (encoder.exemptsKeyStrategy ? nil : encoder.session.globalMapping?.entries[key.stringValue]),
      let first = candidates.first
    {
      var target = object
      for component in first.components.dropLast() {
        target = target.nestedObject(forKey: component.key)
      }
      return (target, first.components[first.components.count - 1].key)
    }
    return (object, jsonKey(for: key))
  }

  /// The key converted by the key encoding strategy.
  private func jsonKey(for key: some CodingKey) -> String {
    guard !encoder.exemptsKeyStrategy else { return key.stringValue }
    return encoder.options.convertedKey(key, codingPath: codingPath + [key])
  }

  // MARK: Encoding

  mutating func encodeNil(forKey key: Key) throws { set(.null, forKey: key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), forKey: key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), forKey: key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try encoder.boxFloat(value, path: codingPath + [key]), forKey: key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try encoder.boxFloat(value, path: codingPath + [key]), forKey: key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(String(value)), forKey: key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(String(value)), forKey: key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(String(value)), forKey: key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(String(value)), forKey: key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(String(value)), forKey: key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(String(value)), forKey: key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(String(value)), forKey: key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(String(value)), forKey: key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(String(value)), forKey: key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(String(value)), forKey: key) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws { set(.number(String(value)), forKey: key) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws { set(.number(String(value)), forKey: key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    set(try encoder.box(value, path: codingPath + [key]), forKey: key)
  }

  // MARK: Nested containers and super encoders
  //
  // Asked for again under one key, a container writes into what is there if it is of its kind,
  // and stops the program otherwise; a super encoder's value replaces what is there when the
  // encoder is released. All as in JSONEncoder (see RepeatedContainerRules.swift).

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let path = codingPath + [key]
    let (target, member) = location(of: key)
    guard case .object(let nested) = target.nestedContainer(isObject: true, forKey: member, codingPath: path) else {
      preconditionFailure("not an object")
    }
    let nestedEncoder = TreeEncoder(session: encoder.session, codingPath: path)
    return KeyedEncodingContainer(
      TreeKeyedEncodingContainer<NestedKey>(encoder: nestedEncoder, object: nested, codingPath: path))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let path = codingPath + [key]
    let (target, member) = location(of: key)
    guard case .array(let nested) = target.nestedContainer(isObject: false, forKey: member, codingPath: path) else {
      preconditionFailure("not an array")
    }
    let nestedEncoder = TreeEncoder(session: encoder.session, codingPath: path)
    return TreeUnkeyedEncodingContainer(encoder: nestedEncoder, array: nested, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    // `super` is converted by the key strategy like any other key, as in JSONEncoder.
    superEncoder(for: AnyCodingKey.super)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(for: key)
  }

  /// A super encoder whose value is stored where `key`'s belongs when it is released. (A
  /// class's map serves its superclass too.)
  private func superEncoder(for key: some CodingKey) -> TreeEncoder {
    TreeEncoder(
      session: encoder.session, codingPath: codingPath + [key], typeMapping: encoder.typeMapping,
      destination: location(of: key))
  }
}
