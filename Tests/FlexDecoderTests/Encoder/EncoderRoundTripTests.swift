import FlexDecoder
import Foundation
import Testing

/// What FlexJSONEncoder writes, FlexJSONDecoder reads back to an equal value (with matching
/// strategies and key maps), and `encodeToJSONValue` is the parsed form of `encode`.
@Suite("Encoder round trips")
struct EncoderRoundTripTests {
  // MARK: - Models

  /// Every scalar type the encoder knows.
  struct AllScalars: Codable, Equatable {
    var int = Int.min
    var int8 = Int8.min
    var int16 = Int16.max
    var int32 = Int32.min
    var int64 = Int64.max
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var float: Float = .pi
    var tinyFloat: Float = .leastNonzeroMagnitude
    var double = 0.1
    var hugeDouble = Double.greatestFiniteMagnitude
    var tinyDouble = Double.leastNonzeroMagnitude
    var negativeZero = -0.0
    var decimal = Decimal(string: "12345678901234567890.123456789", locale: Locale(identifier: "en_US_POSIX"))
    var bool = true
    var string = "\u{0}\u{1F}\"\\/\u{7F}\u{2028} e\u{301} 👩‍👩‍👧‍👦"
    var url = URL(string: "https://example.com/a?b=c#d")
    var date = Date(timeIntervalSince1970: 1_700_000_000.25)
    var data = Data([0, 1, 2, 0xFF])
    var missing: String?
    var list: [Int?] = [1, nil, 3]
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  struct WideIntegers: Codable, Equatable {
    var signed = Int128.min
    var unsigned = UInt128.max
    var list: [Int128] = [.max, 0, -1]
  }

  /// A per-type key map: candidates, key paths into one shared nested object, a deeper path, a
  /// path through an array index, and an escaped dot.
  struct MappedBook: Codable, Equatable, FlexKeyMapping {
    var bookID: Int
    var title: String
    var desc: String
    var pages: Int
    var authorName: String?
    var coverURL: String
    var dotted: Bool
    var unmappedValue = 0

    static let keyMapping: FlexKeyMap = [
      "bookID": ["id", "ID", "book_id"],
      "desc": "ext.desc",
      "pages": ["ext.pages", "pageCount"],
      "authorName": "meta.author.name",
      "coverURL": "images.0.url",
      "dotted": "a\\.b",
    ]

    static let sample = MappedBook(
      bookID: 7, title: "Dune", desc: "Spice", pages: 412, authorName: "Herbert", coverURL: "https://x/c.png",
      dotted: true)
  }

  /// Mapped by the encoder's and decoder's global key map only.
  struct GloballyMapped: Codable, Equatable {
    var title: String
    var itemCount: Int
    var nested: MappedBook?
  }

  /// Keys without acronyms, so that every key strategy has an exact inverse.
  struct Profile: Codable, Equatable {
    var firstName = "Ada"
    var lastName = "Lovelace"
    var id = 7
    var homePage = "https://example.com"
    var pastAddresses: [Address] = [Address(streetName: "Main", houseNumber: 1)]
    var scoresByGame: [String: Int] = ["chessGame": 3]
  }

  struct Address: Codable, Equatable {
    var streetName: String
    var houseNumber: Int
  }

  // MARK: - Helpers

