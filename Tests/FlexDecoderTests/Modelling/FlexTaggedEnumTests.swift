import FlexDecoder
import Foundation
import Testing

/// `FlexTaggedEnum`: enums with associated values chosen by a tag, internally and adjacently
/// tagged, encoded symmetrically, under FlexJSONDecoder and JSONDecoder alike.
@Suite("Tagged enums")
struct FlexTaggedEnumTests {
  struct Video: Codable, Equatable {
    var url: String
    var seconds: Int
  }

  struct Photo: Codable, Equatable {
    var url: String
    var width: Int
  }

  enum Media: FlexTaggedEnum, Equatable {
    case video(Video)
    case photo(Photo)
    static var tagKey: String { "type" }
    static let taggedCases: [FlexTaggedCase<Media>] = [.init("video", Media.video), .init("photo", Media.photo)]
  }

  enum Event: FlexTaggedEnum, Equatable {
    case opened(Photo)
    case closed(Photo)
    static var tagKey: String { "kind" }
    static var contentKey: String? { "data" }
    static let taggedCases: [FlexTaggedCase<Event>] = [
      .init("opened", Event.opened, extract: { if case .opened(let photo) = $0 { photo } else { nil } }),
      .init("closed", Event.closed, extract: { if case .closed(let photo) = $0 { photo } else { nil } }),
    ]
  }

