import FlexDecoder
import Foundation
import Testing

/// The key decoding strategies FlexJSONDecoder adds (title, kebab and any case), snake case
/// parity with `JSONDecoder`, and the ``KeyCase`` conversions behind them.
@Suite("Key strategies")
struct KeyStrategyTests {
  // MARK: - Title and kebab case

  @Test func titleCaseKeysFillCamelCaseProperties() throws {
    let json = #"{"FirstName": "Ada", "ID": 7, "URLString": "https://x", "lastName": "Lovelace"}"#
    let person = try decode(Person.self, json, strategy: .convertFromTitleCase)
    #expect(person == Person(firstName: "Ada", lastName: "Lovelace", id: 7, urlString: "https://x"))
  }

  @Test func kebabCaseKeysFillCamelCaseProperties() throws {
    let json = #"{"first-name": "Ada", "last-name": "Lovelace", "id": 7, "url-string": "https://x"}"#
    let person = try decode(Person.self, json, strategy: .convertFromKebabCase)
    #expect(person == Person(firstName: "Ada", lastName: "Lovelace", id: 7, urlString: "https://x"))
  }

  // MARK: - Any case

  @Test(arguments: ["first_name", "FirstName", "first-name", "FIRST_NAME", "firstname", "firstName", "First-Name"])
  func anyCaseKeyFillsTheProperty(key: String) throws {
    let json = #"{"\#(key)": "Ada"}"#
    #expect(try decode(FirstName.self, json, strategy: .convertFromAnyCase).firstName == "Ada")
  }

