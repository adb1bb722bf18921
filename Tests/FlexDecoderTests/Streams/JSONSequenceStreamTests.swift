import FlexDecoder
import Foundation
import Testing

/// JSON text sequences (RFC 7464): record separator, text, line feed.
@Suite("JSON text sequence streams")
struct JSONSequenceStreamTests {
  /// Three texts, one pretty-printed over three lines, and an empty record.
  static let fixture = Array(
    "\u{1E}{\"id\":1,\"name\":\"a\"}\n\u{1E}\u{1E}{\n  \"id\": 2,\n  \"name\": \"b\"}\n\u{1E}{\"id\":3,\"name\":\"c\"}\n"
      .utf8)

  static let expected = [
    SeenElement(index: 0, line: 1, byteOffset: 1, value: StreamRecord(id: 1, name: "a")),
    SeenElement(index: 1, line: 2, byteOffset: 23, value: StreamRecord(id: 2, name: "b")),
    SeenElement(index: 2, line: 5, byteOffset: 52, value: StreamRecord(id: 3, name: "c")),
  ]

  @Test func textsAreDecodedWithTheirPositions() {
    let seen = FlexJSONDecoder().elements(of: StreamRecord.self, from: Self.fixture, framing: .jsonSequence)
      .map(SeenElement.init)
    #expect(seen == Self.expected)
  }

  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func everyChunkSizeGivesTheSameTexts() async {
    let decoder = FlexJSONDecoder()
    for size in 1...Self.fixture.count {
      let result: (elements: [SeenElement<StreamRecord>], error: (any Error)?) = await collect(
        decoder.elements(of: StreamRecord.self, from: chunked(Self.fixture, size: size), framing: .jsonSequence))
      #expect(result.error == nil, "chunks of \(size)")
      #expect(result.elements == Self.expected, "chunks of \(size)")
      if result.elements != Self.expected { break }
    }
  }

  @Test func aTruncatedLastTextEndsTheStreamWithAnError() throws {
    let text = Data("\u{1E}{\"id\":1,\"name\":\"a\"}\n\u{1E}{\"id\":2,".utf8)
    var iterator = FlexJSONDecoder().values(of: StreamRecord.self, from: text, framing: .jsonSequence).makeIterator()
    #expect(try iterator.next()?.id == 1)
    let error = try requireThrows(FlexStreamError.self) { try iterator.next() }
    #expect(error.reason == .truncated)
    #expect((error.index, error.byteOffset) == (1, 22))
  }
}
