import FlexDecoder
import Foundation
import Testing

/// JSON Lines: one value per line, blank lines skipped, CRLF, a byte order mark, a missing final
/// newline, and each element's index, line and byte offset.
@Suite("JSON Lines streams")
struct JSONLinesStreamTests {
  /// A byte order mark, CRLF, two blank lines (one of spaces), and no final newline.
  static let fixture = Array(
    "\u{FEFF}{\"id\":1,\"name\":\"a\"}\r\n\r\n  \n{\"id\":2,\"name\":\"b\"}\n{\"id\":3,\"name\":\"c\"}".utf8)

  static let expected = [
    SeenElement(index: 0, line: 1, byteOffset: 3, value: StreamRecord(id: 1, name: "a")),
    SeenElement(index: 1, line: 4, byteOffset: 29, value: StreamRecord(id: 2, name: "b")),
    SeenElement(index: 2, line: 5, byteOffset: 49, value: StreamRecord(id: 3, name: "c")),
  ]

  @Test func linesAreDecodedWithTheirPositionsFromMemory() throws {
    let decoder = FlexJSONDecoder()
    let seen = decoder.elements(of: StreamRecord.self, from: Self.fixture).map(SeenElement.init)
    #expect(seen == Self.expected)
    let values = try decoder.values(of: StreamRecord.self, from: Data(Self.fixture)).collect()
    #expect(values == Self.expected.compactMap(\.value))
  }

  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func everyChunkSizeGivesTheSameElements() async {
    let decoder = FlexJSONDecoder()
    for size in 1...Self.fixture.count {
      let result: (elements: [SeenElement<StreamRecord>], error: (any Error)?) = await collect(
        decoder.elements(of: StreamRecord.self, from: chunked(Self.fixture, size: size)))
      #expect(result.error == nil, "chunks of \(size)")
      #expect(result.elements == Self.expected, "chunks of \(size)")
    }
    let bytes: (elements: [SeenElement<StreamRecord>], error: (any Error)?) = await collect(
      decoder.elements(of: StreamRecord.self, from: byteByByte(Self.fixture)))
    #expect(bytes.elements == Self.expected)
  }