  @Test(arguments: ["firstNames", "first.name", "name", "first_nam"])
  func anyCaseDoesNotMatchOtherWords(key: String) throws {
    let error = try decodingError(FirstName.self, #"{"\#(key)": "Ada"}"#, strategy: .convertFromAnyCase)
    #expect(error.kind == .keyNotFound)
    #expect(error.key == "firstName")
  }

  @Test(arguments: [
    #"{"first_name": "loose", "firstName": "exact"}"#,
    #"{"firstName": "exact", "first_name": "loose"}"#,
  ])
  func exactMatchWinsOverLooseMatch(json: String) throws {
    #expect(try decode(FirstName.self, json, strategy: .convertFromAnyCase).firstName == "exact")
  }

  @Test(arguments: [
    (#"{"FIRST_NAME": "a", "first-name": "b"}"#, "a"),
    (#"{"first-name": "b", "FIRST_NAME": "a"}"#, "b"),
  ])
  func firstLooseMatchInDocumentOrderWins(json: String, expected: String) throws {
    #expect(try decode(FirstName.self, json, strategy: .convertFromAnyCase).firstName == expected)
  }

  @Test func anyCaseRulesHoldInLargeObjects() throws {
    let filler = (0..<80).map { #""filler_\#($0)": \#($0)"# }.joined(separator: ", ")
    let loose = try decode(
      FirstName.self, #"{\#(filler), "FIRST_NAME": "a", "first-name": "b"}"#, strategy: .convertFromAnyCase)
    #expect(loose.firstName == "a")
    let exact = try decode(
      FirstName.self, #"{"first_name": "loose", \#(filler), "firstName": "exact"}"#, strategy: .convertFromAnyCase)
    #expect(exact.firstName == "exact")
  }

  @Test func anyCaseAllKeysAndContainsAgreeForCaseIterableKeys() throws {
    let json = #"{"FIRST_NAME": "a", "Last-Name": "b", "ID": 1, "nickname": "c", "first_name": "d"}"#
    let probe = try decode(CaseIterableProbe.self, json, strategy: .convertFromAnyCase)
    #expect(probe.allKeys == ["firstName", "lastName", "id"])
    #expect(probe.contained == ["firstName", "lastName", "id"])
  }

  @Test(arguments: ["first_name", "FirstName", "first-name", "FIRST_NAME"])
  func anyCaseAllKeysFindsCommonSpellingsOfSynthesizedKeys(key: String) throws {
    let probe = try decode(SynthesizedKeysProbe.self, #"{"\#(key)": "a"}"#, strategy: .convertFromAnyCase)
    #expect(probe.allKeys == ["firstName"])
  }

  // MARK: - Snake case parity with JSONDecoder

  @Test(arguments: [
    "first_name", "_id", "__private", "trailing_", "__both__", "a__b", "URL_path", "ALL_CAPS", "snake_1st",
    "1st_place", "x", "_", "__", "", "already_camelCase", "mixed_Case_KEY", "a_b_c_d", "kebab-and_snake",
    "ünïcödé_kéy", "ÉCOLE_nom", "with space_key", "camelCase", "a_1_b",
  ])
  func snakeCaseConvertsKeysLikeJSONDecoder(key: String) throws {
    let json = Data(#"{"\#(key)": 1}"#.utf8)
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let flex = FlexJSONDecoder()
    flex.keyDecodingStrategy = .convertFromSnakeCase
    let expected = try foundation.decode(RawKeysProbe.self, from: json).keys
    #expect(try flex.decode(RawKeysProbe.self, from: json).keys == expected)
    #expect(
      try FlexJSONDecoder.strict().configured(.convertFromSnakeCase).decode(RawKeysProbe.self, from: json).keys
        == expected)
  }

  @Test func snakeCaseDecodesAModelLikeJSONDecoder() throws {
    let json = Data(#"{"first_name": "Ada", "last_name": "L", "id": 1, "url_string": "u", "_ignored": 0}"#.utf8)
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let expected = try foundation.decode(Person.self, from: json)
    #expect(try FlexJSONDecoder().configured(.convertFromSnakeCase).decode(Person.self, from: json) == expected)
  }

  /// Converted keys are remembered per call: objects that repeat them, and more distinct keys
  /// than are remembered.
  @Test func snakeCaseDecodesRepeatedAndManyKeysLikeJSONDecoder() throws {
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let flex = FlexJSONDecoder().configured(.convertFromSnakeCase)
    let person = #"{"first_name": "Ada", "last_name": "L", "id": 1, "url_string": "u", "_ignored": 0}"#
    let people = Data(("[" + Array(repeating: person, count: 200).joined(separator: ",") + "]").utf8)
    #expect(try flex.decode([Person].self, from: people) == foundation.decode([Person].self, from: people))
    let object = "{" + (0..<5000).map { "\"key_number_\($0)\": \($0)" }.joined(separator: ",") + "}"
    let objects = Data("[\(object), \(object)]".utf8)
    let decoded = try flex.decode([EveryMember].self, from: objects)
    #expect(try decoded == foundation.decode([EveryMember].self, from: objects))
    #expect(decoded.last?.values["keyNumber4999"] == 4999)
  }

  /// Two JSON keys that convert to the same name: the first one's value is used, in objects
  /// small enough to be compared key by key and in larger ones.
  @Test(arguments: [0, 12])
  func snakeCaseKeysConvertingAlikeUseTheFirstLikeJSONDecoder(fillerCount: Int) throws {
    let filler = (0..<fillerCount).map { "\"filler_\($0)\": 0, " }.joined()
    let json = Data(#"{\#(filler)"first_name": "snake", "firstName": "camel", "first__name": "double"}"#.utf8)
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let expected = try foundation.decode(FirstName.self, from: json)
    let decoded = try FlexJSONDecoder().configured(.convertFromSnakeCase).decode(FirstName.self, from: json)
    #expect(decoded.firstName == expected.firstName)
    #expect(decoded.firstName == "snake")
  }

  @Test func snakeCaseLeavesDictionaryKeysAloneLikeJSONDecoder() throws {
    let json = Data(#"{"scores": {"first_name": 1, "LastName": 2}, "people": {"some_key": {"inner_value": 3}}}"#.utf8)
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let expected = try foundation.decode(Dictionaries.self, from: json)
    let flex = try FlexJSONDecoder().configured(.convertFromSnakeCase).decode(Dictionaries.self, from: json)
    #expect(flex == expected)
    #expect(flex == Dictionaries(scores: ["first_name": 1, "LastName": 2], people: ["some_key": Inner(innerValue: 3)]))
  }

  @Test(arguments: [
    FlexJSONDecoder.KeyDecodingStrategy.convertFromSnakeCase, .convertFromTitleCase, .convertFromKebabCase,
    .convertFromAnyCase,
  ])
  func stringKeyedDictionariesKeepTheirKeysUnderEveryStrategy(strategy: FlexJSONDecoder.KeyDecodingStrategy) throws {
    let json = #"{"first_name": 1, "First-Name": 2, "FIRST_NAME": 3, "firstName": 4}"#
    let dictionary = try decode([String: Int].self, json, strategy: strategy)
    #expect(dictionary == ["first_name": 1, "First-Name": 2, "FIRST_NAME": 3, "firstName": 4])
  }

  @Test func convertedStrategiesReportConvertedKeysInAllKeys() throws {
    let probe = try decode(
      SynthesizedKeysProbe.self, #"{"first_name": "a", "unknown_key": 1}"#, strategy: .convertFromSnakeCase)
    #expect(probe.allKeys == ["firstName"])
  }

  // MARK: - KeyCase

  @Test(arguments: [
    ("FirstName", "firstName"), ("ID", "id"), ("URLString", "urlString"), ("firstName", "firstName"),
    ("A", "a"), ("", ""), ("UserID", "userID"), ("HTTPSProxy", "httpsProxy"), ("Name", "name"), ("X1", "x1"),
    ("ABC1", "abc1"), ("_Id", "_Id"),
  ])
  func camelCaseFromTitleCase(key: String, expected: String) {
    #expect(KeyCase.camelCase(fromTitleCase: key) == expected)
  }

  @Test(arguments: [
    ("first-name", "firstName"), ("user-id", "userId"), ("-private", "-private"), ("trailing-", "trailing-"),
    ("a--b", "aB"), ("single", "single"), ("First-Name", "firstName"), ("x-URL", "xUrl"),
    ("-lead-ing-", "-leadIng-"), ("---", "---"), ("", ""),
  ])
  func camelCaseFromKebabCase(key: String, expected: String) {
    #expect(KeyCase.camelCase(fromKebabCase: key) == expected)
  }

  @Test(arguments: [
    ("first_name", "firstName", true), ("FirstName", "firstName", true), ("first-name", "firstName", true),
    ("FIRST_NAME", "firstName", true), ("firstname", "firstName", true), ("__id__", "ID", true),
    ("firstNames", "firstName", false), ("first.name", "firstName", false), ("lastName", "firstName", false),
    ("Ï", "ï", false), ("", "a", false),
  ])
  func looselyEqualIgnoresASCIICaseUnderscoresAndHyphens(lhs: String, rhs: String, expected: Bool) {
    #expect(KeyCase.looselyEqual(lhs, rhs) == expected)
    #expect(KeyCase.looselyEqual(rhs, lhs) == expected)
  }

  // MARK: - Helpers

  private func decode<T: Decodable>(
    _ type: T.Type, _ json: String, strategy: FlexJSONDecoder.KeyDecodingStrategy
  ) throws -> T {
    try FlexJSONDecoder().configured(strategy).decode(type, from: Data(json.utf8))
  }

  private func decodingError<T: Decodable>(
    _ type: T.Type, _ json: String, strategy: FlexJSONDecoder.KeyDecodingStrategy,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> DecodingErrorSummary {
    let error = try requireDecodingError(sourceLocation: sourceLocation) {
      try decode(type, json, strategy: strategy)
    }
    return DecodingErrorSummary(error)
  }
}

// MARK: - Fixtures

extension KeyStrategyTests {
  struct Person: Decodable, Equatable {
    var firstName: String
    var lastName: String
    var id: Int
    var urlString: String
  }

  struct FirstName: Decodable {
    var firstName: String
  }

  struct Inner: Decodable, Equatable {
    var innerValue: Int
  }

  struct Dictionaries: Decodable, Equatable {
    var scores: [String: Int]
    var people: [String: Inner]
  }

  /// Any key at all, to see the converted JSON keys.
  struct RawKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The converted JSON keys of an object, sorted.
  struct RawKeysProbe: Decodable {
    var keys: [String]

    init(from decoder: any Decoder) throws {
      keys = try decoder.container(keyedBy: RawKey.self).allKeys.map(\.stringValue).sorted()
    }
  }

  /// What `allKeys` and `contains` say, with keys the container can enumerate.
  struct CaseIterableProbe: Decodable {
    var allKeys: Set<String>
    var contained: Set<String>

    enum CodingKeys: String, CodingKey, CaseIterable { case firstName, lastName, id, email }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      allKeys = Set(container.allKeys.map(\.stringValue))
      contained = Set(CodingKeys.allCases.filter(container.contains).map(\.stringValue))
    }
  }

  /// What `allKeys` says, with synthesized (not enumerable) keys.
  struct SynthesizedKeysProbe: Decodable {
    var allKeys: [String]

    private enum CodingKeys: String, CodingKey { case firstName, lastName }

    init(from decoder: any Decoder) throws {
      allKeys = try decoder.container(keyedBy: CodingKeys.self).allKeys.map(\.stringValue)
    }
  }
}

extension FlexJSONDecoder {
  /// This decoder with `keyDecodingStrategy` set, for one-line setups in tests.
  fileprivate func configured(_ strategy: KeyDecodingStrategy) -> FlexJSONDecoder {
    keyDecodingStrategy = strategy
    return self
  }
}

/// Every member of an object, read through a keyed container (a `[String: Int]` would keep its
/// keys as written).
private struct EveryMember: Decodable, Equatable {
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  var values: [String: Int]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    values = [:]
    for key in container.allKeys { values[key.stringValue] = try container.decode(Int.self, forKey: key) }
  }
}
