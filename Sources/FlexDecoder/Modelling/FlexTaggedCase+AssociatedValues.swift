// Tagged cases whose associated values are read from keys of the object, one key per value:
// `case point(x: Int, y: Int)` from {"type": "point", "x": 1, "y": 2}.

extension FlexTaggedCase {
  /// A case with one associated value read from the key `key` of the case's object (beside the
  /// tag, or in the `contentKey` object): `case text(body: String)` from
  /// `{"type": "text", "body": "hi"}`.
  ///
  /// Encoding writes the value under `key`; `extract` tells the case apart (without it, `Mirror`
  /// finds the value by its type, as in ``init(_:_:extract:)``).
  public init<A: Codable>(
    _ tag: String, key: String, _ make: @escaping @Sendable (A) -> Union,
    extract: (@Sendable (Union) -> A?)? = nil
  ) where A: FlexSendableMetatype {
    self.init(
      tag: tag, readsValueWithMirror: extract == nil,
      decode: { decoder in
        let container = try decoder.container(keyedBy: TagCodingKey.self)
        return make(try container.decodeAssociatedValue(A.self, forKey: TagCodingKey(key)))
      },
      encode: { union, encoder, tagKeys, contentKey in
        guard let a = extract.map({ $0(union) }) ?? Self.mirroredValue(of: union, as: A.self) else { return false }
        var container = try Self.valueContainer(union, encoder, tag, tagKeys, contentKey)
        try container.encodeAssociatedValue(a, forKey: TagCodingKey(key))
        return true
      })
  }

  /// A case with two associated values, each read from its key of the case's object (beside the
  /// tag, or in the `contentKey` object): `case point(x: Int, y: Int)` from
  /// `{"type": "point", "x": 1, "y": 2}`, with `.init("point", keys: "x", "y", Shape.point)`.
  ///
  /// A key that is missing is a `keyNotFound` at that key, as in a synthesized `init(from:)` of
  /// a struct with those properties; an optional value (`String?`) is `nil` when its key is
  /// missing or `null`, and is left out when encoded as `nil`. Encoding writes the tag, then each value under its key;
  /// `extract` (`{ if case .point(let x, let y) = $0 { (x, y) } else { nil } }`) tells the case
  /// apart without `Mirror`, which otherwise finds the values by their types.
  public init<A: Codable, B: Codable>(
    _ tag: String, keys a: String, _ b: String, _ make: @escaping @Sendable (A, B) -> Union,
    extract: (@Sendable (Union) -> (A, B)?)? = nil
  ) where A: FlexSendableMetatype, B: FlexSendableMetatype {
    self.init(
      tag: tag, readsValueWithMirror: extract == nil,
      decode: { decoder in
        let container = try decoder.container(keyedBy: TagCodingKey.self)
        return make(
          try container.decodeAssociatedValue(A.self, forKey: TagCodingKey(a)),
          try container.decodeAssociatedValue(B.self, forKey: TagCodingKey(b)))
      },
      encode: { union, encoder, tagKeys, contentKey in
        guard let values = extract.map({ $0(union) }) ?? Self.mirroredValue(of: union, as: (A, B).self) else {
          return false
        }
        var container = try Self.valueContainer(union, encoder, tag, tagKeys, contentKey)
        try container.encodeAssociatedValue(values.0, forKey: TagCodingKey(a))
        try container.encodeAssociatedValue(values.1, forKey: TagCodingKey(b))
        return true
      })
  }

