import FlexDecoder
import Foundation
import Testing

/// What was tolerated is never silent when asked for: coercion notes (`reportsCoercions`) and
/// unknown keys (`unknownKeyPolicy`), under each error policy.
@Suite("Reports")
struct ReportTests {
  static let policies: [FlexJSONDecoder.ErrorPolicy] = [.failFast, .collectAll, .useDefaults]

  private func decoder(
    _ policy: FlexJSONDecoder.ErrorPolicy, reportsCoercions: Bool = false,
    unknownKeys: FlexJSONDecoder.UnknownKeyPolicy = .ignore
  ) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    decoder.reportsCoercions = reportsCoercions
    decoder.unknownKeyPolicy = unknownKeys
    return decoder
  }

  // MARK: - Coercion notes

  struct Profile: Codable, Equatable {
    var age: Int
    var verified: Bool
    var nickname: String?
  }

  struct Account: Codable, Equatable {
    var id: Int
    var handle: String
    var active: Bool
    var balance: Double
    var profile: Profile
    var tags: [String]
  }

  static let coercedAccount = #"""
    {
      "id": "42",
      "handle": 7,
      "active": "yes",
      "balance": " 1.5 ",
      "profile": {"age": "30", "verified": 1, "nickname": 12},
      "tags": [1, "b", 2.5]
    }
    """#

  static let account = Account(
    id: 42, handle: "7", active: true, balance: 1.5,
    profile: Profile(age: 30, verified: true, nickname: "12"), tags: ["1", "b", "2.5"])

  static let coercionNotes = [
    #"id: coerced string "42" to Int"#,
    "handle: coerced number 7 to String",
    #"active: coerced string "yes" to Bool"#,
    #"balance: coerced string " 1.5 " to Double"#,
    #"profile.age: coerced string "30" to Int"#,
    "profile.verified: coerced number 1 to Bool",
    "profile.nickname: coerced number 12 to String",
    "tags[0]: coerced number 1 to String",
    "tags[2]: coerced number 2.5 to String",
  ]

  @Test(arguments: policies)
  func everyCoercionIsNotedInDocumentOrder(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let result = try decoder(policy, reportsCoercions: true)
      .decodeWithReport(Account.self, from: Data(Self.coercedAccount.utf8))
    #expect(result.value == Self.account)
    #expect(result.issues.map(\.description) == Self.coercionNotes)
    #expect(result.issues.allSatisfy { $0.kind == .coerced && !$0.kind.isProblem })
  }

  @Test(arguments: policies)
  func coercionsAreSilentUnlessAskedFor(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let result = try decoder(policy).decodeWithReport(Account.self, from: Data(Self.coercedAccount.utf8))
    #expect(result.value == Self.account)
    #expect(result.issues.isEmpty)
  }

  @Test func coercionNotesAreNeverThrownWithTheProblems() throws {
    let json = Self.coercedAccount.replacingOccurrences(of: #""verified": 1"#, with: #""verified": 2"#)
    let error = try requireThrows(DecodingError.self) {
      try decoder(.collectAll, reportsCoercions: true).decode(Account.self, from: Data(json.utf8))
    }
    #expect(ErrorShape(error).description == #"typeMismatch(Bool) at "profile.verified""#)
    #expect(
      FlexDecodingError.issues(in: error).map(\.description) == [
        "profile.verified: expected Bool but found the number 2"
      ])
  }

  @Test func coercionNotesAndSubstitutionsShareOneReportInDocumentOrder() throws {
    let json = Self.coercedAccount.replacingOccurrences(of: #""verified": 1"#, with: #""verified": 2"#)
    let result = try decoder(.useDefaults, reportsCoercions: true).decodeWithReport(Account.self, from: Data(json.utf8))
    var expected = Self.account
    expected.profile.verified = false
    #expect(result.value == expected)
    var notes = Self.coercionNotes
    notes[5] = "profile.verified: expected Bool but found the number 2; used the default"
    #expect(result.issues.map(\.description) == notes)
    #expect(result.issues[5].kind == .defaulted)
  }

  // MARK: - Unknown keys

  struct Pet: Codable, Equatable {
    var name: String
    var kind: String?
  }

  struct Home: Codable, Equatable {
    var city: String
  }

  struct Owner: Codable, Equatable {
    var name: String
    var pets: [Pet]
    var home: Home
    var notes: [String: String]
  }

  static let driftedOwner = #"""
    {
      "name": "Al",
      "age": 40,
      "pets": [{"name": "Rex", "breed": "lab"}, {"name": "Tom", "kind": "cat"}],
      "home": {"city": "Oslo", "zip": "0150"},
      "notes": {"any": "thing"},
      "extra": null
    }
    """#

  static let owner = Owner(
    name: "Al", pets: [Pet(name: "Rex"), Pet(name: "Tom", kind: "cat")], home: Home(city: "Oslo"),
    notes: ["any": "thing"])

  static let unknownKeyIssues = [
    FlexIssue(kind: .unknownKey, path: "age", message: #"unknown key "age""#),
    FlexIssue(kind: .unknownKey, path: "pets[0].breed", message: #"unknown key "breed""#),
    FlexIssue(kind: .unknownKey, path: "home.zip", message: #"unknown key "zip""#),
    FlexIssue(kind: .unknownKey, path: "extra", message: #"unknown key "extra""#),
  ]

  @Test(arguments: policies)
  func unknownKeysAreIgnoredByDefault(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let result = try decoder(policy).decodeWithReport(Owner.self, from: Data(Self.driftedOwner.utf8))
    #expect(result.value == Self.owner)
    #expect(result.issues.isEmpty)
  }

  @Test(arguments: policies)
  func reportListsUnknownKeysAtEveryDepthWithoutThrowing(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let result = try decoder(policy, unknownKeys: .report)
      .decodeWithReport(Owner.self, from: Data(Self.driftedOwner.utf8))
    #expect(result.value == Self.owner)
    #expect(result.issues == Self.unknownKeyIssues)
  }

  @Test func failUnderFailFastThrowsDataCorruptedAtTheFirstCheckedUnknownKey() throws {
    let error = try requireThrows(DecodingError.self) {
      try decoder(.failFast, unknownKeys: .fail).decode(Owner.self, from: Data(Self.driftedOwner.utf8))
    }
    // A value's keys are checked when its `init(from:)` returns: the pet's before the owner's.
    #expect(ErrorShape(error).description == #"dataCorrupted at "pets.0.breed""#)
  }

  @Test func failUnderCollectAllThrowsEveryUnknownKeyAsAProblem() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll, unknownKeys: .fail).decode(Owner.self, from: Data(Self.driftedOwner.utf8))
    }
    #expect(error.issues == Self.unknownKeyIssues)
    #expect(
      error.decodingErrors.map { ErrorShape($0).description } == [
        #"dataCorrupted at "age""#, #"dataCorrupted at "pets.0.breed""#, #"dataCorrupted at "home.zip""#,
        #"dataCorrupted at "extra""#,
      ])
  }

  @Test func failUnderCollectAllListsUnknownKeysAmongOtherProblems() throws {
    let json = Self.driftedOwner.replacingOccurrences(of: #""city": "Oslo""#, with: #""city": 1"#)
    let decoder = decoder(.collectAll, unknownKeys: .fail)
    decoder.coercions = []
    let error = try requireThrows(FlexDecodingError.self) { try decoder.decode(Owner.self, from: Data(json.utf8)) }
    #expect(
      error.issues.map(\.description) == [
        #"age: unknown key "age""#,
        #"pets[0].breed: unknown key "breed""#,
        "home.city: expected String but found the number 1",
        #"home.zip: unknown key "zip""#,
        #"extra: unknown key "extra""#,
      ])
  }

  @Test func failUnderUseDefaultsReportsUnknownKeysAndReturnsTheValue() throws {
    let result = try decoder(.useDefaults, unknownKeys: .fail)
      .decodeWithReport(Owner.self, from: Data(Self.driftedOwner.utf8))
    #expect(result.value == Self.owner)
    #expect(result.issues == Self.unknownKeyIssues)
  }

  @Test(arguments: policies)
  func failDoesNotThrowWithoutUnknownKeys(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let json = #"{"name": "Al", "pets": [{"name": "Rex", "kind": null}], "home": {"city": "Oslo"}, "notes": {}}"#
    let result = try decoder(policy, unknownKeys: .fail).decodeWithReport(Owner.self, from: Data(json.utf8))
    #expect(result.issues.isEmpty)
  }

  // MARK: - Keys of values that were given up on

  enum Role: String, Codable, Equatable {
    case admin, member
  }

  struct Badge: Codable, Equatable {
    var role: Role
    var label: String
  }

  struct Wall: Codable, Equatable {
    var badges: [Badge]
  }

  @Test func keysOfADroppedElementAreNotReportedAsUnknown() throws {
    let json = #"{"badges": [{"role": "admin", "label": "a"}, {"role": "boss", "label": "b"}]}"#
    let result = try decoder(.useDefaults, unknownKeys: .report).decodeWithReport(Wall.self, from: Data(json.utf8))
    #expect(result.value == Wall(badges: [Badge(role: .admin, label: "a")]))
    #expect(
      result.issues == [
        FlexIssue(
          kind: .droppedElement, path: "badges[1]",
          message: "cannot initialize Role from invalid String value boss; dropped")
      ])
  }

  /// Decodes its badge with `try?`, falling back to `nil`.
  struct OptionalBadgeHolder: Decodable, Equatable {
    var badge: Badge?
    var owner: String

    enum CodingKeys: String, CodingKey {
      case badge, owner
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      badge = try? container.decode(Badge.self, forKey: .badge)
      owner = try container.decode(String.self, forKey: .owner)
    }
  }

  @Test(arguments: [FlexJSONDecoder.UnknownKeyPolicy.report, .fail])
  func keysOfAValueUserCodeGaveUpOnAreNotUnknown(policy: FlexJSONDecoder.UnknownKeyPolicy) throws {
    let json = #"{"badge": {"role": "boss", "label": "b"}, "owner": "Al"}"#
    let result = try decoder(.collectAll, unknownKeys: policy)
      .decodeWithReport(OptionalBadgeHolder.self, from: Data(json.utf8))
    #expect(result.value == OptionalBadgeHolder(badge: nil, owner: "Al"))
    #expect(result.issues.isEmpty)
  }
}

extension ReportTests.OptionalBadgeHolder {
  /// The memberwise initializer, to build expected values.
  init(badge: ReportTests.Badge?, owner: String) {
    self.badge = badge
    self.owner = owner
  }
}

// MARK: - Notes of embedded JSON and of failed attempts

@Suite("Report notes")
struct ReportNoteTests {
  struct Inner: Decodable, Equatable {
    var a: Int
  }

  struct Outer: Decodable, Equatable {
    var name: String
    var inner: Inner
  }

  @Test func unknownKeysOfEmbeddedJSONAreReportedAtTheirOwnPaths() throws {
    let decoder = FlexJSONDecoder()
    decoder.coercions = .all
    decoder.unknownKeyPolicy = .report
    let json = #"{"name":"x","inner":"{\"a\":1,\"b\":2}","extra":1}"#
    let result = try decoder.decodeWithReport(Outer.self, from: Data(json.utf8))
    #expect(result.value == Outer(name: "x", inner: Inner(a: 1)))
    #expect(
      result.issues.filter { $0.kind == .unknownKey }.map(\.description).sorted() == [
        #"extra: unknown key "extra""#, #"inner.b: unknown key "b""#,
      ])
  }

  struct Item: Decodable, Equatable, FlexValidatable {
    var id: Int
    func validate() throws {
      guard id >= 0 else { throw ItemError.negative }
    }
  }

  enum ItemError: Error {
    case negative
  }

  @Test func notesOfADroppedElementAreNotReported() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.reportsCoercions = true
    let result = try decoder.decodeWithReport([Item].self, from: Data(#"[{"id":"1"},{"id":"-2"}]"#.utf8))
    #expect(result.value == [Item(id: 1)])
    #expect(result.issues.map(\.kind) == [.coerced, .droppedElement])
    #expect(result.issues.first?.description == #"[0].id: coerced string "1" to Int"#)
  }
}
