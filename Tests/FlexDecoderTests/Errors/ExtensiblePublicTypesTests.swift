// The public types that list kinds or policies (ErrorPolicy, UnknownKeyPolicy, FlexIssue.Kind,
// FlexStreamError.Reason) are structs with static members, so that a later member does not
// break a user's switch: each member is itself, different from the others, and described by
// its name, as the enum case it was.

import FlexDecoder
import Foundation
import Testing

@Suite("Extensible public types")
struct ExtensiblePublicTypesTests {
  @Test func errorPoliciesAreDistinctAndDescribedByName() {
    let policies: [FlexJSONDecoder.ErrorPolicy] = [.failFast, .collectAll, .useDefaults]
    #expect(Set(policies).count == 3)
    #expect(policies.map(\.description) == ["failFast", "collectAll", "useDefaults"])
    #expect(FlexJSONDecoder().errorPolicy == .collectAll)
  }

  @Test func unknownKeyPoliciesAreDistinctAndDescribedByName() {
    let policies: [FlexJSONDecoder.UnknownKeyPolicy] = [.ignore, .report, .fail]
    #expect(Set(policies).count == 3)
    #expect(policies.map(\.description) == ["ignore", "report", "fail"])
    #expect(FlexJSONDecoder().unknownKeyPolicy == .ignore)
  }

  @Test func issueKindsSayWhichAreProblems() {
    let problems: [FlexIssue.Kind] = [.keyNotFound, .valueNotFound, .typeMismatch, .dataCorrupted, .validationFailed]
    let notes: [FlexIssue.Kind] = [.defaulted, .droppedElement, .coerced, .unknownKey]
    #expect(Set(problems + notes).count == 9)
    #expect(problems.filter(\.isProblem).count == 5)
    #expect(notes.filter(\.isProblem).isEmpty)
    #expect(
      problems.map(\.description) == [
        "keyNotFound", "valueNotFound", "typeMismatch", "dataCorrupted", "validationFailed",
      ])
  }

  @Test func aSwitchOverAKindMatchesItsMembers() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    struct Item: Decodable { let id: Int }
    let report = try decoder.decodeWithReport(Item.self, from: Data("{}".utf8))
    let kind = try #require(report.issues.first?.kind)
    let name: String
    switch kind {
    case .keyNotFound: name = "missing"
    case .defaulted: name = "defaulted"
    default: name = "other"
    }
    #expect(name == "defaulted")
  }

  @Test func streamErrorReasonsCompareWithoutTheirParticulars() throws {
    var framing = FlexFraming.jsonLines
    framing.maxElementBytes = 4
    let elements = Array(FlexJSONDecoder().elements(of: Int.self, from: Data("1\n123456\n".utf8), framing: framing))
    guard case .failure(let error as FlexStreamError) = try #require(elements.last).result else {
      Issue.record("expected a too-large element")
      return
    }
    #expect(error.reason == .elementTooLarge)
    #expect(error.reason != .truncated)
    #expect(error.reason.description == "elementTooLarge")
    #expect(error.description == "element 1 (line 2, byte 2): larger than maxElementBytes (4 bytes)")
    let reasons: [FlexStreamError.Reason] = [.elementTooLarge, .truncated, .arrayNotFound, .elementFailed, .malformed]
    #expect(Set(reasons).count == 5)
  }
}
