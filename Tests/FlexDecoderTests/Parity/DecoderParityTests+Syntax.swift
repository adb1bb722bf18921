import Foundation
import Testing

// The document itself: malformed JSON, JSON5, assumesTopLevelDictionary, byte order marks and
// text encodings, nesting depth.

/// `depth` nested arrays: `[[[]]]` for 3.
private func nestedArrays(_ depth: Int) -> String {
  String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
}

/// The UTF-16 or UTF-32 encoding of `text`, with or without a byte order mark.
private func encoded(_ text: String, _ encoding: String.Encoding, byteOrderMark: [UInt8] = []) -> [UInt8] {
  byteOrderMark + Array(text.data(using: encoding) ?? Data())
}

extension DecoderParityTests {
  static let malformedCases: [ParityCase] = [
    ParityCase("empty input", Int.self, ""),
    ParityCase("whitespace only", Int.self, "  \n "),
    ParityCase("truncated object", Person.self, #"{"name": "A", "age": 1"#),
    ParityCase("truncated array", [Int].self, "[1, 2"),
    ParityCase("truncated string", String.self, #""abc"#),
    ParityCase("truncated literal", Bool.self, "tru"),
    ParityCase("truncated null", Int?.self, "nul"),
    ParityCase("bad literal", Bool.self, "True"),
    ParityCase("missing comma", [Int].self, "[1 2]"),
    ParityCase("double comma", [Int].self, "[1,,2]"),
    ParityCase("leading comma", [Int].self, "[,1]"),
    ParityCase("missing colon", [String: Int].self, #"{"a" 1}"#),
    ParityCase("unquoted key without JSON5", [String: Int].self, "{a: 1}"),
    ParityCase("single quotes without JSON5", String.self, "'a'"),
    ParityCase("comment without JSON5", Int.self, "// c\n1"),
    ParityCase("leading zero", Int.self, "01"),
    ParityCase("leading plus", Int.self, "+1"),
    ParityCase("bare minus", Int.self, "-"),
    ParityCase("trailing decimal point", Double.self, "1."),
    ParityCase("leading decimal point", Double.self, ".5"),
    ParityCase("empty exponent", Double.self, "1e"),
    ParityCase("hexadecimal without JSON5", Int.self, "0x10"),
    ParityCase("invalid escape", String.self, #""\x41""#),
    ParityCase("short unicode escape", String.self, #""\u12""#),
    ParityCase("trailing garbage", Int.self, "42 43"),
    ParityCase("trailing garbage after an array", [Int].self, "[1] x"),
    ParityCase("two top-level objects", [String: Int].self, "{}{}"),
    ParityCase(
      "malformed JSON inside a value that is never read", Person.self,
      #"{"name": "A", "age": 1, "x": [1, tru]}"#),
    ParityCase("invalid UTF-8 in a string", String.self, bytes: [0x22, 0xFF, 0x22], isSame: ==),
    ParityCase(
      "invalid UTF-8 in a key", [String: Int].self,
      bytes: Array(#"{"a"#.utf8) + [0xC3, 0x28] + Array(#"": 1}"#.utf8), isSame: ==),
    ParityCase("overlong UTF-8", String.self, bytes: [0x22, 0xC0, 0xAF, 0x22], isSame: ==),
    ParityCase(
      "513 nested objects", PathProbe.self,
      String(repeating: #"{"a": "#, count: 513) + "1" + String(repeating: "}", count: 513)),
    ParityCase(
      "200 nested objects", PathProbe.self,
      String(repeating: #"{"a": "#, count: 200) + "1" + String(repeating: "}", count: 200)),
    ParityCase("512 nested arrays", NestingDepth.self, nestedArrays(512)),
    ParityCase("513 nested arrays", NestingDepth.self, nestedArrays(513)),

    // JSONDecoder tolerates one trailing comma without JSON5; so does Flex (SPEC.md, 2026-11-23).
    ParityCase("trailing comma in an array", [Int].self, "[1,]"),
    ParityCase("trailing comma in an object", [String: Int].self, #"{"a": 1,}"#),
    ParityCase("trailing comma in a nested array", Box<[Int]>.self, #"{"value": [1, 2, ]}"#),
    ParityCase("trailing comma before a line break", [[Int]].self, "[\n[1,\n],\n]"),
    ParityCase("trailing comma in an empty array", [Int].self, "[,]"),
    ParityCase("trailing comma in an empty object", [String: Int].self, "{,}"),
    ParityCase("two trailing commas", [Int].self, "[1,,]"),
    ParityCase("two trailing commas in an object", [String: Int].self, #"{"a": 1,,}"#),
    ParityCase("trailing comma before the wrong bracket", [Int].self, "[1,}"),
    ParityCase("trailing comma after a top-level value", Int.self, "1,"),
  ]

  static let json5Cases: [ParityCase] = [
    ParityCase("JSON5 comments", [String: Int].self, "// line\n{\"a\": 1 /* block */}", options: .json5),
    ParityCase("JSON5 trailing commas", [[Int]].self, "[[1, 2,], [],]", options: .json5),
    ParityCase("JSON5 trailing comma in an object", [String: Int].self, #"{"a": 1,}"#, options: .json5),
    ParityCase("JSON5 unquoted keys", [String: Int].self, "{a: 1, $b_c: 2, _d: 3}", options: .json5),
    ParityCase("JSON5 single quotes", [String: String].self, #"{'a': 'x "y"'}"#, options: .json5),
    // JSON5 reads a backslash before a line terminator as a line continuation that adds nothing.
    .specified(
      "JSON5 escaped newline", String.self, "\"a\\\nb\"", options: .json5, foundation: .value("a\nb"),
      flex: .value("ab")),
    ParityCase("JSON5 hexadecimal into Int", [Int].self, "[0x1F, -0x10, 0XFF]", options: .json5),
    ParityCase("JSON5 hexadecimal into Double", Double.self, "0x1F", options: .json5),
    ParityCase("JSON5 hexadecimal overflow", Int8.self, "0xFF", options: .json5),
    ParityCase("JSON5 negative hexadecimal at the limit", [Int8].self, "[-0x80, -0x0]", options: .json5),
    ParityCase("JSON5 negative hexadecimal zero into Double", Double.self, "-0x0", options: .json5),
    ParityCase("JSON5 hexadecimal not exact in a Double", [Double].self, "[0x1FFFFFFFFFFFFF1]", options: .json5),
    ParityCase("JSON5 hexadecimal not exact in a Float", Float.self, "0x1000001", options: .json5),
    ParityCase("JSON5 hexadecimal beyond UInt64 into Double", Double.self, "0xFFFFFFFFFFFFFFFFFF", options: .json5),
    ParityCase("JSON5 leading plus and points", [Double].self, "[+1, .5, 5., -.25]", options: .json5),
    ParityCase("JSON5 leading point into Int", Int.self, ".5", options: .json5),
    ParityCase("JSON5 Infinity into Double", [Double].self, "[Infinity, -Infinity]", options: .json5),
    ParityCase("JSON5 NaN into Double", Double.self, "NaN", options: .json5),
    ParityCase("JSON5 Infinity into Float", Float.self, "-Infinity", options: .json5),
    ParityCase("JSON5 Infinity into Int", Int.self, "Infinity", options: .json5),
    ParityCase("JSON5 Infinity into Decimal", [Decimal].self, "[1, Infinity]", options: .json5),
    ParityCase("JSON5 hexadecimal into Decimal", Decimal.self, "0x10", options: .json5),
    ParityCase(
      "JSON5 numbers into Decimal", [Decimal].self, "[+1, .5, 5., -0x10, 0xFFFFFFFFFFFFFFFF]",
      options: .json5),
    ParityCase("JSON5 hexadecimal beyond UInt64 into Decimal", Decimal.self, "0x10000000000000000", options: .json5),
    ParityCase("JSON5 NaN into Decimal", Decimal.self, "NaN", options: .json5),
    ParityCase("JSON5 numbers into Int", [Int].self, "[+1, 5., 1e2, 0x7FFFFFFFFFFFFFFF]", options: .json5),
    // JSON5 allows \v, \0, \x escapes and identity escapes such as \q; Foundation rejects some.
    .specified(
      "JSON5 escapes", String.self, #"'\x41\v\0\'\q'"#, options: .json5,
      foundation: .failure(.dataCorrupted(at: [])), flex: .value("A\u{0B}\u{0}'q")),
    .specified(
      "JSON5 \\0 escape", String.self, #"'a\0b'"#, options: .json5,
      foundation: .failure(.dataCorrupted(at: [])), flex: .value("a\u{0}b")),
    .specified(
      "JSON5 \\x00 escape", String.self, #"'a\x00b'"#, options: .json5,
      foundation: .failure(.dataCorrupted(at: [])), flex: .value("a\u{0}b")),
    .specified(
      "JSON5 \\u0000 escape", String.self, #"'a\u0000b'"#, options: .json5,
      foundation: .failure(.dataCorrupted(at: [])), flex: .value("a\u{0}b")),
    ParityCase("\\u0000 escape without JSON5", String.self, #""a\u0000b""#),
    ParityCase("JSON5 invalid escape digit", String.self, #"'\1'"#, options: .json5),
    // JSON5 reads a \u escape in an unquoted key as the character; Foundation keeps it as written.
    .specified(
      "JSON5 unquoted key with an escape", [String: Int].self, #"{\u0061b: 1}"#, options: .json5,
      foundation: .value(["\\u0061b": 1]), flex: .value(["ab": 1])),
    ParityCase(
      "JSON5 unquoted keys that look like literals", [String: Int].self, "{Infinity: 1, null: 2, true: 3}",
      options: .json5),
    // JSON5 allows U+00A0, U+2028 and the other Unicode spaces between tokens.
    .specified(
      "JSON5 Unicode whitespace", [Int].self, "[1,\u{00A0}2\u{2028}]", options: .json5,
      foundation: .failure(.dataCorrupted(at: [])), flex: .value([1, 2])),
    ParityCase("JSON5 comment at the end without a newline", Int.self, "1 // c", options: .json5),
    ParityCase("JSON5 trailing comma after a fragment", Int.self, "1,", options: .json5),
    ParityCase("JSON5 signed NaN and Infinity", [Double].self, "[-NaN, +Infinity, +NaN]", options: .json5),
    ParityCase("JSON5 lone 0x", Int.self, "0x", options: .json5),
    ParityCase("JSON5 signed points", [Double].self, "[-.5, +.5, -5.]", options: .json5),
    ParityCase("JSON5 leading zero", Int.self, "01", options: .json5),
    ParityCase("JSON5 duplicate keys, quoted and not", [String: Int].self, #"{a: 1, "a": 2, 'a': 3}"#, options: .json5),
    ParityCase("JSON5 single-quoted key with an escape", [String: Int].self, #"{'\x61': 1}"#, options: .json5),
    ParityCase("JSON5 bad unquoted key", [String: Int].self, "{a-b: 1}", options: .json5),
    ParityCase("JSON5 unterminated comment", Int.self, "1 /* x", options: .json5),
    ParityCase("JSON5 double comma", [Int].self, "[1,,]", options: .json5),
    ParityCase("JSON5 model", Person.self, "{name: 'A', age: 0x1E, /* none */}", options: .json5),

    // assumesTopLevelDictionary
    ParityCase(
      "top-level dictionary without braces", [String: Int].self, #""a": 1, "b": 2"#,
      options: ParityOptions(allowsJSON5: true, assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary with unquoted keys", Person.self, "name: 'A', age: 1,",
      options: ParityOptions(allowsJSON5: true, assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary with braces", [String: Int].self, #"{"a": 1}"#,
      options: ParityOptions(allowsJSON5: true, assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary of nothing", [String: Int].self, "",
      options: ParityOptions(allowsJSON5: true, assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary from an array", [String: Int].self, "[1]",
      options: ParityOptions(allowsJSON5: true, assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary without JSON5", [String: Int].self, #""a": 1, "b": 2"#,
      options: ParityOptions(assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary without JSON5, with braces", [String: Int].self, #"{"a": 1}"#,
      options: ParityOptions(assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary without JSON5, whitespace only", Optionals.self, " \n ",
      options: ParityOptions(assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary without JSON5, after a byte order mark", Person.self,
      "\u{FEFF}\"name\": \"A\", \"age\": 2", options: ParityOptions(assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary without JSON5, unquoted key", [String: Int].self, "a: 1",
      options: ParityOptions(assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary without JSON5, a closing brace", [String: Int].self, #""a": 1}"#,
      options: ParityOptions(assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary without JSON5, trailing comma", [String: Int].self, #""a": 1,"#,
      options: ParityOptions(assumesTopLevelDictionary: true)),
    ParityCase(
      "top-level dictionary without JSON5, two trailing commas", [String: Int].self, #""a": 1,,"#,
      options: ParityOptions(assumesTopLevelDictionary: true)),
  ]

  static let encodingCases: [ParityCase] = [
    ParityCase("UTF-8 byte order mark", [String: Int].self, "\u{FEFF}{\"a\": 1}"),
    ParityCase("UTF-8 byte order mark before a fragment", Int.self, "\u{FEFF}7"),
    ParityCase("UTF-8 byte order mark and whitespace", [Int].self, "\u{FEFF} [1]"),
    ParityCase("byte order mark only", Int?.self, "\u{FEFF}"),
    ParityCase("byte order mark inside the document", [Int].self, "[\u{FEFF}1]"),
    ParityCase("two byte order marks", Int.self, "\u{FEFF}\u{FEFF}1"),
    ParityCase(
      "UTF-16LE with byte order mark", [String: Int].self,
      bytes: encoded(#"{"é": 1}"#, .utf16LittleEndian, byteOrderMark: [0xFF, 0xFE]), isSame: ==),
    ParityCase(
      "UTF-16BE with byte order mark", [String].self,
      bytes: encoded(#"["a"]"#, .utf16BigEndian, byteOrderMark: [0xFE, 0xFF]), isSame: ==),
    ParityCase(
      "UTF-16LE without byte order mark", [Int].self,
      bytes: encoded("[1, 2]", .utf16LittleEndian), isSame: ==),
    ParityCase(
      "UTF-16BE without byte order mark", Person.self,
      bytes: encoded(#"{"name": "Ann", "age": 3}"#, .utf16BigEndian), isSame: ==),
    ParityCase("UTF-16LE single digit", Int.self, bytes: encoded("7", .utf16LittleEndian), isSame: ==),
    ParityCase("UTF-32LE without byte order mark", [Int].self, bytes: encoded("[1]", .utf32LittleEndian), isSame: ==),
    ParityCase(
      "UTF-32BE with byte order mark", [Int].self,
      bytes: encoded("[1]", .utf32BigEndian, byteOrderMark: [0, 0, 0xFE, 0xFF]), isSame: ==),
    ParityCase(
      "UTF-32LE with byte order mark", [Int].self,
      bytes: encoded("[1]", .utf32LittleEndian, byteOrderMark: [0xFF, 0xFE, 0, 0]), isSame: ==),
    ParityCase(
      "UTF-16LE with an unpaired surrogate", String.self,
      bytes: [0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00], isSame: ==),
    ParityCase("NUL byte", Int.self, bytes: [0x31, 0x00], isSame: ==),
  ]
}
