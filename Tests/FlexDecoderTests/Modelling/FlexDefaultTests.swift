// swift-format-ignore-file: UseSynthesizedInitializer
// (Account's initializer takes values; the synthesized one would take the wrappers.)

import FlexDecoder
import Foundation
import Testing

/// `@FlexDefault` and its shorthands: missing, `null` and unusable values take the provider's
/// value under FlexJSONDecoder and JSONDecoder alike; Flex reports the unusable ones.
@Suite("FlexDefault")
struct FlexDefaultTests {
  enum Status: String, Codable, Equatable {
    case active, suspended, unknown
  }

  enum UnknownStatus: FlexDefaultProvider {
    static var defaultValue: Status { .unknown }
  }

  struct Account: Codable, Equatable {
    var id: Int
    @FlexDefaultFalse var isAdmin: Bool
    @FlexDefaultTrue var isActive: Bool
    @FlexDefaultZero var score: Int
    @FlexDefaultEmptyString var bio: String
    @FlexDefaultEmptyArray<String> var roles: [String]
    @FlexDefaultEmptyDictionary<String, Int> var limits: [String: Int]
    @FlexDefault<UnknownStatus> var status: Status

    // The synthesized initializer takes the wrappers, not the values.
    init(
      id: Int, isAdmin: Bool, isActive: Bool, score: Int, bio: String, roles: [String], limits: [String: Int],
      status: Status
    ) {
      self.id = id
      self.isAdmin = isAdmin
      self.isActive = isActive
      self.score = score
      self.bio = bio
      self.roles = roles
      self.limits = limits
      self.status = status
    }
  }

  private static let allDefaults = Account(
    id: 1, isAdmin: false, isActive: true, score: 0, bio: "", roles: [], limits: [:], status: .unknown)

  private func bothDecoders(_ json: String) throws -> (flex: FlexDecoded<Account>, foundation: Account) {
    let data = Data(json.utf8)
    return (
      try FlexJSONDecoder().decodeWithReport(Account.self, from: data),
      try JSONDecoder().decode(Account.self, from: data)
    )
  }

  @Test func missingKeysTakeTheProvidersValuesUnderBothDecoders() throws {
    let (flex, foundation) = try bothDecoders(#"{"id": 1}"#)
    #expect(flex.value == Self.allDefaults)
    #expect(foundation == Self.allDefaults)
    #expect(flex.issues.isEmpty)
  }

  @Test func nullsTakeTheProvidersValuesWithoutIssues() throws {
    let json =
      #"{"id":1,"isAdmin":null,"isActive":null,"score":null,"bio":null,"roles":null,"limits":null,"status":null}"#
    let (flex, foundation) = try bothDecoders(json)
    #expect(flex.value == Self.allDefaults)
    #expect(foundation == Self.allDefaults)
    #expect(flex.issues.isEmpty)
  }

  @Test func presentValuesAreDecoded() throws {
    let json =
      #"{"id":1,"isAdmin":true,"isActive":false,"score":7,"bio":"b","roles":["r"],"limits":{"a":1},"status":"active"}"#
    let expected = Account(
      id: 1, isAdmin: true, isActive: false, score: 7, bio: "b", roles: ["r"], limits: ["a": 1], status: .active)
    let (flex, foundation) = try bothDecoders(json)
    #expect(flex.value == expected)
    #expect(foundation == expected)
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults])
  func unusableValuesTakeTheProvidersValuesAndAreReportedUnderEveryPolicy(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let json = #"{"id": 1, "score": "lots", "status": "deleted", "roles": {"a": 1}}"#
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    let flex = try decoder.decodeWithReport(Account.self, from: Data(json.utf8))
    #expect(flex.value == Self.allDefaults)
    #expect(try JSONDecoder().decode(Account.self, from: Data(json.utf8)) == Self.allDefaults)
    #expect(
      flex.issues == [
        FlexIssue(
          kind: .defaulted, path: "score", message: #"expected Int but found the string "lots"; used the default"#),
        FlexIssue(
          kind: .defaulted, path: "status",
          message: #"cannot initialize Status from invalid String value deleted; used the default"#),
        FlexIssue(kind: .defaulted, path: "roles", message: "expected [String] but found an object; used the default"),
      ])
  }

  @Test func theDecodersCoercionsApplyBeforeTheDefault() throws {
    let json = #"{"id": "1", "isAdmin": "yes", "score": "12"}"#
    let flex = try FlexJSONDecoder().decodeWithReport(Account.self, from: Data(json.utf8))
    #expect(flex.value.isAdmin == true)
    #expect(flex.value.score == 12)
    #expect(flex.issues.isEmpty)
    // Without coercions the unusable values take the defaults.
    let strict = FlexJSONDecoder()
    strict.coercions = []
    let value = try strict.decodeWithReport(Account.self, from: Data(#"{"id": 1, "isAdmin": "yes"}"#.utf8))
    #expect(value.value.isAdmin == false)
    #expect(value.issues.map(\.path) == ["isAdmin"])
  }

  @Test func encodingWritesTheWrappedValuesAsJSONEncoderDoes() throws {
    let account = Account(
      id: 2, isAdmin: true, isActive: false, score: 3, bio: "x", roles: ["a"], limits: ["k": 1], status: .active)
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    #expect(try encoder.encode(account) == (try foundation.encode(account)))
    #expect(try FlexJSONDecoder().decode(Account.self, from: try encoder.encode(account)) == account)
  }

  @Test func aBadValueInsideAnArrayElementIsReportedAtItsPath() throws {
    let json = #"[{"id": 1}, {"id": 2, "score": [1]}]"#
    let flex = try FlexJSONDecoder().decodeWithReport([Account].self, from: Data(json.utf8))
    #expect(flex.value.map(\.id) == [1, 2])
    #expect(flex.issues.map(\.path) == ["[1].score"])
  }
}
