import FlexDecoder
import Foundation
import Testing

/// Inputs that Fuzz/DecoderFuzzer.swift found breaking a promise, kept byte for byte (base64) with
/// the exact outcome they must now have. The commit that fixed each one names the input too.
@Suite("Fuzz regressions (decoder)")
struct FuzzRegressionTests {
  /// A holder that puts the free-form value below a key, so the error path has a prefix.
  struct Envelope: Codable {
    var payload: JSONValue
  }

  // MARK: - JSON5 numbers inside a JSONValue

  /// DecoderFuzzer's JSON5 seed, as it crashed the round-trip check: a `JSONValue` decoded from
  /// JSON5 kept `0x10`, `+1`, `.5`, `5.` and `-Infinity` as written, and FlexJSONEncoder wrote
  /// them out unchanged, which is not JSON (the strict decoder rejected the output at the `x` of
  /// `0x10`).
  static let json5Seed = """
    Ly8gSlNPTjU6IGNvbW1lbnRzLCB1bnF1b3RlZCBrZXlzLCB0cmFpbGluZyBjb21tYXMsIGhleGFkZWNpbWFsLCBJbmZpbml0eSBhbmQgTmFOCnsKICBp\
    ZDogMHgyQSwgbmFtZTogJ0ZsZXgnLCBzY29yZTogSW5maW5pdHksIGFjdGl2ZTogZmFsc2UsIGNyZWF0ZWQ6IC0uNSwga2luZDogJ2FscGhhJywKICBz\
    aGFwZToge2xhYmVsOiB7XzA6ICd0ZXh0Jyx9LH0sIHJhdGlvOiBOYU4sIGZsYWdzOiBbXSwgcG9pbnRzOiBbe3g6ICsxLCB5OiAyLix9LF0sCiAgY291\
    bnRzOiB7J2snOiAxLH0sIC8qIGJsb2NrICovIHRyZWU6IHtjaGlsZHJlbjogW3tjaGlsZHJlbjogW3t9LF0sfSxdLH0sCiAgZXh0cmE6IFsweDEwLCAr\
    MSwgLjUsIDUuLCAtSW5maW5pdHksIHthOiAnYicsIG46IG51bGx9XSwKfQo=
    """

  /// The seed's value, encoded with infinities and NaN as strings.
  static let json5SeedAsJSON =
    #"{"id":42,"name":"Flex","score":"inf","active":false,"created":-0.5,"kind":"alpha","#
    + #""shape":{"label":{"_0":"text"}},"ratio":"nan","flags":[],"points":[{"x":1,"y":2}],"counts":{"k":1},"#
    + #""tree":{"children":[{"children":[{}]}]},"extra":[16,1,0.5,5,"-inf",{"a":"b","n":null}]}"#

  private func decodeJSON5Seed() throws -> JSONValue {
    let data = try #require(Data(base64Encoded: Self.json5Seed))
    let decoder = FlexJSONDecoder()
    decoder.allowsJSON5 = true
    return try decoder.decode(JSONValue.self, from: data)
  }

  private func encoder(convertingNonConformingFloats: Bool) -> FlexJSONEncoder {
    let encoder = FlexJSONEncoder()
    if convertingNonConformingFloats {
      encoder.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    }
    return encoder
  }

