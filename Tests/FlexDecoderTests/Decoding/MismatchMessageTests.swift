import Foundation
import Testing

@testable import FlexDecoder

/// The `typeMismatch` sentence (MismatchMessage.swift), written into one string for values that
/// need no escaping and by interpolation for the others: the same words either way, checked
/// against a reference built here from `String(reflecting:)`.
@Suite("Type mismatch messages")
struct MismatchMessageTests {
  /// `Expected to decode <type> but found <value> instead.`, the value named as
  /// `TapeDecoder.foundValue` names it: text longer than 40 characters cut and marked `…`.
  private static func reference(_ type: Any.Type, found: String) -> String {
    "Expected to decode \(type) but found \(found) instead."
  }

  private static func cut(_ text: String) -> String {
    text.count > 40 ? text.prefix(40) + "…" : text
  }

  private static func message<T: Decodable>(decoding type: T.Type, from json: String) throws -> String {
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode(type, from: Data(json.utf8))
    }
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("not a typeMismatch: \(error)")
      return ""
    }
    return context.debugDescription
  }

  @Test(arguments: [
    "abc", "", String(repeating: "x", count: 40), String(repeating: "y", count: 41),
    "a long sentence of plain words that goes well past the forty characters",
    #"he said "hi""#, "it's", #"back\slash"#, "tab\there", "line\nbreak", "café", "emoji 🎉 here",
    "ellipsis … inside", "\u{7F}delete", "cr\r\nlf",
  ])
  func aStringIsQuotedAsStringReflectingQuotesIt(text: String) throws {
    let json = String(data: try JSONEncoder().encode(text), encoding: .utf8)!
    let expected = Self.reference(Int.self, found: "the string \(String(reflecting: Self.cut(text)))")
    #expect(try Self.message(decoding: Int.self, from: json) == expected)
  }

  @Test(arguments: [
    "0", "-12.5e3", "12345678901234567890123456789012345678901234567890",
    "1234567890123456789012345678901234567890", "0.00000000000000000000000000000000000000001",
  ])
  func aNumberIsNamedByItsTextCutAfterFortyCharacters(text: String) throws {
    let expected = Self.reference(Bool.self, found: "the number \(Self.cut(text))")
    #expect(try Self.message(decoding: Bool.self, from: text) == expected)
  }

  @Test func otherValuesAreNamedByTheirKind() throws {
    #expect(try Self.message(decoding: Int.self, from: "true") == Self.reference(Int.self, found: "true"))
    #expect(try Self.message(decoding: Int.self, from: "false") == Self.reference(Int.self, found: "false"))
    #expect(try Self.message(decoding: String.self, from: "[1]") == Self.reference(String.self, found: "an array"))
    // Containers are named as JSONDecoder names them.
    #expect(
      try Self.message(decoding: [Int].self, from: #"{"a": 1}"#) == Self.reference([Any].self, found: "an object"))
  }

  /// The type is named as interpolation names it, generics and all.
  @Test func theExpectedTypeIsNamedAsInterpolationNamesIt() throws {
    #expect(
      try Self.message(decoding: [String: [Int?]].self, from: "12")
        == "Expected to decode Dictionary<String, Any> but found the number 12 instead.")
    #expect(MismatchMessage.description(of: [String: [Int?]].self) == "Dictionary<String, Array<Optional<Int>>>")
  }
}