  @Test func aMalformedLineAndALineOfTheWrongShapeAreHandedOverAndTheStreamGoesOn() throws {
    let text = "{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\n{\"id\":\"x\",\"name\":\"c\"}\n{\"id\":4,\"name\":\"d\"}\n"
    let decoder = FlexJSONDecoder()
    let elements = Array(decoder.elements(of: StreamRecord.self, from: Data(text.utf8)))
    #expect(
      elements.map(SeenElement.init) == [
        SeenElement(index: 0, line: 1, byteOffset: 0, value: StreamRecord(id: 1, name: "a")),
        SeenElement(index: 1, line: 2, byteOffset: 20, value: nil),
        SeenElement(index: 2, line: 3, byteOffset: 29, value: nil),
        SeenElement(index: 3, line: 4, byteOffset: 51, value: StreamRecord(id: 4, name: "d")),
      ])
    // The malformed line's error is JSONDecoder's for the same bytes; so is the wrong shape's.
    let malformed = try #require(elements[1].result.failureDescription)
    #expect(malformed.contains("not valid JSON"))
    guard case .failure(let shape) = elements[2].result,
      case .typeMismatch(let type, let context)? = shape as? DecodingError
    else {
      Issue.record("expected a type mismatch, got \(elements[2].result)")
      return
    }
    #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
    #expect(context.codingPath.map(\.stringValue) == ["id"])
    #expect(try decoder.values(of: StreamRecord.self, from: Data(text.utf8)).collect().map(\.id) == [1, 4])
  }

  @Test func failFastThrowsAtTheFirstBadLineWithItsPosition() throws {
    let text = "{\"id\":1,\"name\":\"a\"}\n{\"id\":\"x\",\"name\":\"b\"}\n{\"id\":3,\"name\":\"c\"}\n"
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .failFast
    var iterator = decoder.values(of: StreamRecord.self, from: Data(text.utf8)).makeIterator()
    #expect(try iterator.next() == StreamRecord(id: 1, name: "a"))
    let error = try requireThrows(FlexStreamError.self) { try iterator.next() }
    #expect(error.reason == .elementFailed)
    #expect((error.index, error.line, error.byteOffset) == (1, 2, 20))
    #expect(error.underlyingError is DecodingError)
    #expect(try iterator.next() == nil)
  }

  @Test func useDefaultsRepairsAnElementAndReportsItsIssues() throws {
    let text = "{\"id\":1}\n"
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let element = try #require(Array(decoder.elements(of: StreamRecord.self, from: Data(text.utf8))).first)
    #expect(try element.get() == StreamRecord(id: 1, name: ""))
    #expect(element.issues.map(\.path) == ["name"])
  }

  @Test func aLineOverTheLimitIsAnErrorAndTheNextLineIsRead() throws {
    var framing = FlexFraming.jsonLines
    framing.maxElementBytes = 24
    let long = "{\"id\":2,\"name\":\"" + String(repeating: "x", count: 40) + "\"}"
    let text = "{\"id\":1,\"name\":\"a\"}\n" + long + "\n{\"id\":3,\"name\":\"c\"}\n"
    let elements = Array(FlexJSONDecoder().elements(of: StreamRecord.self, from: Data(text.utf8), framing: framing))
    #expect(elements.map(\.index) == [0, 1, 2])
    guard case .failure(let error as FlexStreamError) = elements[1].result else {
      Issue.record("expected the element to be too large")
      return
    }
    #expect(error.reason == .elementTooLarge)
    #expect(error.description == "element 1 (line 2, byte 20): larger than maxElementBytes (24 bytes)")
    #expect(try elements[2].get() == StreamRecord(id: 3, name: "c"))
  }

  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func aLineOverTheLimitAcrossChunksIsNotHeld() async throws {
    var framing = FlexFraming.jsonLines
    framing.maxElementBytes = 24
    let text = Array(
      ("{\"id\":2,\"name\":\"" + String(repeating: "x", count: 100) + "\"}\n{\"id\":3,\"name\":\"c\"}\n").utf8)
    for size in [1, 7, 30] {
      let result: (elements: [SeenElement<StreamRecord>], error: (any Error)?) = await collect(
        FlexJSONDecoder().elements(of: StreamRecord.self, from: chunked(text, size: size), framing: framing))
      #expect(
        result.elements == [
          SeenElement(index: 0, line: 1, byteOffset: 0, value: nil),
          SeenElement(index: 1, line: 2, byteOffset: 119, value: StreamRecord(id: 3, name: "c")),
        ], "chunks of \(size)")
    }
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults])
  func aStreamCutInsideItsLastLineThrowsAfterTheCompleteLines(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    var iterator = decoder.values(of: StreamRecord.self, from: Data("{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"na".utf8))
      .makeIterator()
    #expect(try iterator.next() == StreamRecord(id: 1, name: "a"))
    let error = try requireThrows(FlexStreamError.self) { try iterator.next() }
    #expect(error.reason == .truncated)
    #expect((error.index, error.line, error.byteOffset) == (1, 2, 20))
  }

  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func aNullLineIsANilValueOfAnOptionalTypeAndDoesNotEndTheStream() async throws {
    let text = Array("1\nnull\n3\n".utf8)
    let decoder = FlexJSONDecoder()
    #expect(try decoder.values(of: Int?.self, from: text).collect() == [1, nil, 3])
    var values: [Int?] = []
    for try await value in decoder.values(of: Int?.self, from: byteByByte(text)) { values.append(value) }
    #expect(values == [1, nil, 3])
  }

  @Test func anEmptyStreamAndAStreamOfBlankLinesHaveNoElements() throws {
    let decoder = FlexJSONDecoder()
    #expect(try decoder.values(of: StreamRecord.self, from: Data()).collect().isEmpty)
    #expect(try decoder.values(of: StreamRecord.self, from: Data("\n\r\n  \n".utf8)).collect().isEmpty)
  }
}

extension Result {
  /// The failure's description, if it is one.
  var failureDescription: String? {
    if case .failure(let error) = self { return "\(error)" }
    return nil
  }
}
