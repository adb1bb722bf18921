import FlexCore
import Foundation
import Testing

/// Strings made from the tape (`JSONStringDecoding`): the same characters as `JSONSerialization`
/// reads, wherever an escape falls relative to the eight-byte words the unescaper copies, and never
/// marked ASCII when they are not.
@Suite("JSONStringDecoding")
struct JSONStringDecodingTests {
  // MARK: - Escapes at every offset

  /// Escapes and the characters they stand for, each with a raw non-ASCII neighbour case too.
  static let escapes: [String] = [
    #"\n"#, #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\r"#, #"\t"#, #"\u0041"#, #"\u00e9"#, #"\u20AC"#,
    #"\uD83D\uDE00"#, #"\u0000"#, "é", "日本",
  ]

  @Test(arguments: escapes)
  func readsAnEscapeAtEveryOffsetInAWordLikeJSONSerialization(escape: String) throws {
    for prefixLength in 0...17 {
      for suffixLength in [0, 1, 7, 8, 9, 16] {
        let prefix = String(repeating: "a", count: prefixLength)
        let suffix = String(repeating: "z", count: suffixLength)
        try expectSameStringAsJSONSerialization(prefix + escape + suffix)
        try expectSameStringAsJSONSerialization(prefix + escape + escape + suffix)
      }
    }
  }

  @Test func readsStringsMadeOnlyOfEscapes() throws {
    try expectSameStringAsJSONSerialization(String(repeating: #"\n"#, count: 40))
    try expectSameStringAsJSONSerialization(String(repeating: #"\u00e9\""#, count: 20))
    try expectSameStringAsJSONSerialization(#"\\"#)
  }

  @Test func readsStringsLongerThanTheStackBufferWithEscapesThroughout() throws {
    let paragraph = #"Line one\nLine \"two\"\t\u2019quoted\u2019 caf\u00e9 日本語 \uD83D\uDE00 plain text "#
    try expectSameStringAsJSONSerialization(String(repeating: paragraph, count: 40))
    try expectSameStringAsJSONSerialization(String(repeating: "x", count: 5000) + #"\n"#)
    try expectSameStringAsJSONSerialization(#"\n"# + String(repeating: "x", count: 1023))
    try expectSameStringAsJSONSerialization(#"\n"# + String(repeating: "x", count: 1024))
  }

  @Test func readsLongPlainStringsLikeJSONSerialization() throws {
    try expectSameStringAsJSONSerialization(String(repeating: "plain ASCII ", count: 300))
    try expectSameStringAsJSONSerialization(String(repeating: "ünïcödé ", count: 300))
  }

  // MARK: - ASCII flag

  /// A `String` wrongly marked ASCII counts one character per byte, so `count` shows the mark.
  @Test(arguments: [
    (#"caf\u00e9"#, 4), (#"\u20AC"#, 1), (#"\uD83D\uDE00"#, 1), ("café", 4), (#"caf\u00e9\n"#, 5),
    (#"café\n"#, 5), (#"cafe\n"#, 5), ("cafe", 4), (String(repeating: #"\u00e9"#, count: 300), 300),
  ])
  func countsCharactersNotBytesWhenAnyIsNonASCII(escaped: String, characterCount: Int) throws {
    let value = try JSONValue(parsing: "\"\(escaped)\"")
    let string = try #require(value.stringValue)
    #expect(string.count == characterCount)
    #expect(string.unicodeScalars.count == characterCount)
  }

  @Test func keysWithEscapesOrNonASCIIBytesAreReadLikeValues() throws {
    let value = try JSONValue(parsing: #"{"caf\u00e9": 1, "日本": 2, "a\nb": 3}"#)
    #expect(value == ["café": 1, "日本": 2, "a\nb": 3])
  }

  // MARK: - JSON5

  @Test func readsJSON5EscapesWithTheirASCIIness() throws {
    // A backslash before a line feed is a line continuation: it stands for nothing.
    let value = try JSONValue(parsing: "'\\x41\\xE9\\v\\0\\'x\\\ny'", options: .json5)
    let string = try #require(value.stringValue)
    #expect(string == "A\u{E9}\u{B}\u{0}'xy")
    #expect(string.count == 7)
  }

  // MARK: - Helpers

  /// Parses `content` (a JSON string's content, escapes as written) with `JSONValue` and with
  /// `JSONSerialization`, and expects the same string.
  private func expectSameStringAsJSONSerialization(
    _ content: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let document = Data("[\"\(content)\"]".utf8)
    let expected = try #require(
      try JSONSerialization.jsonObject(with: document) as? [String], sourceLocation: sourceLocation)
    let value = try JSONValue(parsing: document)
    #expect(value == .array([.string(expected[0])]), "\(content)", sourceLocation: sourceLocation)
    #expect(value[0]?.stringValue?.count == expected[0].count, sourceLocation: sourceLocation)
  }
}
