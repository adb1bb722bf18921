import FlexDecoder
import Foundation
import Testing

/// The ready-made transforms of `FlexTransforms`, under both decoders, and what they encode
/// decoding back to the same value.
@Suite("Ready-made transforms")
struct FlexTransformsTests {
  struct Link: Codable, Equatable {
    @FlexTransformed<FlexTransforms.LenientURL> var url: URL
  }

  struct Office: Codable, Equatable {
    @FlexTransformed<FlexTransforms.LenientTimeZone> var zone: TimeZone
  }

  struct Key: Codable, Equatable {
    @FlexTransformed<FlexTransforms.Base64Bytes> var bytes: [UInt8]
  }

  struct Attachment: Codable, Equatable {
    @FlexTransformed<FlexTransforms.Base64Data> var content: Data
  }

  /// The recipe of Modelling.md: a path resolved against a base URL, in three lines.
  enum CDNURL: FlexTransform {
    static func value(from encoded: String) throws -> URL {
      let trimmed = encoded.trimmingCharacters(in: .whitespaces)
      return try FlexTransforms.LenientURL.value(
        from: trimmed.contains("://") ? trimmed : "https://cdn.example.com/" + trimmed)
    }
    static func encoded(from value: URL) throws -> String { value.absoluteString }
  }

  struct Thumbnail: Codable, Equatable {
    @FlexTransformed<CDNURL> var image: URL
  }

  /// `T` decoded from `json` by FlexJSONDecoder, after checking that JSONDecoder decodes the same.
  private func decodeBoth<T: Codable & Equatable>(_ type: T.Type, _ json: String) throws -> T {
    let data = Data(json.utf8)
    let flex = try FlexJSONDecoder().decode(type, from: data)
    #expect(try JSONDecoder().decode(type, from: data) == flex)
    return flex
  }

  /// Encodes `value`, checks the JSON, and decodes it back to the same value.
  private func expectRoundTrip<T: Codable & Equatable>(
    _ value: T, writes json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let written = try encoder.encodeToString(value)
    #expect(written == json, sourceLocation: sourceLocation)
    #expect(try decodeBoth(T.self, written) == value, sourceLocation: sourceLocation)
  }

