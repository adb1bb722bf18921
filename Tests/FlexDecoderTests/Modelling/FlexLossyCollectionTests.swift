import FlexDecoder
import Foundation
import Testing

/// `@FlexLossyArray` and `@FlexLossyDictionary`: elements that do not decode are dropped, whole,
/// under FlexJSONDecoder (reported) and JSONDecoder (silently).
@Suite("Lossy collections")
struct FlexLossyCollectionTests {
  struct Post: Codable, Equatable {
    var id: Int
    var title: String
  }

  struct Feed: Codable, Equatable {
    @FlexLossyArray var posts: [Post]
    @FlexLossyDictionary var prices: [String: Double]
    @FlexLossyArray var ids: [Int]
  }

  private static let messy = #"""
    {
      "posts": [{"id": 1, "title": "a"}, {"id": "x", "title": "b"}, {"id": 3}, null, {"id": 4, "title": "d"}],
      "prices": {"EUR": 2.5, "USD": "n/a", "GBP": null},
      "ids": [1, "2", true, 4.5, 5]
    }
    """#

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults])
  func badElementsAreDroppedWholeAndReported(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    let result = try decoder.decodeWithReport(Feed.self, from: Data(Self.messy.utf8))
    #expect(result.value.posts == [Post(id: 1, title: "a"), Post(id: 4, title: "d")])
    #expect(result.value.prices == ["EUR": 2.5])
    // "2" is coerced by the decoder's `.standard` coercions; true and 4.5 are not integers.
    #expect(result.value.ids == [1, 2, 5])
    #expect(
      result.issues.map { "\($0.kind) \($0.path)" } == [
        "droppedElement posts[1].id", "droppedElement posts[2].title", "droppedElement posts[3]",
        "droppedElement prices.USD", "droppedElement prices.GBP", "droppedElement ids[2]", "droppedElement ids[3]",
      ])
    #expect(result.issues[0].message == #"expected Int but found the string "x"; dropped"#)
  }

  @Test func jsonDecoderDropsTheSameElementsSaveTheCoercedOne() throws {
    let feed = try JSONDecoder().decode(Feed.self, from: Data(Self.messy.utf8))
    #expect(feed.posts == [Post(id: 1, title: "a"), Post(id: 4, title: "d")])
    #expect(feed.prices == ["EUR": 2.5])
    #expect(feed.ids == [1, 5])
  }

  @Test func missingOrNullCollectionsAreEmpty() throws {
    for json in [#"{}"#, #"{"posts": null, "prices": null, "ids": null}"#] {
      let flex = try FlexJSONDecoder().decodeWithReport(Feed.self, from: Data(json.utf8))
      let foundation = try JSONDecoder().decode(Feed.self, from: Data(json.utf8))
      #expect(flex.value == Feed(posts: [], prices: [:], ids: []))
      #expect(foundation == flex.value)
      #expect(flex.issues.isEmpty)
    }
  }

  @Test func aValueThatIsNotACollectionIsAProblem() throws {
    let json = Data(#"{"posts": "none", "prices": {}, "ids": []}"#.utf8)
    let flexError = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode(Feed.self, from: json) }
    let foundationError = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Feed.self, from: json) }
    #expect(ErrorSignature(flexError) == ErrorSignature(foundationError))
    #expect(FlexDecodingError.issues(in: flexError).map(\.path) == ["posts"])
  }

  @Test func cleanCollectionsDecodeAndEncodeAsPlainOnes() throws {
    let json = #"{"posts":[{"id":1,"title":"a"}],"prices":{"EUR":2.5},"ids":[1,2]}"#
    let feed = try FlexJSONDecoder().decode(Feed.self, from: Data(json.utf8))
    #expect(feed == Feed(posts: [Post(id: 1, title: "a")], prices: ["EUR": 2.5], ids: [1, 2]))
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundationEncoder = JSONEncoder()
    foundationEncoder.outputFormatting = .sortedKeys
    let flex = try encoder.encodeToString(feed)
    let foundation = String(decoding: try foundationEncoder.encode(feed), as: UTF8.self)
    #expect(flex == foundation)
  }

  @Test func dictionaryKeysStayAsWrittenUnderAKeyStrategy() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let feed = try decoder.decode(Feed.self, from: Data(#"{"prices": {"us_dollar": 1, "bad_one": "x"}}"#.utf8))
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    #expect(feed.prices == ["us_dollar": 1])
    #expect(try foundation.decode(Feed.self, from: Data(#"{"prices": {"us_dollar": 1, "bad_one": "x"}}"#.utf8)) == feed)
  }
}
