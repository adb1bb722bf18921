import FlexDecoder
import Foundation
import Testing

/// Generated streams in every framing, cut into chunks of random sizes: the elements are the
/// same as from one buffer, and each value is what JSONDecoder decodes from the element's text.
@Suite("Generated streams")
struct GeneratedStreamTests {
  /// A small deterministic generator (SplitMix64), so that a failure can be replayed.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Records whose names hold what framers must read past: brackets, commas, quotes, escapes,
  /// record separators are not allowed raw in JSON strings, so they come escaped.
  static func records(count: Int, using generator: inout Generator) -> [StreamRecord] {
    let pieces = ["a", "[", "]", "{", "}", ",", "\"", "\\", ":", "é", "data", "\u{1E}", "\n", " "]
    return (0..<count).map { index in
      let length = Int.random(in: 0..<12, using: &generator)
      let name = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
      return StreamRecord(id: index * 7 - 20, name: name)
    }
  }

  /// The stream of `records` in `framing`, with random whitespace between elements.
  static func stream(_ records: [StreamRecord], framing: String, using generator: inout Generator) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let texts = try records.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
    func space() -> String { ["", " ", "  ", "\t"].randomElement(using: &generator)! }
    switch framing {
    case "lines":
      return Array(
        texts.map { space() + $0 + space() + (Bool.random(using: &generator) ? "\r\n" : "\n") }.joined().utf8)
    case "sequence":
      return Array(texts.map { "\u{1E}" + space() + $0 + "\n" }.joined().utf8)
    case "events":
      return Array(texts.map { ": c\ndata:" + space() + $0 + "\n\n" }.joined().utf8) + Array("data: [DONE]\n\n".utf8)
    default:
      let body = texts.map { space() + $0 + space() }.joined(separator: ",\n")
      return Array("{\"x\": [{\"items\": [1]}], \"page\": {\"items\": [\(body)], \"n\": 1}}".utf8)
    }
  }

  static func framing(_ name: String) -> FlexFraming {
    switch name {
    case "lines": .jsonLines
    case "sequence": .jsonSequence
    case "events": .serverSentEvents()
    default: .array(at: "page.items")
    }
  }

  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test(arguments: ["lines", "sequence", "events", "array"])
  func randomChunksGiveTheElementsOfOneBuffer(framing name: String) async throws {
    var generator = Generator(state: 42)
    let decoder = FlexJSONDecoder()
    for round in 0..<20 {
      let records = Self.records(count: Int.random(in: 0..<30, using: &generator), using: &generator)
      let bytes = try Self.stream(records, framing: name, using: &generator)
      let whole = decoder.elements(of: StreamRecord.self, from: bytes, framing: Self.framing(name))
        .map(SeenElement.init)
      #expect(whole.map(\.value) == records, "round \(round)")
      #expect(whole.map(\.index) == Array(records.indices), "round \(round)")
      // Chunks of random sizes, from one byte to the whole stream.
      var chunks: [[UInt8]] = []
      var start = 0
      while start < bytes.count {
        let size = Int.random(in: 1...max(1, bytes.count / Int.random(in: 1...8, using: &generator)), using: &generator)
        chunks.append(Array(bytes[start..<min(bytes.count, start + size)]))
        start += size
      }
      let source = AsyncStream<[UInt8]> { continuation in
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
      }
      let result: (elements: [SeenElement<StreamRecord>], error: (any Error)?) = await collect(
        decoder.elements(of: StreamRecord.self, from: source, framing: Self.framing(name)))
      #expect(result.error == nil, "round \(round)")
      #expect(result.elements == whole, "round \(round), \(chunks.count) chunks")
    }
  }
}
