/// An enum whose cases each carry one value, told apart by a tag in the JSON: internally tagged
/// (`{"type": "video", "url": "…"}`) or adjacently tagged (`{"type": "video", "data": {"url": "…"}}`)
/// — MetaCodable's tagged enums, YYModel's `modelCustomClassForDictionary:`.
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
public protocol FlexTaggedEnum: Codable {
  /// The key of the tag: `"type"`, `"kind"`.
  static var tagKey: String { get }
  /// For adjacent tagging, the key of the case's value (`"data"`); `nil` (the default) for
  /// internal tagging, where the value's own keys sit beside the tag.
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
    let tagKey = TagCodingKey(Self.tagKey)
    let tag = try container.decode(String.self, forKey: tagKey)
    guard let taggedCase = Self.taggedCases.first(where: { $0.tag == tag }) else {
      throw DecodingError.dataCorruptedError(
        forKey: tagKey, in: container,
        debugDescription: "Unknown \(Self.tagKey) \"\(tag)\" for \(Self.self); expected "
          + Self.taggedCases.map { "\"\($0.tag)\"" }.joined(separator: ", "))
    }
    if let contentKey = Self.contentKey {
      self = try taggedCase.decode(container.superDecoder(forKey: TagCodingKey(contentKey)))
    } else {
      self = try taggedCase.decode(decoder)
    }
  }

  /// Writes the tag and the case's value.
  public func encode(to encoder: any Encoder) throws {
    for taggedCase in Self.taggedCases where try taggedCase.encode(self, encoder, Self.tagKey, Self.contentKey) {
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

/// One case of a ``FlexTaggedEnum``: its tag, how to make the enum from the case's value, and
/// how to get the value back.
public struct FlexTaggedCase<Union>: Sendable {
  /// The tag in the JSON.
  public let tag: String
  /// Whether encoding finds the case's value with `Mirror` (no `extract` closure was given).
  fileprivate let readsValueWithMirror: Bool
  fileprivate let decode: @Sendable (any Decoder) throws -> Union
  fileprivate let encode: @Sendable (Union, any Encoder, String, String?) throws -> Bool

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
    decode = { decoder in make(try decoder.singleValueContainer().decode(Value.self)) }
    encode = { union, encoder, tagKey, contentKey in
      let value = extract.map { $0(union) } ?? (Mirror(reflecting: union).children.first?.value as? Value)
      guard let value else { return false }
      var container = encoder.container(keyedBy: TagCodingKey.self)
      try container.encode(tag, forKey: TagCodingKey(tagKey))
      if let contentKey {
        try container.encode(value, forKey: TagCodingKey(contentKey))
      } else {
        try value.encode(to: encoder)
      }
      return true
    }
  }
}

/// The keys a ``FlexTaggedEnum`` reads and writes itself.
struct TagCodingKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ stringValue: String) { self.stringValue = stringValue }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
