import FlexDecoder
import Foundation
import Testing

/// The Swift samples of Docs/ComingFromJSONModelAndYYModel.md (the Objective-C ones are there
/// for comparison only), each with the behaviour the text claims.
extension DocExamplesTests {
  // MARK: - From JSONModel

  /// "`keyMapper` → `FlexKeyMapping`".
  struct KeyMappedOrder: Codable, FlexKeyMapping, Equatable {
    var orderID: Int
    var productName: String
    var price: Double

    static let keyMapping: FlexKeyMap = [
      "orderID": "order_id",
      "productName": "order_details.name",
      "price": "order_details.price.usd",
    ]
  }

  @Test func comingFromKeyMapper() throws {
    let json = #"{"order_id": 104, "order_details": {"name": "Lamp", "price": {"usd": 12.95}}}"#
    let order = try FlexJSONDecoder().decode(KeyMappedOrder.self, from: json)
    #expect(order == KeyMappedOrder(orderID: 104, productName: "Lamp", price: 12.95))

    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      try encoder.encodeToString(order)
        == #"{"order_details":{"name":"Lamp","price":{"usd":12.95}},"order_id":104}"#)
  }

  @Test func comingFromGlobalKeyMapper() throws {
    struct Receipt: Decodable { var orderID: Int }
    let decoder = FlexJSONDecoder()
    decoder.keyMapping = ["orderID": "order_id"]
    #expect(try decoder.decode(Receipt.self, from: #"{"order_id": 7}"#).orderID == 7)
  }

