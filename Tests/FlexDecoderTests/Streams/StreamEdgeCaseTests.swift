import Foundation
import Testing

@testable import FlexDecoder

/// Edge cases found in review: limits, chunk edges, positions, and the promises of partial
/// documents.
@Suite("Stream edge cases")
struct StreamEdgeCaseTests {
  /// The elements of `text` in one buffer, then cut in two at every offset and a byte at a time:
  /// each must equal `expected`.
  func expectEverySplit<T: Decodable & Equatable & Sendable>(
    _ text: String, as type: T.Type, framing: FlexFraming, _ expected: [SeenElement<T>],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let bytes = Array(text.utf8)
    let decoder = FlexJSONDecoder()
    var splits: [[[UInt8]]] = [[bytes], bytes.map { [$0] }]
    for cut in 0...bytes.count { splits.append([Array(bytes[..<cut]), Array(bytes[cut...])]) }
    for chunks in splits {
      let seen = decoder.elements(of: T.self, fromChunks: chunks, framing: framing).map(SeenElement.init)
      #expect(seen == expected, "chunks of sizes \(chunks.map(\.count))", sourceLocation: sourceLocation)
      if seen != expected { return }
    }
  }

  // MARK: Server-Sent Events

  /// A `data` line longer than the limit, cut by a chunk edge, is an element too large (as in one
  /// buffer), not a blank line that drops the event.
  @Test func anSSEDataLineOverTheLimitAcrossChunksIsTooLarge() {
    var framing = FlexFraming.serverSentEvents()
    framing.maxElementBytes = 10
    let text = "data: " + String(repeating: "1", count: 100) + "\n\ndata: 2\n\n"
    expectEverySplit(
      text, as: Int.self, framing: framing,
      [
        SeenElement(index: 0, line: 1, byteOffset: 0, value: nil, event: "message"),
        SeenElement(index: 1, line: 3, byteOffset: 108, value: 2, event: "message"),
      ])
  }

  /// A comment longer than the limit, cut by a chunk edge, is read past: it does not dispatch
  /// the event it is in.
  @Test func anSSECommentOverTheLimitAcrossChunksDoesNotSplitTheEvent() {
    var framing = FlexFraming.serverSentEvents()
    framing.maxElementBytes = 8
    let text = "data: [1,\n: " + String(repeating: "c", count: 100) + "\ndata: 2]\n\n"
    expectEverySplit(
      text, as: [Int].self, framing: framing,
      [SeenElement(index: 0, line: 1, byteOffset: 0, value: [1, 2], event: "message")])
  }

  /// `maxElementBytes = Int.max` (no limit) does not overflow the line limit to zero.
  @Test func anSSELimitOfIntMaxKeepsLinesThatSpanChunks() {
    var framing = FlexFraming.serverSentEvents()
    framing.maxElementBytes = .max
    expectEverySplit(
      "data: 12\n\ndata: 3\n\n", as: Int.self, framing: framing,
      [
        SeenElement(index: 0, line: 1, byteOffset: 0, value: 12, event: "message"),
        SeenElement(index: 1, line: 3, byteOffset: 10, value: 3, event: "message"),
      ])
  }

  /// An event of exactly `maxElementBytes` is accepted, as a JSON Lines element of that size is
  /// (the LF after its last data line is not the element's).
  @Test func anSSEEventOfExactlyTheLimitIsAccepted() {
    var framing = FlexFraming.serverSentEvents()
    framing.maxElementBytes = 2
    expectEverySplit(
      "data: 12\n\ndata: 1\ndata: 2\n\n", as: Int.self, framing: framing,
      [
        SeenElement(index: 0, line: 1, byteOffset: 0, value: 12, event: "message"),
        SeenElement(index: 1, line: 3, byteOffset: 10, value: nil, event: "message"),
      ])
  }

  /// An empty `event` field leaves the name `message` (WHATWG: only a non-empty event type
  /// buffer names the event).
  @Test func anEmptySSEEventFieldNamesTheEventMessage() {
    expectEverySplit(
      "event:\ndata: 1\n\nevent: x\nevent:\ndata: 2\n\n", as: Int.self, framing: .serverSentEvents(),
      [
        SeenElement(index: 0, line: 1, byteOffset: 0, value: 1, event: "message"),
        SeenElement(index: 1, line: 4, byteOffset: 16, value: 2, event: "message"),
      ])
  }

  /// The end marker ends the stream even when it is longer than `maxElementBytes`.
  @Test func theSSEEndMarkerLongerThanTheLimitStillEndsTheStream() {
    var framing = FlexFraming.serverSentEvents()
    framing.maxElementBytes = 3
    expectEverySplit(
      "data: 1\n\ndata: [DONE]\n\ndata: 2\n\n", as: Int.self, framing: framing,
      [SeenElement(index: 0, line: 1, byteOffset: 0, value: 1, event: "message")])
  }

  /// An event cut by the end of the stream is reported where the event starts (its first field
  /// line), as its element would be.
  @Test func anSSEEventCutAtTheEndIsReportedWhereItStarts() throws {
    let text = Data("event: x\ndata: {".utf8)
    var iterator = FlexJSONDecoder().values(of: Int.self, from: text, framing: .serverSentEvents()).makeIterator()
    let error = try requireThrows(FlexStreamError.self) { try iterator.next() }
    #expect(error.reason == .truncated)
    #expect((error.index, error.line, error.byteOffset) == (0, 1, 0))
  }

