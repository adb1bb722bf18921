import FlexDecoder
import Foundation
import Testing

/// `FlexModel`: one conformance that carries a key map, a check and an adjustment, each with a
/// default that does nothing.
@Suite("FlexModel")
struct FlexModelTests {
  struct NegativeID: Error, Equatable {}

  /// Every customization implemented.
  struct Book: Codable, Equatable, FlexModel {
    var id: Int
    var title: String
    static let keyMapping: FlexKeyMap = ["id": ["id", "ID", "book_id"]]
    mutating func didDecode() { title = title.trimmingCharacters(in: .whitespaces) }
    func validate() throws {
      guard id > 0 else { throw NegativeID() }
    }
  }

  /// Only the check.
  struct Price: Codable, Equatable, FlexModel {
    var amount: Double
    func validate() throws {
      guard amount >= 0 else { throw NegativeID() }
    }
  }

  /// Nothing implemented: a plain `Codable` type.
  struct Plain: Codable, Equatable, FlexModel {
    var userName: String
    var count: Int?
  }

  /// With the protocols that have no neutral default.
  struct Item: Codable, Equatable, FlexModel, FlexTypeErrorPolicy, FlexDefaultValue {
    var id: Int
    var views: Int
    static let keyMapping: FlexKeyMap = ["views": ["views", "view_count"]]
    static var errorPolicy: FlexJSONDecoder.ErrorPolicy { .useDefaults }
    static var flexDefault: Item { Item(id: 0, views: 0) }
  }

  struct Response<Payload: Codable & Equatable>: Codable, Equatable, FlexModel {
    var payload: Payload
    static var keyMapping: FlexKeyMap { ["payload": ["data", "result"]] }
  }

  @Test func oneConformanceCarriesTheKeyMapTheAdjustmentAndTheCheck() throws {
    let book = try FlexJSONDecoder().decode(Book.self, from: Data(#"{"book_id": 7, "title": "  Dune "}"#.utf8))
    #expect(book == Book(id: 7, title: "Dune"))

    #expect(throws: NegativeID()) {
      try FlexJSONDecoder().decode(Book.self, from: Data(#"{"ID": -1, "title": "x"}"#.utf8))
    }
    let lenient = FlexJSONDecoder()
    lenient.errorPolicy = .useDefaults
    let nested = try lenient.decodeWithReport(
      [Book].self, from: Data(#"[{"ID": -1, "title": "x"}, {"id": 2, "title": "y "}]"#.utf8))
    #expect(nested.value == [Book(id: 2, title: "y")])
    #expect(nested.issues.map { "\($0.kind) \($0.path)" } == ["droppedElement [0]"])
  }

  @Test func aModelIsSeenAsEachOfTheProtocolsItCombines() {
    let type: Any.Type = Book.self
    #expect(type is any FlexKeyMapping.Type)
    #expect(type is any FlexValidatable.Type)
    #expect(type is any FlexDidDecode.Type)
    #expect(Book.keyMapping.properties == ["id"])
  }

  @Test func theDefaultsChangeNothing() throws {
    #expect(Plain.keyMapping.isEmpty)
    var plain = Plain(userName: "ann", count: nil)
    plain.didDecode()
    #expect(plain == Plain(userName: "ann", count: nil))
    #expect(throws: Never.self) { try plain.validate() }

    let price = try FlexJSONDecoder().decode(Price.self, from: Data(#"{"amount": 2.5}"#.utf8))
    #expect(price == Price(amount: 2.5))
    #expect(throws: NegativeID.self) {
      try FlexJSONDecoder.strict().decode(Price.self, from: Data(#"{"amount": -1}"#.utf8))
    }
  }

  @Test func aModelThatCustomizesNothingDecodesAndEncodesAsJSONDecoderAndJSONEncoderDo() throws {
    let inputs = [
      #"{"userName": "ann", "count": 2}"#, #"{"userName": "ann"}"#, #"{"user_name": "ann"}"#,
      #"{"userName": 5}"#,
    ]
    for input in inputs {
      let data = Data(input.utf8)
      let foundation = Result { try JSONDecoder().decode(Plain.self, from: data) }
      let flex = Result { try FlexJSONDecoder.strict().decode(Plain.self, from: data) }
      switch (foundation, flex) {
      case (.success(let expected), .success(let actual)): #expect(actual == expected, "\(input)")
      case (.failure(let expected), .failure(let actual)):
        #expect(describe(actual) == describe(expected), "\(input)")
      default: Issue.record("\(input): JSONDecoder \(foundation), FlexJSONDecoder \(flex)")
      }
    }
    let value = [Plain(userName: "ann", count: 2), Plain(userName: "bo", count: nil)]
    let foundationEncoder = JSONEncoder()
    foundationEncoder.outputFormatting = .sortedKeys
    let flexEncoder = FlexJSONEncoder()
    flexEncoder.outputFormatting = .sortedKeys
    #expect(try flexEncoder.encode(value) == foundationEncoder.encode(value))
  }

  @Test func anEmptyKeyMapLeavesTheKeyStrategyInCharge() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let plain = try decoder.decode(Plain.self, from: Data(#"{"user_name": "ann", "count": 1}"#.utf8))
    #expect(plain == Plain(userName: "ann", count: 1))

    let encoder = FlexJSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    #expect(
      String(decoding: try encoder.encode(Plain(userName: "ann", count: nil)), as: UTF8.self) == #"{"user_name":"ann"}"#
    )
  }

  @Test func aModelCombinesWithATypePolicyAndADefaultValue() throws {
    let json = Data(#"{"items": [{"id": 1, "view_count": "many"}, {"id": 2, "views": 9}]}"#.utf8)
    struct Feed: Codable { var items: [Item] }
    let result = try FlexJSONDecoder.strict().decodeWithReport(Feed.self, from: json)
    #expect(result.value.items == [Item(id: 1, views: 0), Item(id: 2, views: 9)])
    #expect(result.issues.map { "\($0.kind) \($0.path)" } == ["defaulted items[0].views"])
  }

  @Test func aGenericModelReadsItsComputedMapForEachConcreteType() throws {
    let numbers = try FlexJSONDecoder().decode(Response<[Int]>.self, from: Data(#"{"result": [1, 2]}"#.utf8))
    #expect(numbers.payload == [1, 2])
    let text = try FlexJSONDecoder().decode(Response<String>.self, from: Data(#"{"data": "x"}"#.utf8))
    #expect(text.payload == "x")
  }

  @Test func theKeyMapDecidesTheKeyWrittenAsForAnyKeyMapping() throws {
    let encoded = try FlexJSONEncoder().encode(Response(payload: 3))
    let foundationReadable = try JSONSerialization.jsonObject(with: encoded) as? [String: Int]
    #expect(foundationReadable == ["data": 3])
  }
}

private func describe(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return "\(error)" }
  switch error {
  case .keyNotFound(let key, let context):
    return "keyNotFound \(key.stringValue) \(context.codingPath.map(\.stringValue))"
  case .typeMismatch(let type, let context): return "typeMismatch \(type) \(context.codingPath.map(\.stringValue))"
  case .valueNotFound(let type, let context): return "valueNotFound \(type) \(context.codingPath.map(\.stringValue))"
  case .dataCorrupted(let context): return "dataCorrupted \(context.codingPath.map(\.stringValue))"
  @unknown default: return "\(error)"
  }
}
