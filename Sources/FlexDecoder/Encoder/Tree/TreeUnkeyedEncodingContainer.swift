/// `UnkeyedEncodingContainer` over one array under construction.
struct TreeUnkeyedEncodingContainer: UnkeyedEncodingContainer {
  let encoder: TreeEncoder
  let array: EncodedArray
  let codingPath: [any CodingKey]

  var count: Int { array.elements.count }

  private var nextPath: [any CodingKey] { codingPath + [IndexCodingKey(index: count)] }

  mutating func encodeNil() throws { array.elements.append(.null) }
  mutating func encode(_ value: Bool) throws { array.elements.append(.bool(value)) }
  mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
  mutating func encode(_ value: Double) throws { array.elements.append(try encoder.boxFloat(value, path: nextPath)) }
  mutating func encode(_ value: Float) throws { array.elements.append(try encoder.boxFloat(value, path: nextPath)) }
  mutating func encode(_ value: Int) throws { array.elements.append(.number(String(value))) }
  mutating func encode(_ value: Int8) throws { array.elements.append(.number(String(value))) }
  mutating func encode(_ value: Int16) throws { array.elements.append(.number(String(value))) }
  mutating func encode(_ value: Int32) throws { array.elements.append(.number(String(value))) }
  mutating func encode(_ value: Int64) throws { array.elements.append(.number(String(value))) }
  mutating func encode(_ value: UInt) throws { array.elements.append(.number(String(value))) }
  mutating func encode(_ value: UInt8) throws { array.elements.append(.number(String(value))) }
  mutating func encode(_ value: UInt16) throws { array.elements.append(.number(String(value))) }
  mutating func encode(_ value: UInt32) throws { array.elements.append(.number(String(value))) }
  mutating func encode(_ value: UInt64) throws { array.elements.append(.number(String(value))) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { array.elements.append(.number(String(value))) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { array.elements.append(.number(String(value))) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    array.elements.append(try encoder.box(value, path: nextPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let path = nextPath
    let nested = EncodedObject()
    array.elements.append(.object(nested))
    let nestedEncoder = TreeEncoder(session: encoder.session, codingPath: path)
    return KeyedEncodingContainer(
      TreeKeyedEncodingContainer<NestedKey>(encoder: nestedEncoder, object: nested, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    let nested = EncodedArray()
    array.elements.append(.array(nested))
    return TreeUnkeyedEncodingContainer(
      encoder: TreeEncoder(session: encoder.session, codingPath: path), array: nested, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let superEncoder = TreeEncoder(session: encoder.session, codingPath: nextPath)
    array.elements.append(.pending(superEncoder))
    return superEncoder
  }
}
