import Foundation
import Testing

@testable import FlexDecoder

/// Placeholders: the values made from nothing for missing or bad values under `.useDefaults`.
@Suite("Placeholders")
struct PlaceholderDecoderTests {
  /// Decodes only when the decoder's `userInfo` allows it: its placeholder exists or not by
  /// `userInfo` alone.
  struct Gated: Decodable, Equatable {
    static let allowed = CodingUserInfoKey(rawValue: "allowed")!
    var flag: Bool

    init(flag: Bool) {
      self.flag = flag
    }

    init(from decoder: any Decoder) throws {
      guard decoder.userInfo[Self.allowed] as? Bool == true else {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not allowed"))
      }
      flag = true
    }
  }

  struct Outer: Decodable, Equatable {
    var gated: Gated
  }

  private func decoder(allowed: Bool?) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    if let allowed { decoder.userInfo[Gated.allowed] = allowed }
    return decoder
  }

  @Test func aTypeWithoutAPlaceholderIsRememberedOnlyWhereUserInfoCannotChangeThat() throws {
    let json = Data("{}".utf8)
    // No `userInfo`: no placeholder, and none the next time (remembered).
    for _ in 0..<2 {
      let error = try requireThrows(DecodingError.self) {
        try decoder(allowed: nil).decodeWithReport(Outer.self, from: json)
      }
      #expect(ErrorShape(error) == ErrorShape(throwing: { _ = try JSONDecoder().decode(Outer.self, from: json) }))
    }
    // With `userInfo` the type is asked again, and gives one.
    let result = try decoder(allowed: true).decodeWithReport(Outer.self, from: json)
    #expect(result.value == Outer(gated: Gated(flag: true)))
    #expect(result.issues.map(\.path) == ["gated"])
    #expect(result.issues.map(\.kind) == [.defaulted])
    _ = try requireThrows(DecodingError.self) { try decoder(allowed: false).decodeWithReport(Outer.self, from: json) }
  }

  /// A closed set of values without a default: `""` is none of them.
  enum Role: String, Decodable {
    case member, admin
  }

  struct Member: Decodable {
    var name: String
    var role: Role
  }

  @Test func anEnumWithoutADefaultHasNoPlaceholderEveryTimeItIsAsked() throws {
    // The second decode meets the remembered failure: the same outcome as the first.
    let json = Data(#"{"name": "a", "role": "owner"}"#.utf8)
    let first = try requireThrows(DecodingError.self) {
      try decoder(allowed: nil).decodeWithReport(Member.self, from: json)
    }
    let second = try requireThrows(DecodingError.self) {
      try decoder(allowed: nil).decodeWithReport(Member.self, from: json)
    }
    #expect(ErrorShape(first) == ErrorShape(second))
    #expect(ErrorShape(first).path == "role")
  }
}
