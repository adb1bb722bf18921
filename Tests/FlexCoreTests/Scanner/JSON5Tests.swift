import FlexCore
import Testing

/// JSON5 (https://spec.json5.org), accepted only when `allowsJSON5` is on.
@Suite("JSON5")
struct JSON5Tests {
  /// A JSON5 document and the value it must parse to.
  struct Accepted: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let value: JSONValue
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ value: JSONValue) {
      self.name = name
      self.text = text
      self.value = value
    }
  }

  static let accepted: [Accepted] = [
    Accepted("line comments", "// head\n[1, // one\n2] // tail", [1, 2]),
    Accepted("block comments", "/* a */[/**/1/* b\n c */,/* d **/2]/* e */", [1, 2]),
    Accepted("comments around a key and colon", #"{/*k*/"a"/*c*/:/*v*/1/*e*/}"#, ["a": 1]),
    Accepted("a line comment ended by a carriage return", "[1, // x\r2]", [1, 2]),
    Accepted("trailing comma in an array", "[1, 2,]", [1, 2]),
    Accepted("trailing comma in an object", #"{"a": 1,}"#, ["a": 1]),
    Accepted("trailing commas at every level", "[[1,], {\"a\": [],},]", [[1], ["a": []]]),
    Accepted("a comment after a trailing comma", "[1, /* c */ ]", [1]),
    Accepted("single-quoted string", "'abc'", "abc"),
    Accepted("single-quoted string with an escaped quote", #"'it\'s'"#, "it's"),
    Accepted("double quotes inside single quotes", #"'say "hi"'"#, "say \"hi\""),
    Accepted("single-quoted key", "{'a': 'b'}", ["a": "b"]),
    Accepted("unquoted keys", "{a: 1, $b: 2, _c3: 3, café: 4}", ["a": 1, "$b": 2, "_c3": 3, "café": 4]),
    Accepted("unquoted key without spaces", "{a:1}", ["a": 1]),
    Accepted("unquoted key with a \\u escape", #"{\u0061b: 5}"#, ["ab": 5]),
    Accepted("unquoted key with an escaped surrogate pair", #"{\uD83D\uDE00x: 6}"#, ["😀x": 6]),
    Accepted("\\x escape", #""\x41\xe9""#, "Aé"),
    Accepted("\\v escape", #""\v""#, "\u{0B}"),
    Accepted("\\0 escape", #""a\0b""#, "a\u{0}b"),
    Accepted("any other character escaped stands for itself", #""\q\é\'""#, "qé'"),
    Accepted("line continuation with a line feed", "\"a\\\nb\"", "ab"),
    Accepted("line continuation with a carriage return and line feed", "\"a\\\r\nb\"", "ab"),
    Accepted("line continuation with a carriage return", "\"a\\\rb\"", "ab"),
    Accepted("line continuation with U+2028", "\"a\\\u{2028}b\"", "ab"),
    Accepted("line continuation with U+2029", "\"a\\\u{2029}b\"", "ab"),
    Accepted("raw tab in a string", "\"a\tb\"", "a\tb"),
    Accepted("JSON5 whitespace", "\u{0B}\u{0C}\u{A0}\u{FEFF}\u{2028}\u{3000}[1\u{2029}]\u{202F}", [1]),
  ]

  @Test(arguments: accepted)
  func acceptsJSON5Syntax(_ input: Accepted) throws {
    #expect(try JSONValue(parsing: input.text, options: .json5) == input.value)
  }

  @Test(arguments: accepted)
  func rejectsJSON5SyntaxInStrictMode(_ input: Accepted) {
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: input.text) }
  }

  @Test func keepsTheOrderOfUnquotedKeys() throws {
    let value = try JSONValue(parsing: "{z: 1, a: 2, 'm': 3}", options: .json5)
    #expect(value.objectValue?.keys == ["z", "a", "m"])
  }

  // MARK: - Numbers

  /// A JSON5 number: its text must be kept, and its value read correctly.
  struct Number: Sendable, CustomTestStringConvertible {
    let text: String
    let double: Double
    let integer: Int?
    var testDescription: String { text }

    init(_ text: String, _ double: Double, _ integer: Int?) {
      self.text = text
      self.double = double
      self.integer = integer
    }
  }

  static let numbers: [Number] = [
    Number("0x1F", 31, 31),
    Number("0XaB", 171, 171),
    Number("-0x10", -16, -16),
    Number("+0xff", 255, 255),
    Number("0x0", 0, 0),
    Number("+1", 1, 1),
    Number("+1.5e1", 15, 15),
    Number(".5", 0.5, nil),
    Number("-.5", -0.5, nil),
    Number("+.25", 0.25, nil),
    Number("5.", 5, 5),
    Number("-5.", -5, -5),
    Number("5.e1", 50, 50),
    Number("Infinity", .infinity, nil),
    Number("+Infinity", .infinity, nil),
    Number("-Infinity", -.infinity, nil),
  ]

  @Test(arguments: numbers)
  func keepsTheTextOfJSON5NumbersAndReadsTheirValue(_ input: Number) throws {
    let value = try JSONValue(parsing: "[\(input.text)]", options: .json5)
    let number = try #require(value[0]?.numberValue)
    #expect(number.text == input.text)
    #expect(number.doubleValue == input.double)
    #expect(number.integer(as: Int.self) == input.integer)
  }

  @Test func readsNaN() throws {
    let value = try JSONValue(parsing: "[NaN, -NaN, +NaN]", options: .json5)
    #expect(value.arrayValue?.map { $0.numberValue?.text } == ["NaN", "-NaN", "+NaN"])
    for element in try #require(value.arrayValue) {
      #expect(element.doubleValue?.isNaN == true)
      #expect(element.numberValue?.integer(as: Int.self) == nil)
    }
  }

  @Test func checksTheRangeOfHexadecimalNumbers() throws {
    let number = try #require(try JSONValue(parsing: "0xFFFFFFFFFFFFFFFF", options: .json5).numberValue)
    #expect(number.integer(as: UInt64.self) == .max)
    #expect(number.integer(as: Int64.self) == nil)
    #expect(number.doubleValue == 0x1p64)
    let negative = try #require(try JSONValue(parsing: "-0x80", options: .json5).numberValue)
    #expect(negative.integer(as: Int8.self) == -128)
    #expect(negative.integer(as: UInt8.self) == nil)
    #expect(try JSONValue(parsing: "-0x0", options: .json5).numberValue?.integer(as: UInt.self) == 0)
  }

  // MARK: - Errors

  /// A document that is invalid JSON5 too.
  struct Rejected: Sendable, CustomTestStringConvertible {
    let text: String
    let reason: JSONParseError.Reason
    let offset: Int
    var testDescription: String { text.debugDescription }

    init(_ text: String, _ reason: JSONParseError.Reason, offset: Int) {
      self.text = text
      self.reason = reason
      self.offset = offset
    }
  }

  static let rejected: [Rejected] = [
    Rejected("[1 /* never closed", .unterminatedComment, offset: 3),
    Rejected("/*/", .unterminatedComment, offset: 0),
    Rejected("[1, // x", .unexpectedEndOfInput, offset: 8),
    Rejected("/* only a comment */", .emptyInput, offset: 20),
    Rejected("[1 / 2]", .unexpectedCharacter(UInt8(ascii: "/"), expected: "expected ',' or ']'"), offset: 3),
    Rejected("[1,,]", .unexpectedCharacter(UInt8(ascii: ","), expected: "expected a value"), offset: 3),
    Rejected("[,]", .unexpectedCharacter(UInt8(ascii: ","), expected: "expected a value"), offset: 1),
    Rejected("{,}", .unexpectedCharacter(UInt8(ascii: ","), expected: "expected an object key"), offset: 1),
    Rejected("'a", .unexpectedEndOfInput, offset: 2),
    Rejected("{1a: 2}", .unexpectedCharacter(UInt8(ascii: "1"), expected: "expected an object key"), offset: 1),
    Rejected(
      "{a-b: 1}", .unexpectedCharacter(UInt8(ascii: "-"), expected: "expected ':' after an object key"), offset: 2),
    Rejected(#"{\x41: 1}"#, .invalidEscape(UInt8(ascii: "x")), offset: 1),
    Rejected(#"{\uD800: 1}"#, .loneSurrogate(0xD800), offset: 1),
    Rejected(#"{a\uDC00: 1}"#, .loneSurrogate(0xDC00), offset: 2),
    Rejected(#"{\u00G1: 1}"#, .invalidUnicodeEscape, offset: 1),
    Rejected("0x", .invalidNumber("expected a hexadecimal digit"), offset: 2),
    Rejected(".", .invalidNumber("expected a digit"), offset: 1),
    Rejected("+", .unexpectedEndOfInput, offset: 1),
    Rejected("+-1", .invalidNumber("expected a digit"), offset: 1),
    Rejected("00", .invalidNumber("leading zeros are not allowed"), offset: 0),
    Rejected("1e", .invalidNumber("expected a digit in the exponent"), offset: 2),
    Rejected("Infinit", .unexpectedEndOfInput, offset: 7),
    Rejected("Infinitx", .unexpectedCharacter(UInt8(ascii: "x"), expected: "expected 'Infinity'"), offset: 7),
    Rejected("-NaX", .unexpectedCharacter(UInt8(ascii: "X"), expected: "expected 'NaN'"), offset: 3),
    Rejected(#""\01""#, .invalidEscape(UInt8(ascii: "0")), offset: 1),
    Rejected(#""\1""#, .invalidEscape(UInt8(ascii: "1")), offset: 1),
    Rejected(#""\x4""#, .invalidEscape(UInt8(ascii: "x")), offset: 1),
    Rejected("\"a\nb\"", .unescapedControlCharacter(0x0A), offset: 2),
    Rejected("\"a\rb\"", .unescapedControlCharacter(0x0D), offset: 2),
  ]

  @Test(arguments: rejected)
  func rejectsInvalidJSON5AtTheExactLocation(_ input: Rejected) throws {
    let error = try #require(parseError(Array(input.text.utf8), options: .json5))
    #expect(error.reason == input.reason)
    #expect(error.offset == input.offset)
  }

  /// The reason each JSON5 feature is rejected in strict mode.
  static let rejectedInStrictMode: [Rejected] = [
    Rejected("// c\n1", .unexpectedCharacter(UInt8(ascii: "/"), expected: "expected a value"), offset: 0),
    Rejected("[1 /* c */]", .unexpectedCharacter(UInt8(ascii: "/"), expected: "expected ',' or ']'"), offset: 3),
    Rejected("[1,]", .unexpectedCharacter(UInt8(ascii: "]"), expected: "expected a value"), offset: 3),
    Rejected(
      #"{"a":1,}"#, .unexpectedCharacter(UInt8(ascii: "}"), expected: "expected '\"' to begin an object key"), offset: 7
    ),
    Rejected("'a'", .unexpectedCharacter(UInt8(ascii: "'"), expected: "expected a value"), offset: 0),
    Rejected(
      "{a: 1}", .unexpectedCharacter(UInt8(ascii: "a"), expected: "expected '\"' to begin an object key"), offset: 1),
    Rejected(
      "0x1F",
      .unexpectedCharacter(UInt8(ascii: "x"), expected: "expected the end of the document after the top-level value"),
      offset: 1),
    Rejected("Infinity", .unexpectedCharacter(UInt8(ascii: "I"), expected: "expected a value"), offset: 0),
    Rejected("-Infinity", .invalidNumber("expected a digit after '-'"), offset: 1),
    Rejected("NaN", .unexpectedCharacter(UInt8(ascii: "N"), expected: "expected a value"), offset: 0),
    Rejected("+1", .unexpectedCharacter(UInt8(ascii: "+"), expected: "expected a value"), offset: 0),
    Rejected(".5", .unexpectedCharacter(UInt8(ascii: "."), expected: "expected a value"), offset: 0),
    Rejected("5.", .invalidNumber("expected a digit after the decimal point"), offset: 2),
    Rejected(#""\x41""#, .invalidEscape(UInt8(ascii: "x")), offset: 1),
    Rejected(#""\v""#, .invalidEscape(UInt8(ascii: "v")), offset: 1),
    Rejected(#""\0""#, .invalidEscape(UInt8(ascii: "0")), offset: 1),
    Rejected("\"a\\\nb\"", .invalidEscape(0x0A), offset: 2),
    Rejected("\"a\tb\"", .unescapedControlCharacter(0x09), offset: 2),
    Rejected("\u{A0}1", .unexpectedCharacter(0xC2, expected: "expected a value"), offset: 0),
    Rejected("\u{0B}1", .unexpectedCharacter(0x0B, expected: "expected a value"), offset: 0),
  ]

  @Test(arguments: rejectedInStrictMode)
  func rejectsEachJSON5FeatureInStrictModeWithAReason(_ input: Rejected) throws {
    let error = try #require(parseError(Array(input.text.utf8)))
    #expect(error.reason == input.reason)
    #expect(error.offset == input.offset)
  }

  // MARK: - assumesTopLevelDictionary

  private static let implicitObject = JSONParsingOptions(allowsJSON5: true, assumesTopLevelDictionary: true)

  @Test func readsMembersWithoutBracesAsAnObject() throws {
    #expect(try JSONValue(parsing: "a: 1, b: 2", options: Self.implicitObject) == ["a": 1, "b": 2])
    let value = try JSONValue(parsing: "z: 'two', \"a\": {b: [1,],},", options: Self.implicitObject)
    #expect(value == ["z": "two", "a": ["b": [1]]])
    #expect(value.objectValue?.keys == ["z", "a"])
  }

  @Test func readsEmptyInputAsAnEmptyObject() throws {
    #expect(try JSONValue(parsing: "", options: Self.implicitObject) == [:])
    #expect(try JSONValue(parsing: "  // nothing\n", options: Self.implicitObject) == [:])
  }

  @Test func stillReadsADocumentWithBraces() throws {
    #expect(try JSONValue(parsing: #"{"a": 1}"#, options: Self.implicitObject) == ["a": 1])
  }

  @Test func rejectsAClosingBraceWithoutAnOpeningOne() throws {
    let error = try #require(parseError(Array("a: 1}".utf8), options: Self.implicitObject))
    #expect(error.reason == .unexpectedCharacter(UInt8(ascii: "}"), expected: "expected ','"))
    #expect(error.offset == 4)
    let missingColon = try #require(parseError(Array("a 1".utf8), options: Self.implicitObject))
    #expect(
      missingColon.reason == .unexpectedCharacter(UInt8(ascii: "1"), expected: "expected ':' after an object key"))
    #expect(missingColon.offset == 2)
  }

  /// Without JSON5 the braces may still be left out (as in Foundation), but keys stay quoted.
  @Test func assumesTopLevelDictionaryWithoutJSON5StillNeedsQuotedKeys() throws {
    let strictImplicit = JSONParsingOptions(assumesTopLevelDictionary: true)
    let error = try #require(parseError(Array("a: 1".utf8), options: strictImplicit))
    #expect(error.reason == .unexpectedCharacter(UInt8(ascii: "a"), expected: "expected '\"' to begin an object key"))
    #expect(error.offset == 0)
    #expect(try JSONValue(parsing: #""a": 1, "b": [true]"#, options: strictImplicit) == ["a": 1, "b": [true]])
  }
}
