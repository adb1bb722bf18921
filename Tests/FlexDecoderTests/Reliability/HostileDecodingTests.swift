import FlexDecoder
import Foundation
import Testing

/// Inputs built to hurt: huge objects, huge numbers, long escape runs. Each must decode or fail
/// with a clear error, in time roughly linear in its size, without crashing.
@Suite("Hostile input to the decoder")
struct HostileDecodingTests {
  /// `{"k0":0,"k1":1,…}` with `count` members.
  private func bigObject(_ count: Int) -> Data {
    var text = "{"
    text.reserveCapacity(count * 14)
    for index in 0..<count {
      if index > 0 { text += "," }
      text += "\"k\(index)\":\(index)"
    }
    return Data((text + "}").utf8)
  }

  @Test func aMillionKeysParseIntoOneObject() throws {
    let value = try JSONValue(parsing: bigObject(1_000_000))
    let object = try #require(value.objectValue)
    #expect(object.count == 1_000_000)
    #expect(object["k999999"] == 999_999)
  }

  @Test func twoHundredThousandKeysDecodeIntoADictionary() throws {
    let dictionary = try FlexJSONDecoder().decode([String: Int].self, from: bigObject(200_000))
    #expect(dictionary.count == 200_000)
    #expect(dictionary["k123456"] == 123_456)
  }

  @Test func aMillionDigitNumberKeepsItsTextAndFitsNoSwiftNumber() throws {
    let digits = "1" + String(repeating: "0", count: 999_999)
    let value = try JSONValue(parsing: "[\(digits)]")
    #expect(value[0]?.numberValue?.text.count == 1_000_000)
    for decode in [
      { _ = try FlexJSONDecoder.strict().decode([Double].self, from: Data("[\(digits)]".utf8)) },
      { _ = try FlexJSONDecoder.strict().decode([Int].self, from: Data("[\(digits)]".utf8)) },
    ] {
      let error = try requireThrows(DecodingError.self, performing: decode)
      guard case .dataCorrupted(let context) = error else {
        Issue.record("expected dataCorrupted, got \(error)")
        continue
      }
      #expect(context.codingPath.isEmpty)
    }
  }

  @Test func anExponentOfAMillionIsOutOfRangeForDouble() throws {
    #expect(throws: DecodingError.self) {
      try FlexJSONDecoder.strict().decode(Double.self, from: Data("1e999999".utf8))
    }
    // As in Foundation, underflow is out of range too.
    #expect(throws: DecodingError.self) {
      try FlexJSONDecoder.strict().decode(Double.self, from: Data("1e-999999".utf8))
    }
  }

  @Test func aMillionNullEscapesDecodeToAMillionNulls() throws {
    let json = "\"" + String(repeating: "\\u0000", count: 1_000_000) + "\""
    let string = try FlexJSONDecoder().decode(String.self, from: Data(json.utf8))
    #expect(string.utf8.count == 1_000_000)
    #expect(string.utf8.allSatisfy { $0 == 0 })
  }
}