  private func roundTrip<T: Codable & Equatable>(
    _ value: T, encoder: FlexJSONEncoder = FlexJSONEncoder(), decoder: FlexJSONDecoder = .strict(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> String {
    let data = try encoder.encode(value)
    let decoded = try decoder.decode(T.self, from: data)
    #expect(decoded == value, "\(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
    try expectJSONValueMatchesEncode(value, encoder: encoder, sourceLocation: sourceLocation)
    return String(decoding: data, as: UTF8.self)
  }

  /// `encodeToJSONValue` equals the parsed output of `encode`, with the same member order and
  /// number text (compared through `description`).
  private func expectJSONValueMatchesEncode<T: Encodable>(
    _ value: T, encoder: FlexJSONEncoder, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let tree = try encoder.encodeToJSONValue(value)
    let parsed = try JSONValue(parsing: encoder.encode(value))
    #expect(tree == parsed, sourceLocation: sourceLocation)
    let formatting = encoder.outputFormatting
    defer { encoder.outputFormatting = formatting }
    encoder.outputFormatting = []
    let inEncodingOrder = try JSONValue(parsing: encoder.encode(value))
    #expect(tree.description == inEncodingOrder.description, sourceLocation: sourceLocation)
  }

  private func encoder(
    _ formatting: FlexJSONEncoder.OutputFormatting = [.sortedKeys],
    keys: FlexJSONEncoder.KeyEncodingStrategy = .useDefaultKeys
  ) -> FlexJSONEncoder {
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = formatting
    encoder.keyEncodingStrategy = keys
    return encoder
  }

  // MARK: - Plain models

  @Test(arguments: [
    FlexJSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted], [],
    [.prettyPrinted, .withoutEscapingSlashes],
  ])
  func modelsRoundTrip(_ formatting: FlexJSONEncoder.OutputFormatting) throws {
    let encoder = encoder(formatting)
    _ = try roundTrip(AllScalars(), encoder: encoder)
    _ = try roundTrip(ParityLibrary.sample, encoder: encoder)
    _ = try roundTrip(ParityLibrary.sample.shapes, encoder: encoder)
    _ = try roundTrip(Profile(), encoder: encoder)
    _ = try roundTrip(MappedBook.sample, encoder: encoder)
    _ = try roundTrip([ParityWrapper(inner: ParitySingleValue(value: [1.5]))], encoder: encoder)
    _ = try roundTrip(["fragment"], encoder: encoder)
    _ = try roundTrip(Int?.none, encoder: encoder)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func wideIntegersRoundTrip() throws {
    #expect(try roundTrip(WideIntegers()).contains("-170141183460469231731687303715884105728"))
  }

  // MARK: - Key maps

  @Test func keyMapWritesTheFirstCandidateAndSharesNestedObjects() throws {
    let json = try roundTrip(MappedBook.sample, encoder: encoder())
    #expect(
      json == #"""
        {"a.b":true,"ext":{"desc":"Spice","pages":412},"id":7,"images":{"0":{"url":"https:\/\/x\/c.png"}},"meta":{"author":{"name":"Herbert"}},"title":"Dune","unmappedValue":0}
        """#)
  }

  @Test func keyMapPathOfAnAbsentOptionalWritesNoObject() throws {
    var book = MappedBook.sample
    book.authorName = nil
    let json = try roundTrip(book)
    #expect(!json.contains("meta"))
  }

  @Test func keyMapIsAppliedBeforeTheKeyStrategy() throws {
    let encoder = encoder(keys: .convertToSnakeCase)
    let decoder = FlexJSONDecoder.strict()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let json = try roundTrip(MappedBook.sample, encoder: encoder, decoder: decoder)
    #expect(json.contains(#""id":7"#) && json.contains(#""unmapped_value":0"#))
  }

  @Test func globalKeyMapRoundTripsAndLeavesTypeMapsFirst() throws {
    let encoder = encoder()
    encoder.keyMapping = ["title": "info.name", "itemCount": ["count", "n"], "desc": "ignored"]
    let decoder = FlexJSONDecoder.strict()
    decoder.keyMapping = encoder.keyMapping
    let value = GloballyMapped(title: "List", itemCount: 2, nested: MappedBook.sample)
    let json = try roundTrip(value, encoder: encoder, decoder: decoder)
    #expect(json.hasPrefix(#"{"count":2,"info":{"name":"List"},"nested":{"a.b":true,"ext":{"desc":"Spice""#))
  }

  // MARK: - Key strategies

  @Test func titleCaseRoundTripsWithConvertFromTitleCase() throws {
    let decoder = FlexJSONDecoder.strict()
    decoder.keyDecodingStrategy = .convertFromTitleCase
    let json = try roundTrip(Profile(), encoder: encoder(keys: .convertToTitleCase), decoder: decoder)
    #expect(
      json == #"""
        {"FirstName":"Ada","HomePage":"https:\/\/example.com","Id":7,"LastName":"Lovelace","PastAddresses":[{"HouseNumber":1,"StreetName":"Main"}],"ScoresByGame":{"chessGame":3}}
        """#)
    _ = try roundTrip(ParityLibrary.sample, encoder: encoder(keys: .convertToTitleCase), decoder: decoder)
  }

  @Test func kebabCaseRoundTripsWithConvertFromKebabCase() throws {
    let decoder = FlexJSONDecoder.strict()
    decoder.keyDecodingStrategy = .convertFromKebabCase
    let json = try roundTrip(Profile(), encoder: encoder(keys: .convertToKebabCase), decoder: decoder)
    #expect(
      json == #"""
        {"first-name":"Ada","home-page":"https:\/\/example.com","id":7,"last-name":"Lovelace","past-addresses":[{"house-number":1,"street-name":"Main"}],"scores-by-game":{"chessGame":3}}
        """#)
  }

  @Test func snakeCaseRoundTripsWithConvertFromSnakeCase() throws {
    let decoder = FlexJSONDecoder.strict()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    _ = try roundTrip(Profile(), encoder: encoder(keys: .convertToSnakeCase), decoder: decoder)
  }

  @Test(arguments: [
    FlexJSONEncoder.KeyEncodingStrategy.convertToSnakeCase, .convertToKebabCase, .convertToTitleCase,
  ])
  func acronymKeysRoundTripWithConvertFromAnyCase(_ strategy: FlexJSONEncoder.KeyEncodingStrategy) throws {
    // `homepageURL` → `homepage_url` reads back as `homepageUrl` with the exact inverse, as with
    // JSONDecoder; any case matches it. (Not the converted keys of an enum-keyed dictionary:
    // any case matches keys to properties, and leaves dictionary keys as they are.)
    let decoder = FlexJSONDecoder.strict()
    decoder.keyDecodingStrategy = .convertFromAnyCase
    var library = ParityLibrary.sample
    library.favoriteColors = [:]
    _ = try roundTrip(library, encoder: encoder(keys: strategy), decoder: decoder)
  }

  // MARK: - Date, data and float strategies

  @Test func dateStrategiesRoundTrip() throws {
    let dates = [
      Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: -86_400.5),
      Date(timeIntervalSince1970: 0.25),
    ]
    let pairs: [(FlexJSONEncoder.DateEncodingStrategy, FlexJSONDecoder.DateDecodingStrategy, [Date])] = [
      (.deferredToDate, .deferredToDate, dates),
      (.secondsSince1970, .secondsSince1970, dates),
      (.millisecondsSince1970, .millisecondsSince1970, dates),
      (.iso8601, .iso8601, [dates[0], Date(timeIntervalSince1970: -86_400)]),
      (.formatted(ParityDateStrategy.formatter), .formatted(ParityDateStrategy.formatter), dates),
      (.custom(encodeDateAsText), .custom(decodeDateFromText), dates),
    ]
    for (encoding, decoding, values) in pairs {
      let encoder = encoder()
      encoder.dateEncodingStrategy = encoding
      let decoder = FlexJSONDecoder.strict()
      decoder.dateDecodingStrategy = decoding
      _ = try roundTrip(values, encoder: encoder, decoder: decoder)
      _ = try roundTrip(["when": values[0]], encoder: encoder, decoder: decoder)
    }
  }

  @Test func dataStrategiesRoundTrip() throws {
    let values = [Data(), Data([0xFB, 0xFF]), Data(0..<255)]
    let pairs: [(FlexJSONEncoder.DataEncodingStrategy, FlexJSONDecoder.DataDecodingStrategy)] = [
      (.deferredToData, .deferredToData),
      (.base64, .base64),
      (.custom(encodeDataReversed), .custom(decodeDataReversed)),
    ]
    for (encoding, decoding) in pairs {
      let encoder = encoder()
      encoder.dataEncodingStrategy = encoding
      let decoder = FlexJSONDecoder.strict()
      decoder.dataDecodingStrategy = decoding
      _ = try roundTrip(values, encoder: encoder, decoder: decoder)
    }
  }

  @Test func nonConformingFloatsRoundTripAsStrings() throws {
    let encoder = encoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let decoder = FlexJSONDecoder.strict()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    #expect(
      try roundTrip([Double.infinity, -.infinity, 1], encoder: encoder, decoder: decoder) == #"["inf","-inf",1]"#)
    let nan = try decoder.decode(Float.self, from: encoder.encode(Float.nan))
    #expect(nan.isNaN)
  }

  // MARK: - encodeToJSONValue

  @Test func encodeToJSONValueKeepsNumberTextAndMemberOrder() throws {
    let value = try FlexJSONEncoder().encodeToJSONValue(ParityWrapper(inner: [1e21, 0.1, -0.0]))
    #expect(value == ["inner": [.number(try #require(JSONNumber(text: "1e+21"))), 0.1, -0.0]])
    #expect(value.description == #"{"inner":[1e+21,0.1,-0]}"#)
  }

  @Test func encodeToStringIsTheEncodedText() throws {
    let encoder = encoder([.sortedKeys, .prettyPrinted])
    #expect(
      try encoder.encodeToString(ParityLibrary.sample)
        == String(decoding: try encoder.encode(ParityLibrary.sample), as: UTF8.self))
  }
}

// MARK: - Custom strategy closures

/// A date as the text of its seconds since 2001.
private let encodeDateAsText: @Sendable (Date, any Encoder) throws -> Void = { date, encoder in
  var container = encoder.singleValueContainer()
  try container.encode(String(date.timeIntervalSinceReferenceDate))
}

private let decodeDateFromText: @Sendable (any Decoder) throws -> Date = { decoder in
  let text = try decoder.singleValueContainer().decode(String.self)
  return Date(timeIntervalSinceReferenceDate: Double(text) ?? .nan)
}

/// Data as an array of its bytes in reverse order.
private let encodeDataReversed: @Sendable (Data, any Encoder) throws -> Void = { data, encoder in
  var container = encoder.unkeyedContainer()
  try container.encode(contentsOf: data.reversed())
}

private let decodeDataReversed: @Sendable (any Decoder) throws -> Data = { decoder in
  Data(try decoder.singleValueContainer().decode([UInt8].self).reversed())
}
