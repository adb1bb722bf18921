import FlexCore
import Foundation
import Testing

/// `JSONValue.formatted(_:)` must write exactly the bytes `JSONEncoder` writes for the same data.
@Suite("JSONWriter")
struct JSONWriterTests {
  /// Every combination of options the writer shares with `JSONEncoder`; keys are sorted so
  /// Foundation's output is deterministic.
  static let formattings: [JSONFormattingOptions] = [
    [.sortedKeys],
    [.sortedKeys, .prettyPrinted],
    [.sortedKeys, .withoutEscapingSlashes],
    [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
  ]

  // MARK: - Strings

  /// Every control character, the characters JSON escapes, and text that must pass unescaped.
  static let strings: [String] =
    (0x00...0x1F).map { String(UnicodeScalar(UInt8($0))) } + [
      "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFF}", "😀", "👩‍👩‍👧", "é", "e\u{301}", "中文",
      "", " ", "plain text", "a/b//c", "</script>", "tab\there", "x\u{1}y\u{1F}z", "\"quoted\" \\ back\\slash",
      "mixed: \u{0}\u{8}\u{C}\n\r\t\u{B}\u{1B} 😀 / \u{10FFFF}",
    ]

  @Test(arguments: strings, formattings)
  func escapesStringsLikeJSONEncoder(_ string: String, _ formatting: JSONFormattingOptions) throws {
    try expectSameOutput(JSONValue.string(string), as: string, formatting)
  }

  @Test(arguments: strings, formattings)
  func escapesKeysLikeJSONEncoder(_ key: String, _ formatting: JSONFormattingOptions) throws {
    try expectSameOutput(["k": .string(key), key: 1], as: ["k": Tree.string(key), key: Tree.integer(1)], formatting)
  }

  /// Strings with one character to escape at every position, so that the sixteen-byte scan meets
  /// it in every lane of a block, and the eight-byte tail in every lane of a word and in the
  /// byte-by-byte tail.
  @Test(arguments: ["\"", "\\", "/", "\n", "\u{0}", "\u{1F}"])
  func escapesACharacterAtEveryPositionOfALongString(_ special: String) throws {
    for length in 1...48 {
      for position in 0..<length {
        let string =
          String(repeating: "a", count: position) + special + String(repeating: "é", count: length - position - 1)
        try expectSameOutput(JSONValue.string(string), as: string, [.sortedKeys])
        try expectSameOutput(JSONValue.string(string), as: string, [.sortedKeys, .withoutEscapingSlashes])
      }
    }
  }

  /// Several characters to escape per eight bytes, next to each other and apart, in strings of
  /// every length up to 40 (a fixed pseudo-random mix, the same each run).
  @Test func escapesManyCharactersPerWordLikeJSONEncoder() throws {
    let alphabet = ["a", "/", "\"", "\\", "\n", "\u{1}", "é", "😀", "z"]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for length in 0...40 {
      for _ in 0..<25 {
        let string = (0..<length).map { _ in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return alphabet[Int(state >> 33) % alphabet.count]
        }.joined()
        try expectSameOutput(JSONValue.string(string), as: string, [.sortedKeys])
        try expectSameOutput(JSONValue.string(string), as: string, [.sortedKeys, .withoutEscapingSlashes])
      }
    }
  }

  /// Long strings are escaped a few kilobytes at a time: characters to escape on either side of
  /// those boundaries, and a string that is escaped entirely (six bytes out per byte in).
  @Test func escapesLongStringsAcrossChunksLikeJSONEncoder() throws {
    for length in [4095, 4096, 4097, 4103, 4104, 8192, 8200, 12_289] {
      for position in [0, 4088, 4094, 4095, 4096, 4097, 4102, length - 8, length - 1] where position < length {
        var bytes = [UInt8](repeating: UInt8(ascii: "w"), count: length)
        bytes[position] = UInt8(ascii: "/")
        bytes[max(0, position - 1)] = 0x1F
        let string = String(decoding: bytes, as: UTF8.self)
        try expectSameOutput(JSONValue.string(string), as: string, [.sortedKeys])
      }
    }
    let allEscaped = String(repeating: "\u{1}", count: 20_000)
    try expectSameOutput(JSONValue.string(allEscaped), as: allEscaped, [.sortedKeys])
  }

  @Test func escapesTheSixCharactersWithShortFormsAndOthersAsLowercaseHex() {
    let value = JSONValue.string("\u{8}\u{C}\n\r\t\"\\/\u{0}\u{1F}\u{1A}")
    #expect(value.description == #""\b\f\n\r\t\"\\\/\u0000\u001f\u001a""#)
    #expect(value.formatted(.withoutEscapingSlashes) == #""\b\f\n\r\t\"\\/\u0000\u001f\u001a""#)
  }

  // MARK: - Structure

  static let trees: [Tree] = [
    .array([]),
    .object([:]),
    .array([.array([]), .object([:]), .array([.array([])])]),
    .object(["empty": .array([]), "nothing": .object([:]), "deeper": .object(["x": .array([.object([:])])])]),
    .array([.integer(1), .string("two"), .bool(true), .bool(false), .null]),
    .object([
      "b": .integer(-1), "a": .array([.integer(Int.max), .integer(Int.min)]), "B": .null, "a10": .string("/"),
      "a9": .object(["z": .bool(true), "y": .array([.string("é"), .string("😀")])]), "": .string(""), "é": .integer(0),
      "_": .bool(false), "Z": .array([]),
    ]),
    .array([
      .object(["id": .integer(1), "tags": .array([.string("a"), .string("b")])]),
      .object(["id": .integer(2), "tags": .array([])]),
    ]),
    .string("top-level fragment"),
    .integer(42),
    .null,
  ]

  @Test(arguments: trees, formattings)
  func laysOutContainersLikeJSONEncoder(_ tree: Tree, _ formatting: JSONFormattingOptions) throws {
    try expectSameOutput(tree.jsonValue, as: tree, formatting)
  }

  @Test func indentsNestedContainersByTwoSpaces() throws {
    let value = try JSONValue(parsing: #"{"a": [1, {"b": []}], "c": {}}"#)
    #expect(
      value.formatted(.prettyPrinted)
        == "{\n  \"a\" : [\n    1,\n    {\n      \"b\" : [\n\n      ]\n    }\n  ],\n  \"c\" : {\n\n  }\n}")
  }

  @Test func keepsKeyOrderUnlessAskedToSort() throws {
    let value = try JSONValue(parsing: #"{"b": 1, "a": {"d": 2, "c": 3}}"#)
    #expect(value.formatted() == #"{"b":1,"a":{"d":2,"c":3}}"#)
    #expect(value.formatted(.sortedKeys) == #"{"a":{"c":3,"d":2},"b":1}"#)
  }

  @Test func serializesToTheSameBytesAsItFormats() throws {
    let value = try JSONValue(parsing: #"{"s": "é/😀", "n": [1.50, null]}"#)
    for formatting in Self.formattings + [[]] {
      #expect(value.serialized(formatting) == Array(value.formatted(formatting).utf8))
    }
  }

  // MARK: - Numbers

  static let numbers: [Double] = [
    0.1, 2.5, -1.25, 1e-07, 123456.789, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -2.2250738585072014e-308,
  ]

  @Test(arguments: numbers)
  func writesDoublesLikeJSONEncoder(_ number: Double) throws {
    let value = JSONValue.array([.number(try #require(JSONNumber(number)))])
    let encoder = JSONEncoder()
    #expect(Array(value.formatted().utf8) == Array(try encoder.encode([number])))
  }

  @Test(arguments: [Int.min, -1, 0, 7, Int.max])
  func writesIntegersLikeJSONEncoder(_ number: Int) throws {
    #expect(Array(JSONValue.number(JSONNumber(number)).formatted().utf8) == Array(try JSONEncoder().encode(number)))
  }

  // MARK: - Helpers

  private func expectSameOutput(
    _ value: JSONValue, as data: some Encodable, _ formatting: JSONFormattingOptions,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = Self.outputFormatting(formatting)
    let expected = try encoder.encode(data)
    let written = value.formatted(formatting)
    #expect(
      Array(written.utf8) == Array(expected),
      "\(written.debugDescription) != \(String(decoding: expected, as: UTF8.self).debugDescription)",
      sourceLocation: sourceLocation)
  }

  private static func outputFormatting(_ formatting: JSONFormattingOptions) -> JSONEncoder.OutputFormatting {
    var output: JSONEncoder.OutputFormatting = []
    if formatting.contains(.prettyPrinted) { output.insert(.prettyPrinted) }
    if formatting.contains(.sortedKeys) { output.insert(.sortedKeys) }
    if formatting.contains(.withoutEscapingSlashes) { output.insert(.withoutEscapingSlashes) }
    return output
  }
}

/// Plain data that `JSONEncoder` encodes the way JSON would spell it, built without `JSONValue`'s
/// own `Codable` conformance.
indirect enum Tree: Encodable, Sendable, CustomTestStringConvertible {
  case null
  case bool(Bool)
  case integer(Int)
  case string(String)
  case array([Tree])
  case object([String: Tree])

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let elements): try container.encode(elements)
    case .object(let members): try container.encode(members)
    }
  }

  /// The same data as a `JSONValue`, members in the dictionary's (arbitrary) order.
  var jsonValue: JSONValue {
    switch self {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .integer(let value): return .number(JSONNumber(value))
    case .string(let value): return .string(value)
    case .array(let elements): return .array(elements.map(\.jsonValue))
    case .object(let members): return .object(JSONObject(members.map { ($0.key, $0.value.jsonValue) }))
    }
  }

  var testDescription: String { jsonValue.description }
}