  /// The `InvalidValue` a decode of `json` failed with, after checking that it is a
  /// `dataCorrupted` problem at `path` under both decoders.
  private func rejection<T: Codable>(_ type: T.Type, _ json: String, at path: String) throws -> FlexTransforms
    .InvalidValue?
  {
    let data = Data(json.utf8)
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode(type, from: data) }
    let error = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode(type, from: data) }
    #expect(ErrorShape(error) == ErrorShape(foundation))
    #expect(ErrorShape(error).description == "dataCorrupted at \"\(path)\"")
    guard case .dataCorrupted(let context) = error else { return nil }
    return context.underlyingError as? FlexTransforms.InvalidValue
  }

  // MARK: - LenientURL

  @Test(arguments: [
    (#"" https://cdn.example.com/my photo.png\n""#, "https://cdn.example.com/my%20photo.png"),
    (#""//cdn.example.com/a.png""#, "https://cdn.example.com/a.png"),
    (#""https://example.com/caf\u00e9?q=a b""#, "https://example.com/caf%C3%A9?q=a%20b"),
    (#""https://example.com/100%""#, "https://example.com/100%25"),
    (#""https://example.com/a%20b%2Fc""#, "https://example.com/a%20b%2Fc"),
    (#""https://example.com/{id}|x^\"y\"""#, "https://example.com/%7Bid%7D%7Cx%5E%22y%22"),
    (#""https://user@example.com:8080/a;b?c=d&e=f#g""#, "https://user@example.com:8080/a;b?c=d&e=f#g"),
    (#""mailto:ann@example.com""#, "mailto:ann@example.com"),
    (#""images/a.png""#, "images/a.png"),
  ])
  func urlsAreTrimmedAndEscaped(json: String, expected: String) throws {
    let link = try decodeBoth(Link.self, #"{"url": \#(json)}"#)
    #expect(link.url == URL(string: expected))
    #expect(link.url.absoluteString == expected)
  }

  @Test(arguments: [#""""#, #"" \n ""#])
  func anEmptyURLIsDataCorruptedAtItsPath(json: String) throws {
    let invalid = try rejection(Link.self, #"{"url": \#(json)}"#, at: "url")
    #expect(invalid?.expected == "a URL")
  }

  @Test(arguments: [#""//""#, #""  //  ""#, #""///""#, #""///a.png""#, #""//:80/a""#, #""//?q=1""#, #""//#top""#])
  func aProtocolRelativeURLWithoutAHostIsDataCorrupted(json: String) throws {
    let invalid = try rejection(Link.self, #"{"url": \#(json)}"#, at: "url")
    #expect(invalid?.expected == "a URL")
  }

  @Test func urlsRoundTrip() throws {
    let link = try decodeBoth(Link.self, #"{"url": " https://a.example/x y/é?q=1 "}"#)
    try expectRoundTrip(link, writes: #"{"url":"https://a.example/x%20y/%C3%A9?q=1"}"#)
  }

  @Test func aBaseURLPrefixIsAThreeLineTransform() throws {
    #expect(
      try decodeBoth(Thumbnail.self, #"{"image": " thumbs/1 2.png "}"#).image
        == URL(string: "https://cdn.example.com/thumbs/1%202.png"))
    let absolute = try decodeBoth(Thumbnail.self, #"{"image": "https://other.example/a.png"}"#)
    #expect(absolute.image == URL(string: "https://other.example/a.png"))
    try expectRoundTrip(absolute, writes: #"{"image":"https://other.example/a.png"}"#)
  }

  // MARK: - LenientTimeZone

  @Test(arguments: [
    (#""Europe/Paris""#, "Europe/Paris"), (#"" America/New_York ""#, "America/New_York"),
    (#""Asia/Kolkata""#, "Asia/Kolkata"), (#""GMT+0200""#, "GMT+0200"),
  ])
  func timeZoneIdentifiersAreTheSystemsZones(json: String, identifier: String) throws {
    let office = try decodeBoth(Office.self, #"{"zone": \#(json)}"#)
    #expect(office.zone == TimeZone(identifier: identifier))
  }

  /// An abbreviation wins over an identifier of the same name: `CET` is Europe/Paris.
  @Test(arguments: ["CET", "PST", "EST", "CEST", "PDT", "UTC", "GMT"])
  func timeZoneAbbreviationsAreTheSystemsReading(abbreviation: String) throws {
    let expected = try #require(TimeZone(abbreviation: abbreviation))
    #expect(try decodeBoth(Office.self, #"{"zone": "\#(abbreviation)"}"#).zone == expected)
  }

  @Test(arguments: [
    (#""+02:00""#, 7200), (#""-0530""#, -19_800), (#""+02""#, 7200), (#""Z""#, 0), (#""-1800""#, -64_800),
    ("3600", 3600), ("-18000", -18_000), (#""3600""#, 3600), (#""+3600""#, 3600), ("0", 0), ("64800", 64_800),
  ])
  func offsetsAndSecondsAreFixedZones(json: String, seconds: Int) throws {
    let office = try decodeBoth(Office.self, #"{"zone": \#(json)}"#)
    #expect(office.zone == TimeZone(secondsFromGMT: seconds))
  }

  @Test(arguments: [
    (#""Mars/Olympus""#, "Mars/Olympus"), (#""+25:00""#, "+25:00"), (#""+02:60""#, "+02:60"), (#""""#, ""),
    ("64801", "64801"), ("1.5", "1.5"), ("true", "true"),
    // The extremes of `Int`, whose magnitude `abs` cannot take.
    ("-9223372036854775808", "-9223372036854775808"), (#""-9223372036854775808""#, "-9223372036854775808"),
    ("9223372036854775807", "9223372036854775807"),
  ])
  func otherTimeZonesAreDataCorruptedAtTheirPath(json: String, text: String) throws {
    let invalid = try rejection(Office.self, #"{"zone": \#(json)}"#, at: "zone")
    #expect(invalid == FlexTransforms.InvalidValue(value: text, expected: "a time zone"))
    #expect(invalid?.description == "\"\(text)\" is not a time zone")
  }

  @Test(arguments: [
    #""-0""#, #""+0""#, #""+00""#, #""-00""#, #""-00:00""#, #""+0000""#, #""0000""#, #""00""#, "0", "-0",
  ])
  func everySpellingOfZeroIsGMT(json: String) throws {
    let office = try decodeBoth(Office.self, #"{"zone": \#(json)}"#)
    #expect(office.zone == TimeZone(secondsFromGMT: 0))
    #expect(office.zone == TimeZone(identifier: "GMT"))
    #expect(office.zone.identifier == "GMT")
  }

  @Test(arguments: ["-", "+", "--0", "+-00", "-+0", "- 0", "+:", "-00:", "-0:00"])
  func aSignWithoutAnOffsetIsNoTimeZone(text: String) throws {
    let invalid = try rejection(Office.self, #"{"zone": "\#(text)"}"#, at: "zone")
    #expect(invalid == FlexTransforms.InvalidValue(value: text, expected: "a time zone"))
  }

  @Test(arguments: [#""Europe/Paris""#, #""CET""#, #""+02:00""#, "-18000", #""UTC""#])
  func timeZonesRoundTrip(json: String) throws {
    let office = try decodeBoth(Office.self, #"{"zone": \#(json)}"#)
    try expectRoundTrip(office, writes: #"{"zone":"\#(office.zone.identifier)"}"#)
  }

  // MARK: - Base64

  @Test(arguments: [
    (#""AQID""#, [1, 2, 3]), (#""AQI=""#, [1, 2]), (#""AQI""#, [1, 2]), (#""AQ""#, [1]), (#""""#, []),
    (#""+/8=""#, [0xFB, 0xFF]), (#""-_8""#, [0xFB, 0xFF]), (#"" AQID\r\nBAU= ""#, [1, 2, 3, 4, 5]),
  ])
  func base64InEitherAlphabetPaddedOrNot(json: String, expected: [UInt8]) throws {
    #expect(try decodeBoth(Key.self, #"{"bytes": \#(json)}"#).bytes == expected)
    #expect(try decodeBoth(Attachment.self, #"{"content": \#(json)}"#).content == Data(expected))
  }

  @Test(arguments: [#""AQID""#, #""AP8BAvo=""#, #""""#])
  func standardBase64ReadsAsTheBase64DataStrategyReadsIt(json: String) throws {
    struct Plain: Decodable { var content: Data }
    let foundation = try JSONDecoder().decode(Plain.self, from: Data(#"{"content": \#(json)}"#.utf8))
    #expect(try decodeBoth(Attachment.self, #"{"content": \#(json)}"#).content == foundation.content)
  }

  /// `.base64` refuses a string of white space only, which this transform reads as empty (it
  /// skips white space anywhere).
  @Test(arguments: [#"" ""#, #""\r\n""#])
  func whiteSpaceOnlyIsEmptyDataWhereTheBase64StrategyRefusesIt(json: String) throws {
    #expect(try decodeBoth(Attachment.self, #"{"content": \#(json)}"#).content == Data())
    #expect(try decodeBoth(Key.self, #"{"bytes": \#(json)}"#).bytes == [])
    struct Plain: Decodable { var content: Data }
    let error = try requireThrows(DecodingError.self) {
      try JSONDecoder().decode(Plain.self, from: Data(#"{"content": \#(json)}"#.utf8))
    }
    #expect(ErrorShape(error).description == #"dataCorrupted at "content""#)
  }

  @Test(arguments: [#""A""#, #""AQ*D""#, #""%%%%""#, #""A=QI""#, #""AQ=D==""#, #""AQID=""#, #""AQ=""#, #""AQ===""#])
  func otherStringsAreNotBase64(json: String) throws {
    let invalid = try rejection(Key.self, #"{"bytes": \#(json)}"#, at: "bytes")
    #expect(invalid?.expected == "Base64")
  }

  @Test func bytesRoundTripAsPaddedStandardBase64() throws {
    try expectRoundTrip(Key(bytes: [0, 255, 1, 2, 250]), writes: #"{"bytes":"AP8BAvo="}"#)
    try expectRoundTrip(Attachment(content: Data([0xFB, 0xFF])), writes: #"{"content":"+/8="}"#)
    try expectRoundTrip(Key(bytes: []), writes: #"{"bytes":""}"#)
  }
}
