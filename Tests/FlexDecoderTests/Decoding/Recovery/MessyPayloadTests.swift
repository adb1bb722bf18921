import FlexDecoder
import Foundation
import Testing

/// Payloads shaped like the APIs JSONModel and YYModel users met: renamed and nested keys,
/// snake_case, numbers sent as strings, and ids that are sometimes one and sometimes the other.
@Suite("Messy payloads")
struct MessyPayloadTests {
  // MARK: - YYModel

  @Test func yyModelBookExample() throws {
    let json = #"{"n":"Harry Pottery","p":256,"ext":{"desc":"A book written by J.K.Rowing."},"ID":100010}"#
    let book = try decode(Book.self, json)
    #expect(book == Book(name: "Harry Pottery", page: 256, desc: "A book written by J.K.Rowing.", bookID: 100010))
  }

  @Test(arguments: [
    #"{"n": "Harry Pottery", "p": "256", "ext": {"desc": "A book written by J.K.Rowing."}, "book_id": "100010"}"#,
    #"{"id": null, "ID": 100010, "n": "Harry Pottery", "p": 256.0, "ext": {"desc": "A book written by J.K.Rowing."}}"#,
    #"{"ext": {"desc": "A book written by J.K.Rowing."}, "book_id": 100010, "p": " 256 ", "n": "Harry Pottery"}"#,
  ])
  func yyModelBookWithMessierFields(json: String) throws {
    let book = try decode(Book.self, json)
    #expect(book == Book(name: "Harry Pottery", page: 256, desc: "A book written by J.K.Rowing.", bookID: 100010))
  }

