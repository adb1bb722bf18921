/// One case of a ``FlexTaggedEnum``: its tag, how to make the enum from the case's value, and
/// how to get the value back.
public struct FlexTaggedCase<Union>: Sendable {
  /// The tag in the JSON.
  public let tag: String
  /// Whether encoding finds the case's value with `Mirror` (no `extract` closure was given).
  let readsValueWithMirror: Bool
  /// Whether the case's one value is the enum itself (`indirect case not(Expr)`): internal
  /// tagging would read it from the same object, tag and all, again and again.
  var holdsTheEnumItself = false
  /// Makes the enum from the decoder of the case's content (the tagged object itself, or its
  /// `contentKey` member).
  let decode: @Sendable (any Decoder) throws -> Union
  /// Writes the tag (at the given key path) and the case's value, if the enum is this case
  /// (else returns `false`); the last argument is the `contentKey`.
  let encode: @Sendable (Union, any Encoder, [TagCodingKey], String?) throws -> Bool

  /// A case from its three parts (see the public initializers).
  init(
    tag: String, readsValueWithMirror: Bool, decode: @escaping @Sendable (any Decoder) throws -> Union,
    encode: @escaping @Sendable (Union, any Encoder, [TagCodingKey], String?) throws -> Bool
  ) {
    self.tag = tag
    self.readsValueWithMirror = readsValueWithMirror
    self.decode = decode
    self.encode = encode
  }

  /// The case `make` builds (`Media.video`) under `tag`. Encoding recognises the case by its
  /// value's type, read with `Mirror`; `extract` (`{ if case .video(let v) = $0 { v } else { nil } }`)
  /// tells apart cases that carry the same type, and needs no `Mirror`: give it to every case
  /// when the app is built without reflection metadata (Xcode's "Reflection Metadata Level" set
  /// to None), where `Mirror` sees no associated values and encoding would find no case.
  public init<Value: Codable>(
    _ tag: String, _ make: @escaping @Sendable (Value) -> Union,
    extract: (@Sendable (Union) -> Value?)? = nil
  ) where Value: FlexSendableMetatype {
    self.tag = tag
    readsValueWithMirror = extract == nil
    holdsTheEnumItself = Value.self == Union.self
    decode = { decoder in make(try decoder.singleValueContainer().decode(Value.self)) }
    encode = { union, encoder, tagKeys, contentKey in
      let value = extract.map { $0(union) } ?? Self.mirroredValue(of: union, as: Value.self)
      guard let value else { return false }
      try Self.encode(value, union, tag: tag, tagKeys, contentKey, to: encoder)
      return true
    }
  }
}
