import FlexDecoder
import Foundation
import Testing

/// `FlexTypeErrorPolicy`: the problems inside a value of a type are handled under the type's
/// policy, whatever the decoder's.
@Suite("Per-type error policy")
struct FlexTypeErrorPolicyTests {
  struct LenientItem: Codable, Equatable, FlexTypeErrorPolicy {
    static var errorPolicy: FlexJSONDecoder.ErrorPolicy { .useDefaults }
    var title: String
    var views: Int
  }

  struct StrictPrice: Codable, Equatable, FlexTypeErrorPolicy {
    static var errorPolicy: FlexJSONDecoder.ErrorPolicy { .failFast }
    var amount: Double
    var currency: String
  }

  struct CollectedTag: Codable, Equatable, FlexTypeErrorPolicy {
    static var errorPolicy: FlexJSONDecoder.ErrorPolicy { .collectAll }
    var name: String
  }

  struct Feed: Codable, Equatable {
    var id: Int
    var items: [LenientItem]
  }

  struct Shop: Codable, Equatable {
    var name: String
    var stock: Int
    var price: StrictPrice
  }

  struct Tagged: Codable, Equatable {
    var count: Int
    var tags: [CollectedTag]
  }

  @Test func aLenientTypeIsRepairedUnderAStrictDecoder() throws {
    let json = Data(#"{"id": 1, "items": [{"title": "a", "views": "n/a"}, {"title": "b"}]}"#.utf8)
    let result = try FlexJSONDecoder.strict().decodeWithReport(Feed.self, from: json)
    #expect(result.value == Feed(id: 1, items: [LenientItem(title: "a", views: 0), LenientItem(title: "b", views: 0)]))
    #expect(
      result.issues == [
        FlexIssue(
          kind: .defaulted, path: "items[0].views",
          message: #"expected Int but found the string "n/a"; used the default"#),
        FlexIssue(kind: .defaulted, path: "items[1].views", message: "key not found; used the default"),
      ])
  }

  @Test func outsideTheLenientTypeTheStrictDecoderStillThrowsAsJSONDecoder() throws {
    let json = Data(#"{"id": "1", "items": [{"title": "a", "views": "n/a"}]}"#.utf8)
    let flexError = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode(Feed.self, from: json)
    }
    let foundationError = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Feed.self, from: json) }
    #expect(ErrorSignature(flexError) == ErrorSignature(foundationError))
  }

  @Test func aStrictTypeEndsALenientDecodeWithItsFirstProblem() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let json = Data(#"{"name": "s", "stock": "many", "price": {"amount": "x", "currency": 1}}"#.utf8)
    let error = try requireThrows(DecodingError.self) { try decoder.decode(Shop.self, from: json) }
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("expected a type mismatch, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["price", "amount"])
    // Without the problem in the strict type, the rest is repaired.
    let repaired = try decoder.decodeWithReport(
      Shop.self, from: Data(#"{"name": "s", "stock": "many", "price": {"amount": 2, "currency": "EUR"}}"#.utf8))
    #expect(repaired.value == Shop(name: "s", stock: 0, price: StrictPrice(amount: 2, currency: "EUR")))
    #expect(repaired.issues.map(\.path) == ["stock"])
  }

  @Test func aCollectingTypeThrowsItsProblemsUnderALenientDecoder() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let json = Data(#"{"count": "x", "tags": [{"name": [1]}, {}]}"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) { try decoder.decode(Tagged.self, from: json) }
    #expect(error.issues.map { "\($0.kind) \($0.path)" } == ["typeMismatch tags[0].name", "keyNotFound tags[1].name"])
  }

  @Test func typesWithoutAPolicyFollowTheDecoder() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Feed.self, from: Data(#"{"id": "x", "items": []}"#.utf8))
    #expect(result.value == Feed(id: 0, items: []))
    #expect(result.issues.map(\.kind) == [.defaulted])
  }

  @Test func aLenientTopLevelTypeUnderAStrictDecoder() throws {
    let result = try FlexJSONDecoder.strict().decodeWithReport(LenientItem.self, from: Data(#"{"views": 3}"#.utf8))
    #expect(result.value == LenientItem(title: "", views: 3))
    #expect(result.issues.map(\.path) == ["title"])
  }
}