  private static let media = #"""
    [{"type": "video", "url": "a.mp4", "seconds": 3}, {"url": "b.png", "width": 640, "type": "photo"}]
    """#

  @Test func internallyTaggedCasesDecodeUnderBothDecoders() throws {
    let expected: [Media] = [.video(Video(url: "a.mp4", seconds: 3)), .photo(Photo(url: "b.png", width: 640))]
    #expect(try FlexJSONDecoder().decode([Media].self, from: Data(Self.media.utf8)) == expected)
    #expect(try JSONDecoder().decode([Media].self, from: Data(Self.media.utf8)) == expected)
  }

  @Test func encodingWritesTheTagBesideTheValueAsJSONEncoderDoes() throws {
    let media: [Media] = [.video(Video(url: "a.mp4", seconds: 3)), .photo(Photo(url: "b.png", width: 640))]
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let text = try encoder.encodeToString(media)
    #expect(text == #"[{"seconds":3,"type":"video","url":"a.mp4"},{"type":"photo","url":"b.png","width":640}]"#)
    #expect(String(decoding: try foundation.encode(media), as: UTF8.self) == text)
    #expect(try FlexJSONDecoder().decode([Media].self, from: Data(text.utf8)) == media)
  }

  @Test func adjacentlyTaggedCasesWithTheSameValueTypeRoundTrip() throws {
    let events: [Event] = [.opened(Photo(url: "x", width: 1)), .closed(Photo(url: "y", width: 2))]
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = try encoder.encodeToString(events)
    #expect(text == #"[{"data":{"url":"x","width":1},"kind":"opened"},{"data":{"url":"y","width":2},"kind":"closed"}]"#)
    #expect(try FlexJSONDecoder().decode([Event].self, from: Data(text.utf8)) == events)
    #expect(try JSONDecoder().decode([Event].self, from: Data(text.utf8)) == events)
  }

  @Test func anUnknownTagIsDataCorruptedAtTheTagAndDroppedUnderUseDefaults() throws {
    let json = Data(#"[{"type": "audio", "url": "c.mp3"}, {"type": "video", "url": "a.mp4", "seconds": 3}]"#.utf8)
    let error = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode([Media].self, from: json) }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["Index 0", "type"])
    #expect(context.debugDescription == #"Unknown type "audio" for Media; expected "video", "photo""#)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([Media].self, from: json)
    #expect(result.value == [.video(Video(url: "a.mp4", seconds: 3))])
    #expect(result.issues.map { "\($0.kind) \($0.path)" } == ["droppedElement [0].type"])
  }

  @Test func aMissingTagIsKeyNotFoundAsInJSONDecoder() throws {
    let json = Data(#"[{"url": "c.mp3"}]"#.utf8)
    let flex = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode([Media].self, from: json)
    }
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode([Media].self, from: json) }
    #expect(ErrorSignature(flex) == ErrorSignature(foundation))
  }

  // MARK: - Without reflection metadata

  /// `Media` as an app built without reflection metadata sees it: `Mirror` finds no associated
  /// value (`CustomReflectable` stands in for Xcode's "Reflection Metadata Level" = None, which
  /// gives the same empty `Mirror`).
  enum StrippedMedia: FlexTaggedEnum, Equatable, CustomReflectable {
    case video(Video)
    case photo(Photo)
    static var tagKey: String { "type" }
    static let taggedCases: [FlexTaggedCase<StrippedMedia>] = [
      .init("video", StrippedMedia.video), .init("photo", StrippedMedia.photo),
    ]
    var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .enum) }
  }

  /// The same enum with `extract:` closures, which need no `Mirror`.
  enum ExtractedMedia: FlexTaggedEnum, Equatable, CustomReflectable {
    case video(Video)
    case photo(Photo)
    static var tagKey: String { "type" }
    static let taggedCases: [FlexTaggedCase<ExtractedMedia>] = [
      .init("video", ExtractedMedia.video, extract: { if case .video(let video) = $0 { video } else { nil } }),
      .init("photo", ExtractedMedia.photo, extract: { if case .photo(let photo) = $0 { photo } else { nil } }),
    ]
    var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .enum) }
  }

  @Test func encodingWithoutReflectionMetadataNamesTheSettingAndExtract() throws {
    let error = try requireThrows(EncodingError.self) {
      try FlexJSONEncoder().encode([StrippedMedia.video(Video(url: "a.mp4", seconds: 3))])
    }
    guard case .invalidValue(_, let context) = error else {
      Issue.record("expected invalidValue, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.intValue) == [0])
    #expect(context.debugDescription.hasPrefix("No case of StrippedMedia.taggedCases matches "))
    #expect(context.debugDescription.contains("Mirror finds no associated value"))
    #expect(context.debugDescription.contains(#""Reflection Metadata Level" set to None"#))
    #expect(context.debugDescription.contains("extract:"))
    // JSONEncoder runs the same encode(to:): the same error.
    #expect(throws: EncodingError.self) {
      try JSONEncoder().encode([StrippedMedia.video(Video(url: "a.mp4", seconds: 3))])
    }
  }

  @Test func extractClosuresEncodeWithoutReflectionMetadata() throws {
    let media: [ExtractedMedia] = [.video(Video(url: "a.mp4", seconds: 3)), .photo(Photo(url: "b.png", width: 640))]
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = try encoder.encodeToString(media)
    #expect(text == #"[{"seconds":3,"type":"video","url":"a.mp4"},{"type":"photo","url":"b.png","width":640}]"#)
    #expect(try FlexJSONDecoder().decode([ExtractedMedia].self, from: Data(text.utf8)) == media)
  }

  @Test func aMissingCaseWithReflectionMetadataKeepsTheShortMessage() throws {
    enum Partial: FlexTaggedEnum {
      case video(Video)
      case photo(Photo)
      static var tagKey: String { "type" }
      static let taggedCases: [FlexTaggedCase<Partial>] = [.init("video", Partial.video)]
    }
    let error = try requireThrows(EncodingError.self) {
      try FlexJSONEncoder().encode(Partial.photo(Photo(url: "b.png", width: 640)))
    }
    guard case .invalidValue(_, let context) = error else {
      Issue.record("expected invalidValue, got \(error)")
      return
    }
    #expect(context.debugDescription.hasPrefix("No case of Partial.taggedCases matches photo("))
    #expect(!context.debugDescription.contains("Reflection Metadata"))
  }
}
