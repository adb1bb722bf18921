import FlexDecoder
import Foundation
import Testing

/// `FlexTaggedEnum` shapes that encoding could get wrong: a tag that sits inside the content
/// object (or on the content key itself), and internal tagging of a value that is not an object.
@Suite("Tagged enum encoding limits")
struct FlexTaggedEnumEncodingTests {
  typealias Video = FlexTaggedEnumTests.Video

  /// Adjacently tagged, with the tag inside the content object: `{"data": {"type": "video", …}}`.
  enum TagInContent: FlexTaggedEnum, Equatable {
    case video(Video)
    case point(x: Int, y: Int)
    static var tagKey: String { "data.type" }
    static var contentKey: String? { "data" }
    static let taggedCases: [FlexTaggedCase<TagInContent>] = [
      .init("video", TagInContent.video), .init("point", keys: "x", "y", TagInContent.point),
    ]
  }

  /// The tag key is the content key: the tag and the value would need the same member.
  enum TagIsContent: FlexTaggedEnum, Equatable {
    case video(Video)
    case point(x: Int, y: Int)
    static var tagKey: String { "data" }
    static var contentKey: String? { "data" }
    static let taggedCases: [FlexTaggedCase<TagIsContent>] = [
      .init("video", TagIsContent.video), .init("point", keys: "x", "y", TagIsContent.point),
    ]
  }

  /// Internal tagging of values that are not objects.
  enum Counter: FlexTaggedEnum, Equatable {
    case count(Int)
    case names([String])
    case video(Video)
    static var tagKey: String { "type" }
    static let taggedCases: [FlexTaggedCase<Counter>] = [
      .init("count", Counter.count), .init("names", Counter.names), .init("video", Counter.video),
    ]
  }

  private func sortedEncoders() -> (FlexJSONEncoder, JSONEncoder) {
    let flex = FlexJSONEncoder()
    flex.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    return (flex, foundation)
  }

  // MARK: - A tag under the content key

  @Test func aTagInsideTheContentObjectIsWrittenBesideTheValueAndRoundTrips() throws {
    let values: [TagInContent] = [.video(Video(url: "a.mp4", seconds: 3)), .point(x: 1, y: 2)]
    let (flex, foundation) = sortedEncoders()
    let text = try flex.encodeToString(values)
    #expect(text == #"[{"data":{"seconds":3,"type":"video","url":"a.mp4"}},{"data":{"type":"point","x":1,"y":2}}]"#)
    #expect(String(decoding: try foundation.encode(values), as: UTF8.self) == text)
    #expect(try FlexJSONDecoder().decode([TagInContent].self, from: Data(text.utf8)) == values)
    #expect(try JSONDecoder().decode([TagInContent].self, from: Data(text.utf8)) == values)
  }

  @Test(arguments: [TagIsContent.video(Video(url: "a.mp4", seconds: 3)), .point(x: 1, y: 2)])
  func aTagKeyEqualToTheContentKeyIsInvalidValueUnderBothEncoders(value: TagIsContent) throws {
    let (flex, foundation) = sortedEncoders()
    for error in [
      try requireThrows(EncodingError.self) { try flex.encode([value]) },
      try requireThrows(EncodingError.self) { try foundation.encode([value]) },
    ] {
      guard case .invalidValue(_, let context) = error else {
        Issue.record("expected invalidValue, got \(error)")
        continue
      }
      #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
      #expect(
        context.debugDescription
          == #"TagIsContent's tagKey "data" is its contentKey: the tag and the case's value cannot share one member"#)
    }
  }

  // MARK: - Internal tagging of a value that is not an object

  @Test(arguments: [Counter.count(3), .names(["a", "b"])])
  func aValueThatIsNotAnObjectIsInvalidValueUnderInternalTagging(value: Counter) throws {
    let (flex, foundation) = sortedEncoders()
    for error in [
      try requireThrows(EncodingError.self) { try flex.encode([value]) },
      try requireThrows(EncodingError.self) { try foundation.encode([value]) },
    ] {
      guard case .invalidValue(_, let context) = error else {
        Issue.record("expected invalidValue, got \(error)")
        continue
      }
      #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
      #expect(context.debugDescription.hasPrefix("Counter is internally tagged (tagKey \"type\"), so the value of"))
      #expect(context.debugDescription.hasSuffix("must encode as a JSON object; give Counter a contentKey"))
    }
  }

  @Test func anObjectValueBesideScalarCasesStillEncodesUnderInternalTagging() throws {
    let (flex, foundation) = sortedEncoders()
    let value = Counter.video(Video(url: "a.mp4", seconds: 3))
    let text = try flex.encodeToString(value)
    #expect(text == #"{"seconds":3,"type":"video","url":"a.mp4"}"#)
    #expect(String(decoding: try foundation.encode(value), as: UTF8.self) == text)
  }

  @Test func decodingAScalarCaseUnderInternalTaggingIsATypeMismatchAsInJSONDecoder() throws {
    let data = Data(#"[{"type": "count", "value": 3}]"#.utf8)
    let flex = try requireThrows(DecodingError.self) { try FlexJSONDecoder.strict().decode([Counter].self, from: data) }
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode([Counter].self, from: data) }
    #expect(ErrorSignature(flex) == ErrorSignature(foundation))
    guard case .typeMismatch(let type, let context) = flex else {
      Issue.record("expected typeMismatch, got \(flex)")
      return
    }
    #expect(type is Int.Type)
    #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
  }
}
