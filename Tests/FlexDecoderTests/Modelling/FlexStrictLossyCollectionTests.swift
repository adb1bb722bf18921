import FlexDecoder
import Foundation
import Testing

/// `@FlexStrictLossyArray` and `@FlexStrictLossyDictionary`: BetterCodable's `@LossyArray` and
/// `@LossyDictionary` to the element, so the same elements as under JSONDecoder, whatever the
/// decoder's coercions.
@Suite("Strict lossy collections")
struct FlexStrictLossyCollectionTests {
  struct Post: Codable, Equatable {
    var id: Int
    var title: String
  }

  struct Feed: Codable, Equatable {
    @FlexStrictLossyArray var posts: [Post]
    @FlexStrictLossyDictionary var prices: [String: Double]
    @FlexStrictLossyArray var ids: [Int]
  }

  /// The same document read by the coercing wrappers.
  struct CoercingFeed: Codable, Equatable {
    @FlexLossyArray var posts: [Post]
    @FlexLossyDictionary var prices: [String: Double]
    @FlexLossyArray var ids: [Int]
  }

  private static let messy = #"""
    {
      "posts": [{"id": 1, "title": "a"}, {"id": "2", "title": "b"}, {"id": "x", "title": "c"}, {"id": 4, "title": "d"}],
      "prices": {"EUR": 2.5, "USD": "3", "GBP": null},
      "ids": [1, "2", true, 4.5, 5]
    }
    """#

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults])
  func elementsThatNeedACoercionAreDroppedAndReported(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    decoder.coercions = .all
    let result = try decoder.decodeWithReport(Feed.self, from: Data(Self.messy.utf8))
    #expect(result.value.posts == [Post(id: 1, title: "a"), Post(id: 4, title: "d")])
    #expect(result.value.prices == ["EUR": 2.5])
    #expect(result.value.ids == [1, 5])
    #expect(
      result.issues.map { "\($0.kind) \($0.path)" } == [
        "droppedElement posts[1].id", "droppedElement posts[2].id", "droppedElement prices.USD",
        "droppedElement prices.GBP", "droppedElement ids[1]", "droppedElement ids[2]", "droppedElement ids[3]",
      ])
    #expect(result.issues[0].message == #"expected Int but found the string "2"; dropped"#)
  }

  @Test func theyKeepWhatJSONDecoderKeeps() throws {
    let data = Data(Self.messy.utf8)
    let foundation = try JSONDecoder().decode(Feed.self, from: data)
    #expect(try FlexJSONDecoder().decode(Feed.self, from: data) == foundation)
    #expect(foundation.ids == [1, 5])
  }

  @Test func theCoercingWrappersKeepWhatTheCoercionsMend() throws {
    let feed = try FlexJSONDecoder().decode(CoercingFeed.self, from: Data(Self.messy.utf8))
    #expect(feed.posts == [Post(id: 1, title: "a"), Post(id: 2, title: "b"), Post(id: 4, title: "d")])
    #expect(feed.prices == ["EUR": 2.5, "USD": 3])
    #expect(feed.ids == [1, 2, 5])
  }

  struct Inner: Codable, Equatable {
    var count: Int
    @FlexStrictLossyArray var ids: [Int]
  }

  struct Outer: Codable, Equatable {
    var inner: Inner
    var items: [Inner]
  }

  /// `inner` and `items` are JSON sent as strings: the decoder reads them again with its
  /// coercions in force (`.jsonStringToValue`), and `count` is mended on the way; the strict
  /// elements inside are still read without coercions.
  @Test func insideAValueRetriedWithCoercionsElementsStayStrict() throws {
    let json = #"""
      {"inner": "{\"count\": \"7\", \"ids\": [1, \"2\"]}", "items": "[{\"count\": 8, \"ids\": [\"3\", 4]}]"}
      """#
    for policy in [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults] {
      let decoder = FlexJSONDecoder()
      decoder.errorPolicy = policy
      decoder.coercions = .all
      let outer = try decoder.decode(Outer.self, from: Data(json.utf8))
      #expect(outer == Outer(inner: Inner(count: 7, ids: [1]), items: [Inner(count: 8, ids: [4])]), "\(policy)")
    }
  }

  @Test func missingOrNullCollectionsAreEmptyAndOtherValuesAreProblems() throws {
    for json in [#"{}"#, #"{"posts": null, "prices": null, "ids": null}"#] {
      let flex = try FlexJSONDecoder().decodeWithReport(Feed.self, from: Data(json.utf8))
      #expect(flex.value == Feed(posts: [], prices: [:], ids: []))
      #expect(try JSONDecoder().decode(Feed.self, from: Data(json.utf8)) == flex.value)
      #expect(flex.issues.isEmpty)
    }
    let json = Data(#"{"posts": "none"}"#.utf8)
    let flexError = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode(Feed.self, from: json) }
    let foundationError = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Feed.self, from: json) }
    #expect(ErrorShape(flexError) == ErrorShape(foundationError))
    #expect(ErrorShape(flexError).description == #"typeMismatch(Array<Any>) at "posts""#)
  }

  @Test func issuesNameTheElementTypeNotTheInternalWrapper() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let strict = try decoder.decodeWithReport(Feed.self, from: Data(#"{"prices": 3, "ids": {}}"#.utf8))
    #expect(strict.value == Feed(posts: [], prices: [:], ids: []))
    #expect(
      strict.issues.map(\.description) == [
        "prices: expected [String: Double] but found the number 3; used the default",
        "ids: expected [Int] but found an object; used the default",
      ])
    let coercing = try decoder.decodeWithReport(CoercingFeed.self, from: Data(#"{"prices": 3, "ids": {}}"#.utf8))
    #expect(
      coercing.issues.map(\.description) == [
        "prices: expected [String: Double] but found the number 3; used the default",
        "ids: expected [Int] but found an object; used the default",
      ])
  }

  @Test func singleToArrayMakesTheArrayAndTheElementIsStillReadStrictly() throws {
    let decoder = FlexJSONDecoder()
    decoder.coercions = .all
    decoder.reportsCoercions = true
    let one = try decoder.decodeWithReport(Feed.self, from: Data(#"{"ids": 7}"#.utf8))
    #expect(one.value.ids == [7])
    #expect(one.issues.map(\.description) == ["ids: coerced number to an array of one"])
    let dropped = try decoder.decodeWithReport(Feed.self, from: Data(#"{"ids": "7"}"#.utf8))
    #expect(dropped.value.ids == [])
    #expect(
      dropped.issues.map(\.description) == [
        "ids: coerced a string to an array of one", #"ids[0]: expected Int but found the string "7"; dropped"#,
      ])
  }

  @Test func encodingWritesTheElementsWhichDecodeBack() throws {
    let feed = Feed(posts: [Post(id: 1, title: "a")], prices: ["EUR": 2.5], ids: [1, 2])
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = try encoder.encodeToString(feed)
    #expect(json == #"{"ids":[1,2],"posts":[{"id":1,"title":"a"}],"prices":{"EUR":2.5}}"#)
    #expect(try FlexJSONDecoder().decode(Feed.self, from: Data(json.utf8)) == feed)
  }
}
