import FlexDecoder
import Foundation
import Testing

/// The Swift samples of the DocC catalog, Sources/FlexDecoder/FlexDecoder.docc. The landing
/// page's `Book` is README.md's, tested in DocExamplesTests.swift.
extension DocExamplesTests {
  // MARK: - Articles/GettingStarted.md

  /// "Decode as before".
  @Test func doccGettingStartedDecodeAsBefore() throws {
    let data = Data(#"{"id": 1, "firstName": "Ada", "isAdmin": true}"#.utf8)
    let decoder = FlexJSONDecoder()
    let user = try decoder.decode(User.self, from: data)
    #expect(user == User(id: 1, firstName: "Ada", isAdmin: true))
    #expect(user == (try JSONDecoder().decode(User.self, from: data)))
  }

  /// "Tolerate what the API gets wrong" (the key map).
  struct GettingStartedBook: Codable, FlexKeyMapping, Equatable {
    var bookID: Int
    var desc: String
    static let keyMapping: FlexKeyMap = [
      "bookID": ["id", "ID", "book_id"],
      "desc": "ext.desc",
    ]
  }

  @Test func doccGettingStartedKeyMapAndEncoding() throws {
    let book = try FlexJSONDecoder().decode(
      GettingStartedBook.self, from: #"{"book_id": 3, "ext": {"desc": "A book"}}"#)
    #expect(book == GettingStartedBook(bookID: 3, desc: "A book"))

    // "Encode": the first candidates, key paths as nested objects; decodes back to the same value.
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let text = try encoder.encodeToString(book)
    #expect(
      text == """
        {
          "ext" : {
            "desc" : "A book"
          },
          "id" : 3
        }
        """)
    #expect(try FlexJSONDecoder().decode(GettingStartedBook.self, from: text) == book)
  }

  // MARK: - Articles/HandlingErrors.md

  /// "Every problem in one error" (README.md's `Order`).
  @Test func doccHandlingErrorsEveryProblem() throws {
    let data = Data(
      #"{"items": [{"sku": "a", "quantity": 1}, {"quantity": 2}, {"SKU": "c", "quantity": "two"}]}"#.utf8)
    do {
      let order = try FlexJSONDecoder().decode(Order.self, from: data)
      Issue.record("decoded \(order)")
    } catch let error as FlexDecodingError {
      #expect(error.issues.map(\.kind) == [.keyNotFound, .typeMismatch])
      #expect(error.issues.map(\.path) == ["items[1].sku", "items[2].quantity"])
      #expect(
        error.issues.map(\.message) == [
          #"key not found (tried "sku", "SKU")"#, #"expected Int but found the string "two""#,
        ])
      #expect(error.decodingErrors.count == 2)
    } catch let error as DecodingError {
      Issue.record("unexpected \(error)")
    }
  }

  /// "Defaults and a report", with HandlingErrors' `Status`.
  @Test func doccHandlingErrorsDefaultsAndReport() throws {
    let data = Data(
      #"{"id": "42", "items": [{"sku": "a", "quantity": 1}, {"sku": "b", "quantity": 2}, {"sku": "c", "quantity": "x"}]}"#
        .utf8)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.reportsCoercions = true
    let result = try decoder.decodeWithReport(ReportOrder.self, from: data)
    #expect(result.value.items[2].quantity == 0)
    #expect(
      result.issues.map(\.description) == [
        #"id: coerced string "42" to Int"#,
        #"items[2].quantity: expected Int but found the string "x"; used the default"#,
      ])

    struct Subscription: Decodable {
      var status: Status
      var renewals: [Status]
      var previous: Status?
    }
    let subscription = try decoder.decode(
      Subscription.self, from: #"{"status": "paused", "renewals": ["active", "paused"], "previous": "paused"}"#)
    #expect(subscription.status == .unknown)
    // Failing array elements are dropped and bad optionals become nil, defaults or not.
    #expect(subscription.renewals == [.active])
    #expect(subscription.previous == nil)
  }

  /// "Unknown keys".
  @Test func doccHandlingErrorsUnknownKeys() throws {
    struct Point: Decodable { var x: Int }
    let decoder = FlexJSONDecoder()
    decoder.unknownKeyPolicy = .report
    let result = try decoder.decodeWithReport(Point.self, from: Data(#"{"x": 1, "y": 2}"#.utf8))
    #expect(result.issues == [FlexIssue(kind: .unknownKey, path: "y", message: #"unknown key "y""#)])
    decoder.unknownKeyPolicy = .fail
    // A problem: alone, thrown as its DecodingError; with others, listed in a FlexDecodingError.
    let alone = try requireThrows(DecodingError.self) { try decoder.decode(Point.self, from: #"{"x": 1, "y": 2}"#) }
    #expect(ErrorShape(alone).description == #"dataCorrupted at "y""#)
    #expect(FlexDecodingError.issues(in: alone).map(\.description) == [#"y: unknown key "y""#])
    let several = try requireThrows(FlexDecodingError.self) {
      try decoder.decode(Point.self, from: #"{"x": 1, "y": 2, "z": 3}"#)
    }
    #expect(
      several.issues == [
        FlexIssue(kind: .unknownKey, path: "y", message: #"unknown key "y""#),
        FlexIssue(kind: .unknownKey, path: "z", message: #"unknown key "z""#),
      ])
  }

  /// "Errors your code catches stay yours".
  @Test func doccHandlingErrorsCaughtErrorsStayYours() throws {
    struct Flexible: Decodable {
      var id: String
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let key = AnyKey(stringValue: "id")
        id = (try? container.decode(String.self, forKey: key)).map { "string \($0)" } ?? "fallback"
      }
    }
    struct AnyKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    // JSONDecoder throws for the number, the `try?` falls back; FlexDecoder does the same
    // instead of coercing 7 to "7" behind the code's back.
    let result = try FlexJSONDecoder().decodeWithReport(Flexible.self, from: Data(#"{"id": 7}"#.utf8))
    #expect(result.value.id == "fallback")
    #expect(result.issues.isEmpty)
  }

  // MARK: - Articles/Validation.md

  @Test func doccValidation() throws {
    let data = Data(#"[{"amount": 20}, {"amount": -1}]"#.utf8)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([Price].self, from: data)
    #expect(result.value.map(\.amount) == [20.0])
    #expect(result.issues.map(\.description) == ["[1]: validation failed: negative; dropped"])

    // .collectAll, next to another problem: "price: validation failed: negative".
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode(Line.self, from: #"{"name": true, "price": {"amount": -1}}"#)
    }
    #expect(
      error.issues.map(\.description) == ["name: expected String but found true", "price: validation failed: negative"])
    // The only problem: the error validate() threw, itself.
    #expect(throws: PriceError.negative) {
      try FlexJSONDecoder().decode(Line.self, from: #"{"name": "Lamp", "price": {"amount": -1}}"#)
    }

    // Elsewhere an invalid value is replaced by its default; an invalid optional becomes nil.
    struct Offer: Decodable {
      var price: Price
      var discount: Price?
    }
    let offer = try decoder.decodeWithReport(
      Offer.self, from: Data(#"{"price": {"amount": -5}, "discount": {"amount": -1}}"#.utf8))
    #expect(offer.value.price.amount == 0)
    #expect(offer.value.discount == nil)
  }
}