  @Test func yyModelBookMissingItsIDNamesEveryCandidate() throws {
    let error = try requireDecodingError {
      try decode([Book].self, #"[{"n": "x", "p": 1, "ext": {"desc": "d"}, "bookId": 1}]"#)
    }
    let summary = DecodingErrorSummary(error)
    #expect(summary.kind == .keyNotFound)
    #expect(summary.key == "bookID")
    #expect(summary.path == ["Index 0"])
    #expect(summary.message.contains(#"tried "id", "ID", "book_id""#))
  }

  // MARK: - JSONModel

  @Test func jsonModelCountryExample() throws {
    let json = #"{"id": "10", "country": "Germany", "dialCode": 49, "isInEurope": "true"}"#
    let country = try decode(Country.self, json)
    #expect(country == Country(id: 10, country: "Germany", dialCode: 49, isInEurope: true))
  }

  @Test func jsonModelNestedOrderExample() throws {
    let json = #"""
      {"order_id": 104, "total_price": "13.45",
       "products": [{"id": "123", "name": "Product #1", "price": 12.95},
                    {"id": 137, "name": "Product #2", "price": "82.95"}]}
      """#
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let order = try decode(Order.self, json, with: decoder)
    #expect(order.orderId == 104)
    #expect(order.totalPrice == 13.45)
    #expect(
      order.products == [
        Product(id: 123, name: "Product #1", price: 12.95), Product(id: 137, name: "Product #2", price: 82.95),
      ])
  }

  @Test func jsonModelKeyMapperExample() throws {
    let json = #"{"orderId": 104, "orderDetails": {"name": "Product #1", "price": {"usd": 12.95}}}"#
    let order = try decode(MappedOrder.self, json)
    #expect(order == MappedOrder(id: 104, productName: "Product #1", price: 12.95))
  }

  @Test func jsonModelSnakeCaseMapperWithAnyCase() throws {
    let json = #"{"order_id": 104, "Order-Product": "Product #1", "ORDER_PRICE": "12.95", "isPaid": "0"}"#
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromAnyCase
    let order = try decode(SnakeOrder.self, json, with: decoder)
    #expect(order == SnakeOrder(orderId: 104, orderProduct: "Product #1", orderPrice: 12.95, isPaid: false))
  }

  // MARK: - Mixed lists

  @Test func listWithIDsAsNumbersAndStrings() throws {
    let json = #"""
      [{"id": 42, "sku": 1001, "price": "9.99", "in_stock": "yes", "tags": "sale", "rating": null},
       {"id": "43", "sku": "A-7", "price": 10, "in_stock": 1, "tags": ["new", "sale"], "rating": "4.5"},
       {"id": " 44 ", "sku": 1002.50, "price": "1e1", "in_stock": "FALSE", "tags": [], "rating": 3}]
      """#
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.coercions.insert(.singleToArray)
    let items = try decode([Item].self, json, with: decoder)
    #expect(items.map(\.id) == [42, 43, 44])
    #expect(items.map(\.sku) == ["1001", "A-7", "1002.50"])
    #expect(items.map(\.price) == [Decimal(string: "9.99"), 10, 10])
    #expect(items.map(\.inStock) == [true, true, false])
    #expect(items.map(\.tags) == [["sale"], ["new", "sale"], []])
    #expect(items.map(\.rating) == [nil, 4.5, 3])
  }

  @Test func idsBeyondDoublePrecisionStayExactAsNumbersAndStrings() throws {
    let json = #"[{"id": "9007199254740993"}, {"id": 9007199254740993}, {"id": "-1"}]"#
    let ids = try decode([Identified].self, json)
    #expect(ids.map(\.id) == [9_007_199_254_740_993, 9_007_199_254_740_993, -1])
  }

  // MARK: - Envelopes and embedded JSON

  @Test func apiEnvelopeWithStringCountsAndTitleCaseIDs() throws {
    let json = #"""
      {"code": "0", "msg": "success",
       "data": {"total": "2", "page": 1,
                "list": [{"ID": 1, "nick_name": "ann", "avatar": {"urls": ["a.png", "a@2x.png"]}, "vip": "1"},
                         {"uid": "2", "nick_name": "bob", "avatar": {"urls": []}, "vip": 0}]}}
      """#
    let data = Data(json.utf8)
    let decoder = FlexJSONDecoder()
    let page = try decoder.decode(UserPage.self, from: data, at: "data")
    #expect(page.total == 2)
    #expect(
      page.list == [
        User(id: 1, nickName: "ann", avatar: "a.png", vip: true),
        User(id: 2, nickName: "bob", avatar: nil, vip: false),
      ])
    #expect(try decoder.decode(Int.self, from: data, at: "code") == 0)
    #expect(try decoder.decode(String.self, from: data, at: "data.list.1.nick_name") == "bob")
  }

  @Test func settingsSentAsAStringHoldingJSON() throws {
    let json = #"""
      {"user_id": 5, "settings": "{\"theme\": \"dark\", \"font_size\": \"14\", \"beta\": 1}",
       "roles": "admin"}
      """#
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.coercions = .all
    let account = try decode(Account.self, json, with: decoder)
    #expect(
      account == Account(userId: 5, settings: Settings(theme: "dark", fontSize: 14, beta: true), roles: ["admin"]))
  }

  // MARK: - Helpers

  private func decode<T: Decodable>(
    _ type: T.Type, _ json: String, with decoder: FlexJSONDecoder = FlexJSONDecoder()
  ) throws -> T {
    try decoder.decode(type, from: Data(json.utf8))
  }
}

// MARK: - Fixtures

extension MessyPayloadTests {
  /// YYModel's `Book`, with its `modelCustomPropertyMapper` as a key map.
  struct Book: Decodable, Equatable, FlexKeyMapping {
    var name: String
    var page: Int
    var desc: String
    var bookID: Int
    static let keyMapping: FlexKeyMap = [
      "name": "n", "page": "p", "desc": "ext.desc", "bookID": ["id", "ID", "book_id"],
    ]
  }

  /// JSONModel's `CountryModel`.
  struct Country: Decodable, Equatable {
    var id: Int
    var country: String
    var dialCode: Int
    var isInEurope: Bool
  }

  struct Product: Decodable, Equatable {
    var id: Int
    var name: String
    var price: Double
  }

  /// JSONModel's `OrderModel`.
  struct Order: Decodable {
    var orderId: Int
    var totalPrice: Double
    var products: [Product]
  }

  /// JSONModel's key mapper example: `id ← orderId`, nested names through key paths.
  struct MappedOrder: Decodable, Equatable, FlexKeyMapping {
    var id: Int
    var productName: String
    var price: Double
    static let keyMapping: FlexKeyMap = [
      "id": "orderId", "productName": "orderDetails.name", "price": "orderDetails.price.usd",
    ]
  }

  struct SnakeOrder: Decodable, Equatable {
    var orderId: Int
    var orderProduct: String
    var orderPrice: Double
    var isPaid: Bool
  }

  struct Item: Decodable {
    var id: Int
    var sku: String
    var price: Decimal
    var inStock: Bool
    var tags: [String]
    var rating: Double?
  }

  struct Identified: Decodable {
    var id: Int64
  }

  struct User: Decodable, Equatable, FlexKeyMapping {
    var id: Int
    var nickName: String
    var avatar: String?
    var vip: Bool
    static let keyMapping: FlexKeyMap = [
      "id": ["id", "ID", "uid"], "nickName": "nick_name", "avatar": "avatar.urls.0",
    ]
  }

  struct UserPage: Decodable {
    var total: Int
    var list: [User]
  }

  struct Settings: Decodable, Equatable {
    var theme: String
    var fontSize: Int
    var beta: Bool
  }

  struct Account: Decodable, Equatable {
    var userId: Int
    var settings: Settings
    var roles: [String]
  }
}
