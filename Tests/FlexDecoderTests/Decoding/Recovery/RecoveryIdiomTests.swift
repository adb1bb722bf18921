import FlexDecoder
import Foundation
import Testing

/// Code that catches decoding errors itself (`try?` and fallbacks) keeps working exactly as with
/// `JSONDecoder` under the default policy, and only real problems are reported.
@Suite("Recovery idioms")
struct RecoveryIdiomTests {
  // MARK: - Models

  /// The "lossy array" idiom: elements that fail are skipped.
  @propertyWrapper
  struct LossyArray<Element: Decodable & Equatable>: Decodable, Equatable {
    var wrappedValue: [Element]

    init(wrappedValue: [Element]) {
      self.wrappedValue = wrappedValue
    }

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      var elements: [Element] = []
      while !container.isAtEnd {
        if let element = try? container.decode(Element.self) {
          elements.append(element)
        } else {
          _ = try? container.decode(Skipped.self)
        }
      }
      wrappedValue = elements
    }

    /// Decodes from anything, to move past an element.
    private struct Skipped: Decodable {
      init(from decoder: any Decoder) throws {}
    }
  }

  struct Product: Decodable, Equatable {
    var id: Int
    var name: String
  }

  /// An identifier sent as a number or as a string: tries `Int`, then falls back to `String`.
  struct Identifier: Decodable, Equatable {
    var value: String

    init(_ value: String) {
      self.value = value
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        value = "#\(number)"
      } else {
        value = try container.decode(String.self)
      }
    }
  }

  /// Optional settings with fallbacks, through `decodeIfPresent`, `try?` and `contains`.
  struct Settings: Decodable, Equatable {
    var theme: String
    var fontSize: Int
    var nickname: String?
    var legacy: Bool

    enum CodingKeys: String, CodingKey {
      case theme, fontSize, nickname, legacy
    }

    init(theme: String, fontSize: Int, nickname: String?, legacy: Bool) {
      self.theme = theme
      self.fontSize = fontSize
      self.nickname = nickname
      self.legacy = legacy
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      theme = try container.decodeIfPresent(String.self, forKey: .theme) ?? "light"
      fontSize = try container.decodeIfPresent(Int.self, forKey: .fontSize) ?? 12
      nickname = (try? container.decodeIfPresent(String.self, forKey: .nickname)) ?? nil
      legacy = try container.contains(.legacy) && !container.decodeNil(forKey: .legacy)
    }
  }

  struct Catalog: Decodable, Equatable {
    var title: String
    var count: Int
    @LossyArray var products: [Product]
    var owner: Identifier
    var settings: Settings
  }

  // MARK: - Helpers

  /// Decodes `json` with `JSONDecoder` and with a default `FlexJSONDecoder`; both must give the
  /// same value, and the report must be empty.
  private func expectSameAsJSONDecoder<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(json.utf8)
    let expected = try JSONDecoder().decode(type, from: data)
    let result = try FlexJSONDecoder().decodeWithReport(type, from: data)
    #expect(result.value == expected, sourceLocation: sourceLocation)
    #expect(result.issues.isEmpty, sourceLocation: sourceLocation)
  }

  private func decoder(_ policy: FlexJSONDecoder.ErrorPolicy) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    return decoder
  }

  /// A catalog whose products, owner and settings exercise every idiom's fallback, with
  /// `replacements` applied to its JSON text.
  private static func catalog(_ replacements: [String: String] = [:]) -> String {
    var json = #"""
      {
        "title": "Spring",
        "count": 4,
        "products": [
          {"id": 1, "name": "a"},
          {"id": "x", "name": "b"},
          {"name": "c"},
          null,
          {"id": 4, "name": "d"}
        ],
        "owner": "u-7",
        "settings": {"theme": null, "nickname": true, "legacy": null}
      }
      """#
    for (old, new) in replacements { json = json.replacingOccurrences(of: old, with: new) }
    return json
  }

  private static var catalogValue: Catalog {
    Catalog(
      title: "Spring", count: 4, products: [Product(id: 1, name: "a"), Product(id: 4, name: "d")],
      owner: Identifier("u-7"), settings: Settings(theme: "light", fontSize: 12, nickname: nil, legacy: false))
  }

  // MARK: - Valid documents

  @Test func lossyArraySkipsBadElementsAsWithJSONDecoder() throws {
    try expectSameAsJSONDecoder(
      LossyArray<Product>.self, #"[{"id": 1, "name": "a"}, {"id": "x"}, 3, {"id": 2, "name": "b"}]"#)
  }

  @Test(arguments: ["7", #""u-7""#, #""007x""#])
  func intThenStringFallbackPicksTheSameBranchAsJSONDecoder(json: String) throws {
    try expectSameAsJSONDecoder(Identifier.self, json)
  }

  @Test(arguments: [
    "{}", #"{"theme": null, "fontSize": null, "nickname": null, "legacy": null}"#,
    #"{"theme": "dark", "fontSize": 14, "nickname": "kim", "legacy": 1}"#, #"{"nickname": [1], "legacy": false}"#,
  ])
  func decodeIfPresentFallbacksMatchJSONDecoder(json: String) throws {
    try expectSameAsJSONDecoder(Settings.self, json)
  }

  @Test func everyIdiomTogetherMatchesJSONDecoder() throws {
    try expectSameAsJSONDecoder(Catalog.self, Self.catalog())
    #expect(try FlexJSONDecoder().decode(Catalog.self, from: Data(Self.catalog().utf8)) == Self.catalogValue)
  }

  // MARK: - With an unrelated real problem

  /// Two real problems the idioms do not catch: a string count, and a bool where the owner's
  /// fallback needs a string.
  private static let catalogWithProblems = catalog([#""count": 4"#: #""count": "four""#, #""u-7""#: "true"])

  @Test func collectAllReportsOnlyTheRealProblems() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Catalog.self, from: Data(Self.catalogWithProblems.utf8))
    }
    #expect(
      error.issues == [
        FlexIssue(kind: .typeMismatch, path: "count", message: "expected Int but found the string \"four\""),
        FlexIssue(kind: .typeMismatch, path: "owner", message: "expected Identifier but found true"),
      ])
  }

  @Test func useDefaultsRepairsOnlyTheRealProblemsAndKeepsTheIdiomsResults() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Catalog.self, from: Data(Self.catalogWithProblems.utf8))
    var expected = Self.catalogValue
    expected.count = 0
    // The owner's placeholder is what its own `init(from:)` makes of nothing: the number branch.
    expected.owner = Identifier("#0")
    #expect(result.value == expected)
    #expect(
      result.issues.map(\.description) == [
        "count: expected Int but found the string \"four\"; used the default",
        "owner: expected Identifier but found true; used the default",
      ])
  }

  @Test func aProblemTheDecodeIfPresentIdiomDoesNotCatchIsReportedAndItsFallbackApplies() throws {
    let json = Self.catalog([#""theme": null"#: #""theme": false"#])
    let error = try requireThrows(DecodingError.self) {
      try decoder(.collectAll).decode(Catalog.self, from: Data(json.utf8))
    }
    #expect(ErrorShape(error).description == #"typeMismatch(String) at "settings.theme""#)
    #expect(ErrorShape(error) == ErrorShape { _ = try JSONDecoder().decode(Catalog.self, from: Data(json.utf8)) })
    #expect(
      FlexDecodingError.issues(in: error).map(\.description) == ["settings.theme: expected String but found false"])
    let result = try decoder(.useDefaults).decodeWithReport(Catalog.self, from: Data(json.utf8))
    #expect(result.value == Self.catalogValue)
    #expect(result.issues.map(\.description) == ["settings.theme: expected String but found false; used nil"])
  }

  @Test func aProblemInsideAKeptLossyElementsNeighbourIsStillReported() throws {
    let json = Self.catalog([#""title": "Spring""#: #""title": null"#])
    let result = try decoder(.useDefaults).decodeWithReport(Catalog.self, from: Data(json.utf8))
    var expected = Self.catalogValue
    expected.title = ""
    #expect(result.value == expected)
    #expect(result.issues.map(\.path) == ["title"])
  }

  // MARK: - Strict mode

  @Test(arguments: [
    catalog([#""count": 4"#: #""count": "four""#]),
    catalog([#""u-7""#: "true"]),
    catalog([#""theme": null"#: #""theme": 5"#]),
    catalog([#""settings": {"#: #""settings": {"fontSize": [], "#]),
    catalog([#""products": ["#: #""products": 5, "old": ["#]),
    catalog(),
  ])
  func strictThrowsWhatJSONDecoderThrows(json: String) throws {
    let data = Data(json.utf8)
    #expect(
      ErrorShape { _ = try FlexJSONDecoder.strict().decode(Catalog.self, from: data) }
        == ErrorShape { _ = try JSONDecoder().decode(Catalog.self, from: data) })
  }

  // MARK: - Fallback branches

  @Test func coercionsDoNotChangeWhichFallbackBranchIsTaken() throws {
    // JSONDecoder: `Int` fails on "42", so the string branch gives "42". Coercions only apply
    // where an error escaped, so the default decoder takes the same branch.
    try expectSameAsJSONDecoder(Identifier.self, #""42""#)
  }

  struct Account: Decodable, Equatable {
    var owner: Identifier
    var count: Int
  }

  @Test func aSingleValueFallbackKeepsItsBranchInADocumentWithProblems() throws {
    // The `null` count makes the recovery pass run; there too, the identifier's `try?` sees
    // `Int` fail on "42" (no coercion) and takes the string branch, as JSONDecoder does.
    let fixed = try JSONDecoder().decode(Account.self, from: Data(#"{"owner": "42", "count": 3}"#.utf8))
    #expect(fixed.owner == Identifier("42"))
    let result = try decoder(.useDefaults).decodeWithReport(
      Account.self, from: Data(#"{"owner": "42", "count": null}"#.utf8))
    #expect(result.value == Account(owner: Identifier("42"), count: 0))
    #expect(result.issues.map(\.path) == ["count"])
  }

  /// A shape whose `size` is a number for circles; a label tries a number first, then text.
  enum Shape: Decodable, Equatable {
    case circle(radius: Double)
    case label(text: String)

    enum CodingKeys: String, CodingKey {
      case kind, size
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if try container.decode(String.self, forKey: .kind) == "circle" {
        self = .circle(radius: try container.decode(Double.self, forKey: .size))
      } else if let number = try? container.decode(Double.self, forKey: .size) {
        self = .label(text: "\(number)")
      } else {
        self = .label(text: try container.decode(String.self, forKey: .size))
      }
    }
  }

  @Test func aTryAtTheSameSiteAsARealProblemElsewhereStillCatchesItsError() throws {
    // The circle's bad size is repaired at its call; the label's `try?` of the same key and type
    // (the same site) still catches its error and takes the text branch.
    let json = #"[{"kind": "circle", "size": "big"}, {"kind": "label", "size": "hello"}]"#
    let result = try decoder(.useDefaults).decodeWithReport([Shape].self, from: Data(json.utf8))
    #expect(result.value == [.circle(radius: 0), .label(text: "hello")])
    #expect(result.issues.map(\.path) == ["[0].size"])
    let error = try requireThrows(DecodingError.self) {
      try decoder(.collectAll).decode([Shape].self, from: Data(json.utf8))
    }
    #expect(FlexDecodingError.issues(in: error).map(\.path) == ["[0].size"])
  }

  @Test func aTryBeforeARealProblemAtTheSameSiteStillCatchesItsError() throws {
    // The same, the label first: the call that catches is met before the one that escapes.
    let json = #"[{"kind": "label", "size": "hello"}, {"kind": "circle", "size": "big"}, {"kind": "label", "size": 2}]"#
    let result = try decoder(.useDefaults).decodeWithReport([Shape].self, from: Data(json.utf8))
    #expect(result.value == [.label(text: "hello"), .circle(radius: 0), .label(text: "2.0")])
    #expect(result.issues.map(\.path) == ["[1].size"])
  }

  /// Reads `count` with a `try?` first (a missing or bad count is 0), then `total` the same way
  /// but without the `try?`: two calls of one site (the key type, `count`, `Int`) in one value
  /// when `total` is absent and the fallback reads `count` again.
  struct Tally: Decodable, Equatable {
    var count: Int
    var total: Int

    enum CodingKeys: String, CodingKey {
      case count, total
    }

    init(count: Int, total: Int) {
      self.count = count
      self.total = total
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      count = (try? container.decode(Int.self, forKey: .count)) ?? -1
      total = try container.decodeIfPresent(Int.self, forKey: .total) ?? container.decode(Int.self, forKey: .count)
    }
  }

  @Test func twoCallsOfOneSiteInOneValueAreRepairedApart() throws {
    // `count` is bad: the `try?` catches (count = -1); the plain read of it escapes and is
    // repaired (total = 0). The first call is not repaired for what the second taught, nor for
    // failing as the plain pass's failure did (the second call's withdraws it).
    let result = try decoder(.useDefaults).decodeWithReport(
      [Tally].self, from: Data(#"[{"count": "many"}, {"count": 3, "total": 5}, {"count": {}}]"#.utf8))
    #expect(result.value == [Tally(count: -1, total: 0), Tally(count: 3, total: 5), Tally(count: -1, total: 0)])
    #expect(result.issues.map(\.path) == ["[0].count", "[2].count"])
  }

}
