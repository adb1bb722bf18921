import FlexDecoder
import Foundation
import Testing

/// FlexBackedJSONDecoder in the networking code that holds a `JSONDecoder`: a stored decoder, a
/// `decoder: JSONDecoder = JSONDecoder()` parameter and an `APIDecoder` subclass. One changed line
/// must be enough. Through the `JSONDecoder` reference, Flex's leniency applies, every
/// `JSONDecoder` option keeps its meaning, clean input decodes to `JSONDecoder`'s values, and
/// failures throw `JSONDecoder`'s `DecodingError` at the same coding path.
@Suite("FlexBackedJSONDecoder")
struct FlexBackedJSONDecoderTests {
  // MARK: - A networking layer written against JSONDecoder

  /// A client that stores its decoder as a `JSONDecoder`.
  struct APIClient {
    let decoder: JSONDecoder

    func user(from data: Data) throws -> User {
      try decoder.decode(User.self, from: data)
    }
  }

  /// A generic loader whose decoder parameter is a `JSONDecoder` with a default.
  func load<T: Decodable>(_ type: T.Type, from data: Data, decoder: JSONDecoder = JSONDecoder()) throws -> T {
    try decoder.decode(type, from: data)
  }

  /// The app's configured decoder. It was `final class APIDecoder: JSONDecoder`.
  final class APIDecoder: FlexBackedJSONDecoder, @unchecked Sendable {
    override init() {
      super.init()
      keyDecodingStrategy = .convertFromSnakeCase
      dateDecodingStrategy = .iso8601
    }
  }

  struct User: Codable, Equatable {
    var id: Int
    var name: String
    var isAdmin: Bool
  }

  struct Account: Codable, Equatable {
    var accountId: Int
    var displayName: String
    var createdAt: Date
    var tags: [String]
    var manager: Manager?

    struct Manager: Codable, Equatable {
      var userId: Int
      var emailAddress: String
    }
  }

  static let accountJSON = """
    {"account_id": 17, "display_name": "Ada", "created_at": "2024-05-01T12:30:00Z",
     "tags": ["admin", "beta"], "manager": {"user_id": 3, "email_address": "g@example.com"}}
    """
  static let account = Account(
    accountId: 17, displayName: "Ada", createdAt: Date(timeIntervalSince1970: 1_714_566_600), tags: ["admin", "beta"],
    manager: Account.Manager(userId: 3, emailAddress: "g@example.com"))

