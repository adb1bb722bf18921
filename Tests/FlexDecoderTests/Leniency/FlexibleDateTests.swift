import FlexDecoder
import Foundation
import Testing

/// `DateDecodingStrategy.flexible`: the date shapes real APIs send, compared as exact instants.
@Suite("Flexible dates")
struct FlexibleDateTests {
  struct Stamp: Decodable, Equatable {
    var when: Date
  }

  private func decoder(_ policy: FlexJSONDecoder.ErrorPolicy = .failFast) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.dateDecodingStrategy = .flexible
    decoder.errorPolicy = policy
    return decoder
  }

  /// Whether `json` decodes to the instant `expected` seconds after 1970. Dates are compared,
  /// not `timeIntervalSince1970`: a `Date` keeps seconds since 2001, so converting back may round.
  private func decodes(_ json: String, to expected: TimeInterval) throws -> Bool {
    let date = try decoder().decode(Stamp.self, from: Data(#"{"when": \#(json)}"#.utf8)).when
    return date == Date(timeIntervalSince1970: expected)
  }

  // 2024-05-01T12:30:00Z is 1_714_566_600; 2024-05-01T00:00:00Z is 1_714_521_600.

  @Test(arguments: [
    (#""2024-05-01T12:30:00Z""#, 1_714_566_600.0),
    (#""2024-05-01T12:30:00z""#, 1_714_566_600),
    (#""2024-05-01t12:30:00Z""#, 1_714_566_600),
    (#""2024-05-01T12:30:00+00:00""#, 1_714_566_600),
    (#""2024-05-01T12:30:00+02:00""#, 1_714_559_400),
    (#""2024-05-01T12:30:00-05:30""#, 1_714_586_400),
    (#""2024-05-01T12:30:00+0200""#, 1_714_559_400),
    (#""2024-05-01T12:30:00+02""#, 1_714_559_400),
    (#""2024-05-01T12:30Z""#, 1_714_566_600),
    (#""2024-05-01T12:30+02:00""#, 1_714_559_400),
    (#""1970-01-01T00:00:00Z""#, 0),
    (#""1969-12-31T23:59:59Z""#, -1),
  ])
  func iso8601WithZone(json: String, expected: TimeInterval) throws {
    #expect(try decodes(json, to: expected))
  }

  /// 2025-01-01T00:00:00Z is 1_735_689_600.
  @Test(arguments: [
    ("2024-12-31T23:59:60Z", 1_735_689_600.0), ("2024-12-31T23:59:60.999Z", 1_735_689_600.999),
    ("2024-12-31T23:59:60.5+00:00", 1_735_689_600.5),
  ])
  func aLeapSecondIsTheNextMinutesFirstAsTheISO8601StrategyReadsIt(text: String, expected: TimeInterval) throws {
    #expect(try decodes("\"\(text)\"", to: expected))
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .iso8601
    let json = Data(#"{"when": "\#(text)"}"#.utf8)
    let date = try foundation.decode(Stamp.self, from: json).when
    #expect(abs(date.timeIntervalSince1970 - expected) < 1e-6)
  }

  @Test(arguments: [
    (#""2024-05-01T12:30:00.5Z""#, 1_714_566_600.5),
    (#""2024-05-01T12:30:00.123Z""#, 1_714_566_600.123),
    (#""2024-05-01T12:30:00,123Z""#, 1_714_566_600.123),
    (#""2024-05-01T12:30:00.123456Z""#, 1_714_566_600.123456),
    (#""2024-05-01T12:30:00.123+02:00""#, 1_714_559_400.123),
    (#""2024-05-01T12:30:00.250""#, 1_714_566_600.25),
    (#""1970-01-01T00:00:00.001Z""#, 0.001),
  ])
  func iso8601WithFractionalSeconds(json: String, expected: TimeInterval) throws {
    #expect(try decodes(json, to: expected))
  }

  @Test(arguments: [
    (#""2024-05-01T12:30:00""#, 1_714_566_600.0),
    (#""2024-05-01T12:30""#, 1_714_566_600),
    (#""2024-05-01 12:30:00""#, 1_714_566_600),
    (#""2024-05-01 00:00:01""#, 1_714_521_601),
    (#""2024-05-01""#, 1_714_521_600),
    (#""2024-02-29""#, 1_709_164_800),
    (#""2000-02-29""#, 951_782_400),
    (#""1970-01-01""#, 0),
    (#""1969-12-31""#, -86_400),
    (#""  2024-05-01  ""#, 1_714_521_600),
  ])
  func datesAndTimesWithoutAZoneAreUTC(json: String, expected: TimeInterval) throws {
    #expect(try decodes(json, to: expected))
  }

  @Test(arguments: [
    ("1714566600", 1_714_566_600.0),
    ("1714566600.5", 1_714_566_600.5),
    ("0", 0),
    ("-1", -1),
    ("1e9", 1_000_000_000),
    ("100000000000", 100_000_000_000),
    ("100000000001", 100_000_000.001),
    ("1714566600123", 1_714_566_600.123),
    ("1714566600123.5", 1_714_566_600.1235),
    ("-1714566600123", -1_714_566_600.123),
  ])
  func numbersAreSecondsOrMillisecondsAboveTenToTheEleventh(json: String, expected: TimeInterval) throws {
    #expect(try decodes(json, to: expected))
  }

  @Test(arguments: [
    (#""1714566600""#, 1_714_566_600.0),
    (#""1714566600.5""#, 1_714_566_600.5),
    (#"" 1714566600 ""#, 1_714_566_600),
    (#""-1""#, -1),
    (#""1714566600123""#, 1_714_566_600.123),
    (#""100000000000""#, 100_000_000_000),
  ])
  func numericStringsAreReadLikeNumbers(json: String, expected: TimeInterval) throws {
    #expect(try decodes(json, to: expected))
  }

  @Test(arguments: [
    "yesterday", "", " ", "2024-05", "2024-5-1", "2024/05/01", "01-05-2024", "2024-13-01", "2024-00-10",
    "2024-02-30", "2023-02-29", "2024-04-31", "2024-05-01T", "2024-05-01T12", "2024-05-01T24:00:00Z",
    "2024-05-01T12:60:00Z", "2024-05-01T12:30:61Z", "2024-05-01T12:30:00.Z", "2024-05-01T12:30:00+25:00",
    "2024-05-01T12:30:00+02:60", "2024-05-01T12:30:00Zjunk", "2024-05-01 12:30:00 UTC", "12:30:00",
    "-inf", "inf", "nan", "-nan", "infinity", "0x10", "1e400", "1.", ".5", "+5",
  ])
  func invalidStringsAreDataCorruptedAtTheirPath(string: String) throws {
    let error = try requireThrows(DecodingError.self) {
      try decoder().decode(Stamp.self, from: Data(#"{"when": "\#(string)"}"#.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["when"])
  }

  /// Strings with escapes are read from their unescaped text (the others in place, as bytes).
  @Test func escapedStringsAreReadAsTheirText() throws {
    #expect(try decodes(#""\u0032024-05-01T12:30:00Z""#, to: 1_714_566_600))
    #expect(try decodes(#""2024-05-01T14:30:00\u002B02:00""#, to: 1_714_566_600))
    #expect(try decodes(#""\u0031714566600""#, to: 1_714_566_600))
    #expect(try decodes(#""2024-05-01\t""#, to: 1_714_521_600))
  }

  @Test func wrongJSONTypesAreTypeMismatchOrValueNotFound() throws {
    let mismatch = try requireThrows(DecodingError.self) {
      try decoder().decode(Stamp.self, from: Data(#"{"when": true}"#.utf8))
    }
    #expect(ErrorShape(mismatch).description == #"typeMismatch(Date) at "when""#)
    let missing = try requireThrows(DecodingError.self) {
      try decoder().decode(Stamp.self, from: Data(#"{"when": null}"#.utf8))
    }
    #expect(ErrorShape(missing).description == #"valueNotFound(Date) at "when""#)
  }

  @Test func everyShapeDecodesInOneArray() throws {
    let json =
      #"["2024-05-01T12:30:00Z", "2024-05-01T14:30:00.000+02:00", "2024-05-01 12:30:00", 1714566600, "1714566600000"]"#
    let dates = try decoder().decode([Date].self, from: Data(json.utf8))
    #expect(dates == Array(repeating: Date(timeIntervalSince1970: 1_714_566_600), count: 5))
  }

  @Test func optionalDatesAcceptNullAndAbsence() throws {
    struct MaybeStamp: Decodable {
      var when: Date?
    }
    #expect(try decoder().decode(MaybeStamp.self, from: Data(#"{"when": null}"#.utf8)).when == nil)
    #expect(try decoder().decode(MaybeStamp.self, from: Data("{}".utf8)).when == nil)
  }

  @Test func badDatesFollowTheErrorPolicy() throws {
    let json = #"[{"when": "2024-05-01"}, {"when": "soon"}, {"when": "2024-02-30"}]"#
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode([Stamp].self, from: Data(json.utf8))
    }
    #expect(error.issues.map(\.path) == ["[1].when", "[2].when"])
    #expect(error.issues.allSatisfy { $0.kind == .dataCorrupted })
    #expect(
      error.issues.first?.message
        == "expected a date (ISO 8601, yyyy-MM-dd, yyyy-MM-dd HH:mm:ss, RFC 2822 or seconds since 1970)")

    let result = try decoder(.useDefaults).decodeWithReport([Stamp].self, from: Data(json.utf8))
    // The default date is Date's own zero, 2001-01-01.
    #expect(
      result.value.map(\.when) == [1_714_521_600, 978_307_200, 978_307_200].map(Date.init(timeIntervalSince1970:)))
    #expect(result.issues.map(\.kind) == [.defaulted, .defaulted])
  }

  // MARK: Month names

  @Test(arguments: [
    (#""Wed, 01 May 2024 12:30:00 +0000""#, 1_714_566_600.0),
    (#""01 May 2024 12:30:00 GMT""#, 1_714_566_600),
    (#""Wed, 1 May 2024 14:30 +0200""#, 1_714_566_600),
    (#""1 may 2024 07:00:00 -0530""#, 1_714_566_600),
    (#""Wed May 01 12:30:00 +0000 2024""#, 1_714_566_600),
    (#""Thu Feb 29 00:00:00 +0000 2024""#, 1_709_164_800),
  ])
  func readsRFC2822AndTwitterDates(json: String, expected: TimeInterval) throws {
    #expect(try decodes(json, to: expected))
  }

  @Test(arguments: [
    ("Wed, 01 May 2024 12:30:00 +0200", "EEE, dd MMM yyyy HH:mm:ss Z"),
    ("Sat Apr 27 23:59:58 -0700 2024", "EEE MMM dd HH:mm:ss Z yyyy"),
  ])
  func namedMonthDatesAreTheInstantsFoundationReads(text: String, pattern: String) throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = pattern
    let foundation = try #require(formatter.date(from: text))
    #expect(try decodes("\"\(text)\"", to: foundation.timeIntervalSince1970))
  }

  @Test(arguments: [
    ("Wed May 01 12:30:00.5 +0000 2024", "2024-05-01T12:30:00.5Z"),
    ("Wed May 01 12:30:00.123 +0000 2024", "2024-05-01T12:30:00.123Z"),
    ("Wed May 01 14:30:00.123456 +0200 2024", "2024-05-01T14:30:00.123456+02:00"),
    ("Wed Aug 27 13:08:45.000 -0530 2008", "2008-08-27T13:08:45.000-05:30"),
    ("Wed, 01 May 2024 12:30:00.250 +0000", "2024-05-01T12:30:00.250Z"),
    ("Thu Jan 01 00:00:00.001 +0000 1970", "1970-01-01T00:00:00.001Z"),
    ("Wed Dec 31 23:59:59.999 +0000 1969", "1969-12-31T23:59:59.999Z"),
  ])
  func twitterAndRFC2822SecondsWithAFractionAreTheISOInstant(text: String, iso: String) throws {
    let dates = try decoder().decode([Date].self, from: Data(#"["\#(text)", "\#(iso)"]"#.utf8))
    #expect(dates[0] == dates[1])
  }

  /// The oracle: a `DateFormatter` with Twitter's pattern and milliseconds, in `en_US_POSIX`, both
  /// reading and writing (Foundation keeps milliseconds, so the values are whole milliseconds).
  @Test(arguments: [
    "Wed Aug 27 13:08:45.123 +0000 2008", "Sat Apr 27 23:59:58.999 -0700 2024", "Thu Feb 29 00:00:00.001 +0530 2024",
    "Mon Jan 01 00:00:00.500 +0000 1990", "Fri Dec 31 23:59:59.250 -1200 1999",
  ])
  func twitterDatesWithMillisecondsAreTheInstantsFoundationReads(text: String) throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEE MMM dd HH:mm:ss.SSS Z yyyy"
    let foundation = try #require(formatter.date(from: text))
    let flex = try decoder().decode([Date].self, from: Data(#"["\#(text)"]"#.utf8))[0]
    #expect(flex == foundation)
    formatter.timeZone = TimeZone(identifier: "UTC")
    let written = formatter.string(from: flex)
    #expect(try decoder().decode([Date].self, from: Data(#"["\#(written)"]"#.utf8))[0] == flex)
    #expect(formatter.string(from: foundation) == written)
  }

  @Test(arguments: [
    #""Wed May 01 12:30:00. +0000 2024""#, #""Wed May 01 12:30:00.5x +0000 2024""#,
    #""Wed May 01 12:30:00.-5 +0000 2024""#, #""Wed May 01 12:30:00,5 +0000 2024""#,
    #""Wed May 01 12:30:0.5 +0000 2024""#, #""Wed May 01 12:30.5 +0000 2024""#,
    #""Wed May +1 12:30:00 +0000 2024""#, #""Wed May 01 +2:30:00 +0000 2024""#, #""Wed May 01 12:30:00 +0000 +2024""#,
  ])
  func rejectsMalformedFractionsAndSignedFields(json: String) throws {
    let error = try requireThrows(DecodingError.self) {
      try decoder().decode(Stamp.self, from: Data(#"{"when": \#(json)}"#.utf8))
    }
    #expect(ErrorShape(error).description == #"dataCorrupted at "when""#)
  }

  @Test(arguments: [
    #""Wed, 32 May 2024 12:30:00 +0000""#, #""Wed, 01 Foo 2024 12:30:00 +0000""#,
    #""Wed, 01 May 2024 24:30:00 +0000""#, #""Wed, 01 May 2024 12:30:00 +00""#, #""Fri Feb 30 00:00:00 +0000 2024""#,
    #""May 2024""#,
  ])
  func rejectsMalformedNamedMonthDates(json: String) {
    #expect(throws: DecodingError.self) { try decodes(json, to: 0) }
  }
}