  /// "`mapperForSnakeCase` → a key strategy".
  @Test func comingFromMapperForSnakeCase() throws {
    struct Order: Codable, Equatable {
      var orderId: Int
      var totalPrice: Double
    }
    struct OrderWithAcronym: Codable { var orderID: Int }
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let encoder = FlexJSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = .sortedKeys

    let order = try decoder.decode(Order.self, from: #"{"order_id": 104, "total_price": 13.45}"#)
    #expect(order == Order(orderId: 104, totalPrice: 13.45))
    #expect(try encoder.encodeToString(order) == #"{"order_id":104,"total_price":13.45}"#)
    let acronymError = try requireThrows(DecodingError.self) {
      try decoder.decode(OrderWithAcronym.self, from: #"{"order_id": 1}"#)
    }
    #expect(ErrorShape(acronymError).description == #"keyNotFound(orderID) at """#)
    decoder.keyDecodingStrategy = .convertFromAnyCase
    #expect(try decoder.decode(OrderWithAcronym.self, from: #"{"order_id": 1}"#).orderID == 1)
    decoder.keyDecodingStrategy = .convertFromTitleCase
    #expect(
      try decoder.decode(Order.self, from: #"{"OrderId": 1, "TotalPrice": 2}"#) == Order(orderId: 1, totalPrice: 2))
  }

  /// "`<Optional>` → Swift optionals".
  struct Profile: Codable, Equatable {
    var name: String
    var nickname: String?
  }

  @Test func comingFromOptional() throws {
    let decoder = FlexJSONDecoder()
    #expect(try decoder.decode(Profile.self, from: #"{"name": "Ada"}"#) == Profile(name: "Ada", nickname: nil))
    #expect(try decoder.decode(Profile.self, from: #"{"name": "Ada", "nickname": null}"#).nickname == nil)

    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Profile.self, from: Data("{}".utf8))
    #expect(result.value == Profile(name: "", nickname: nil))
    #expect(result.issues.map(\.description) == ["name: key not found; used the default"])
  }

  /// "`<Ignore>` → left out of `CodingKeys`" (and YYModel's blacklist and whitelist).
  struct IgnoringProduct: Codable {
    var id: Int
    var name: String
    var cachedSummary = ""

    enum CodingKeys: String, CodingKey { case id, name }
  }

  @Test func comingFromIgnore() throws {
    let product = try FlexJSONDecoder().decode(
      IgnoringProduct.self, from: #"{"id": 1, "name": "Lamp", "cachedSummary": "stale"}"#)
    #expect(product.cachedSummary == "")
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var changed = product
    changed.cachedSummary = "fresh"
    #expect(try encoder.encodeToString(changed) == #"{"id":1,"name":"Lamp"}"#)
  }

  /// "`validate:` → `FlexValidatable`".
  enum ShopError: Error, Equatable { case negativePrice }

  struct PricedItem: Codable, FlexValidatable, Equatable {
    var name: String
    var price: Double

    func validate() throws {
      guard price >= 0 else { throw ShopError.negativePrice }
    }
  }

  @Test func comingFromValidate() throws {
    struct Cart: Decodable { var items: [PricedItem] }
    let data = Data(#"{"items": [{"name": "a", "price": 1}, {"name": "b", "price": -1}]}"#.utf8)
    // The only problem: thrown as validate() threw it.
    let alone = try requireThrows(ShopError.self) { try FlexJSONDecoder().decode(Cart.self, from: data) }
    #expect(alone == .negativePrice)
    #expect(FlexDecodingError.issues(in: alone).map(\.kind) == [.dataCorrupted])
    // Next to another problem: one validationFailed issue in the FlexDecodingError.
    let withAnother = Data(#"{"items": [{"name": true, "price": 1}, {"name": "b", "price": -1}]}"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode(Cart.self, from: withAnother)
    }
    #expect(error.issues.map(\.kind) == [.typeMismatch, .validationFailed])
    #expect(error.issues.map(\.path) == ["items[0].name", "items[1]"])

    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Cart.self, from: data)
    #expect(result.value.items == [PricedItem(name: "a", price: 1)])
    #expect(result.issues.map(\.kind) == [.droppedElement])
  }

  // MARK: - From YYModel

  /// "`modelCustomPropertyMapper` → `FlexKeyMapping`".
  struct YYBook: Codable, FlexKeyMapping, Equatable {
    var name: String
    var page: Int
    var desc: String
    var bookID: Int

    static let keyMapping: FlexKeyMap = [
      "name": "n",
      "page": "p",
      "desc": "ext.desc",
      "bookID": ["id", "ID", "book_id"],
    ]
  }

  @Test func comingFromModelCustomPropertyMapper() throws {
    let json = #"{"n": "Harry Potter", "p": 256, "ext": {"desc": "A book"}, "id": null, "ID": 100010}"#
    let book = try FlexJSONDecoder().decode(YYBook.self, from: json)
    #expect(book == YYBook(name: "Harry Potter", page: 256, desc: "A book", bookID: 100010))

    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      try encoder.encodeToString(book) == #"{"ext":{"desc":"A book"},"id":100010,"n":"Harry Potter","p":256}"#)
  }

  /// "`modelContainerPropertyGenericClass` → typed collections".
  struct Shadow: Codable, Equatable { var radius: Double }
  struct Border: Codable, Hashable { var width: Int }
  struct Attachment: Codable, Equatable { var url: String }
  struct Attributes: Codable {
    var shadows: [Shadow]
    var borders: Set<Border>
    var attachments: [String: Attachment]
  }

  @Test func comingFromModelContainerPropertyGenericClass() throws {
    let json = #"""
      {"shadows": [{"radius": 2}], "borders": [{"width": 1}, {"width": 1}], "attachments": {"cover": {"url": "c.png"}}}
      """#
    let attributes = try FlexJSONDecoder().decode(Attributes.self, from: json)
    #expect(attributes.shadows == [Shadow(radius: 2)])
    #expect(attributes.borders == [Border(width: 1)])
    #expect(attributes.attachments == ["cover": Attachment(url: "c.png")])
  }

  /// "`modelCustomTransformFromDictionary:` → strategies, `init(from:)` and `FlexValidatable`".
  struct TimestampedUser: Codable, FlexKeyMapping {
    var name: String
    var createdAt: Date
    static let keyMapping: FlexKeyMap = ["createdAt": "timestamp"]
  }

  @Test func comingFromModelCustomTransformFromDictionary() throws {
    let decoder = FlexJSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let user = try decoder.decode(TimestampedUser.self, from: #"{"name": "Harry", "timestamp": 1445534567}"#)
    #expect(user.createdAt == Date(timeIntervalSince1970: 1_445_534_567))
    decoder.dateDecodingStrategy = .flexible
    #expect(
      try decoder.decode(TimestampedUser.self, from: #"{"name": "Harry", "timestamp": "2015-10-22"}"#).createdAt
        == Date(timeIntervalSince1970: 1_445_472_000))
  }

  /// "`NSNumber` / `NSString` conversion → `FlexCoercions`".
  struct Member: Codable, Equatable {
    var uid: UInt64
    var name: String
    var vip: Bool
    var age: Int
  }

  @Test func comingFromNumberAndStringConversion() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let member = try decoder.decode(
      Member.self, from: #"{"uid": "123456", "name": 42, "vip": "yes", "age": null}"#)
    #expect(member == Member(uid: 123456, name: "42", vip: true, age: 0))

    let result = try decoder.decodeWithReport(
      Member.self, from: Data(#"{"uid": "123456", "name": 42, "vip": "yes", "age": null}"#.utf8))
    #expect(result.issues.map(\.description) == ["age: expected Int but found null; used the default"])

    decoder.coercions = []
    decoder.errorPolicy = .collectAll
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder.decode(Member.self, from: #"{"uid": "123456", "name": 42, "vip": "yes", "age": 1}"#)
    }
    #expect(error.issues.map(\.path) == ["uid", "name", "vip"])
  }

  /// "What behaves differently": types are exact.
  @Test func comingFromTypesAreExact() throws {
    struct Counts: Decodable {
      var small: UInt8
      var whole: Int
    }
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode(Counts.self, from: #"{"small": 300, "whole": "1.5"}"#)
    }
    #expect(error.issues.count == 2)
  }
}
