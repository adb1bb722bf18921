import FlexCore
import Testing

/// The scanner's verdicts on malformed input: the exact reason, and the exact byte offset, line
/// and column it reports.
@Suite("JSONScanner")
struct JSONScannerTests {
  // MARK: - Malformed input

  /// A malformed document and the error it must produce.
  struct Malformed: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let reason: JSONParseError.Reason
    let offset: Int
    let line: Int
    let column: Int

    init(_ name: String, _ text: String, _ reason: JSONParseError.Reason, offset: Int, line: Int = 1, column: Int) {
      self.init(name, Array(text.utf8), reason, offset: offset, line: line, column: column)
    }

    init(_ name: String, _ bytes: [UInt8], _ reason: JSONParseError.Reason, offset: Int, line: Int = 1, column: Int) {
      self.name = name
      self.bytes = bytes
      self.reason = reason
      self.offset = offset
      self.line = line
      self.column = column
    }

    var testDescription: String { name }
  }

  static let malformed: [Malformed] = [
    Malformed("truncated object", #"{"a": 1"#, .unexpectedEndOfInput, offset: 7, column: 8),
    Malformed("truncated object after a key", #"{"a""#, .unexpectedEndOfInput, offset: 4, column: 5),
    Malformed(
      "truncated object after a comma", "{\n  \"a\": [1,\n", .unexpectedEndOfInput, offset: 13, line: 3, column: 1),
    Malformed("truncated string", #""abc"#, .unexpectedEndOfInput, offset: 4, column: 5),
    Malformed("truncated literal", "tru", .unexpectedEndOfInput, offset: 3, column: 4),
    Malformed(
      "misspelled literal", "trUe", .unexpectedCharacter(UInt8(ascii: "U"), expected: "expected 'true'"), offset: 2,
      column: 3),
    Malformed(
      "missing colon", #"{"a" 1}"#,
      .unexpectedCharacter(UInt8(ascii: "1"), expected: "expected ':' after an object key"),
      offset: 5, column: 6),
    Malformed(
      "unquoted key", #"{a: 1}"#,
      .unexpectedCharacter(UInt8(ascii: "a"), expected: "expected '\"' to begin an object key"),
      offset: 1, column: 2),
    Malformed(
      "missing comma in an array", "[1 2]", .unexpectedCharacter(UInt8(ascii: "2"), expected: "expected ',' or ']'"),
      offset: 3, column: 4),
    Malformed(
      "missing comma in an object", #"{"a":1 "b":2}"#,
      .unexpectedCharacter(UInt8(ascii: "\""), expected: "expected ',' or '}'"), offset: 7, column: 8),
    Malformed("leading zero", "[01]", .invalidNumber("leading zeros are not allowed"), offset: 1, column: 2),
    Malformed("negative leading zero", "-01", .invalidNumber("leading zeros are not allowed"), offset: 0, column: 1),
    Malformed(
      "no digit after the point", "1.", .invalidNumber("expected a digit after the decimal point"), offset: 2, column: 3
    ),
    Malformed(
      "letter after the point", "[1.e5]", .invalidNumber("expected a digit after the decimal point"), offset: 3,
      column: 4),
    Malformed(
      "no digit after the point at the end", "[12.", .invalidNumber("expected a digit after the decimal point"),
      offset: 4, column: 5),
    Malformed(
      "empty exponent after a fraction", "[12.5e]", .invalidNumber("expected a digit in the exponent"), offset: 6,
      column: 7),
    Malformed(
      "a letter after a fraction", "[123.45x]",
      .unexpectedCharacter(UInt8(ascii: "x"), expected: "expected ',' or ']'"),
      offset: 7, column: 8),
    Malformed("lone minus", "-", .invalidNumber("expected a digit after '-'"), offset: 1, column: 2),
    Malformed("empty exponent", "[1e]", .invalidNumber("expected a digit in the exponent"), offset: 3, column: 4),
    Malformed("signed empty exponent", "1E+", .invalidNumber("expected a digit in the exponent"), offset: 3, column: 4),
    Malformed(
      "trailing comma in an array", "[1,]", .unexpectedCharacter(UInt8(ascii: "]"), expected: "expected a value"),
      offset: 3, column: 4),
    Malformed(
      "trailing comma in an object", #"{"a":1,}"#,
      .unexpectedCharacter(UInt8(ascii: "}"), expected: "expected '\"' to begin an object key"), offset: 7, column: 8),
    Malformed("bad escape \\x", #"["a\x41"]"#, .invalidEscape(UInt8(ascii: "x")), offset: 3, column: 4),
    Malformed("bad escape \\'", #""\'""#, .invalidEscape(UInt8(ascii: "'")), offset: 1, column: 2),
    Malformed("non-hex \\u escape", #""\u12G4""#, .invalidUnicodeEscape, offset: 1, column: 2),
    Malformed("non-hex digit in a truncated \\u escape", #""\u0G"#, .invalidUnicodeEscape, offset: 1, column: 2),
    Malformed("truncated \\u escape", #""\u00"#, .unexpectedEndOfInput, offset: 5, column: 6),
    Malformed("truncated low surrogate", #""\uD83D\uDE"#, .unexpectedEndOfInput, offset: 11, column: 12),
    Malformed("lone high surrogate", #""\uD800""#, .loneSurrogate(0xD800), offset: 1, column: 2),
    Malformed(
      "high surrogate before a non-surrogate", #""\uD800\u0041""#, .loneSurrogate(0xD800), offset: 1, column: 2),
    Malformed("lone low surrogate", #"["x\uDC00"]"#, .loneSurrogate(0xDC00), offset: 3, column: 4),
    Malformed("unescaped tab", "\"a\tb\"", .unescapedControlCharacter(0x09), offset: 2, column: 3),
    Malformed("unescaped newline", "[\"a\nb\"]", .unescapedControlCharacter(0x0A), offset: 3, column: 4),
    Malformed("unescaped NUL", [0x22, 0x00, 0x22], .unescapedControlCharacter(0x00), offset: 1, column: 2),
    Malformed("byte 0xFF in a string", [0x22, 0x61, 0xFF, 0x22], .invalidUTF8, offset: 2, column: 3),
    Malformed("overlong encoding in a string", [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, offset: 1, column: 2),
    Malformed("encoded surrogate in a string", [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, offset: 1, column: 2),
    Malformed("truncated sequence in a string", [0x22, 0xE2, 0x82, 0x22], .invalidUTF8, offset: 1, column: 2),
    Malformed(
      "byte 0xFF outside a string", [0x5B, 0xFF, 0x5D], .unexpectedCharacter(0xFF, expected: "expected a value"),
      offset: 1, column: 2),
    Malformed("empty input", "", .emptyInput, offset: 0, column: 1),
    Malformed("whitespace only", " \n\t ", .emptyInput, offset: 4, line: 2, column: 3),
    Malformed("byte order mark only", [0xEF, 0xBB, 0xBF], .emptyInput, offset: 3, column: 2),
    Malformed(
      "trailing garbage", "[1]x",
      .unexpectedCharacter(UInt8(ascii: "x"), expected: "expected the end of the document after the top-level value"),
      offset: 3, column: 4),
    Malformed(
      "second top-level value", "1 2",
      .unexpectedCharacter(UInt8(ascii: "2"), expected: "expected the end of the document after the top-level value"),
      offset: 2, column: 3),
    Malformed(
      "columns count scalars after a byte order mark", [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8),
      .unexpectedCharacter(UInt8(ascii: "]"), expected: "expected a value"), offset: 6, column: 5),
  ]

  @Test(arguments: malformed)
  func rejectsMalformedInputAtTheExactLocation(_ input: Malformed) throws {
    let error = try #require(parseError(input.bytes))
    #expect(error.reason == input.reason)
    #expect(error.offset == input.offset)
    #expect(error.line == input.line)
    #expect(error.column == input.column)
    #expect(error.location == JSONLocation(offset: input.offset, line: input.line, column: input.column))
  }

  @Test func acceptsAByteOrderMarkBeforeTheValue() throws {
    #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
    #expect(try JSONValue(parsing: "\u{FEFF} {\"a\": true}") == ["a": true])
  }

  @Test func rejectsAByteOrderMarkAfterTheStart() throws {
    let error = try #require(parseError(Array(" \u{FEFF}[1]".utf8)))
    #expect(error.reason == .unexpectedCharacter(0xEF, expected: "expected a value"))
    #expect(error.offset == 1)
  }

  // MARK: - Strings, sixteen bytes at a time

  /// Strings are searched a 16-byte block at a time; each byte that ends the plain run must be
  /// found at every position in a block, in a document long enough to be searched by blocks.
  @Test func findsTheClosingQuoteAtEveryOffsetOfABlock() throws {
    for length in 0...40 {
      let content = String(repeating: "a", count: length)
      let value = try JSONValue(parsing: "[\"\(content)\", \"after the string, more than sixteen bytes\"]")
      #expect(value[0] == .string(content))
    }
  }

  @Test func rejectsARawControlCharacterAtEveryOffsetOfABlock() throws {
    for position in 0...40 {
      let bytes =
        Array("[\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: position) + [0x1F]
        + Array("bcdefghijklmnopqrstuvwxyz\"]".utf8)
      let error = try #require(parseError(bytes))
      #expect(error.reason == .unescapedControlCharacter(0x1F))
      #expect(error.offset == 2 + position)
    }
  }

  @Test func rejectsInvalidUTF8AtEveryOffsetOfABlock() throws {
    for position in 0...40 {
      let bytes =
        Array("[\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: position) + [0xC3, 0x28]
        + Array("bcdefghijklmnopqrstuvwxyz\"]".utf8)
      let error = try #require(parseError(bytes))
      #expect(error.reason == .invalidUTF8)
      #expect(error.offset == 2 + position)
    }
  }

  @Test func readsNonASCIIAndEscapesAtEveryOffsetOfABlock() throws {
    for position in 0...40 {
      let prefix = String(repeating: "a", count: position)
      let value = try JSONValue(parsing: "[\"\(prefix)é\\n\(prefix)日\", \"more than sixteen bytes after it\"]")
      #expect(value[0] == .string("\(prefix)é\n\(prefix)日"))
    }
  }

  /// Runs of multi-byte characters are validated in one loop: two-, three- and four-byte forms,
  /// mixed and back to back, at every length, read back as they were written.
  @Test func readsRunsOfMultibyteCharactersOfEveryForm() throws {
    for sample in ["жизнь", "日本語のテキスト", "😀🎉🚀", "aé日😀b", "\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"] {
      for repeats in 0...12 {
        let text = String(repeating: sample, count: repeats)
        #expect(try JSONValue(parsing: "[\"\(text)\", \"\(text)x\"]") == [.string(text), .string(text + "x")])
      }
    }
  }

  /// An invalid sequence inside a run of valid three-byte characters is reported at its first
  /// byte, wherever it is: a missing continuation byte, an overlong form, a surrogate, a value
  /// above U+10FFFF and a stray continuation byte.
  @Test func rejectsAnInvalidSequenceAtEveryPositionOfAMultibyteRun() throws {
    let invalid: [[UInt8]] = [
      [0xE6, 0x97, 0x41], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80],
    ]
    let character = Array("日".utf8)
    for bad in invalid {
      for position in 0...8 {
        let bytes =
          Array("[\"".utf8) + Array(repeating: character, count: position).flatMap { $0 } + bad
          + Array(repeating: character, count: 4).flatMap { $0 } + Array("\"]".utf8)
        let error = try #require(parseError(bytes))
        #expect(error.reason == .invalidUTF8)
        #expect(error.offset == 2 + 3 * position)
      }
    }
  }

  /// The last bytes of a document are read one sequence at a time (the run loop reads four
  /// bytes at once): characters of two, three and four bytes just before the closing quote of a
  /// top-level string are read, and a sequence cut by the end of the document is reported at its
  /// first byte.
  @Test func readsAndRejectsMultibyteSequencesAtTheEndOfTheDocument() throws {
    for character in ["é", "日", "😀"] {
      for count in 1...3 {
        let text = String(repeating: character, count: count)
        #expect(try JSONValue(parsing: Array("\"\(text)\"".utf8)) == .string(text))
      }
      let bytes = Array(character.utf8)
      for cut in 1..<bytes.count {
        let error = try #require(parseError([0x22, 0x61] + bytes.dropLast(cut)))
        #expect(error.reason == .invalidUTF8)
        #expect(error.offset == 2)
      }
    }
  }

  // MARK: - Whitespace, sixteen bytes at a time

  /// Runs of whitespace longer than two bytes are skipped a 16-byte block at a time: a run of
  /// each length, of each whitespace byte and of all four mixed, ends at the right byte, in
  /// every place whitespace may be (before and after a value, a key, a colon, a comma, a
  /// bracket).
  @Test func skipsWhitespaceRunsOfEveryLengthAndKind() throws {
    let kinds = [" ", "\n", "\t", "\r", " \n\t\r"]
    for kind in kinds {
      for length in 0...40 {
        let run = String(String(repeating: kind, count: length).prefix(length))
        let text = "\(run)[\(run)1\(run),\(run){\(run)\"key\"\(run):\(run)true\(run)}\(run),\(run)\"s\"\(run)]\(run)"
        #expect(try JSONValue(parsing: text) == [1, ["key": true], "s"], "run of \(length) × \(kind.debugDescription)")
      }
    }
  }

  /// A byte below 0x21 that is not one of the four whitespace bytes ends the run, wherever it is
  /// in a block, and is reported where it is.
  @Test func stopsAtAControlCharacterAtEveryOffsetOfAWhitespaceBlock() throws {
    for control: UInt8 in [0x00, 0x0B, 0x0C, 0x1F] {
      for position in 0...40 {
        let bytes =
          Array("[1,".utf8) + Array(repeating: 0x20, count: position) + [control] + Array(repeating: 0x20, count: 20)
          + Array("2]".utf8)
        let error = try #require(parseError(bytes))
        #expect(error.reason == .unexpectedCharacter(control, expected: "expected a value"))
        #expect(error.offset == 3 + position)
      }
    }
  }

  @Test func acceptsADocumentThatEndsInALongWhitespaceRun() throws {
    for length in 0...40 {
      #expect(try JSONValue(parsing: "[1]" + String(repeating: " \n", count: length)) == [1])
    }
    let error = try #require(parseError(Array(("[1" + String(repeating: "\t", count: 33)).utf8)))
    #expect(error.reason == .unexpectedEndOfInput)
    #expect(error.offset == 35)
  }

  // MARK: - Lines and columns

  @Test func countsLinesAfterLineFeedsCarriageReturnsAndBoth() throws {
    let error = try #require(parseError(Array("[\r\n1,\r2,\n x]".utf8)))
    #expect(error.reason == .unexpectedCharacter(UInt8(ascii: "x"), expected: "expected a value"))
    #expect(error.offset == 10)
    #expect(error.line == 4)
    #expect(error.column == 2)
  }

  @Test func countsColumnsInUnicodeScalarsNotBytes() throws {
    // "é" is 2 bytes, "€" 3, "😀" 4: the `x` is byte 20, the 6th scalar of its line.
    let error = try #require(parseError(Array("[\"é€😀\",\n \"é\",x]".utf8)))
    #expect(error.offset == 20)
    #expect(error.line == 2)
    #expect(error.column == 6)
  }

  // MARK: - Nesting limit

  @Test func acceptsArraysNestedToTheDefaultLimit() throws {
    var value = try JSONValue(parsing: nested(512))
    var depth = 0
    while case .array(let elements) = value, let first = elements.first {
      depth += 1
      value = first
    }
    #expect(depth == 511)
    #expect(value == [])
  }

  @Test func rejectsArraysNestedOnePastTheDefaultLimit() throws {
    let error = try #require(parseError(Array(nested(513).utf8)))
    #expect(error.reason == .tooDeeplyNested(limit: 512))
    #expect(error.offset == 512)
    #expect(error.column == 513)
  }

  @Test func rejectsObjectsNestedOnePastTheDefaultLimit() throws {
    let text = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
    let error = try #require(parseError(Array(text.utf8)))
    #expect(error.reason == .tooDeeplyNested(limit: 512))
    #expect(error.offset == 512 * 5)
    let accepted = String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)
    #expect(throws: Never.self) { try JSONValue(parsing: accepted) }
  }

  @Test func honoursACustomNestingLimit() throws {
    let options = JSONParsingOptions(maxDepth: 2)
    #expect(try JSONValue(parsing: "[[1], {\"a\": 1}]", options: options) == [[1], ["a": 1]])
    let error = try #require(parseError(Array("[[[1]]]".utf8), options: options))
    #expect(error.reason == .tooDeeplyNested(limit: 2))
    #expect(error.offset == 2)
    let objects = try #require(parseError(Array(#"{"a":{"b":{}}}"#.utf8), options: options))
    #expect(objects.reason == .tooDeeplyNested(limit: 2))
    #expect(objects.offset == 10)
  }

  @Test(
    arguments: [
      ("[1,]", [1] as JSONValue, 3), (#"{"a": 1 , }"#, ["a": 1] as JSONValue, 10), ("[[1,],\n]", [[1]] as JSONValue, 4),
      ("[ {}, ]", [[:]] as JSONValue, 6),
    ] as [(String, JSONValue, Int)])
  func acceptsOneTrailingCommaWhenAllowed(text: String, expected: JSONValue, strictErrorOffset: Int) throws {
    #expect(try JSONValue(parsing: text, options: JSONParsingOptions(allowsTrailingCommas: true)) == expected)
    let error = try #require(parseError(Array(text.utf8)))
    #expect(error.offset == strictErrorOffset)
  }

  @Test(arguments: [
    "[,]", "{,}", "[1,,]", #"{"a": 1,,}"#, "[1,}", "1,", "[1,", #"{"a":}"#, #"[{"a":]"#, #"{"a": [1,}"#, "]", "[1]]",
  ])
  func rejectsCommasWithNothingBeforeThemEvenWhenTrailingCommasAreAllowed(text: String) {
    #expect(throws: JSONParseError.self) {
      try JSONValue(parsing: text, options: JSONParsingOptions(allowsTrailingCommas: true))
    }
  }

  @Test func aLimitOfZeroAllowsOnlyScalars() throws {
    let options = JSONParsingOptions(maxDepth: 0)
    #expect(try JSONValue(parsing: "\"s\"", options: options) == "s")
    let error = try #require(parseError(Array("[]".utf8), options: options))
    #expect(error.reason == .tooDeeplyNested(limit: 0))
    #expect(error.offset == 0)
  }

  @Test func acceptsDeeperNestingWhenTheLimitIsRaised() throws {
    let value = try JSONValue(parsing: nested(2_000), options: JSONParsingOptions(maxDepth: 2_000))
    #expect(value.arrayValue?.count == 1)
    let error = try #require(parseError(Array(nested(2_001).utf8), options: JSONParsingOptions(maxDepth: 2_000)))
    #expect(error.reason == .tooDeeplyNested(limit: 2_000))
    #expect(error.offset == 2_000)
  }

  // MARK: - Messages

  @Test func describesAnUnexpectedCharacterWithLocationAndHint() throws {
    let error = try #require(parseError(Array("{\n  \"a\": 1,\n  \"b\" }".utf8)))
    #expect(error.description == "Unexpected character '}' at line 3, column 7 (expected ':' after an object key)")
    #expect(error.message == "Unexpected character '}'")
    #expect(error.hint == "expected ':' after an object key")
    #expect(error.location.description == "line 3, column 7")
    #expect(error.offset == 18)
  }

  struct Message: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let description: String
    var testDescription: String { description }

    init(_ text: String, _ description: String) {
      self.init(Array(text.utf8), description)
    }

    init(_ bytes: [UInt8], _ description: String) {
      self.bytes = bytes
      self.description = description
    }
  }

  static let messages: [Message] = [
    Message("", "The input contains no JSON value at line 1, column 1"),
    Message("[1,", "Unexpected end of input at line 1, column 4"),
    Message("[1,]", "Unexpected character ']' at line 1, column 4 (expected a value)"),
    Message([0x5B, 0x00, 0x5D], "Unexpected character byte 0x00 at line 1, column 2 (expected a value)"),
    Message([0x5B, 0xFF, 0x5D], "Unexpected byte 0xFF at line 1, column 2 (expected a value)"),
    Message("[01]", "Invalid number: leading zeros are not allowed at line 1, column 2"),
    Message(#""\x41""#, "Invalid escape sequence '\\x' in string at line 1, column 2"),
    Message(#""\u00G0""#, "Invalid \\u escape: expected four hexadecimal digits at line 1, column 2"),
    Message(#""\udbff""#, "Unpaired UTF-16 surrogate \\uDBFF in string at line 1, column 2"),
    Message("\"\t\"", "Unescaped control character 0x09 in string at line 1, column 2"),
    Message([0x22, 0xFF, 0x22], "Invalid UTF-8 byte sequence at line 1, column 2"),
    Message(
      String(repeating: "[", count: 513),
      "Arrays and objects are nested deeper than the limit of 512 at line 1, column 513"),
  ]

  @Test(arguments: messages)
  func describesEachReasonInOneSentence(_ input: Message) throws {
    let error = try #require(parseError(input.bytes))
    #expect(error.description == input.description)
  }

  @Test func describesAnUnterminatedComment() throws {
    let error = try #require(parseError(Array("[1, /* two".utf8), options: .json5))
    #expect(error.description == "Unterminated /* comment at line 1, column 5")
  }

  // MARK: - Valid input

  @Test func acceptsEveryScalarAtTheTopLevel() throws {
    #expect(try JSONValue(parsing: "null") == nil)
    #expect(try JSONValue(parsing: " true ") == true)
    #expect(try JSONValue(parsing: "\tfalse\r\n") == false)
    #expect(try JSONValue(parsing: "-0.5e-3") == .number(JSONNumber(uncheckedText: "-0.5e-3")))
    #expect(try JSONValue(parsing: #""a\"b""#) == "a\"b")
  }

  @Test func decodesEveryRFC8259Escape() throws {
    let value = try JSONValue(parsing: #""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \uD83D\uDE00 \u0000""#)
    #expect(value == .string("\" \\ / \u{8} \u{C} \n \r \t A é € 😀 \u{0}"))
  }

  @Test func parsesTheSameValueFromBytesStringsAndBuffers() throws {
    let text = #"{"a": [1, "x"]}"#
    let fromString = try JSONValue(parsing: text)
    let fromArray = try JSONValue(parsing: Array(text.utf8))
    let fromView = try JSONValue(parsing: text.utf8)
    let fromLazyCollection = try JSONValue(parsing: Array(text.utf8).lazy.map { $0 })  // not contiguous
    let fromBuffer = try Array(text.utf8).withUnsafeBytes { buffer in
      try JSONValue(parsingBytes: buffer)
    }
    #expect(fromString == ["a": [1, "x"]])
    #expect(fromArray == fromString)
    #expect(fromView == fromString)
    #expect(fromLazyCollection == fromString)
    #expect(fromBuffer == fromString)
  }

  // MARK: - Digit runs and plain strings (read eight and sixteen bytes at a time)

  /// Every byte after a run of 1 to 17 digits, so that it falls at each place of an eight-byte
  /// word and of the next one: a digit continues the number, a comma ends it, anything else is
  /// the error after the number, at that byte.
  @Test(arguments: 1...17)
  func endsADigitRunAtTheFirstByteThatIsNoDigit(_ digitCount: Int) throws {
    let digits = Array(repeating: UInt8(ascii: "7"), count: digitCount)
    for byte in UInt8.min...UInt8.max {
      let document = [UInt8(ascii: "[")] + digits + [byte] + Array("123456789]".utf8)
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let value = try JSONValue(parsing: document)
        #expect(
          value
            == .array([.number(JSONNumber(text: String(decoding: document.dropFirst().dropLast(), as: UTF8.self))!)]))
      case UInt8(ascii: ","):
        #expect(try JSONValue(parsing: document).arrayValue?.count == 2)
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        #expect(try JSONValue(parsing: document).arrayValue?.count == 1)
      case UInt8(ascii: "]"), 0x09, 0x0A, 0x0D, 0x20:
        // The document ends, or a number follows without a comma: the error is at the byte after.
        #expect(parseError(document)?.location.offset == digitCount + 2)
      default:
        let error = try #require(parseError(document), "byte \(byte)")
        #expect(error.location.offset == digitCount + 1, "byte \(byte)")
      }
    }
  }

  /// Every byte inside a short string, at each place of a sixteen-byte block: the quote ends it,
  /// a control character is an error there, a backslash starts an escape (`\a` is invalid),
  /// and every other ASCII byte is plain text.
  @Test(arguments: 0...17)
  func findsTheEndOfAPlainStringAtEachPlaceOfABlock(_ place: Int) throws {
    let before = Array(repeating: UInt8(ascii: "a"), count: place)
    for byte in UInt8.min...0x7F {
      let document = Array(#"{"k":""#.utf8) + before + [byte] + Array(#"abcdefghijklmnopq"}"#.utf8)
      let contentOffset = 6
      switch byte {
      case UInt8(ascii: "\""):
        let error = try #require(parseError(document))
        #expect(error.location.offset == contentOffset + place + 1)
      case 0x00..<0x20:
        let error = try #require(parseError(document))
        #expect(error.reason == .unescapedControlCharacter(byte))
        #expect(error.location.offset == contentOffset + place)
      case UInt8(ascii: "\\"):
        #expect(parseError(document)?.reason == .invalidEscape(UInt8(ascii: "a")))
      default:
        let text = String(decoding: before + [byte], as: UTF8.self) + "abcdefghijklmnopq"
        #expect(try JSONValue(parsing: document) == ["k": .string(text)], "byte \(byte)")
      }
    }
  }

  // MARK: - Helpers

  private func nested(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  }
}

/// The error parsing `bytes` throws, or `nil` (recorded as an issue) if it parses.
func parseError(
  _ bytes: [UInt8], options: JSONParsingOptions = .strict, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> JSONParseError? {
  do {
    let value = try JSONValue(parsing: bytes, options: options)
    Issue.record("Expected a parse error, got \(value)", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}
