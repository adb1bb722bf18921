import FlexDecoder
import Foundation
import Testing

/// What code that catches errors itself sees in a document `JSONDecoder` rejects (so the
/// recovery pass runs): its own fallbacks still decide, up to two levels of user code above a
/// failing call (Docs/ErrorsAndReports.md, "Code that catches errors itself").
extension RecoveryIdiomTests {
  struct Photo: Decodable, Equatable {
    var width: Int
    var height: Int
  }

  struct Link: Decodable, Equatable {
    var url: String
  }

  /// "Decode A, else B" through a single-value container.
  enum Attachment: Decodable, Equatable {
    case photo(Photo)
    case link(Link)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let photo = try? container.decode(Photo.self) {
        self = .photo(photo)
      } else {
        self = .link(try container.decode(Link.self))
      }
    }
  }

  struct Post: Decodable, Equatable {
    var count: Int
    var attachments: [Attachment]
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.collectAll, .useDefaults])
  func decodeAElseBTakesTheSameBranchInADocumentWithProblems(policy: FlexJSONDecoder.ErrorPolicy) throws {
    // `count` is null: a real problem, so the recovery pass runs. The first attachment is no
    // photo (no width): the photo's failure is caught by the enum, which falls back to a link.
    let json = #"{"count": null, "attachments": [{"url": "u", "height": 3}, {"width": 1, "height": 2}]}"#
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    let expectedAttachments: [Attachment] = [.link(Link(url: "u")), .photo(Photo(width: 1, height: 2))]
    let clean = json.replacingOccurrences(of: "null", with: "2")
    #expect(try JSONDecoder().decode(Post.self, from: Data(clean.utf8)).attachments == expectedAttachments)
    if policy == .useDefaults {
      let result = try decoder.decodeWithReport(Post.self, from: Data(json.utf8))
      #expect(result.value == Post(count: 0, attachments: expectedAttachments))
      #expect(result.issues.map(\.description) == ["count: expected Int but found null; used the default"])
    } else {
      let error = try requireThrows(DecodingError.self) { try decoder.decode(Post.self, from: Data(json.utf8)) }
      #expect(FlexDecodingError.issues(in: error).map(\.description) == ["count: expected Int but found null"])
    }
  }

  struct Inner: Decodable, Equatable {
    var id: Int
  }

  struct Middle: Decodable, Equatable {
    var inner: Inner
  }

  /// Catches errors three levels above the call that fails.
  struct Outer: Decodable, Equatable {
    var middle: Middle?
    var title: String

    enum CodingKeys: String, CodingKey {
      case middle, title
    }

    init(middle: Middle?, title: String) {
      self.middle = middle
      self.title = title
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      middle = try? container.decode(Middle.self, forKey: .middle)
      title = try container.decode(String.self, forKey: .title)
    }
  }

  @Test func aTryThreeLevelsAboveAFailureSeesTheRepairedValueInADocumentWithProblems() throws {
    let json = #"{"middle": {"inner": {"id": "x"}}, "title": null}"#
    // JSONDecoder: the bad id makes `try?` give nil (and the null title throws).
    let clean = json.replacingOccurrences(of: "null", with: #""t""#)
    #expect(try JSONDecoder().decode(Outer.self, from: Data(clean.utf8)).middle == nil)
    // The recovery pass repairs the id where it fails: Inner's and Middle's synthesized code
    // let the error through, and only two levels of user code are watched, so `try?` sees
    // the repaired value.
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Outer.self, from: Data(json.utf8))
    #expect(result.value == Outer(middle: Middle(inner: Inner(id: 0)), title: ""))
    #expect(
      result.issues.map(\.description) == [
        "middle.inner.id: expected Int but found the string \"x\"; used the default",
        "title: expected String but found null; used the default",
      ])
  }
}
