import FlexDecoder
import Foundation
import Testing

/// Server-Sent Events carrying JSON: the WHATWG field rules, event names, the end marker, and
/// every chunk size.
@Suite("Server-Sent Events streams")
struct ServerSentEventsStreamTests {
  /// A comment, `data:` with and without its space, an event name, data on two lines, CRLF and
  /// lone CR line ends, an `id` and a `retry`, an event without data, then the end marker and
  /// what comes after it.
  static let fixture = Array(
    (": keep-alive\n"
      + "data: {\"id\":1,\"name\":\"a\"}\n\n"
      + "event: delta\r\nid: 7\r\nretry: 100\r\ndata:{\"id\":2,\r\ndata: \"name\":\"b\"}\r\n\r\n"
      + "event: ping\n\n"
      + "data: {\"id\":3,\"name\":\"c\"}\r\r"
      + "data: [DONE]\n\n"
      + "data: {\"id\":4,\"name\":\"after the end\"}\n\n").utf8)

  static let expected = [
    SeenElement(index: 0, line: 2, byteOffset: 13, value: StreamRecord(id: 1, name: "a"), event: "message"),
    SeenElement(index: 1, line: 4, byteOffset: 40, value: StreamRecord(id: 2, name: "b"), event: "delta"),
    SeenElement(index: 2, line: 12, byteOffset: 122, value: StreamRecord(id: 3, name: "c"), event: "message"),
  ]

  @Test func eventsAreReadAsTheStandardSaysUpToTheEndMarker() {
    let seen = FlexJSONDecoder().elements(of: StreamRecord.self, from: Self.fixture, framing: .serverSentEvents())
      .map(SeenElement.init)
    #expect(seen == Self.expected)
  }

  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func everyChunkSizeGivesTheSameEvents() async {
    let decoder = FlexJSONDecoder()
    for size in 1...Self.fixture.count {
      let result: (elements: [SeenElement<StreamRecord>], error: (any Error)?) = await collect(
        decoder.elements(of: StreamRecord.self, from: chunked(Self.fixture, size: size), framing: .serverSentEvents()))
      #expect(result.error == nil, "chunks of \(size)")
      #expect(result.elements == Self.expected, "chunks of \(size)")
      if result.elements != Self.expected { break }
    }
  }

  @Test func withoutAnEndMarkerTheEventAfterDoneIsAnElementToo() {
    let values = FlexJSONDecoder().elements(
      of: StreamRecord.self, from: Self.fixture, framing: .serverSentEvents(endMarker: nil)
    ).map(SeenElement.init)
    #expect(values.map(\.value?.id) == [1, 2, 3, nil, 4])
  }

  @Test func anEventCutBeforeItsBlankLineEndsTheStreamWithAnError() throws {
    let text = Data("data: {\"id\":1,\"name\":\"a\"}\n\ndata: {\"id\":2,\"name\":\"b\"}\n".utf8)
    var iterator = FlexJSONDecoder().values(of: StreamRecord.self, from: text, framing: .serverSentEvents())
      .makeIterator()
    #expect(try iterator.next()?.id == 1)
    let error = try requireThrows(FlexStreamError.self) { try iterator.next() }
    #expect(error.reason == .truncated)
    #expect((error.index, error.line) == (1, 3))
  }

  @Test func aCommentOrAnEventNameCutAtTheEndIsHarmless() throws {
    let decoder = FlexJSONDecoder()
    for tail in [": comment without end", "event: x"] {
      let text = Data(("data: {\"id\":1,\"name\":\"a\"}\n\n" + tail).utf8)
      #expect(try decoder.values(of: StreamRecord.self, from: text, framing: .serverSentEvents()).collect().count == 1)
    }
  }
}
