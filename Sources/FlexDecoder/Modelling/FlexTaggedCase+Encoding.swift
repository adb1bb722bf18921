import Foundation

// Where a tagged case writes its tag and its value. Three shapes: the value's keys beside the
// tag (internal tagging), the value under the content key (adjacent tagging), and the tag inside
// the content object (a tag key path that starts with the content key, `"data.type"` with
// `"data"`). Where the tag shares an object with the value, the value must be an object: an Int
// or an array written there would replace the tag (or stop JSONEncoder on a precondition), so it
// is an `EncodingError.invalidValue`, as serde refuses to serialize an internally tagged integer.

extension FlexTaggedCase {
  /// Writes `tag` at `tagKeys` and `value` where the enum's `contentKey` puts it.
  static func encode<Value: Encodable>(
    _ value: Value, _ union: Union, tag: String, _ tagKeys: [TagCodingKey], _ contentKey: String?,
    to encoder: any Encoder
  ) throws {
    var container = encoder.container(keyedBy: TagCodingKey.self)
    if let contentKey, try tagIsInContent(union, tagKeys, contentKey, encoder) {
      let contentEncoder = container.superEncoder(forKey: TagCodingKey(contentKey))
      var content = contentEncoder.container(keyedBy: TagCodingKey.self)
      try TagCodingKey.encode(tag, at: tagKeys.dropFirst(), in: &content)
      try encodeBesideTag(
        value, union, tag: tag, tagKeys, contentKey: contentKey, to: contentEncoder, at: encoder.codingPath)
      return
    }
    try TagCodingKey.encode(tag, at: tagKeys[...], in: &container)
    if let contentKey {
      try container.encode(value, forKey: TagCodingKey(contentKey))
    } else {
      try encodeBesideTag(value, union, tag: tag, tagKeys, contentKey: nil, to: encoder, at: encoder.codingPath)
    }
  }

  /// Whether the tag key path goes into the content object (`"data.type"` with the contentKey
  /// `"data"`).
  ///
  /// - Throws: `EncodingError.invalidValue` when the tag key is the content key itself: the tag
  ///   and the value cannot both be that member.
  static func tagIsInContent(
    _ union: Union, _ tagKeys: [TagCodingKey], _ contentKey: String, _ encoder: any Encoder
  ) throws -> Bool {
    guard tagKeys[0].stringValue == contentKey else { return false }
    guard tagKeys.count > 1 else {
      throw EncodingError.invalidValue(
        union,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "\(Union.self)'s tagKey \"\(contentKey)\" is its contentKey: the tag and the case's value"
            + " cannot share one member"))
    }
    return true
  }

  /// Writes `value`'s keys into the object that holds the tag; `codingPath` is the enum's.
  ///
  /// - Throws: `EncodingError.invalidValue` when `value` is not an object (a number, a string,
  ///   an array; a `Date`, `Data`, `URL` or `Decimal`, which JSON coders write as scalars).
  private static func encodeBesideTag<Value: Encodable>(
    _ value: Value, _ union: Union, tag: String, _ tagKeys: [TagCodingKey], contentKey: String?,
    to encoder: any Encoder, at codingPath: [any CodingKey]
  ) throws {
    let isScalar = value is Date || value is Data || value is URL || value is Decimal
    let besideTag = BesideTagEncoder(encoder)
    if !isScalar {
      try value.encode(to: besideTag)
    }
    guard isScalar || besideTag.wroteNonObject else { return }
    let tagKey = tagKeys.map(\.stringValue).joined(separator: ".")
    let (placement, advice) =
      contentKey.map {
        ("writes its tag (tagKey \"\(tagKey)\") inside its contentKey \"\($0)\"", "a tagKey outside it")
      }
      ?? ("is internally tagged (tagKey \"\(tagKey)\")", "a contentKey")
    throw EncodingError.invalidValue(
      union,
      EncodingError.Context(
        codingPath: codingPath,
        debugDescription: "\(Union.self) \(placement), so the value of case \"\(tag)\" (\(Value.self)) must encode as"
          + " a JSON object; give \(Union.self) \(advice)"))
  }
}

/// The encoder a tagged case's value is written with when it shares an object with the tag: keyed
/// containers are the object's own, so the value's keys go beside the tag; a single value or an
/// array, which cannot, goes to a scratch encoder and is remembered, so the case can throw
/// instead of writing over the tag.
private final class BesideTagEncoder: Encoder {
  private let base: any Encoder
  /// Whether the value asked for a single value or an unkeyed container.
  private(set) var wroteNonObject = false

  init(_ base: any Encoder) {
    self.base = base
  }

  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    base.container(keyedBy: type)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    wroteNonObject = true
    return scratchEncoder().unkeyedContainer()
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    wroteNonObject = true
    return scratchEncoder().singleValueContainer()
  }

  private func scratchEncoder() -> TreeEncoder {
    TreeEncoder(session: EncodeSession(options: FlexJSONEncoder().makeOptions()), codingPath: codingPath)
  }
}
