import FlexDecoder
import Foundation
import Testing

/// Under `.useDefaults` every collection drops an element or member that cannot be decoded, as
/// `Array` does (TapeDecoder+Collections.swift): `Set`, `ContiguousArray`, dictionaries with
/// `String`, `Int` and `CodingKeyRepresentable` keys, collections nested in collections.
@Suite("Collections under recovery")
struct RecoveringCollectionTests {
  enum Role: String, Codable, CodingKeyRepresentable {
    case admin, guest
  }

  struct Lists: Decodable, Equatable {
    var tags: Set<String>
    var scores: ContiguousArray<Int>
    var byID: [Int: String]
    var byRole: [Role: Int]
    var nested: [String: [Int]]
    var grid: [[Int]]
  }

  private static let json = Data(
    #"""
    {
      "tags": ["a", null, "b", "a"],
      "scores": [1, "x", 3],
      "byID": {"1": "one", "2": null, "three": "3", "4": "four"},
      "byRole": {"admin": 1, "root": 2, "guest": "x"},
      "nested": {"a": [1, null, 2], "b": "oops"},
      "grid": [[1, "x"], [2]]
    }
    """#.utf8)

  private func useDefaults() -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.coercions = []
    return decoder
  }

  @Test func everyCollectionDropsWhatItCannotDecode() throws {
    let result = try useDefaults().decodeWithReport(Lists.self, from: Self.json)
    #expect(
      result.value
        == Lists(
          tags: ["a", "b"], scores: [1, 3], byID: [1: "one", 4: "four"], byRole: [.admin: 1],
          nested: ["a": [1, 2]], grid: [[1], [2]]))
    #expect(
      result.issues.map(\.description) == [
        "tags[1]: expected String but found null; dropped",
        #"scores[1]: expected Int but found the string "x"; dropped"#,
        "byID.2: expected String but found null; dropped",
        "byID.three: expected Int key but found String key instead; dropped",
        "byRole.root: could not convert key to type Role; dropped",
        #"byRole.guest: expected Int but found the string "x"; dropped"#,
        "nested.a[1]: expected Int but found null; dropped",
        #"nested.b: expected [Int] but found the string "oops"; dropped"#,
        #"grid[0][1]: expected Int but found the string "x"; dropped"#,
      ])
  }

  @Test func collectAllListsTheSameProblemsWithoutActions() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      let decoder = FlexJSONDecoder()
      decoder.coercions = []
      return try decoder.decode(Lists.self, from: Self.json)
    }
    #expect(error.issues.count == 9)
    #expect(
      error.issues.map(\.path) == [
        "tags[1]", "scores[1]", "byID.2", "byID.three", "byRole.root", "byRole.guest", "nested.a[1]", "nested.b",
        "grid[0][1]",
      ])
  }

  @Test func cleanCollectionsDecodeAsJSONDecoderDecodesThem() throws {
    let json = Data(
      #"{"tags": ["a", "b", "a"], "scores": [1], "byID": {"1": "one"}, "byRole": {"guest": 2}, "nested": {}, "grid": []}"#
        .utf8)
    let expected = try JSONDecoder().decode(Lists.self, from: json)
    #expect(try FlexJSONDecoder().decode(Lists.self, from: json) == expected)
    // The same document through the recovery pass (a problem elsewhere sends it there).
    struct Wrapper: Decodable {
      var lists: Lists
      var count: Int?
    }
    let messy = Data(#"{"lists": \#(String(decoding: json, as: UTF8.self)), "count": "x"}"#.utf8)
    let result = try useDefaults().decodeWithReport(Wrapper.self, from: messy)
    #expect(result.value.lists == expected)
    #expect(result.issues.map(\.path) == ["count"])
  }

  @Test func intKeysFollowTheKeyStrategyAsJSONDecoderReadsThem() throws {
    struct Holder: Decodable, Equatable {
      var byId: [Int: Int]
      var bad: Int?
    }
    let json = Data(#"{"by_id": {"1": 10, "2": "x"}, "bad": "y"}"#.utf8)
    let decoder = useDefaults()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let result = try decoder.decodeWithReport(Holder.self, from: json)
    #expect(result.value == Holder(byId: [1: 10], bad: nil))
    #expect(result.issues.map(\.path) == ["by_id.2", "bad"])
  }
}
