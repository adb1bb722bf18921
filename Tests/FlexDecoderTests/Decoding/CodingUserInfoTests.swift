import Foundation
import Testing

@testable import FlexDecoder

/// `userInfo` of either Foundation — `[CodingUserInfoKey: Any]` before Swift 6.2,
/// `[CodingUserInfoKey: any Sendable]` after — reaches `init(from:)` with its values.
@Suite("Coding userInfo")
struct CodingUserInfoTests {
  private static let key = CodingUserInfoKey(rawValue: "tenant")!

  @Test func anAnyDictionaryKeepsItsValues() {
    let info: [CodingUserInfoKey: Any] = [Self.key: "acme", CodingUserInfoKey(rawValue: "limit")!: 3]
    let sendable = CodingUserInfo.sendable(info)
    #expect(sendable.count == 2)
    #expect(sendable[Self.key] as? String == "acme")
    #expect(sendable[CodingUserInfoKey(rawValue: "limit")!] as? Int == 3)
  }

  @Test func aSendableDictionaryIsKeptAsItIs() {
    let info: [CodingUserInfoKey: any Sendable] = [Self.key: "acme"]
    #expect(CodingUserInfo.sendable(info)[Self.key] as? String == "acme")
  }

  struct Tenant: Decodable {
    var name: String
    init(from decoder: any Decoder) throws {
      name = decoder.userInfo[CodingUserInfoTests.key] as? String ?? "none"
    }
  }

  @Test func theFlexBackedDecoderHandsJSONDecodersUserInfoToInitFrom() throws {
    let decoder = FlexBackedJSONDecoder()
    decoder.userInfo[Self.key] = "acme"
    #expect(try decoder.decode(Tenant.self, from: Data("{}".utf8)).name == "acme")
  }
}
