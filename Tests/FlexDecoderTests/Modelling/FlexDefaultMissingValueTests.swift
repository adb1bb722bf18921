// swift-format-ignore-file: UseSynthesizedInitializer
// (Account's initializer takes the value; the synthesized one would take the wrapper.)

import FlexDecoder
import Foundation
import Testing

/// "Missing → A, bad → B" on one property: a ``FlexDefaultProvider`` with a `missingValue`
/// (MetaCodable's `@Default(ifMissing:forErrors:)`), under FlexJSONDecoder and JSONDecoder alike.
@Suite("FlexDefault missing value")
struct FlexDefaultMissingValueTests {
  enum Status: String, Codable, Equatable {
    case active, suspended, unknown
  }

  /// No status sent: the account is active. A status that is not one of ours: unknown.
  enum StatusDefaults: FlexDefaultProvider {
    static var missingValue: Status { .active }
    static var defaultValue: Status { .unknown }
  }

  struct Account: Codable, Equatable {
    var id: Int
    @FlexDefault<StatusDefaults> var status: Status

    // The synthesized initializer takes the wrapper, not the value.
    init(id: Int, status: Status) {
      self.id = id
      self.status = status
    }
  }

  /// The same through declared initial values: missing takes the declared wrapper, a bad value
  /// the provider's (FlexJSONDecoder only: JSONDecoder knows no declared defaults).
  enum Unknown: FlexDefaultProvider {
    static var defaultValue: Status { .unknown }
  }

  struct DeclaredAccount: Codable, Equatable, FlexDeclaredDefaults {
    var id = 0
    @FlexDefault<Unknown> var status: Status = .active
  }

  private func decodeWithBoth(_ json: String, policy: FlexJSONDecoder.ErrorPolicy = .collectAll) throws -> (
    flex: FlexDecoded<Account>, foundation: Account
  ) {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    let data = Data(json.utf8)
    return (try decoder.decodeWithReport(Account.self, from: data), try JSONDecoder().decode(Account.self, from: data))
  }

  @Test(
    arguments: [#"{"id": 1}"#, #"{"id": 1, "status": null}"#],
    [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults])
  func aMissingKeyOrANullTakesTheMissingValueSilently(json: String, policy: FlexJSONDecoder.ErrorPolicy) throws {
    let (flex, foundation) = try decodeWithBoth(json, policy: policy)
    #expect(flex.value == Account(id: 1, status: .active))
    #expect(foundation == Account(id: 1, status: .active))
    #expect(flex.issues.isEmpty)
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults])
  func aValueOfTheWrongTypeTakesTheDefaultValueAndIsReported(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let (flex, foundation) = try decodeWithBoth(#"{"id": 1, "status": true}"#, policy: policy)
    #expect(flex.value == Account(id: 1, status: .unknown))
    #expect(foundation == Account(id: 1, status: .unknown))
    #expect(
      flex.issues == [
        FlexIssue(kind: .defaulted, path: "status", message: "expected Status but found true; used the default")
      ])
  }

  @Test func anUnknownRawValueTakesTheDefaultValue() throws {
    let (flex, foundation) = try decodeWithBoth(#"{"id": 1, "status": "deleted"}"#)
    #expect(flex.value == Account(id: 1, status: .unknown))
    #expect(foundation == Account(id: 1, status: .unknown))
    #expect(
      flex.issues == [
        FlexIssue(
          kind: .defaulted, path: "status",
          message: "cannot initialize Status from invalid String value deleted; used the default")
      ])
  }

  @Test func aPresentValueIsDecoded() throws {
    let (flex, foundation) = try decodeWithBoth(#"{"id": 1, "status": "suspended"}"#)
    #expect(flex.value == Account(id: 1, status: .suspended))
    #expect(foundation == Account(id: 1, status: .suspended))
    #expect(flex.issues.isEmpty)
  }

  @Test func aProviderWithoutMissingValueUsesItsDefaultValueForBoth() {
    #expect(Unknown.missingValue == .unknown)
  }

  @Test func declaredDefaultsGiveTheSameSplitUnderFlexJSONDecoder() throws {
    let decoder = FlexJSONDecoder()
    let missing = try decoder.decodeWithReport(DeclaredAccount.self, from: Data(#"{"id": 1}"#.utf8))
    #expect(missing.value == DeclaredAccount(id: 1, status: .active))
    #expect(missing.issues.isEmpty)
    let bad = try decoder.decodeWithReport(DeclaredAccount.self, from: Data(#"{"id": 1, "status": 42}"#.utf8))
    #expect(bad.value == DeclaredAccount(id: 1, status: .unknown))
    #expect(bad.issues.map(\.kind) == [.defaulted])
    // An explicit null is not missing here: the provider's value.
    let null = try decoder.decode(DeclaredAccount.self, from: Data(#"{"id": 1, "status": null}"#.utf8))
    #expect(null == DeclaredAccount(id: 1, status: .unknown))
  }
}