  // MARK: JSON Lines

  /// A line of whitespace only is skipped whatever its length and wherever the chunks are cut.
  @Test func aBlankJSONLineLongerThanTheLimitIsSkippedAcrossChunks() {
    var framing = FlexFraming.jsonLines
    framing.maxElementBytes = 2
    expectEverySplit(
      "     \n1\n", as: Int.self, framing: framing, [SeenElement(index: 0, line: 2, byteOffset: 6, value: 1)])
  }

  // MARK: Arrays

  /// An array cut inside an element: the error gives the element's line with its byte offset.
  @Test func anArrayCutInsideAnElementReportsTheElementsLine() throws {
    let text = Data("[1,\n{\"a\":\n1".utf8)
    var iterator = FlexJSONDecoder().values(of: Int.self, from: text, framing: .array()).makeIterator()
    #expect(try iterator.next() == 1)
    let error = try requireThrows(FlexStreamError.self) { try iterator.next() }
    #expect(error.reason == .truncated)
    #expect((error.index, error.line, error.byteOffset) == (1, 2, 4))
  }

  /// A comma with nothing before it (`[1,,2]`, `[,1]`) is an error, as the decoder says of it,
  /// not an element silently left out; one trailing comma is accepted, as by the decoder.
  @Test func anArrayWithAnEmptyElementIsMalformed() throws {
    for (text, before) in [("[1,,2]", [1]), ("[,1]", []), ("{\"a\":[1,\n,2]}", [1])] {
      var iterator = FlexJSONDecoder().values(
        of: Int.self, from: Data(text.utf8), framing: .array(at: text.hasPrefix("{") ? "a" : "")
      ).makeIterator()
      var values: [Int] = []
      let error = try requireThrows(FlexStreamError.self, "\(text)") {
        while let value = try iterator.next() { values.append(value) }
      }
      #expect(values == before, "\(text)")
      guard case .malformed = error.reason else {
        Issue.record("\(text): \(error)")
        continue
      }
    }
    #expect(
      try FlexJSONDecoder().values(of: Int.self, from: Data("[1,2,]".utf8), framing: .array()).collect() == [1, 2])
    #expect(try FlexJSONDecoder().decode([Int].self, from: Data("[1,2,]".utf8)) == [1, 2])
  }

  // MARK: Async byte sources

  /// A source of single bytes (`URLSession.AsyncBytes`) hands over each element as soon as its
  /// end has arrived, not once 64 KiB have.
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func aByteSourceHandsOverAnElementBeforeMoreBytesArrive() async throws {
    for (framing, first) in [
      (FlexFraming.jsonLines, "1\n"), (.serverSentEvents(), "data: 1\n\n"), (.array(), "[1,"),
      (.jsonSequence, "\u{1E}1\n\u{1E}"),
    ] {
      let (source, continuation) = AsyncStream<UInt8>.makeStream()
      for byte in first.utf8 { continuation.yield(byte) }
      let arrived = Arrival()
      let reader = Task {
        var iterator = FlexJSONDecoder().values(of: Int.self, from: source, framing: framing).makeAsyncIterator()
        let value = try await iterator.next()
        arrived.mark()
        return value
      }
      // Wait up to 2 s for the first element, then end the source so that the test cannot hang.
      for _ in 0..<200 where !arrived.hasArrived { try await Task.sleep(nanoseconds: 10_000_000) }
      let wasEarly = arrived.hasArrived
      continuation.finish()
      #expect(try await reader.value == 1, "\(framing)")
      #expect(wasEarly, "\(framing): the first element waited for the end of the source")
    }
  }

  // MARK: Partial documents

  /// A value whose key is written with an escape is not complete while it arrives.
  @Test func aPartialValueUnderAnEscapedKeyIsNotCompleteWhileItArrives() throws {
    var partial = FlexPartialDecoder(of: [String: String].self)
    try partial.append("{\"a\\u0062\":\"xx".utf8)
    #expect(try partial.value() == ["ab": "xx"])
    #expect(!partial.isComplete("ab"))
    try partial.append("yy\"}".utf8)
    #expect(try partial.value() == ["ab": "xxyy"])
    #expect(partial.isComplete("ab"))
  }

  /// A trailing comma (accepted by append and by the decoder) does not make a path that was
  /// complete incomplete again.
  @Test func aTrailingCommaKeepsCompletePathsComplete() throws {
    var partial = FlexPartialDecoder(of: [String: Int].self)
    try partial.append("{\"a\":1,".utf8)
    #expect(partial.isComplete("a"))
    try partial.append("}".utf8)
    #expect(partial.isComplete("a"))
    #expect(partial.isComplete(""))
    #expect(try partial.finish() == ["a": 1])

    var nested = FlexPartialDecoder(of: [[Int]].self)
    try nested.append("[[1,],".utf8)
    #expect(try nested.value() == [[1]])
    #expect(nested.isComplete("0"))
    #expect(nested.isComplete("0.0"))
  }
}

/// Whether a value arrived, set from another task.
final class Arrival: @unchecked Sendable {
  private let lock = NSLock()
  private var arrived = false
  func mark() { lock.withLock { arrived = true } }
  var hasArrived: Bool { lock.withLock { arrived } }
}
