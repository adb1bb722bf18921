import FlexDecoder
import Foundation
import Testing

/// The samples of Docs/Internals.md: the decode and the encode it walks through.
@Suite("Doc examples: Internals")
struct InternalsDocExamplesTests {
  struct User: Codable, Equatable {
    let id: Int
    let name: String
  }

  @Test func theWalkedDecodeAndEncodeRoundTrip() throws {
    let user = try FlexJSONDecoder().decode(User.self, from: Data(#"{"id": 1, "name": "Ada"}"#.utf8))
    #expect(user == User(id: 1, name: "Ada"))
    let data = try FlexJSONEncoder().encode(user)
    #expect(String(decoding: data, as: UTF8.self) == #"{"id":1,"name":"Ada"}"#)
  }
}