  /// A case with three associated values, each read from its key of the case's object:
  /// `case box(x: Int, y: Int, size: Int)` with `.init("box", keys: "x", "y", "size", Shape.box)`.
  /// As ``init(_:keys:_:_:extract:)``.
  public init<A: Codable, B: Codable, C: Codable>(
    _ tag: String, keys a: String, _ b: String, _ c: String, _ make: @escaping @Sendable (A, B, C) -> Union,
    extract: (@Sendable (Union) -> (A, B, C)?)? = nil
  ) where A: FlexSendableMetatype, B: FlexSendableMetatype, C: FlexSendableMetatype {
    self.init(
      tag: tag, readsValueWithMirror: extract == nil,
      decode: { decoder in
        let container = try decoder.container(keyedBy: TagCodingKey.self)
        return make(
          try container.decodeAssociatedValue(A.self, forKey: TagCodingKey(a)),
          try container.decodeAssociatedValue(B.self, forKey: TagCodingKey(b)),
          try container.decodeAssociatedValue(C.self, forKey: TagCodingKey(c)))
      },
      encode: { union, encoder, tagKeys, contentKey in
        guard let values = extract.map({ $0(union) }) ?? Self.mirroredValue(of: union, as: (A, B, C).self) else {
          return false
        }
        var container = try Self.valueContainer(union, encoder, tag, tagKeys, contentKey)
        try container.encodeAssociatedValue(values.0, forKey: TagCodingKey(a))
        try container.encodeAssociatedValue(values.1, forKey: TagCodingKey(b))
        try container.encodeAssociatedValue(values.2, forKey: TagCodingKey(c))
        return true
      })
  }

  /// The associated value (or values, as a tuple) of `union`'s case, if they are of type `T`.
  /// `Mirror` shows several values as one labelled tuple, which casts to the unlabelled `T`, and
  /// one labelled value (`circle(radius: 1.5)`) as a tuple of one element.
  static func mirroredValue<T>(of union: Union, as type: T.Type) -> T? {
    guard let value = Mirror(reflecting: union).children.first?.value else { return nil }
    if let value = value as? T { return value }
    let inner = Mirror(reflecting: value)
    guard inner.displayStyle == .tuple, inner.children.count == 1 else { return nil }
    return inner.children.first?.value as? T
  }

  /// Writes the tag, and returns the container the case's values go in: the same object, or its
  /// `contentKey` member (which also holds the tag when the tag key path starts with the
  /// `contentKey`).
  private static func valueContainer(
    _ union: Union, _ encoder: any Encoder, _ tag: String, _ tagKeys: [TagCodingKey], _ contentKey: String?
  ) throws -> KeyedEncodingContainer<TagCodingKey> {
    var container = encoder.container(keyedBy: TagCodingKey.self)
    if let contentKey, try tagIsInContent(union, tagKeys, contentKey, encoder) {
      var content = container.nestedContainer(keyedBy: TagCodingKey.self, forKey: TagCodingKey(contentKey))
      try TagCodingKey.encode(tag, at: tagKeys.dropFirst(), in: &content)
      return content
    }
    try TagCodingKey.encode(tag, at: tagKeys[...], in: &container)
    guard let contentKey else { return container }
    return container.nestedContainer(keyedBy: TagCodingKey.self, forKey: TagCodingKey(contentKey))
  }
}

/// An `Optional`, told apart at run time: the associated values of a tagged case are generic.
private protocol OptionalAssociatedValue {
  /// `nil`.
  static var absent: Self { get }
  /// Whether the value is `nil`.
  var isAbsent: Bool { get }
}

extension Optional: OptionalAssociatedValue {
  fileprivate static var absent: Self { nil }
  fileprivate var isAbsent: Bool { self == nil }
}

extension KeyedDecodingContainer where Key == TagCodingKey {
  /// The value under `key`; for an optional type, `nil` when the key is missing or `null`
  /// (`decodeIfPresent`, as a synthesized `init(from:)` reads an optional property).
  fileprivate func decodeAssociatedValue<V: Decodable>(_ type: V.Type, forKey key: TagCodingKey) throws -> V {
    if let optional = V.self as? any OptionalAssociatedValue.Type, try !contains(key) || decodeNil(forKey: key),
      let absent = optional.absent as? V
    {
      return absent
    }
    return try decode(type, forKey: key)
  }
}

extension KeyedEncodingContainer where Key == TagCodingKey {
  /// Writes `value` under `key`, leaving out a `nil` optional (`encodeIfPresent`).
  fileprivate mutating func encodeAssociatedValue<V: Encodable>(_ value: V, forKey key: TagCodingKey) throws {
    if let optional = value as? any OptionalAssociatedValue, optional.isAbsent { return }
    try encode(value, forKey: key)
  }
}
