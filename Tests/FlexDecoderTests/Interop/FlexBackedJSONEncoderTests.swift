import FlexDecoder
import Foundation
import Testing

/// FlexBackedJSONEncoder where code holds a `JSONEncoder`: with `.sortedKeys` it writes the bytes
/// `JSONEncoder` writes, under every `JSONEncoder` option, also through a `JSONEncoder` reference
/// or a subclass, and it throws `JSONEncoder`'s `EncodingError` at the same coding path.
@Suite("FlexBackedJSONEncoder")
struct FlexBackedJSONEncoderTests {
  // MARK: - Code that holds a JSONEncoder

  /// A client that stores its encoder as a `JSONEncoder`.
  struct APIClient {
    let encoder: JSONEncoder

    func body(for order: Order) throws -> Data {
      try encoder.encode(order)
    }
  }

  /// The app's configured encoder. It was `final class APIEncoder: JSONEncoder`.
  final class APIEncoder: FlexBackedJSONEncoder, @unchecked Sendable {
    override init() {
      super.init()
      outputFormatting = [.sortedKeys, .prettyPrinted]
      keyEncodingStrategy = .convertToSnakeCase
      dateEncodingStrategy = .iso8601
    }
  }

  /// The same options on Foundation's encoder.
  static func foundationAPIEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  struct Order: Codable, Equatable {
    var orderId: Int
    var placedAt: Date
    var note: String?
    var lines: [Line]
    var attachment: Data
    var homepage: URL
    var totals: [String: Double]

    struct Line: Codable, Equatable {
      var productName: String
      var unitPrice: Double
      var quantity: Int
    }
  }

  static let order = Order(
    orderId: 1042, placedAt: Date(timeIntervalSince1970: 1_714_566_600), note: nil,
    lines: [
      Order.Line(productName: "Tea / green", unitPrice: 3.5, quantity: 2),
      Order.Line(productName: "Caf\u{E9} \u{1F375}", unitPrice: 0.1, quantity: 1),
    ],
    attachment: Data([0, 1, 2, 255]), homepage: URL(string: "https://example.com/a/b?c=d")!,
    totals: ["net": 7.1, "VAT": 1.42, "gross": 8.52])

  @Test func aStoredJSONEncoderTakesTheSubclassInOneChangedLine() throws {
    let encoder = FlexBackedJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let body = try APIClient(encoder: encoder).body(for: Self.order)
    #expect(body == (try APIClient(encoder: foundation).body(for: Self.order)))
    #expect(try FlexBackedJSONDecoder().decode(Order.self, from: body) == Self.order)
  }