  @Test func encoderWritesTheJSON5NumbersOfAJSONValueAsJSON() throws {
    let value = try decodeJSON5Seed()
    let encoder = encoder(convertingNonConformingFloats: true)
    let written = try encoder.encodeToString(value)
    #expect(written == Self.json5SeedAsJSON)
    // The output is plain JSON: the strict decoder reads it.
    #expect(
      try FlexJSONDecoder.strict().decode(JSONValue.self, from: Data(written.utf8)) == JSONValue(parsing: written))
  }

  @Test func treeEncoderWritesTheJSON5NumbersOfAJSONValueAsJSON() throws {
    let value = try decodeJSON5Seed()
    let tree = try encoder(convertingNonConformingFloats: true).encodeToJSONValue(value)
    #expect(tree.description == Self.json5SeedAsJSON)
  }

  @Test func encoderWritesTheJSON5NumbersOfANestedJSONValueAsJSON() throws {
    let envelope = Envelope(payload: try decodeJSON5Seed())
    let written = try encoder(convertingNonConformingFloats: true).encodeToString(envelope)
    #expect(written == #"{"payload":"# + Self.json5SeedAsJSON + "}")
  }

  @Test func infinityInsideAJSONValueThrowsAtItsPathByDefault() throws {
    let envelope = Envelope(payload: try decodeJSON5Seed())
    let error = try requireThrows(EncodingError.self) {
      try encoder(convertingNonConformingFloats: false).encode(envelope)
    }
    guard case .invalidValue(let value, let context) = error else {
      Issue.record("expected invalidValue, got \(error)")
      return
    }
    #expect((value as? Double) == .infinity)
    #expect(context.codingPath.map(\.stringValue) == ["payload", "score"])
  }

  @Test func jsonValuesWithoutJSON5NumbersKeepTheirNumberText() throws {
    let value = try JSONValue(parsing: #"[1.50, -0, 1E+2, 12345678901234567890123]"#)
    #expect(
      try encoder(convertingNonConformingFloats: false).encodeToString(value)
        == "[1.50,-0,1E+2,12345678901234567890123]")
  }

  // MARK: - A combining mark in a formatted date

  /// DecoderFuzzer's dates seed under `.formatted` (`yyyy-MM-dd'T'HH:mm:ss.SSSZ`), a digit of
  /// the time followed by a combining mark (U+033E): swift-corelibs-foundation's
  /// `DateFormatter.date(from:)` trapped ("Incorrect range CFRange(location: 0, length: 15)"),
  /// ending the process. (JSONDecoder calls the same method; it is not run here for that reason.)
  static let combiningMarkDate = "1019-01-19T03:1\u{33E}08.000+0000"

  static func isoMillisecondsFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
    return formatter
  }

  struct Created: Decodable {
    var created: Date
  }

  @Test func aFormattedDateWithACombiningMarkIsCorruptedNotACrash() throws {
    let decoder = FlexJSONDecoder()
    decoder.dateDecodingStrategy = .formatted(Self.isoMillisecondsFormatter())
    let json = Data(#"{"created": "\#(Self.combiningMarkDate)"}"#.utf8)
    let error = try requireThrows(DecodingError.self) { try decoder.decode(Created.self, from: json) }
    #expect(ErrorShape(error).description == #"dataCorrupted at "created""#)
    // The same text without the mark is a date.
    let plain = Data(#"{"created": "1019-01-19T03:18:08.000+0000"}"#.utf8)
    #expect(
      try decoder.decode(Created.self, from: plain).created
        == Self.isoMillisecondsFormatter().date(from: "1019-01-19T03:18:08.000+0000"))
  }

  enum MillisecondsFormat: FlexDatePattern {
    static var pattern: String { "yyyy-MM-dd'T'HH:mm:ss.SSSZ" }
  }

  struct Stamped: Decodable {
    @FlexDate<MillisecondsFormat> var created: Date
  }

  @Test func aFlexDatePatternWithACombiningMarkIsCorruptedNotACrash() throws {
    let json = Data(#"{"created": "\#(Self.combiningMarkDate)"}"#.utf8)
    let error = try requireThrows(DecodingError.self) { try FlexJSONDecoder.strict().decode(Stamped.self, from: json) }
    #expect(ErrorShape(error).description == #"dataCorrupted at "created""#)
  }

  // MARK: - A long fraction of seconds in a formatted date

  /// The decoder fuzzer's crash under `.formatted` (`yyyy-MM-dd'T'HH:mm:ss.SSSZ`): a fraction of
  /// seconds of 35 digits or more makes ICU's parser, under `DateFormatter.date(from:)`, divide
  /// by zero (SIGFPE, ending the process; JSONDecoder is not run here for that reason).
  static func longFractionDate(digits: Int) -> String {
    "2024-05-01T12:30:00.1" + String(repeating: "0", count: digits - 1) + "+0000"
  }

  @Test(arguments: [31, 35, 60])
  func aFormattedDateWithALongFractionIsCorruptedNotACrash(digits: Int) throws {
    let decoder = FlexJSONDecoder()
    decoder.dateDecodingStrategy = .formatted(Self.isoMillisecondsFormatter())
    let json = Data(#"{"created": "\#(Self.longFractionDate(digits: digits))"}"#.utf8)
    let error = try requireThrows(DecodingError.self) { try decoder.decode(Created.self, from: json) }
    #expect(ErrorShape(error).description == #"dataCorrupted at "created""#)
    let patterned = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode(Stamped.self, from: json)
    }
    #expect(ErrorShape(patterned).description == #"dataCorrupted at "created""#)
  }

  @Test func aFormattedDateWithThirtyDigitsInARowIsStillRead() throws {
    // The longest run read: a fraction of 30 digits, which the formatter reads as it does.
    let decoder = FlexJSONDecoder()
    decoder.dateDecodingStrategy = .formatted(Self.isoMillisecondsFormatter())
    let text = Self.longFractionDate(digits: 30)
    let json = Data(#"{"created": "\#(text)"}"#.utf8)
    let expected = Self.isoMillisecondsFormatter().date(from: text)
    if let expected {
      #expect(try decoder.decode(Created.self, from: json).created == expected)
    } else {
      _ = try requireThrows(DecodingError.self) { try decoder.decode(Created.self, from: json) }
    }
  }

}
