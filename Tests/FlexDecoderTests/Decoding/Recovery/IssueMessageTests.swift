import Foundation
import Testing

@testable import FlexDecoder

/// How problems are worded (IssueMessage.swift): the value found is named, types are named as the
/// model declares them, and a model's own message and path are kept.
@Suite("Issue messages")
struct IssueMessageTests {
  struct MediaAttachment: Decodable, Equatable {
    var url: String
  }

  struct Venue: Decodable, Equatable {
    var name: String
  }

  struct Post: Decodable, Equatable {
    var id: Int
    var title: String
    var pinned: Bool
    var media: [MediaAttachment]
    var counts: [String: Int]
    var venue: Venue?
    var tags: [String]
  }

  /// Decodes `json` as a `Post` under `.collectAll`, without coercions (`12.50` would become the
  /// string "12.50"), and returns the issues' descriptions.
  private func issues(_ json: String) throws -> [String] {
    let decoder = FlexJSONDecoder()
    decoder.coercions = []
    let error = try requireThrows((any Error).self) {
      try decoder.decode(Post.self, from: Data(json.utf8))
    }
    return FlexDecodingError.issues(in: error).map(\.description)
  }

  // MARK: - The value found

  @Test func aTypeMismatchNamesTheValueItFound() throws {
    let json = #"""
      {"id": "abc", "title": 12.50, "pinned": "yes please", "media": [], "counts": {}, "tags": [false, null]}
      """#
    #expect(
      try issues(json) == [
        #"id: expected Int but found the string "abc""#,
        "title: expected String but found the number 12.50",
        #"pinned: expected Bool but found the string "yes please""#,
        "tags[0]: expected String but found false",
        "tags[1]: expected String but found null",
      ])
  }

  @Test(arguments: [
    "abc", "", "it's", #"say "hi""#, #"back\slash"#, "tab\there", "line\nbreak", "\u{7F}", "\u{0}", "é", "日本",
    "👍🏽", "a\u{301}", "\u{200B}", "~ !#$%&()*+,-./09:;<=>?@AZ[]^_`az{|}",
  ])
  func aStringIsQuotedAsStringReflectingQuotesIt(text: String) {
    #expect(IssueMessage.quoted(text) == String(reflecting: text))
  }

  @Test func aLongStringIsCutAfterFortyCharacters() throws {
    let long = String(repeating: "é", count: 41)
    let json = #"{"id": "\#(long)", "title": "t", "pinned": true, "media": [], "counts": {}, "tags": []}"#
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder().decode(Post.self, from: Data(json.utf8))
    }
    let expected = "expected Int but found the string \"\(String(repeating: "é", count: 40))…\""
    #expect(FlexDecodingError.issues(in: error).map(\.message) == [expected])
  }

  @Test func aStringWithQuotesIsQuotedWithEscapes() throws {
    let json = #"{"id": "say \"hi\"\n", "title": "t", "pinned": true, "media": [], "counts": {}, "tags": []}"#
    #expect(try issues(json) == [#"id: expected Int but found the string "say \"hi\"\n""#])
  }

  // MARK: - Type names

  @Test func collectionAndModelTypesAreNamedAsTheModelDeclaresThem() throws {
    let json =
      #"{"id": 1, "title": "t", "pinned": true, "media": {"url": "x"}, "counts": [1], "venue": 3, "tags": "a"}"#
    #expect(
      try issues(json) == [
        "media: expected [MediaAttachment] but found an object",
        "counts: expected [String: Int] but found an array",
        "venue: expected Venue but found the number 3",
        #"tags: expected [String] but found the string "a""#,
      ])
  }

  @Test(arguments: [
    ("Array<Int>", "[Int]"), ("Dictionary<String, Array<Optional<Date>>>", "[String: [Date?]]"),
    ("Optional<Array<Post>>", "[Post]?"), ("Set<Int>", "Set<Int>"), ("Result<Int, Error>", "Result<Int, Error>"),
    ("Venue", "Venue"),
  ])
  func genericSpellingsOfArrayDictionaryAndOptionalAreSugared(runtime: String, declared: String) {
    #expect(IssueMessage.sugared(runtime) == declared)
  }

  @Test func theThrownErrorKeepsJSONDecodersCaseTypeAndPathAndNamesTheValue() throws {
    let json = Data(#"{"id": 1, "title": "t", "pinned": true, "media": {"url": "x"}, "counts": {}, "tags": []}"#.utf8)
    let flex = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode(Post.self, from: json) }
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Post.self, from: json) }
    #expect(ErrorShape(flex) == ErrorShape(foundation))
    guard case .typeMismatch(let type, let context) = flex else { return }
    #expect(type is [Any].Type)
    #expect(context.debugDescription == "Expected to decode Array<Any> but found an object instead.")
  }

  // MARK: - The model's own words

  enum StatusError: Error, CustomStringConvertible {
    case unknown(String)
    var description: String {
      switch self {
      case .unknown(let status): "Status \(status) is not one we know."
      }
    }
  }

  struct Item: Decodable {
    var status: String
    enum CodingKeys: CodingKey { case status }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      status = try container.decode(String.self, forKey: .status)
      if status == "lost" { throw StatusError.unknown(status) }
      if status == "worse" {
        throw DecodingError.dataCorruptedError(
          forKey: .status, in: container, debugDescription: "Unknown status 'worse'. Use one of: ok, bad.")
      }
    }
  }

  @Test func aModelsOwnMessageIsKeptAsWrittenWithItsPath() throws {
    let json = Data(#"{"items": [{"status": "ok"}, {"status": "lost"}, {"status": "worse"}]}"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode([String: [Item]].self, from: json)
    }
    #expect(
      error.issues.map(\.description) == [
        "items[1]: Status lost is not one we know.",
        "items[2].status: Unknown status 'worse'. Use one of: ok, bad.",
      ])
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([String: [Item]].self, from: json)
    #expect(result.value["items"]?.map(\.status) == ["ok"])
    #expect(
      result.issues.map(\.description) == [
        "items[1]: Status lost is not one we know.; dropped",
        "items[2].status: Unknown status 'worse'. Use one of: ok, bad.; dropped",
      ])
  }

  @Test func aSingleModelErrorIsThrownAsItselfAndReadBackWithItsPath() throws {
    let json = Data(#"{"items": [{"status": "worse"}]}"#.utf8)
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder().decode([String: [Item]].self, from: json)
    }
    #expect(
      FlexDecodingError.issues(in: error).map(\.description) == [
        "items[0].status: Unknown status 'worse'. Use one of: ok, bad."
      ])
  }

  @Test func flexsOwnSentencesReadAsClauses() throws {
    let decoder = FlexJSONDecoder()
    decoder.unknownKeyPolicy = .fail
    let error = try requireThrows(DecodingError.self) {
      try decoder.decode(Venue.self, from: Data(#"{"name": "a", "extra": 1}"#.utf8))
    }
    #expect(FlexDecodingError.issues(in: error).map(\.description) == [#"extra: unknown key "extra""#])
  }
}
