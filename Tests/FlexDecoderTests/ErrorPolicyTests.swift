import FlexDecoder
import Foundation
import Testing

/// `.failFast`, `.collectAll` and `.useDefaults` on payloads with several problems at once.
@Suite("Error policies")
struct ErrorPolicyTests {
  struct Author: Codable, Equatable {
    var id: Int
    var name: String
  }

  enum Status: String, Codable, Equatable, FlexDefaultValue {
    case open, shipped, unknown
    static let flexDefault = Status.unknown
  }

  struct Item: Codable, Equatable {
    var sku: String
    var quantity: Int
    var price: Double
  }

  struct Order: Codable, Equatable {
    var id: Int
    var status: Status
    var author: Author
    var items: [Item]
    var note: String?
    var tags: [String]
  }

  private func decoder(_ policy: FlexJSONDecoder.ErrorPolicy) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    decoder.coercions = []
    return decoder
  }

  /// Six problems at different depths.
  private let messyOrder = #"""
    {
      "id": "A17",
      "status": "lost",
      "author": {"id": 7},
      "items": [
        {"sku": "a-1", "quantity": 2, "price": 9.5},
        {"quantity": 1, "price": 3},
        {"sku": "c-3", "quantity": "many", "price": null}
      ],
      "note": 12,
      "tags": ["x", 2, "z"]
    }
    """#

  @Test func collectAllListsEveryProblemInDocumentOrder() throws {
    let error = try #require(throws: FlexDecodingError.self) {
      try decoder(.collectAll).decode(Order.self, from: Data(messyOrder.utf8))
    }
    #expect(error.issues.map(\.kind) == [
      .typeMismatch, .dataCorrupted, .keyNotFound, .keyNotFound, .typeMismatch, .valueNotFound, .typeMismatch,
      .typeMismatch,
    ])
    #expect(error.issues.map(\.path) == [
      "id", "status", "author.name", "items[1].sku", "items[2].quantity", "items[2].price", "note", "tags[1]",
    ])
    #expect(error.decodingErrors.count == 8)
    print(error)
  }

  @Test func useDefaultsReturnsTheValueAndTheReport() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Order.self, from: Data(messyOrder.utf8))
    #expect(result.value.id == 0)
    #expect(result.value.status == .unknown)
    #expect(result.value.author == Author(id: 7, name: ""))
    #expect(result.value.items == [Item(sku: "a-1", quantity: 2, price: 9.5), Item(sku: "", quantity: 1, price: 3), Item(sku: "c-3", quantity: 0, price: 0)])
    #expect(result.value.note == nil)
    #expect(result.value.tags == ["x", "z"])
    print(result.issues.map(\.description).joined(separator: "\n"))
  }

  @Test func failFastThrowsTheFirstDecodingError() throws {
    #expect(throws: DecodingError.self) {
      try decoder(.failFast).decode(Order.self, from: Data(messyOrder.utf8))
    }
  }
}