  @Test func aJSONEncoderSubclassWritesJSONEncodersBytes() throws {
    let encoder: JSONEncoder = APIEncoder()
    let bytes = try encoder.encode(Self.order)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == String(decoding: try Self.foundationAPIEncoder().encode(Self.order), as: UTF8.self))
    let decoder = FlexBackedJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    #expect(try decoder.decode(Order.self, from: bytes) == Self.order)
  }

  @Test func outputFormattingBitsAreFoundations() {
    #expect(
      JSONEncoder.OutputFormatting.prettyPrinted.rawValue == FlexJSONEncoder.OutputFormatting.prettyPrinted.rawValue)
    #expect(JSONEncoder.OutputFormatting.sortedKeys.rawValue == FlexJSONEncoder.OutputFormatting.sortedKeys.rawValue)
    #expect(
      JSONEncoder.OutputFormatting.withoutEscapingSlashes.rawValue
        == FlexJSONEncoder.OutputFormatting.withoutEscapingSlashes.rawValue)
  }

  // MARK: - Parity with JSONEncoder

  @Test(arguments: BackedEncoderCase.all)
  func writesJSONEncodersBytes(_ encoderCase: BackedEncoderCase) throws {
    try encoderCase.expectSameOutcome()
  }

  @Test func failuresThrowJSONEncodersError() throws {
    struct Reading: Encodable {
      var values: [Double]
    }
    let value = Reading(values: [1, .infinity])
    let expected = try requireThrows(EncodingError.self) { try JSONEncoder().encode(value) }
    let actual = try requireThrows(EncodingError.self) { try (FlexBackedJSONEncoder() as JSONEncoder).encode(value) }
    guard case .invalidValue(_, let expectedContext) = expected, case .invalidValue(_, let actualContext) = actual
    else {
      Issue.record("expected invalidValue, got \(expected) and \(actual)")
      return
    }
    #expect(actualContext.codingPath.map(\.stringValue) == expectedContext.codingPath.map(\.stringValue))
    #expect(actualContext.codingPath.map(\.stringValue) == ["values", "Index 1"])
  }

  // MARK: - Options are read when an encode starts

  @Test func anEncodeWorksOnTheOptionsItStartedWith() throws {
    struct Stamp: Encodable {
      var createdAt: Date
      var updatedAt: Date
    }
    let encoder = FlexBackedJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.dateEncodingStrategy = .custom { [encoder] date, dateEncoder in
      // Changed in the middle of an encode: only the next encode sees it.
      encoder.keyEncodingStrategy = .convertToSnakeCase
      var container = dateEncoder.singleValueContainer()
      try container.encode(date.timeIntervalSince1970)
    }
    let stamp = Stamp(createdAt: Date(timeIntervalSince1970: 1), updatedAt: Date(timeIntervalSince1970: 2))
    #expect(String(decoding: try encoder.encode(stamp), as: UTF8.self) == #"{"createdAt":1,"updatedAt":2}"#)
    #expect(String(decoding: try encoder.encode(stamp), as: UTF8.self) == #"{"created_at":1,"updated_at":2}"#)
  }

  // MARK: - Flex's own options

  @Test func keyMapsApplyThroughTheJSONEncoderReference() throws {
    struct Book: Codable, Equatable, FlexKeyMapping {
      var bookID: Int
      var desc: String
      var title: String
      static let keyMapping: FlexKeyMap = ["bookID": ["id", "ID"], "desc": "ext.desc"]
    }
    let backed = FlexBackedJSONEncoder()
    backed.outputFormatting = .sortedKeys
    backed.keyMapping = ["title": "name"]
    let encoder: JSONEncoder = backed
    let book = Book(bookID: 1, desc: "d", title: "t")
    let text = String(decoding: try encoder.encode(book), as: UTF8.self)
    #expect(text == #"{"ext":{"desc":"d"},"id":1,"name":"t"}"#)
    let decoder = FlexBackedJSONDecoder()
    decoder.keyMapping = ["title": "name"]
    #expect(try decoder.decode(Book.self, from: Data(text.utf8)) == book)
  }

  @Test func theFlexKeyStrategyReplacesTheJSONEncoderOneWhenSet() throws {
    struct Person: Encodable {
      var firstName: String
    }
    let encoder = FlexBackedJSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    #expect(encoder.flexKeyEncodingStrategy == nil)
    encoder.flexKeyEncodingStrategy = .convertToKebabCase
    #expect(String(decoding: try encoder.encode(Person(firstName: "A")), as: UTF8.self) == #"{"first-name":"A"}"#)
    encoder.flexKeyEncodingStrategy = nil
    #expect(String(decoding: try encoder.encode(Person(firstName: "A")), as: UTF8.self) == #"{"first_name":"A"}"#)
  }

  // MARK: - EncodableWithConfiguration

  /// A value scaled by its configuration when written.
  struct Scaled: EncodableWithConfiguration {
    var value: Int
    func encode(to encoder: any Encoder, configuration factor: Int) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(value * factor, forKey: .value)
      try container.encode("/x", forKey: .path)
    }

    private enum CodingKeys: CodingKey { case value, path }
  }

  enum Double2: EncodingConfigurationProviding {
    static var encodingConfiguration: Int { 2 }
  }

  @Test func configuredEncodesWriteJSONEncodersBytes() throws {
    let encoder: JSONEncoder = FlexBackedJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let value = Scaled(value: 21)
    #expect(try encoder.encode(value, configuration: 2) == foundation.encode(value, configuration: 2))
    #expect(
      try encoder.encode(value, configuration: Double2.self) == foundation.encode(value, configuration: Double2.self))
    #expect(
      String(decoding: try encoder.encode(value, configuration: 2), as: UTF8.self) == #"{"path":"\/x","value":42}"#)
  }

  // MARK: - Sharing

  @Test func oneEncoderIsSharedByConcurrentTasks() async throws {
    let encoder: JSONEncoder = APIEncoder()
    let expected = try Self.foundationAPIEncoder().encode(Self.order)
    let order = Self.order
    let encoded = try await withThrowingTaskGroup(of: Data.self) { group in
      for _ in 0..<8 { group.addTask { try encoder.encode(order) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(encoded == Array(repeating: expected, count: 8))
  }
}

// MARK: - Parity cases

/// One value encoded by `JSONEncoder` and by `FlexBackedJSONEncoder`, both configured by the same
/// closure (always with `.sortedKeys`, so that `JSONEncoder`'s bytes are defined): the bytes must
/// be identical, or the errors the same `EncodingError` at the same coding path.
struct BackedEncoderCase: Sendable, CustomTestStringConvertible {
  let name: String
  let configure: @Sendable (JSONEncoder) -> Void
  let run: @Sendable (_ foundation: JSONEncoder, _ flex: JSONEncoder) throws -> Void

  var testDescription: String { name }

  init<T: Encodable & Sendable>(
    _ name: String, _ value: T, configure: @escaping @Sendable (JSONEncoder) -> Void = { _ in }
  ) {
    self.name = name
    self.configure = configure
    run = { foundation, flex in
      let expected = Result { try foundation.encode(value) }
      let actual = Result { try flex.encode(value) }
      switch (expected, actual) {
      case (.success(let expected), .success(let actual)):
        #expect(
          String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(name)")
      case (.failure(let expected as EncodingError), .failure(let actual as EncodingError)):
        #expect(Self.path(of: actual) == Self.path(of: expected), "\(name)")
      case (.failure(let expected), .failure(let actual)):
        Issue.record("\(name): JSONEncoder threw \(expected), Flex threw \(actual)")
      case (.success, .failure(let error)):
        Issue.record("\(name): JSONEncoder encoded, Flex threw \(error)")
      case (.failure(let error), .success):
        Issue.record("\(name): JSONEncoder threw \(error), Flex encoded")
      }
    }
  }

  /// Runs the case with `.sortedKeys` and the case's options on both encoders.
  func expectSameOutcome() throws {
    let foundation = JSONEncoder()
    let flex = FlexBackedJSONEncoder()
    for encoder in [foundation, flex] {
      encoder.outputFormatting = .sortedKeys
      configure(encoder)
    }
    try run(foundation, flex)
  }

  static func path(of error: EncodingError) -> [String] {
    guard case .invalidValue(_, let context) = error else { return ["not invalidValue"] }
    return context.codingPath.map(\.stringValue)
  }

  // MARK: Models

  struct Profile: Encodable {
    var userID: Int
    var fullName: String
    var website: URL
    var scores: [Double]
    var nickname: String?
    var joinedAt: Date
    var avatar: Data
  }

  /// Writes a value from `userInfo`.
  struct Tagged: Encodable {
    static let key = CodingUserInfoKey(rawValue: "tag")!

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(encoder.userInfo[Self.key] as? String ?? "none")
    }
  }

  static let profile = Profile(
    userID: 7, fullName: "Ada \"Countess\" Lovelace", website: URL(string: "https://example.com/~ada/")!,
    scores: [0.1, 1e-7, 1e16, 100, -0.0], nickname: nil, joinedAt: Date(timeIntervalSince1970: 1_714_566_600.25),
    avatar: Data("hello".utf8))

  static let formatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }()

  static let all: [BackedEncoderCase] = [
    BackedEncoderCase("sortedKeys", profile),
    BackedEncoderCase("prettyPrinted", profile, configure: { $0.outputFormatting.insert(.prettyPrinted) }),
    BackedEncoderCase(
      "withoutEscapingSlashes", profile, configure: { $0.outputFormatting.insert(.withoutEscapingSlashes) }),
    BackedEncoderCase(
      "prettyPrinted, withoutEscapingSlashes", profile,
      configure: { $0.outputFormatting.formUnion([.prettyPrinted, .withoutEscapingSlashes]) }),
    BackedEncoderCase("dates: deferredToDate", profile, configure: { $0.dateEncodingStrategy = .deferredToDate }),
    BackedEncoderCase("dates: secondsSince1970", profile, configure: { $0.dateEncodingStrategy = .secondsSince1970 }),
    BackedEncoderCase(
      "dates: millisecondsSince1970", profile, configure: { $0.dateEncodingStrategy = .millisecondsSince1970 }),
    BackedEncoderCase("dates: iso8601", profile, configure: { $0.dateEncodingStrategy = .iso8601 }),
    BackedEncoderCase("dates: formatted", profile, configure: { $0.dateEncodingStrategy = .formatted(formatter) }),
    BackedEncoderCase(
      "dates: custom", profile,
      configure: {
        $0.dateEncodingStrategy = .custom { date, encoder in
          var container = encoder.unkeyedContainer()
          try container.encode(date.timeIntervalSince1970)
        }
      }),
    BackedEncoderCase("data: deferredToData", profile, configure: { $0.dataEncodingStrategy = .deferredToData }),
    BackedEncoderCase(
      "data: custom", profile,
      configure: {
        $0.dataEncodingStrategy = .custom { data, encoder in
          var container = encoder.singleValueContainer()
          try container.encode(data.count)
        }
      }),
    BackedEncoderCase(
      "floats: convertToString", [Double.infinity, -.infinity, .nan, 1.5],
      configure: {
        $0.nonConformingFloatEncodingStrategy = .convertToString(
          positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "NaN")
      }),
    BackedEncoderCase("floats: throw", ["a": [1, Double.nan]]),
    BackedEncoderCase("keys: convertToSnakeCase", profile, configure: { $0.keyEncodingStrategy = .convertToSnakeCase }),
    BackedEncoderCase(
      "keys: custom", profile,
      configure: {
        $0.keyEncodingStrategy = .custom { path in
          StringCodingKey(path.last!.stringValue.uppercased())
        }
      }),
    BackedEncoderCase("userInfo", [Tagged()], configure: { $0.userInfo = [Tagged.key: "from userInfo"] }),
  ]
}

/// A coding key from a string.
private struct StringCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
