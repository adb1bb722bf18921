/// An enum whose cases each carry a value (or several), told apart by a tag in the JSON:
/// internally tagged (`{"type": "video", "url": "…"}`) or adjacently tagged
/// (`{"type": "video", "data": {"url": "…"}}`) — MetaCodable's tagged enums, YYModel's
/// `modelCustomClassForDictionary:`.
///
/// ```swift
/// struct Video: Codable { var url: String; var seconds: Int }
/// struct Photo: Codable { var url: String; var width: Int }
/// enum Media: FlexTaggedEnum {
///   case video(Video)
///   case photo(Photo)
///   static var tagKey: String { "type" }
///   static let taggedCases: [FlexTaggedCase<Media>] = [.init("video", Media.video), .init("photo", Media.photo)]
/// }
/// // [{"type": "video", "url": "a.mp4", "seconds": 3}, {"type": "photo", "url": "b.png", "width": 640}]
/// // decodes as [.video(…), .photo(…)], and encodes back to the same JSON
/// ```
///
/// The protocol supplies `init(from:)` and `encode(to:)` (so the enum works with any decoder and
/// encoder). A tag that names no case is a `dataCorrupted` problem at the tag's path; a missing
/// tag is a `keyNotFound`. Both follow the decoder's error policy like any other problem (under
/// `.useDefaults` such an array element is dropped).
///
/// The tag may sit deeper in the object (MetaCodable's `@CodedAt("type", "middle")`): a
/// ``tagKey`` of `"type.middle"` reads `{"type": {"middle": "video"}, …}`. A case may carry
/// several values read from keys of the object (`case point(x: Int, y: Int)`); see
/// ``FlexTaggedCase/init(_:keys:_:_:extract:)``.
public protocol FlexTaggedEnum: Codable {
  /// The key of the tag: `"type"`, `"kind"`; or a key path to it, `"type.middle"`, in the syntax
  /// of ``FlexKeyMap`` (components split on `.`, `\.` a dot inside a key; a path that finds no
  /// object is tried as one literal key). Encoding writes a path as nested objects.
  static var tagKey: String { get }
  /// For adjacent tagging, the key of the case's value (`"data"`); `nil` (the default) for
  /// internal tagging, where the value's own keys sit beside the tag.
  ///
  /// A ``tagKey`` path that starts with the content key (`"data.type"`) puts the tag inside the
  /// content object, beside the value's keys: `{"data": {"type": "video", "url": "…"}}`. A
  /// ``tagKey`` equal to the content key cannot hold both, and encoding throws
  /// `EncodingError.invalidValue`. Wherever the tag shares an object with the value (internal
  /// tagging, or a tag inside the content object), the value must encode as a JSON object:
  /// `case count(Int)` or a case holding an array, `Date`, `Data`, `URL` or `Decimal` throws
  /// `EncodingError.invalidValue` when encoded (as serde refuses an internally tagged integer),
  /// and decoding such a case from the tagged object is a `typeMismatch`, as in `JSONDecoder`.
  static var contentKey: String? { get }
  /// The cases, each with its tag. Encoding picks the first whose value type matches the case's
  /// value (give cases that share a value type an `extract` closure).
  static var taggedCases: [FlexTaggedCase<Self>] { get }
}

extension FlexTaggedEnum {
  /// Internal tagging.
  public static var contentKey: String? { nil }

  /// Reads the tag, then the value of the case it names.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TagCodingKey.self)
    let (tagContainer, tagKey) = try TagCodingKey.tagLocation(Self.tagKey, in: container)
    let tag = try tagContainer.decode(String.self, forKey: tagKey)
    guard let taggedCase = Self.taggedCases.first(where: { $0.tag == tag }) else {
      throw DecodingError.dataCorruptedError(
        forKey: tagKey, in: tagContainer,
        debugDescription: "Unknown \(Self.tagKey) \"\(tag)\" for \(Self.self); expected "
          + Self.taggedCases.map { "\"\($0.tag)\"" }.joined(separator: ", "))
    }
    if let contentKey = Self.contentKey {
      self = try taggedCase.decode(container.superDecoder(forKey: TagCodingKey(contentKey)))
    } else {
      guard !taggedCase.holdsTheEnumItself else {
        throw DecodingError.dataCorruptedError(
          forKey: tagKey, in: tagContainer,
          debugDescription: "The \(Self.tagKey) \"\(tag)\" names a case that holds \(Self.self) itself, which an "
            + "internally tagged object cannot hold (it would be read from the same object again); give \(Self.self) "
            + "a contentKey")
      }
      self = try taggedCase.decode(decoder)
    }
  }

  /// Writes the tag and the case's value.
  public func encode(to encoder: any Encoder) throws {
    let tagKeys = TagCodingKey.keys(ofTagPath: Self.tagKey)
    for taggedCase in Self.taggedCases where try taggedCase.encode(self, encoder, tagKeys, Self.contentKey) {
      return
    }
    throw EncodingError.invalidValue(
      self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: noMatchingCaseMessage))
  }

  /// Why no case of ``taggedCases`` encodes `self`. When `Mirror` sees no associated value,
  /// the likely cause is reflection metadata stripped from the app, and the message says what
  /// to do instead.
  private var noMatchingCaseMessage: String {
    let message = "No case of \(Self.self).taggedCases matches \(self)"
    guard Mirror(reflecting: self).children.isEmpty, Self.taggedCases.contains(where: \.readsValueWithMirror) else {
      return message
    }
    return message
      + ": Mirror finds no associated value in it. Either the case is missing from taggedCases, or the app is"
      + " built without reflection metadata (Xcode build setting \"Reflection Metadata Level\" set to None,"
      + " SWIFT_REFLECTION_METADATA_LEVEL = none, or -disable-reflection-metadata). Give each FlexTaggedCase an"
      + " extract: closure, which needs no Mirror, for example"
      + " .init(\"video\", Media.video, extract: { if case .video(let value) = $0 { value } else { nil } })"
  }
}
