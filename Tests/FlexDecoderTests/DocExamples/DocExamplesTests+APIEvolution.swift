import FlexDecoder
import Foundation
import Testing

/// The samples of Docs/APIEvolution.md and CHANGELOG.md.
@Suite("Doc examples: How the public API may grow")
struct APIEvolutionDocExamplesTests {
  struct Profile: Decodable {
    let id: Int
    let name: String
    let age: Int
  }

  /// Docs/APIEvolution.md: the policy is assigned, issues are filtered by kind, and a `switch`
  /// over a kind has a `default:` case.
  @Test func kindsAreComparedFilteredAndSwitchedOver() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let data = Data(#"{"id": 1, "age": "old"}"#.utf8)
    let report = try decoder.decodeWithReport(Profile.self, from: data)

    var missing: [String] = []
    var wrongType: [String] = []
    var logged: [String] = []
    func showMissingField(_ path: String) { missing.append(path) }
    func showWrongType(_ path: String) { wrongType.append(path) }
    func log(_ issue: FlexIssue) { logged.append(issue.path) }

    for issue in report.issues {
      switch issue.kind {
      case .keyNotFound, .valueNotFound: showMissingField(issue.path)
      case .typeMismatch: showWrongType(issue.path)
      default: log(issue)  // required: a later version may add kinds
      }
    }
    // Under `.useDefaults` each problem is reported as what was done about it.
    #expect(report.issues.map(\.kind) == [.defaulted, .defaulted])
    #expect(report.issues.filter { $0.kind == .keyNotFound }.isEmpty)
    #expect(logged == ["name", "age"])
    #expect(missing.isEmpty && wrongType.isEmpty)
  }

  /// CHANGELOG.md: under `.collectAll` the problems themselves are the issues, and the same
  /// `switch` sorts them.
  @Test func theChangelogsSwitchSortsCollectedProblems() throws {
    let decoder = FlexJSONDecoder()
    let data = Data(#"{"id": 1, "age": "old"}"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) { try decoder.decode(Profile.self, from: data) }
    var sorted: [String] = []
    for issue in error.issues {
      switch issue.kind {
      case .keyNotFound: sorted.append("missing \(issue.path)")
      case .typeMismatch: sorted.append("wrong type \(issue.path)")
      default: sorted.append("other \(issue.path)")
      }
    }
    #expect(sorted == ["missing name", "wrong type age"])
  }
}
