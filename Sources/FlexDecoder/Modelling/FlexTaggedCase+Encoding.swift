import Foundation

// Where a tagged case writes its tag and its value. Three shapes: the value's keys beside the
// tag (internal tagging), the value under the content key (adjacent tagging), and the tag inside
// the content object (a tag key path that starts with the content key, `"data.type"` with
// `"data"`). A tag key equal to the content key cannot hold both, and is an
// `EncodingError.invalidValue`.

extension FlexTaggedCase {
  /// Writes `tag` at `tagKeys` and `value` where the enum's `contentKey` puts it.
  static func encode<Value: Encodable>(
    _ value: Value, _ union: Union, tag: String, _ tagKeys: [TagCodingKey], _ contentKey: String?,
    to encoder: any Encoder
  ) throws {
    var container = encoder.container(keyedBy: TagCodingKey.self)
    guard let contentKey, try tagIsInContent(union, tagKeys, contentKey, encoder) else {
      try TagCodingKey.encode(tag, at: tagKeys[...], in: &container)
      guard let contentKey else {
        try encodeBesideTag(value, union, tag: tag, tagKeys, contentKey: nil, to: encoder, at: encoder.codingPath)
        return
      }
      try container.encode(value, forKey: TagCodingKey(contentKey))
      return
    }
    let contentEncoder = container.superEncoder(forKey: TagCodingKey(contentKey))
    var content = contentEncoder.container(keyedBy: TagCodingKey.self)
    try TagCodingKey.encode(tag, at: tagKeys.dropFirst(), in: &content)
    try encodeBesideTag(
      value, union, tag: tag, tagKeys, contentKey: contentKey, to: contentEncoder, at: encoder.codingPath)
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

  /// Writes `value`'s keys into the object that holds the tag.
  private static func encodeBesideTag<Value: Encodable>(
    _ value: Value, _ union: Union, tag: String, _ tagKeys: [TagCodingKey], contentKey: String?,
    to encoder: any Encoder, at codingPath: [any CodingKey]
  ) throws {
    try value.encode(to: encoder)
  }
}
