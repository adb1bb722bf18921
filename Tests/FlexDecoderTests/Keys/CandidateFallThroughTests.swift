import FlexDecoder
import Foundation
import Testing

/// A property mapped to several candidate keys whose first present value does not decode takes the
/// next candidate's value that does (ReerCodable's `@CodingKey("id", "ID")`), under every error
/// policy, and says so in the report.
@Suite("Candidate fall-through")
struct CandidateFallThroughTests {
  struct Author: Codable, Equatable {
    var name: String
  }

  struct Book: Codable, Equatable, FlexKeyMapping {
    var bookID: Int
    var author: Author
    var pages: Int?
    static let keyMapping: FlexKeyMap = [
      "bookID": ["id", "ID", "meta.id"], "author": ["author", "writer"], "pages": ["pages", "page_count"],
    ]
  }

  private static let policies: [FlexJSONDecoder.ErrorPolicy] = [.failFast, .collectAll, .useDefaults]

  private func decoder(_ policy: FlexJSONDecoder.ErrorPolicy, coercions: FlexCoercions = .standard) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    decoder.coercions = coercions
    return decoder
  }

  private static let ann = #""author": {"name": "Ann"}"#

  @Test(arguments: policies, [FlexCoercions.standard, []])
  func aFirstCandidateOfTheWrongTypeFallsThroughToTheNext(
    policy: FlexJSONDecoder.ErrorPolicy, coercions: FlexCoercions
  ) throws {
    let json = #"{"id": "abc", "ID": 7, \#(Self.ann)}"#
    let result = try decoder(policy, coercions: coercions).decodeWithReport(Book.self, from: Data(json.utf8))
    #expect(result.value == Book(bookID: 7, author: Author(name: "Ann")))
    #expect(
      result.issues == [
        FlexIssue(
          kind: .defaulted, path: "bookID", message: #""id": expected Int but found the string "abc"; used "ID""#)
      ])
  }

  @Test(arguments: policies)
  func aKeyPathCandidateIsTriedToo(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let json = #"{"id": [1], "meta": {"id": 9}, \#(Self.ann)}"#
    let result = try decoder(policy).decodeWithReport(Book.self, from: Data(json.utf8))
    #expect(result.value.bookID == 9)
    #expect(
      result.issues == [
        FlexIssue(kind: .defaulted, path: "bookID", message: #""id": expected Int but found an array; used "meta.id""#)
      ])
  }

  @Test(arguments: policies)
  func aNestedValueThatDoesNotDecodeFallsThrough(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let json = #"{"id": 1, "author": {"title": "x"}, "writer": {"name": "Bo"}}"#
    let result = try decoder(policy).decodeWithReport(Book.self, from: Data(json.utf8))
    #expect(result.value == Book(bookID: 1, author: Author(name: "Bo")))
    #expect(
      result.issues == [
        FlexIssue(kind: .defaulted, path: "author", message: #""author": key not found; used "writer""#)
      ])
  }

  @Test(arguments: policies)
  func anOptionalFallsThroughAsARequiredValueDoes(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let json = #"{"id": 1, \#(Self.ann), "pages": "many", "page_count": 120}"#
    let result = try decoder(policy).decodeWithReport(Book.self, from: Data(json.utf8))
    #expect(result.value.pages == 120)
    #expect(result.issues.map(\.message) == [#""pages": expected Int but found the string "many"; used "page_count""#])
  }

  @Test func aFirstCandidateThatDecodesWinsWithoutAReport() throws {
    let clean = try decoder(.collectAll).decodeWithReport(
      Book.self, from: Data(#"{"id": 5, "ID": 7, \#(Self.ann)}"#.utf8))
    #expect(clean.value.bookID == 5)
    #expect(clean.issues.isEmpty)
    // A coercion of the first candidate comes before the next candidate.
    let coerced = try decoder(.collectAll).decodeWithReport(
      Book.self, from: Data(#"{"id": "42", "ID": 7, \#(Self.ann)}"#.utf8))
    #expect(coerced.value.bookID == 42)
    #expect(coerced.issues.isEmpty)
    let reporting = decoder(.collectAll)
    reporting.reportsCoercions = true
    let reported = try reporting.decodeWithReport(Book.self, from: Data(#"{"id": "42", "ID": 7, \#(Self.ann)}"#.utf8))
    #expect(reported.issues.map { "\($0.kind) \($0.path)" } == ["coerced bookID"])
    // A null is passed over at lookup, as before.
    let null = try decoder(.collectAll).decodeWithReport(
      Book.self, from: Data(#"{"id": null, "ID": 7, \#(Self.ann)}"#.utf8))
    #expect(null.value.bookID == 7)
    #expect(null.issues.isEmpty)
  }

  @Test func whenNoCandidateDecodesTheFirstCandidatesProblemIsReportedAsBefore() throws {
    let json = Data(#"{"id": "abc", "ID": "def", \#(Self.ann)}"#.utf8)
    let error = try requireThrows(DecodingError.self) { try decoder(.collectAll).decode(Book.self, from: json) }
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("expected typeMismatch, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["bookID"])
    let failFast = try requireThrows(DecodingError.self) {
      try decoder(.failFast, coercions: []).decode(Book.self, from: json)
    }
    #expect(ErrorSignature(failFast) == ErrorSignature(error))
    let result = try decoder(.useDefaults).decodeWithReport(Book.self, from: json)
    #expect(result.value.bookID == 0)
    #expect(
      result.issues == [
        FlexIssue(
          kind: .defaulted, path: "bookID", message: #"expected Int but found the string "abc"; used the default"#)
      ])
  }

  @Test func aWrapperThatRepairsItsOwnValueKeepsTheFirstCandidate() throws {
    struct Flags: Codable, FlexKeyMapping {
      @FlexDefaultFalse var isAdmin: Bool
      static let keyMapping: FlexKeyMap = ["isAdmin": ["admin", "is_admin"]]
    }
    let result = try FlexJSONDecoder().decodeWithReport(
      Flags.self, from: Data(#"{"admin": [1], "is_admin": true}"#.utf8))
    #expect(result.value.isAdmin == false)
    #expect(result.issues.map { "\($0.kind) \($0.path)" } == ["defaulted isAdmin"])
  }

  @Test func theDecodersGlobalMapFallsThroughToo() throws {
    struct User: Codable, Equatable { var userID: Int }
    let decoder = FlexJSONDecoder()
    decoder.keyMapping = ["userID": ["uid", "user_id"]]
    let result = try decoder.decodeWithReport([User].self, from: Data(#"[{"uid": true, "user_id": 3}]"#.utf8))
    #expect(result.value == [User(userID: 3)])
    #expect(result.issues.map(\.path) == ["[0].userID"])
    #expect(result.issues.map(\.message) == [#""uid": expected Int but found true; used "user_id""#])
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll])
  func anotherProblemInTheDocumentIsThrownWithItsOwnError(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let json = Data(#"{"id": "abc", "ID": 7, "author": {"name": null}, "writer": 3}"#.utf8)
    let error = try requireThrows(DecodingError.self) { try decoder(policy).decode(Book.self, from: json) }
    guard case .valueNotFound(_, let context) = error else {
      Issue.record("expected valueNotFound, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["author", "name"])
  }
}
