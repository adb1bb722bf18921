import FlexDecoder
import Foundation

/// One page of the catalog. Its fields are spread over the response's `meta` and `data`
/// objects, so the type maps each of them to a key path.
struct CatalogPage: Codable, FlexKeyMapping {
  var status: String
  var requestID: String
  var generatedAt: Date
  var author: String
  var page: Int
  var products: [Product]
  var nextCursor: String?

  static let keyMapping: FlexKeyMap = [
    "requestID": "meta.request_id",
    "generatedAt": "meta.generated_at",
    "author": "meta.author.name",
    "page": "data.page",
    "products": "data.Products",
  ]
}

/// A product. Checked after decoding: a negative price is rejected.
struct Product: Codable, FlexValidatable {
  var id: Int
  var title: String
  var price: Double
  var currency: String
  var inStock: Bool
  var category: Category
  var attributes: Attributes
  var seller: Seller

  func validate() throws {
    guard price >= 0 else { throw DemoValidationError("price must not be negative, got \(price)") }
  }
}

/// Where a product is listed. Categories the app does not know yet become `.other`.
enum Category: String, Codable, FlexDefaultValue {
  case lighting, textiles, kitchen, decor, other
  static let flexDefault = Category.other
}

/// Free-form details, sent by the API as a string that holds a JSON object.
struct Attributes: Codable {
  var color: String?
  var watts: Int?
  var capacityMl: Int?
}

/// Who sells a product.
struct Seller: Codable {
  var sellerID: Int
  var displayName: String
}

/// The error a model's `validate()` throws; its text ends up in the report.
struct DemoValidationError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
