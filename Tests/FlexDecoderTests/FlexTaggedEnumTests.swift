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
    let error = try #require(throws: DecodingError.self) { try FlexJSONDecoder().decode([Media].self, from: json) }
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
    let flex = try #require(throws: DecodingError.self) {
      try FlexJSONDecoder.strict().decode([Media].self, from: json)
    }
    let foundation = try #require(throws: DecodingError.self) { try JSONDecoder().decode([Media].self, from: json) }
    #expect(ErrorSignature(flex) == ErrorSignature(foundation))
  }
}
