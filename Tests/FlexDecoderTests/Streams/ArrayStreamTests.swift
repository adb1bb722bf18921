import FlexDecoder
import Foundation
import Testing

/// The elements of one array: the top-level array, or the array at a key path inside a larger
/// document, read past everything else.
@Suite("Array streams")
struct ArrayStreamTests {
  /// Keys and strings around the array that look like it (brackets, escaped quotes, the key
  /// sought at another depth), pretty-printed lines, and an element of the wrong shape.
  static let document = Array(
    """
    {"meta": {"data": "not this", "note": "a ] and a \\" and {"},
     "skip": [[1, 2], {"data": [9]}],
     "data": {"total": 3, "items": [
        {"id": 1, "name": "a [x]"},
        {"id": "two", "name": "b"},
        {"id": 3, "name": "c \\"q\\" ,"}
     ], "after": [1]},
     "tail": null}
    """.utf8)

  static let expected = [
    SeenElement(index: 0, line: 4, byteOffset: 132, value: StreamRecord(id: 1, name: "a [x]")),
    SeenElement(index: 1, line: 5, byteOffset: 164, value: nil),
    SeenElement(index: 2, line: 6, byteOffset: 196, value: StreamRecord(id: 3, name: "c \"q\" ,")),
  ]

  @Test func theArrayAtAKeyPathIsReadAndTheRestOfTheDocumentIsReadPast() {
    let seen = FlexJSONDecoder().elements(of: StreamRecord.self, from: Self.document, framing: .array(at: "data.items"))
      .map(SeenElement.init)
    #expect(seen == Self.expected)
  }

  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func everyChunkSizeGivesTheSameElements() async {
    let decoder = FlexJSONDecoder()
    for size in 1...Self.document.count {
      let result: (elements: [SeenElement<StreamRecord>], error: (any Error)?) = await collect(
        decoder.elements(
          of: StreamRecord.self, from: chunked(Self.document, size: size), framing: .array(at: "data.items")))
      #expect(result.error == nil, "chunks of \(size)")
      #expect(result.elements == Self.expected, "chunks of \(size)")
      if result.elements != Self.expected { break }
    }
  }

  @Test func eachElementIsWhatJSONDecoderDecodesFromItsBytes() throws {
    let text = Array("[1, -2.5e3 ,\"x\\u0041\",true,null,[1,[2]],{\"a\":{}}, 7]".utf8)
    let values = try FlexJSONDecoder().values(of: JSONValueOrNull.self, from: text, framing: .array()).collect()
    let whole = try JSONDecoder().decode([JSONValueOrNull].self, from: Data(text))
    #expect(values == whole)
  }

  @Test func scalarsAndEmptyArrays() throws {
    let decoder = FlexJSONDecoder()
    #expect(
      try decoder.values(of: Int.self, from: Array(" [ 1 ,2,\n3 ] ".utf8), framing: .array()).collect() == [1, 2, 3])
    #expect(try decoder.values(of: Int.self, from: Array("[]".utf8), framing: .array()).collect() == [])
    #expect(try decoder.values(of: Int.self, from: Array("{\"a\":[]}".utf8), framing: .array(at: "a")).collect() == [])
  }

  @Test(arguments: [
    ("{\"data\": {\"items\": 5}}", "data.items"),
    ("{\"data\": [1]}", "data.items"),
    ("{\"other\": [1]}", "data"),
    ("5", ""),
    ("", ""),
  ])
  func aDocumentWithoutTheArrayIsAnError(document: String, keyPath: String) throws {
    var iterator = FlexJSONDecoder().values(of: Int.self, from: Data(document.utf8), framing: .array(at: keyPath))
      .makeIterator()
    let error = try requireThrows(FlexStreamError.self) { try iterator.next() }
    #expect(error.reason == .arrayNotFound)
    #expect(
      error.description.hasSuffix(keyPath.isEmpty ? ": no array at the top level" : ": no array at \"\(keyPath)\""))
  }

  @Test(arguments: ["{\"data\": [1, 2, {\"id\": 3", "{\"data\": [1, 2", "{\"data\": [1, 2]"])
  func aDocumentCutShortThrowsAfterTheCompleteElements(document: String) throws {
    var iterator = FlexJSONDecoder().values(of: Int.self, from: Data(document.utf8), framing: .array(at: "data"))
      .makeIterator()
    #expect(try iterator.next() == 1)
    // `2` is complete once its `,` or `]` is read.
    if document.hasSuffix("2") {
      let error = try requireThrows(FlexStreamError.self) { try iterator.next() }
      #expect(error.reason == .truncated)
      return
    }
    #expect(try iterator.next() == 2)
    let error = try requireThrows(FlexStreamError.self) { try iterator.next() }
    #expect(error.reason == .truncated)
  }

  @Test func anElementOverTheLimitIsAnErrorAndTheNextIsRead() {
    var framing = FlexFraming.array()
    framing.maxElementBytes = 8
    let elements = Array(
      FlexJSONDecoder().elements(of: [Int].self, from: Array("[[1],[1,2,3,4,5,6],[7]]".utf8), framing: framing))
    #expect(elements.map { try? $0.get() } == [[1], nil, [7]])
    #expect((elements[1].result.failureDescription ?? "").contains("maxElementBytes"))
  }
}

/// Any JSON value, for comparing element by element with JSONDecoder.
enum JSONValueOrNull: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValueOrNull])
  case object([String: JSONValueOrNull])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValueOrNull].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValueOrNull].self))
    }
  }

  func encode(to encoder: any Encoder) throws {}
}