  @Test func aStoredJSONDecoderTakesTheSubclassInOneChangedLine() throws {
    let client = APIClient(decoder: FlexBackedJSONDecoder())
    let data = Data(#"{"id": 7, "name": "Ada", "isAdmin": true}"#.utf8)
    #expect(try client.user(from: data) == User(id: 7, name: "Ada", isAdmin: true))
    #expect(try client.user(from: data) == APIClient(decoder: JSONDecoder()).user(from: data))
  }

  @Test func leniencyAppliesThroughTheJSONDecoderReference() throws {
    let client = APIClient(decoder: FlexBackedJSONDecoder())
    let data = Data(#"{"id": "42", "name": "Ada", "isAdmin": "yes"}"#.utf8)
    #expect(try client.user(from: data) == User(id: 42, name: "Ada", isAdmin: true))
    // What the line was before: JSONDecoder throws.
    #expect(
      ErrorShape { _ = try APIClient(decoder: JSONDecoder()).user(from: data) }?.description
        == #"typeMismatch(Int) at "id""#)
  }

  @Test func aDefaultedJSONDecoderParameterTakesTheSubclass() throws {
    let data = Data(Self.accountJSON.utf8)
    #expect(try load(Account.self, from: data, decoder: APIDecoder()) == Self.account)
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    foundation.dateDecodingStrategy = .iso8601
    #expect(try load(Account.self, from: data, decoder: foundation) == Self.account)
    // The default argument is still Foundation's JSONDecoder, with its default options.
    #expect(throws: DecodingError.self) { try load(Account.self, from: data) }
  }

  @Test func aJSONDecoderSubclassKeepsItsOptionsAndGainsLeniency() throws {
    let decoder: JSONDecoder = APIDecoder()
    let json = Self.accountJSON.replacingOccurrences(of: "17", with: #""17""#)
      .replacingOccurrences(of: #""user_id": 3"#, with: #""user_id": "3""#)
    #expect(try decoder.decode(Account.self, from: Data(json.utf8)) == Self.account)
    #expect(decoder is FlexBackedJSONDecoder)
  }

  @Test func flexOptionsStartAtFlexJSONDecodersDefaults() {
    let backed = FlexBackedJSONDecoder()
    let flex = FlexJSONDecoder()
    #expect(backed.coercions == flex.coercions)
    #expect(backed.errorPolicy == flex.errorPolicy)
    #expect(backed.keyMapping == flex.keyMapping)
    #expect(backed.maxDepth == flex.maxDepth)
    #expect(backed.reportsCoercions == flex.reportsCoercions)
    #expect(backed.unknownKeyPolicy == flex.unknownKeyPolicy)
    #expect(backed.flexDateDecodingStrategy == nil)
    #expect(backed.flexKeyDecodingStrategy == nil)
    // JSONDecoder's options start at JSONDecoder's defaults.
    #expect("\(backed.dateDecodingStrategy)" == "deferredToDate")
    #expect("\(backed.dataDecodingStrategy)" == "base64")
    #expect("\(backed.nonConformingFloatDecodingStrategy)" == "throw")
    #expect("\(backed.keyDecodingStrategy)" == "useDefaultKeys")
    #expect(backed.userInfo.isEmpty)
    #expect(!backed.allowsJSON5)
    #expect(!backed.assumesTopLevelDictionary)
  }

  // MARK: - Parity with JSONDecoder on clean input

  @Test(arguments: BackedParityCase.cleanInputs)
  func cleanInputDecodesToJSONDecodersValue(_ parityCase: BackedParityCase) throws {
    try parityCase.expectSameOutcome(strict: false)
  }

  @Test(arguments: BackedParityCase.failures)
  func failuresThrowJSONDecodersErrorUnderTheStrictSetting(_ parityCase: BackedParityCase) throws {
    try parityCase.expectSameOutcome(strict: true)
  }

  @Test(arguments: BackedParityCase.unrecoverableFailures)
  func aSingleUnrecoverableProblemThrowsJSONDecodersErrorUnderTheDefaults(_ parityCase: BackedParityCase) throws {
    try parityCase.expectSameOutcome(strict: false)
  }

  // MARK: - Options are read when a decode starts

  @Test func aDecodeWorksOnTheOptionsItStartedWith() throws {
    let decoder = APIDecoder()
    decoder.dateDecodingStrategy = .custom { [decoder] dateDecoder in
      // Changed in the middle of a decode: only the next decode sees it.
      decoder.keyDecodingStrategy = .useDefaultKeys
      decoder.coercions = []
      return Date(timeIntervalSince1970: try dateDecoder.singleValueContainer().decode(Double.self))
    }
    let json = #"{"created_at": 0, "account_id": "17", "display_name": "Ada", "tags": []}"#
    let account = try decoder.decode(Account.self, from: Data(json.utf8))
    #expect(account == Account(accountId: 17, displayName: "Ada", createdAt: Date(timeIntervalSince1970: 0), tags: []))
    // The next decode reads the changed options: the snake-case keys are not found.
    let error = try requireThrows(FlexDecodingError.self) { try decoder.decode(Account.self, from: Data(json.utf8)) }
    #expect(Set(error.issues.map(\.path)) == ["accountId", "displayName", "createdAt"])
    #expect(error.issues.allSatisfy { $0.kind == .keyNotFound })
  }

  // MARK: - Flex's own options

  @Test func errorPolicyAndReportApplyThroughTheJSONDecoderReference() throws {
    let backed = FlexBackedJSONDecoder()
    backed.errorPolicy = .useDefaults
    let decoder: JSONDecoder = backed
    let data = Data(#"{"id": 1, "name": null}"#.utf8)
    #expect(try decoder.decode(User.self, from: data) == User(id: 1, name: "", isAdmin: false))
    let report = try backed.decodeWithReport(User.self, from: data)
    #expect(Set(report.issues.map(\.path)) == ["name", "isAdmin"])
    #expect(report.issues.allSatisfy { $0.kind == .defaulted })
  }

  @Test func severalProblemsThrowOneFlexDecodingError() throws {
    let decoder: JSONDecoder = FlexBackedJSONDecoder()
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder.decode(User.self, from: Data(#"{"id": "x", "isAdmin": 2}"#.utf8))
    }
    #expect(Set(error.issues.map(\.path)) == ["id", "name", "isAdmin"])
    #expect(error.typeName == "User")
  }

  @Test func keyMapsApplyThroughTheJSONDecoderReference() throws {
    struct Book: Decodable, Equatable, FlexKeyMapping {
      var bookID: Int
      var desc: String
      static let keyMapping: FlexKeyMap = ["bookID": ["id", "ID"], "desc": "ext.desc"]
    }
    let backed = FlexBackedJSONDecoder()
    backed.keyMapping = ["name": ["name", "display_name"]]
    let decoder: JSONDecoder = backed
    let book = try decoder.decode(Book.self, from: Data(#"{"ID": "5", "ext": {"desc": "d"}}"#.utf8))
    #expect(book == Book(bookID: 5, desc: "d"))
    let user = try decoder.decode(User.self, from: Data(#"{"id": 1, "display_name": "Bo", "isAdmin": 0}"#.utf8))
    #expect(user == User(id: 1, name: "Bo", isAdmin: false))
  }

  @Test func flexStrategiesReplaceTheJSONDecoderOnesWhenSet() throws {
    struct Event: Decodable, Equatable {
      var firstName: String
      var startsAt: Date
    }
    let decoder = FlexBackedJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    decoder.flexKeyDecodingStrategy = .convertFromAnyCase
    decoder.flexDateDecodingStrategy = .flexible
    let json = #"{"FirstName": "Ada", "starts-at": "2024-05-01 12:30:00"}"#
    let event = try decoder.decode(Event.self, from: Data(json.utf8))
    #expect(event == Event(firstName: "Ada", startsAt: Date(timeIntervalSince1970: 1_714_566_600)))
    decoder.flexKeyDecodingStrategy = nil
    decoder.flexDateDecodingStrategy = nil
    let snake = #"{"first_name": "Ada", "starts_at": "2024-05-01T12:30:00Z"}"#
    #expect(try decoder.decode(Event.self, from: Data(snake.utf8)) == event)
    #expect(throws: FlexDecodingError.self) { try decoder.decode(Event.self, from: Data(json.utf8)) }
  }

  @Test func otherFlexOptionsApply() throws {
    let decoder = FlexBackedJSONDecoder()
    decoder.maxDepth = 3
    #expect(throws: DecodingError.self) { try decoder.decode([[[[Int]]]].self, from: Data("[[[[1]]]]".utf8)) }
    decoder.unknownKeyPolicy = .report
    decoder.reportsCoercions = true
    let report = try decoder.decodeWithReport(
      User.self, from: Data(#"{"id": "1", "name": "a", "isAdmin": true, "x": 0}"#.utf8))
    #expect(Set(report.issues.map(\.kind)) == [.coerced, .unknownKey])
  }

  // MARK: - DecodableWithConfiguration

  /// A value scaled by its configuration.
  struct Scaled: DecodableWithConfiguration, Equatable {
    var value: Int
    init(value: Int) { self.value = value }
    init(from decoder: any Decoder, configuration factor: Int) throws {
      value = try decoder.singleValueContainer().decode(Int.self) * factor
    }
  }

  /// Scaled values under a key.
  struct ScaledList: DecodableWithConfiguration, Equatable {
    var items: [Scaled]
    init(items: [Scaled]) { self.items = items }
    init(from decoder: any Decoder, configuration factor: Int) throws {
      var container = try decoder.container(keyedBy: StringKey.self).nestedUnkeyedContainer(forKey: StringKey("items"))
      var items: [Scaled] = []
      while !container.isAtEnd { items.append(try container.decode(Scaled.self, configuration: factor)) }
      self.items = items
    }
  }

  /// A user decoded inside a configured value.
  struct ConfiguredUser: DecodableWithConfiguration {
    var user: User
    init(from decoder: any Decoder, configuration: Int) throws {
      user = try decoder.singleValueContainer().decode(User.self)
    }
  }

  enum Triple: DecodingConfigurationProviding {
    static var decodingConfiguration: Int { 3 }
  }

  @Test func configuredDecodesGoThroughFlex() throws {
    let decoder: JSONDecoder = FlexBackedJSONDecoder()
    let data = Data(#"{"items": ["1", 2]}"#.utf8)
    #expect(
      try decoder.decode(ScaledList.self, from: data, configuration: 2)
        == ScaledList(items: [.init(value: 2), .init(value: 4)]))
    #expect(try decoder.decode(ScaledList.self, from: data, configuration: Triple.self).items.map(\.value) == [3, 6])
    #expect(try decoder.decode(Scaled.self, from: Data(#""21""#.utf8), configuration: 2) == Scaled(value: 42))
    // Foundation: the string is a type mismatch.
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(ScaledList.self, from: data, configuration: 2) }
  }

  @Test func configuredDecodesMatchJSONDecoderOnCleanInputAndFailures() throws {
    let data = Data(#"{"items": [1, 2]}"#.utf8)
    let strict = FlexBackedJSONDecoder()
    strict.coercions = []
    strict.errorPolicy = .failFast
    #expect(
      try strict.decode(ScaledList.self, from: data, configuration: 5)
        == JSONDecoder().decode(ScaledList.self, from: data, configuration: 5))
    let bad = Data(#"{"items": [1, "x"]}"#.utf8)
    let flexError = ErrorShape { _ = try strict.decode(ScaledList.self, from: bad, configuration: 5) }
    #expect(flexError == ErrorShape { _ = try JSONDecoder().decode(ScaledList.self, from: bad, configuration: 5) })
    #expect(flexError?.description == #"typeMismatch(Int) at "items.1""#)
    // Several problems name the caller's type.
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexBackedJSONDecoder().decode(
        ConfiguredUser.self, from: Data(#"{"id": "x", "isAdmin": 2}"#.utf8), configuration: 1)
    }
    #expect(error.typeName == "ConfiguredUser")
    #expect(Set(error.issues.map(\.path)) == ["id", "name", "isAdmin"])
  }

  // MARK: - Sharing

  @Test func oneDecoderIsSharedByConcurrentTasks() async throws {
    let decoder: JSONDecoder = APIDecoder()
    let data = Data(Self.accountJSON.utf8)
    let decoded = try await withThrowingTaskGroup(of: Account.self) { group in
      for _ in 0..<8 { group.addTask { try decoder.decode(Account.self, from: data) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(decoded == Array(repeating: Self.account, count: 8))
  }
}

// MARK: - Parity cases

/// One input decoded by `JSONDecoder` and by `FlexBackedJSONDecoder`, both configured by the same
/// closure (the subclass is a `JSONDecoder`, so one closure sets both). The values must be equal,
/// or the errors must be the same `DecodingError` case at the same coding path.
struct BackedParityCase: Sendable, CustomTestStringConvertible {
  let name: String
  let configure: @Sendable (JSONDecoder) -> Void
  let run: @Sendable (_ foundation: JSONDecoder, _ flex: JSONDecoder) throws -> Void

  var testDescription: String { name }

  init<T: Decodable & Equatable & Sendable>(
    _ name: String, _ type: T.Type, _ json: String, configure: @escaping @Sendable (JSONDecoder) -> Void = { _ in }
  ) {
    self.name = name
    self.configure = configure
    run = { foundation, flex in
      let data = Data(json.utf8)
      let expected = Result { try foundation.decode(T.self, from: data) }
      let actual = Result { try flex.decode(T.self, from: data) }
      switch (expected, actual) {
      case (.success(let expected), .success(let actual)):
        #expect(actual == expected, "\(name)")
      case (.failure(let expected), .failure(let actual)):
        #expect(ErrorShape(actual) == ErrorShape(expected), "\(name)")
      case (.success(let value), .failure(let error)):
        Issue.record("\(name): JSONDecoder decoded \(value), Flex threw \(error)")
      case (.failure(let error), .success(let value)):
        Issue.record("\(name): JSONDecoder threw \(ErrorShape(error)), Flex decoded \(value)")
      }
    }
  }

  /// Runs the case; `strict` sets Flex's options to JSONDecoder's behaviour (no coercions, fail
  /// fast).
  func expectSameOutcome(strict: Bool) throws {
    let foundation = JSONDecoder()
    let flex = FlexBackedJSONDecoder()
    if strict {
      flex.coercions = []
      flex.errorPolicy = .failFast
    }
    configure(foundation)
    configure(flex)
    try run(foundation, flex)
  }

  // MARK: Models

  struct Profile: Codable, Equatable {
    var userId: Int
    var fullName: String
    var score: Double
    var tags: [String]
    var nickname: String?
  }

  struct Stamped: Codable, Equatable {
    var at: Date
  }

  struct Blob: Codable, Equatable {
    var bytes: Data
  }

  struct Measures: Codable, Equatable {
    var values: [Double]
  }

  /// Reads a value from `userInfo`.
  struct Tagged: Decodable, Equatable {
    static let key = CodingUserInfoKey(rawValue: "tag")!
    var id: Int
    var tag: String

    private enum CodingKeys: CodingKey { case id }

    init(from decoder: any Decoder) throws {
      id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
      tag = decoder.userInfo[Self.key] as? String ?? "none"
    }
  }

  struct Order: Codable, Equatable {
    var id: Int
    var items: [Item]

    struct Item: Codable, Equatable {
      var sku: String
      var quantity: Int
    }
  }

  // MARK: Tables

  static let formatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }()

  static let cleanInputs: [BackedParityCase] = [
    BackedParityCase("default options", Profile.self, #"{"userId": 1, "fullName": "A", "score": 0.1, "tags": ["x"]}"#),
    BackedParityCase(
      "trailing commas", Profile.self, #"{"userId": 1, "fullName": "A", "score": 0.1, "tags": ["x",],}"#),
    BackedParityCase(
      "dates: deferredToDate", Stamped.self, #"{"at": 736200000.5}"#,
      configure: { $0.dateDecodingStrategy = .deferredToDate }),
    BackedParityCase(
      "dates: secondsSince1970", Stamped.self, #"{"at": 1714566600}"#,
      configure: { $0.dateDecodingStrategy = .secondsSince1970 }),
    BackedParityCase(
      "dates: millisecondsSince1970", Stamped.self, #"{"at": 1714566600123}"#,
      configure: { $0.dateDecodingStrategy = .millisecondsSince1970 }),
    BackedParityCase(
      "dates: iso8601", Stamped.self, #"{"at": "2024-05-01T12:30:00+02:00"}"#,
      configure: { $0.dateDecodingStrategy = .iso8601 }),
    BackedParityCase(
      "dates: formatted", Stamped.self, #"{"at": "2024-05-01 12:30"}"#,
      configure: { $0.dateDecodingStrategy = .formatted(formatter) }),
    BackedParityCase(
      "dates: custom", Stamped.self, #"{"at": "1714566600"}"#,
      configure: {
        $0.dateDecodingStrategy = .custom { decoder in
          let text = try decoder.singleValueContainer().decode(String.self)
          return Date(timeIntervalSince1970: Double(text) ?? 0)
        }
      }),
    BackedParityCase(
      "data: base64", Blob.self, #"{"bytes": "AAEC/w=="}"#, configure: { $0.dataDecodingStrategy = .base64 }),
    BackedParityCase(
      "data: deferredToData", Blob.self, #"{"bytes": [0, 1, 2, 255]}"#,
      configure: { $0.dataDecodingStrategy = .deferredToData }),
    BackedParityCase(
      "data: custom", Blob.self, #"{"bytes": "hi"}"#,
      configure: {
        $0.dataDecodingStrategy = .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8)
        }
      }),
    BackedParityCase(
      "floats: convertFromString", Measures.self, #"{"values": ["inf", "-inf", 1.5]}"#,
      configure: {
        $0.nonConformingFloatDecodingStrategy = .convertFromString(
          positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
      }),
    BackedParityCase(
      "keys: convertFromSnakeCase", Profile.self,
      #"{"user_id": 1, "full_name": "A", "score": 2, "tags": [], "nickname": null}"#,
      configure: { $0.keyDecodingStrategy = .convertFromSnakeCase }),
    BackedParityCase(
      "keys: custom", Profile.self, #"{"UserId": 1, "FullName": "A", "Score": 2, "Tags": ["t"], "Nickname": "n"}"#,
      configure: {
        $0.keyDecodingStrategy = .custom { path in
          let key = path.last!.stringValue
          return StringKey(key.prefix(1).lowercased() + key.dropFirst())
        }
      }),
    BackedParityCase(
      "userInfo", Tagged.self, #"{"id": 1}"#, configure: { $0.userInfo = [Tagged.key: "from userInfo"] }),
    BackedParityCase(
      "allowsJSON5", Profile.self, "{userId: 1, fullName: 'A', score: .5, tags: ['x',], /* c */}",
      configure: { $0.allowsJSON5 = true }),
    BackedParityCase(
      "assumesTopLevelDictionary", Profile.self, #""userId": 1, "fullName": "A", "score": 1e2, "tags": []"#,
      configure: { $0.assumesTopLevelDictionary = true }),
    BackedParityCase(
      "assumesTopLevelDictionary with JSON5", Profile.self, "userId: 1, fullName: 'A', score: 1, tags: []",
      configure: {
        $0.allowsJSON5 = true
        $0.assumesTopLevelDictionary = true
      }),
  ]

  /// Failing inputs, compared with Flex set to JSONDecoder's behaviour.
  static let failures: [BackedParityCase] = [
    BackedParityCase("type mismatch in an array", Order.self, #"{"id": 1, "items": [{"sku": "a", "quantity": "2"}]}"#),
    BackedParityCase("missing key", Order.self, #"{"id": 1, "items": [{"sku": "a", "quantity": 1}, {"sku": "b"}]}"#),
    BackedParityCase("null for a non-optional", Order.self, #"{"id": null, "items": []}"#),
    BackedParityCase("number into String", Profile.self, #"{"userId": 1, "fullName": 2, "score": 1, "tags": []}"#),
    BackedParityCase("malformed JSON", Order.self, #"{"id": 1,, "items": []}"#),
    BackedParityCase(
      "bad ISO 8601 date", Stamped.self, #"{"at": "yesterday"}"#, configure: { $0.dateDecodingStrategy = .iso8601 }),
    BackedParityCase("bad Base64", Blob.self, #"{"bytes": "***"}"#),
    BackedParityCase("out-of-range number", [UInt8].self, "[300]"),
    BackedParityCase(
      "snake case key missing", Profile.self, #"{"user_id": 1, "full-name": "A", "score": 1, "tags": []}"#,
      configure: { $0.keyDecodingStrategy = .convertFromSnakeCase }),
    BackedParityCase("JSON5 without allowsJSON5", Profile.self, "{userId: 1}"),
  ]

  /// Failures that no coercion repairs and that are the only problem: the default (lenient)
  /// decoder throws exactly JSONDecoder's error too.
  static let unrecoverableFailures: [BackedParityCase] = [
    BackedParityCase("string that is not a number", Order.self, #"{"id": "one", "items": []}"#),
    BackedParityCase("missing nested key", Order.self, #"{"id": 1, "items": [{"quantity": 1}]}"#),
    BackedParityCase("malformed JSON", Order.self, "[1, 2"),
  ]
}

/// A coding key from a string.
private struct StringKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
