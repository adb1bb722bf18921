import FlexCore
import Foundation
import Testing

/// nst/JSONTestSuite (copied under Resources/JSONTestSuite with its LICENSE): `y_` files must be
/// accepted, `n_` files rejected, `i_` files may go either way but must not crash.
@Suite("JSONTestSuite conformance")
struct JSONTestSuiteTests {
  @Test func acceptsEveryYFile() throws {
    let files = try TestResources.jsonTestSuite("test_parsing").filter { $0.name.hasPrefix("y_") }
    #expect(files.count == 95)
    for file in files {
      #expect(throws: Never.self, "\(file.name)") { try JSONValue(parsing: file.bytes) }
    }
  }

  @Test func rejectsEveryNFileWithALocation() throws {
    let files = try TestResources.jsonTestSuite("test_parsing").filter { $0.name.hasPrefix("n_") }
    #expect(files.count == 188)
    for file in files {
      do {
        let value = try JSONValue(parsing: file.bytes)
        Issue.record("\(file.name) was accepted as \(value)")
      } catch {
        #expect(error.offset >= 0 && error.offset <= file.bytes.count, "\(file.name)")
        #expect(error.line >= 1 && error.column >= 1, "\(file.name)")
      }
    }
  }

  /// Implementation-defined files: the decision is pinned so a change is noticed. Rejected are
  /// invalid UTF-8, lone surrogates, and numbers no Double can hold, as Foundation does.
  @Test func decidesEveryIFileAsDocumented() throws {
    let files = try TestResources.jsonTestSuite("test_parsing").filter { $0.name.hasPrefix("i_") }
    #expect(files.count == 35)
    var accepted: [String] = []
    for file in files where (try? JSONValue(parsing: file.bytes)) != nil {
      accepted.append(file.name)
    }
    let rejected = Set(files.map(\.name)).subtracting(accepted)
    #expect(
      rejected.allSatisfy { $0.hasPrefix("i_string_") || $0.hasPrefix("i_object_key_lone") }, "\(rejected.sorted())")
    // Big numbers are kept as text: the parser accepts them; a decoder decides what they fit.
    #expect(accepted.contains("i_number_huge_exp.json"))
    #expect(accepted.contains("i_structure_500_nested_arrays.json"))
  }

  @Test func parsesTheTransformFiles() throws {
    let files = try TestResources.jsonTestSuite("test_transform")
    #expect(files.count == 22)
    var rejected: [String] = []
    for file in files where (try? JSONValue(parsing: file.bytes)) == nil {
      rejected.append(file.name)
    }
    // Lone surrogates and invalid code points in escapes are errors (Foundation agrees).
    #expect(
      rejected == [
        "string_1_escaped_invalid_codepoint.json", "string_1_invalid_codepoint.json",
        "string_2_escaped_invalid_codepoints.json", "string_2_invalid_codepoints.json",
        "string_3_escaped_invalid_codepoints.json", "string_3_invalid_codepoints.json",
      ])
  }
}
