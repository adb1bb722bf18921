import FlexDecoder
import Foundation
import Testing

/// `FlexTaggedEnum` beyond one value under one key: a tag at a key path (MetaCodable's
/// `@CodedAt("type", "middle")`), and cases with several associated values read from keys of the
/// object (`case point(x: Int, y: Int)`), under FlexJSONDecoder and JSONDecoder alike.
@Suite("Tagged enum shapes")
struct FlexTaggedEnumShapeTests {
  typealias Video = FlexTaggedEnumTests.Video
  typealias Photo = FlexTaggedEnumTests.Photo

  /// The tag one level down: `{"type": {"middle": "video"}, …}`.
  enum NestedMedia: FlexTaggedEnum, Equatable {
    case video(Video)
    case photo(Photo)
    static var tagKey: String { "type.middle" }
    static let taggedCases: [FlexTaggedCase<NestedMedia>] = [
      .init("video", NestedMedia.video), .init("photo", NestedMedia.photo),
    ]
  }

  /// A dotted key that is one key in the JSON.
  enum DottedMedia: FlexTaggedEnum, Equatable {
    case video(Video)
    static var tagKey: String { "media.kind" }
    static let taggedCases: [FlexTaggedCase<DottedMedia>] = [.init("video", DottedMedia.video)]
  }

  /// Cases with several associated values, each from its own key beside the tag.
  enum Shape: FlexTaggedEnum, Equatable {
    case point(x: Int, y: Int)
    case circle(radius: Double)
    case box(x: Int, y: Int, size: Int)
    static var tagKey: String { "type" }
    static let taggedCases: [FlexTaggedCase<Shape>] = [
      .init("point", keys: "x", "y", Shape.point),
      .init("circle", key: "radius", Shape.circle),
      .init("box", keys: "x", "y", "size", Shape.box),
    ]
  }

  /// Optional associated values: `nil` when missing or `null`, left out when encoded as `nil`.
  enum Note: FlexTaggedEnum, Equatable {
    case text(body: String, title: String?)
    static var tagKey: String { "type" }
    static let taggedCases: [FlexTaggedCase<Note>] = [.init("text", keys: "body", "title", Note.text)]
  }

  /// The same adjacently tagged, with `extract:` closures (no `Mirror`).
  enum Move: FlexTaggedEnum, Equatable {
    case to(x: Int, y: Int)
    case by(x: Int, y: Int)
    static var tagKey: String { "kind" }
    static var contentKey: String? { "data" }
    static let taggedCases: [FlexTaggedCase<Move>] = [
      .init("to", keys: "x", "y", Move.to, extract: { if case .to(let x, let y) = $0 { (x, y) } else { nil } }),
      .init("by", keys: "x", "y", Move.by, extract: { if case .by(let x, let y) = $0 { (x, y) } else { nil } }),
    ]
  }

  /// A single labelled value read from the content object by the original initializer, whose
  /// encoding finds the value with `Mirror` (shown as a tuple of one element).
  enum Labelled: FlexTaggedEnum, Equatable {
    case video(clip: Video)
    static var tagKey: String { "type" }
    static let taggedCases: [FlexTaggedCase<Labelled>] = [.init("video", Labelled.video)]
  }

  /// A case that holds the enum itself, internally tagged: read from the same object, it would
  /// find its own tag again, forever.
  indirect enum Expr: FlexTaggedEnum, Equatable {
    case clip(Video)
    case not(Expr)
    static var tagKey: String { "type" }
    static let taggedCases: [FlexTaggedCase<Expr>] = [.init("clip", Expr.clip), .init("not", Expr.not)]
  }

  private func sortedEncoders() -> (FlexJSONEncoder, JSONEncoder) {
    let flex = FlexJSONEncoder()
    flex.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    return (flex, foundation)
  }

  // MARK: - Tag key paths

