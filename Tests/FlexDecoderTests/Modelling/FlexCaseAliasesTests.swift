import FlexDecoder
import Foundation
import Testing

/// `FlexCaseAliases`: other spellings of a `String` enum's cases, under any decoder.
@Suite("Case aliases")
struct FlexCaseAliasesTests {
  enum Status: String, Codable, Equatable, FlexCaseAliases {
    case active, suspended
    static let caseAliases: [String: Status] = ["enabled": .active, "on": .active, "banned": .suspended]
  }

  @Test func aliasesAndRawValuesDecodeUnderBothDecoders() throws {
    let json = Data(#"["active", "on", "enabled", "banned", "suspended"]"#.utf8)
    let expected: [Status] = [.active, .active, .active, .suspended, .suspended]
    #expect(try FlexJSONDecoder().decode([Status].self, from: json) == expected)
    #expect(try JSONDecoder().decode([Status].self, from: json) == expected)
  }

  @Test func anUnknownSpellingIsTheStandardLibrarysError() throws {
    let json = Data(#"{"status": "deleted"}"#.utf8)
    struct Account: Codable { var status: Status }
    let flex = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode(Account.self, from: json)
    }
    guard case .dataCorrupted(let context) = flex else {
      Issue.record("expected dataCorrupted, got \(flex)")
      return
    }
    #expect(context.debugDescription == "Cannot initialize Status from invalid String value deleted")
    #expect(context.codingPath.map(\.stringValue) == ["status"])
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Account.self, from: json) }
    #expect(ErrorSignature(flex) == ErrorSignature(foundation))
  }

  @Test func encodingWritesTheRawValue() throws {
    #expect(try FlexJSONEncoder().encodeToString([Status.active, .suspended]) == #"["active","suspended"]"#)
  }
}
