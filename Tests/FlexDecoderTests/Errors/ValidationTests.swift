import FlexDecoder
import Foundation
import Testing

/// `FlexValidatable`: called on every decoded value of a conforming type, and its failures
/// follow the error policy.
@Suite("Validation")
struct ValidationTests {
  struct Invalid: Error, Equatable, CustomStringConvertible {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
  }

  struct Price: Codable, Equatable, FlexValidatable {
    var amount: Double
    var currency: String
    func validate() throws {
      guard amount >= 0 else { throw Invalid("amount must not be negative") }
    }
  }

  struct Variant: Codable, Equatable, FlexValidatable {
    var sku: String
    var stock: Int
    func validate() throws {
      guard stock >= 0 else { throw Invalid("stock must not be negative") }
    }
  }

  struct Discount: Codable, Equatable, FlexValidatable {
    var percent: Int
    func validate() throws {
      guard (0...100).contains(percent) else { throw Invalid("percent must be 0...100") }
    }
  }

  struct Product: Codable, Equatable, FlexValidatable {
    var name: String
    var price: Price
    var variants: [Variant]
    var discount: Discount?
    var stores: [String: Variant]
    func validate() throws {
      guard !name.isEmpty else { throw Invalid("name must not be empty") }
    }
  }

  private func decoder(_ policy: FlexJSONDecoder.ErrorPolicy) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    return decoder
  }

  /// A valid product, with `replacements` applied to its JSON text.
  private static func product(_ replacements: [String: String] = [:]) -> Data {
    var json = #"""
      {
        "name": "Lamp",
        "price": {"amount": 20, "currency": "EUR"},
        "variants": [
          {"sku": "L-1", "stock": 3},
          {"sku": "L-2", "stock": 0},
          {"sku": "L-3", "stock": 5}
        ],
        "discount": {"percent": 10},
        "stores": {"paris": {"sku": "L-1", "stock": 1}}
      }
      """#
    for (old, new) in replacements { json = json.replacingOccurrences(of: old, with: new) }
    return Data(json.utf8)
  }

  private static let validProduct = Product(
    name: "Lamp", price: Price(amount: 20, currency: "EUR"),
    variants: [Variant(sku: "L-1", stock: 3), Variant(sku: "L-2", stock: 0), Variant(sku: "L-3", stock: 5)],
    discount: Discount(percent: 10), stores: ["paris": Variant(sku: "L-1", stock: 1)])

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults])
  func validValuesDecodeWithoutIssues(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let result = try decoder(policy).decodeWithReport(Product.self, from: Self.product())
    #expect(result.value == Self.validProduct)
    #expect(result.issues.isEmpty)
  }

  // MARK: - Top level

  @Test func topLevelFailureAloneThrowsTheValidationError() throws {
    let error = try requireThrows(Invalid.self) {
      try decoder(.collectAll).decode(Product.self, from: Self.product([#""Lamp""#: #""""#]))
    }
    #expect(error == Invalid("name must not be empty"))
    #expect(
      FlexDecodingError.issues(in: error) == [
        FlexIssue(kind: .dataCorrupted, path: "", message: "name must not be empty")
      ])
  }

  @Test func topLevelFailureUnderUseDefaultsGivesTheTypesDefaults() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Product.self, from: Self.product([#""Lamp""#: #""""#]))
    #expect(
      result.value
        == Product(
          name: "", price: Price(amount: 0, currency: ""), variants: [], discount: nil, stores: [:]))
    #expect(
      result.issues == [
        FlexIssue(kind: .defaulted, path: "", message: "validation failed: name must not be empty; used the default")
      ])
  }

  @Test func topLevelFailureUnderFailFastThrowsTheValidationError() throws {
    let error = try requireThrows(Invalid.self) {
      try decoder(.failFast).decode(Product.self, from: Self.product([#""Lamp""#: #""""#]))
    }
    #expect(error == Invalid("name must not be empty"))
    #expect(
      FlexDecodingError.issues(in: error) == [
        FlexIssue(kind: .dataCorrupted, path: "", message: "name must not be empty")
      ])
  }

  // MARK: - Nested struct

  @Test func nestedFailureIsListedAtItsPath() throws {
    // Alone, it is thrown as validate() threw it, which carries no path.
    let alone = try requireThrows(Invalid.self) {
      try decoder(.collectAll).decode(Product.self, from: Self.product(["20": "-1"]))
    }
    #expect(alone == Invalid("amount must not be negative"))
    #expect(
      FlexDecodingError.issues(in: alone) == [
        FlexIssue(kind: .dataCorrupted, path: "", message: "amount must not be negative")
      ])
    // Next to another problem, it is listed at its path.
    let data = Self.product(["20": "-1", #""sku": "L-3""#: #""sku": true"#])
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Product.self, from: data)
    }
    #expect(
      error.issues == [
        FlexIssue(kind: .validationFailed, path: "price", message: "validation failed: amount must not be negative"),
        FlexIssue(kind: .typeMismatch, path: "variants[2].sku", message: "expected String but found true"),
      ])
    let decodingError = try #require(error.decodingErrors.first)
    #expect(ErrorShape(decodingError).description == #"dataCorrupted at "price""#)
  }

  @Test func nestedFailureUnderUseDefaultsGivesTheNestedTypesDefaults() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Product.self, from: Self.product(["20": "-1"]))
    var expected = Self.validProduct
    expected.price = Price(amount: 0, currency: "")
    #expect(result.value == expected)
    #expect(
      result.issues == [
        FlexIssue(
          kind: .defaulted, path: "price", message: "validation failed: amount must not be negative; used the default")
      ])
  }

  @Test func nestedFailureUnderFailFastThrowsTheValidationError() throws {
    let error = try requireThrows(Invalid.self) {
      try decoder(.failFast).decode(Product.self, from: Self.product(["20": "-1"]))
    }
    #expect(error == Invalid("amount must not be negative"))
    #expect(
      FlexDecodingError.issues(in: error) == [
        FlexIssue(kind: .dataCorrupted, path: "", message: "amount must not be negative")
      ])
  }

  // MARK: - Array elements and dictionary values

  private static let badStock = [#""stock": 0"#: #""stock": -2"#, #""stock": 5"#: #""stock": -9"#]

  @Test func failingElementsAreEachListed() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Product.self, from: Self.product(Self.badStock))
    }
    #expect(
      error.issues.map(\.description) == [
        "variants[1]: validation failed: stock must not be negative",
        "variants[2]: validation failed: stock must not be negative",
      ])
    #expect(error.issues.allSatisfy { $0.kind == .validationFailed })
  }

  @Test func failingElementsAreDroppedUnderUseDefaults() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Product.self, from: Self.product(Self.badStock))
    #expect(result.value.variants == [Variant(sku: "L-1", stock: 3)])
    #expect(
      result.issues == [
        FlexIssue(
          kind: .droppedElement, path: "variants[1]", message: "validation failed: stock must not be negative; dropped"),
        FlexIssue(
          kind: .droppedElement, path: "variants[2]", message: "validation failed: stock must not be negative; dropped"),
      ])
  }

  @Test func failingElementUnderFailFastThrowsTheValidationError() throws {
    let error = try requireThrows(Invalid.self) {
      try decoder(.failFast).decode(Product.self, from: Self.product(Self.badStock))
    }
    #expect(error == Invalid("stock must not be negative"))
    #expect(
      FlexDecodingError.issues(in: error) == [
        FlexIssue(kind: .dataCorrupted, path: "", message: "stock must not be negative")
      ])
  }

  @Test func failingDictionaryValueIsDroppedUnderUseDefaults() throws {
    let data = Self.product([#""stock": 1}}"#: #""stock": -1}, "lyon": {"sku": "L-9", "stock": 4}}"#])
    let error = try requireThrows(Invalid.self) {
      try decoder(.collectAll).decode(Product.self, from: data)
    }
    #expect(error == Invalid("stock must not be negative"))
    #expect(FlexDecodingError.issues(in: error).map(\.description) == ["stock must not be negative"])
    let result = try decoder(.useDefaults).decodeWithReport(Product.self, from: data)
    #expect(result.value.stores == ["lyon": Variant(sku: "L-9", stock: 4)])
    #expect(result.issues.map(\.kind) == [.droppedElement])
  }

  // MARK: - Optional

  @Test func failingOptionalAloneThrowsTheValidationErrorThenIsNilUnderUseDefaults() throws {
    let data = Self.product([#""percent": 10"#: #""percent": 150"#])
    let error = try requireThrows(Invalid.self) {
      try decoder(.collectAll).decode(Product.self, from: data)
    }
    #expect(error == Invalid("percent must be 0...100"))
    #expect(
      FlexDecodingError.issues(in: error) == [
        FlexIssue(kind: .dataCorrupted, path: "", message: "percent must be 0...100")
      ])
    let result = try decoder(.useDefaults).decodeWithReport(Product.self, from: data)
    var expected = Self.validProduct
    expected.discount = nil
    #expect(result.value == expected)
    #expect(
      result.issues == [
        FlexIssue(kind: .defaulted, path: "discount", message: "validation failed: percent must be 0...100; used nil")
      ])
  }

  @Test func failingOptionalUnderFailFastThrowsTheValidationError() throws {
    let error = try requireThrows(Invalid.self) {
      try decoder(.failFast).decode(Product.self, from: Self.product([#""percent": 10"#: #""percent": 150"#]))
    }
    #expect(error == Invalid("percent must be 0...100"))
    #expect(
      FlexDecodingError.issues(in: error) == [
        FlexIssue(kind: .dataCorrupted, path: "", message: "percent must be 0...100")
      ])
  }

  // MARK: - Together with other problems

  @Test func validationFailuresAndOtherProblemsAreListedInDocumentOrder() throws {
    let data = Self.product([
      "20": "-1", #""stock": 0"#: #""stock": -2"#, #""sku": "L-3""#: #""sku": true"#,
      #""percent": 10"#: #""percent": 150"#,
    ])
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Product.self, from: data)
    }
    #expect(
      error.issues.map(\.description) == [
        "price: validation failed: amount must not be negative",
        "variants[1]: validation failed: stock must not be negative",
        "variants[2].sku: expected String but found true",
        "discount: validation failed: percent must be 0...100",
      ])
  }

  @Test func aBadFieldIsRepairedEvenWhenAnotherElementOfTheSameArrayIsDropped() throws {
    let data = Self.product([#""stock": 0"#: #""stock": -2"#, #""sku": "L-3""#: #""sku": true"#])
    let result = try decoder(.useDefaults).decodeWithReport(Product.self, from: data)
    #expect(result.value.variants == [Variant(sku: "L-1", stock: 3), Variant(sku: "", stock: 5)])
    #expect(
      result.issues.map(\.description) == [
        "variants[1]: validation failed: stock must not be negative; dropped",
        "variants[2].sku: expected String but found true; used the default",
      ])
  }

  @Test func aValidationFailureAfterARepairInsideTheValueIsNotListedAgainUnderCollectAll() throws {
    // The missing sku is repaired with "" and the variant then fails validation: under
    // `.collectAll` that may be the placeholder's doing, so only the missing key is listed.
    let data = Self.product([#"{"sku": "L-2", "stock": 0}"#: #"{"stock": -1}"#])
    let error = try requireThrows(DecodingError.self) {
      try decoder(.collectAll).decode(Product.self, from: data)
    }
    #expect(ErrorShape(error).description == #"keyNotFound(sku) at "variants.1""#)
    #expect(FlexDecodingError.issues(in: error).map(\.description) == ["variants[1].sku: key not found"])
  }

  @Test func aValueDroppedAfterARepairInsideItIsReportedAsDroppedUnderUseDefaults() throws {
    let data = Self.product([#"{"sku": "L-2", "stock": 0}"#: #"{"stock": -1}"#])
    let result = try decoder(.useDefaults).decodeWithReport(Product.self, from: data)
    #expect(result.value.variants == [Variant(sku: "L-1", stock: 3), Variant(sku: "L-3", stock: 5)])
    #expect(
      result.issues.map(\.description) == [
        "variants[1].sku: key not found; used the default",
        "variants[1]: validation failed: stock must not be negative; dropped",
      ])
  }
}
