import FlexDecoder
import Foundation
import Testing

/// `FlexTaggedEnum` shapes that encoding could get wrong: a tag that sits inside the content
/// object (or on the content key itself).
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
}
