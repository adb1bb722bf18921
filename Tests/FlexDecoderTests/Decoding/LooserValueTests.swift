import FlexDecoder
import Foundation
import Testing

/// The opt-in coercions for looser values: each off in `.standard`, each acting only where
/// JSONDecoder would have thrown.
@Suite("Looser values")
struct LooserValueTests {
  enum Status: String, Codable, CaseIterable, Equatable {
    case active, suspended
  }

  enum Clash: String, Codable, CaseIterable, Equatable {
    case on
    case upperOn = "ON"
  }

  struct Row: Codable, Equatable {
    var label: String?
    var count: Int?
    var flag: Bool?
    var price: Double?
    var status: Status?
  }

  private func decoder(_ extra: FlexCoercions, policy: FlexJSONDecoder.ErrorPolicy = .collectAll) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.coercions = FlexCoercions.standard.union(extra)
    decoder.errorPolicy = policy
    decoder.reportsCoercions = true
    return decoder
  }

  private func decode(_ json: String, _ extra: FlexCoercions) throws -> FlexDecoded<Row> {
    try decoder(extra).decodeWithReport(Row.self, from: Data(json.utf8))
  }

  @Test func noneOfThemIsInStandard() {
    let looser: FlexCoercions = [
      .boolToString, .truncatingFloatToInteger, .roundingFloatToInteger, .letterToBool, .nullStrings,
      .caseInsensitiveEnums,
    ]
    #expect(FlexCoercions.standard.isDisjoint(with: looser))
    #expect(FlexCoercions.all.isSuperset(of: looser))
  }

  @Test func boolToStringWritesTrueAndFalse() throws {
    let result = try decode(#"{"label": true}"#, .boolToString)
    #expect(result.value.label == "true")
    #expect(result.issues.map(\.message) == ["coerced bool true to String"])
    #expect(throws: DecodingError.self) { try decode(#"{"label": true}"#, []) }
  }

  @Test(arguments: [("1.9", 1), ("-1.9", -1), ("\"2.5\"", 2), ("1e0", 1)])
  func truncationCutsTowardZero(json: String, expected: Int) throws {
    #expect(try decode(#"{"count": \#(json)}"#, .truncatingFloatToInteger).value.count == expected)
  }

  @Test(arguments: [("1.5", 2), ("1.4", 1), ("-1.5", -2), ("\"2.5\"", 3)])
  func roundingGoesToTheNearestHalvesAwayFromZero(json: String, expected: Int) throws {
    #expect(try decode(#"{"count": \#(json)}"#, .roundingFloatToInteger).value.count == expected)
    // Rounding wins when both are set.
    let both: FlexCoercions = [.roundingFloatToInteger, .truncatingFloatToInteger]
    #expect(try decode(#"{"count": \#(json)}"#, both).value.count == expected)
  }

  @Test func aFloatOutOfRangeStaysAProblem() throws {
    let error = try requireThrows(DecodingError.self) { try decode(#"{"count": 1e30}"#, .roundingFloatToInteger) }
    guard case .dataCorrupted = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(throws: DecodingError.self) { try decode(#"{"count": 1.5}"#, []) }
  }

  @Test(arguments: [("\"y\"", true), ("\"T\"", true), ("\"n\"", false), ("\" f \"", false)])
  func letterBools(json: String, expected: Bool) throws {
    #expect(try decode(#"{"flag": \#(json)}"#, .letterToBool).value.flag == expected)
    #expect(throws: DecodingError.self) { try decode(#"{"flag": \#(json)}"#, []) }
  }

  @Test func nullStringsReadAsNullForOptionalsOfOtherTypes() throws {
    let json = #"{"count": "<null>", "price": "NULL", "status": "nil", "flag": "null", "label": "null"}"#
    let result = try decode(json, .nullStrings)
    #expect(result.value == Row(label: "null", count: nil, flag: nil, price: nil, status: nil))
    #expect(
      result.issues.map(\.description) == [
        #"count: coerced string "<null>" to null"#, #"price: coerced string "NULL" to null"#,
        #"status: coerced string "nil" to null"#, #"flag: coerced string "null" to null"#,
      ])
    #expect(throws: DecodingError.self) { try decode(#"{"count": "<null>"}"#, []) }
  }

  @Test func enumsMatchIgnoringCaseWhenOneCaseFits() throws {
    let result = try decode(#"{"status": "SUSPENDED"}"#, .caseInsensitiveEnums)
    #expect(result.value.status == .suspended)
    #expect(result.issues.map(\.description) == [#"status: coerced string "SUSPENDED" to Status"#])
    #expect(throws: DecodingError.self) { try decode(#"{"status": "SUSPENDED"}"#, []) }
    // Two cases that differ only by case: an exact match is plain; "On" fits both and stays a problem.
    let decoder = decoder(.caseInsensitiveEnums)
    #expect(try decoder.decode([Clash].self, from: Data(#"["ON", "on"]"#.utf8)) == [.upperOn, .on])
    #expect(throws: DecodingError.self) { try decoder.decode([Clash].self, from: Data(#"["On"]"#.utf8)) }
  }

  @Test func valuesOfTheRightTypeAreUntouched() throws {
    let json = #"{"label": "true", "count": 2, "flag": true, "price": 1.5, "status": "active"}"#
    let result = try decode(json, .all)
    #expect(result.value == Row(label: "true", count: 2, flag: true, price: 1.5, status: .active))
    #expect(result.issues.isEmpty)
    #expect(result.value == (try JSONDecoder().decode(Row.self, from: Data(json.utf8))))
  }
}