  @Test func aTagAtAKeyPathChoosesTheCaseUnderBothDecoders() throws {
    let json = Data(
      #"""
      [{"type": {"middle": "video"}, "url": "a.mp4", "seconds": 3}, {"url": "b.png", "width": 640, "type": {"middle": "photo"}}]
      """#.utf8)
    let expected: [NestedMedia] = [.video(Video(url: "a.mp4", seconds: 3)), .photo(Photo(url: "b.png", width: 640))]
    #expect(try FlexJSONDecoder().decode([NestedMedia].self, from: json) == expected)
    #expect(try JSONDecoder().decode([NestedMedia].self, from: json) == expected)
  }

  @Test func encodingWritesATagPathAsNestedObjects() throws {
    let media: [NestedMedia] = [.video(Video(url: "a.mp4", seconds: 3))]
    let (flex, foundation) = sortedEncoders()
    let text = try flex.encodeToString(media)
    #expect(text == #"[{"seconds":3,"type":{"middle":"video"},"url":"a.mp4"}]"#)
    #expect(String(decoding: try foundation.encode(media), as: UTF8.self) == text)
    #expect(try FlexJSONDecoder().decode([NestedMedia].self, from: Data(text.utf8)) == media)
  }

  @Test func anUnknownTagAtAPathIsDataCorruptedAtTheFullPath() throws {
    let json = Data(#"[{"type": {"middle": "audio"}, "url": "c.mp3"}]"#.utf8)
    let error = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode([NestedMedia].self, from: json) }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["Index 0", "type", "middle"])
    #expect(context.debugDescription == #"Unknown type.middle "audio" for NestedMedia; expected "video", "photo""#)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([NestedMedia].self, from: json)
    #expect(result.value == [])
    #expect(result.issues.map { "\($0.kind) \($0.path)" } == ["droppedElement [0].type.middle"])
  }

  @Test(arguments: [#"[{"url": "c.mp3"}]"#, #"[{"type": {}, "url": "c.mp3"}]"#, #"[{"type": "video"}]"#])
  func aMissingStepOfTheTagPathFailsAsInJSONDecoder(json: String) throws {
    let data = Data(json.utf8)
    let flex = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode([NestedMedia].self, from: data)
    }
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode([NestedMedia].self, from: data) }
    #expect(ErrorSignature(flex) == ErrorSignature(foundation))
  }

  @Test func aTagPathThatFindsNoObjectIsReadAsOneLiteralKey() throws {
    let json = Data(#"{"media.kind": "video", "url": "a.mp4", "seconds": 3}"#.utf8)
    #expect(try FlexJSONDecoder().decode(DottedMedia.self, from: json) == .video(Video(url: "a.mp4", seconds: 3)))
    #expect(try JSONDecoder().decode(DottedMedia.self, from: json) == .video(Video(url: "a.mp4", seconds: 3)))
  }

  // MARK: - Several associated values

  private static let shapes = #"""
    [{"type": "point", "x": 1, "y": 2}, {"type": "circle", "radius": 1.5}, {"size": 4, "type": "box", "x": 0, "y": 3}]
    """#

  @Test func aLabelledSingleValueFoundWithMirrorRoundTrips() throws {
    let json = #"{"seconds":3,"type":"video","url":"a.mp4"}"#
    let decoded = try FlexJSONDecoder().decode(Labelled.self, from: Data(json.utf8))
    #expect(decoded == .video(clip: Video(url: "a.mp4", seconds: 3)))
    let (flex, foundation) = sortedEncoders()
    #expect(String(decoding: try flex.encode(decoded), as: UTF8.self) == json)
    #expect(String(decoding: try foundation.encode(decoded), as: UTF8.self) == json)
  }

  @Test func aCaseHoldingTheEnumItselfUnderInternalTaggingIsDataCorruptedNotARecursion() throws {
    let data = Data(#"{"type":"not","url":"a.mp4","seconds":1}"#.utf8)
    let flex = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode(Expr.self, from: data) }
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Expr.self, from: data) }
    for error in [flex, foundation] {
      guard case .dataCorrupted(let context) = error else {
        Issue.record("expected dataCorrupted, got \(error)")
        continue
      }
      #expect(context.codingPath.map(\.stringValue) == ["type"])
      #expect(context.debugDescription.hasSuffix("give Expr a contentKey"))
    }
    let clip = #"{"type":"clip","url":"a.mp4","seconds":1}"#
    #expect(try FlexJSONDecoder().decode(Expr.self, from: Data(clip.utf8)) == .clip(Video(url: "a.mp4", seconds: 1)))
  }

  @Test func casesWithSeveralValuesAreReadFromTheSiblingKeys() throws {
    let expected: [Shape] = [.point(x: 1, y: 2), .circle(radius: 1.5), .box(x: 0, y: 3, size: 4)]
    #expect(try FlexJSONDecoder().decode([Shape].self, from: Data(Self.shapes.utf8)) == expected)
    #expect(try JSONDecoder().decode([Shape].self, from: Data(Self.shapes.utf8)) == expected)
  }

  @Test func casesWithSeveralValuesEncodeEachUnderItsKeyWithMirror() throws {
    let shapes: [Shape] = [.point(x: 1, y: 2), .circle(radius: 1.5), .box(x: 0, y: 3, size: 4)]
    let (flex, foundation) = sortedEncoders()
    let text = try flex.encodeToString(shapes)
    #expect(
      text == #"[{"type":"point","x":1,"y":2},{"radius":1.5,"type":"circle"},{"size":4,"type":"box","x":0,"y":3}]"#)
    #expect(String(decoding: try foundation.encode(shapes), as: UTF8.self) == text)
    #expect(try FlexJSONDecoder().decode([Shape].self, from: Data(text.utf8)) == shapes)
  }

  @Test func adjacentlyTaggedCasesWithTheSameValueTypesRoundTripWithExtract() throws {
    let moves: [Move] = [.to(x: 1, y: 2), .by(x: -1, y: 0)]
    let (flex, foundation) = sortedEncoders()
    let text = try flex.encodeToString(moves)
    #expect(text == #"[{"data":{"x":1,"y":2},"kind":"to"},{"data":{"x":-1,"y":0},"kind":"by"}]"#)
    #expect(String(decoding: try foundation.encode(moves), as: UTF8.self) == text)
    #expect(try FlexJSONDecoder().decode([Move].self, from: Data(text.utf8)) == moves)
    #expect(try JSONDecoder().decode([Move].self, from: Data(text.utf8)) == moves)
  }

  @Test func aMissingValueKeyIsKeyNotFoundAtThatKeyAsInJSONDecoder() throws {
    let data = Data(#"[{"type": "point", "x": 1}]"#.utf8)
    let flex = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode([Shape].self, from: data) }
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode([Shape].self, from: data) }
    #expect(ErrorSignature(flex) == ErrorSignature(foundation))
    guard case .keyNotFound(let key, let context) = flex else {
      Issue.record("expected keyNotFound, got \(flex)")
      return
    }
    #expect(key.stringValue == "y")
    #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
  }

  @Test func anOptionalValueIsNilWhenMissingOrNullAndLeftOutWhenNil() throws {
    let json = Data(
      #"[{"type": "text", "body": "a"}, {"type": "text", "body": "b", "title": null}, {"type": "text", "body": "c", "title": "T"}]"#
        .utf8)
    let expected: [Note] = [.text(body: "a", title: nil), .text(body: "b", title: nil), .text(body: "c", title: "T")]
    #expect(try FlexJSONDecoder().decode([Note].self, from: json) == expected)
    #expect(try JSONDecoder().decode([Note].self, from: json) == expected)
    let (flex, foundation) = sortedEncoders()
    let text = try flex.encodeToString(expected)
    #expect(text == #"[{"body":"a","type":"text"},{"body":"b","type":"text"},{"body":"c","title":"T","type":"text"}]"#)
    #expect(String(decoding: try foundation.encode(expected), as: UTF8.self) == text)
  }

  @Test func underUseDefaultsABadValueIsDefaultedAndReported() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(
      [Shape].self, from: Data(#"[{"type": "point", "x": "1", "y": "north"}]"#.utf8))
    #expect(result.value == [.point(x: 1, y: 0)])
    #expect(
      result.issues == [
        FlexIssue(
          kind: .defaulted, path: "[0].y", message: #"expected Int but found the string "north"; used the default"#)
      ])
  }
}
