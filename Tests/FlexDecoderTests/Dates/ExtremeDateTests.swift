import Foundation
import Testing

@testable import FlexDecoder

/// Every date path at the dates that 32-bit arithmetic cannot hold — years 1, 1583, 2038 and
/// after, 9999, ±10^12 seconds — against Foundation's JSONDecoder and JSONEncoder: the same
/// `Date` to the bit (or the same failure), the same bytes.
///
/// Where `Int` is 32 bits (watchOS's arm64_32), seconds since 1970 pass `Int32.max` on
/// 2038-01-19 and milliseconds 25 days after 1970; the native date code counts both in `Int64`.
/// On this machine the test shows that the 64-bit arithmetic gives Foundation's results; the
/// widths are fixed by the types in the code.
@Suite("Extreme dates")
struct ExtremeDateTests {
  /// Seconds since 1970.
  static let intervals: [TimeInterval] = [
    -62_135_596_800,  // 0001-01-01T00:00:00Z (proleptic Gregorian)
    -12_212_553_600,  // 1583-01-01T00:00:00Z
    -2_147_483_649,  // a second before Int32.min
    -2_147_483_648.5,
    -1.5,
    0.001,
    2_147_483_648,  // 2038-01-19T03:14:08Z, Int32.max + 1
    2_147_483_648.25,
    4_102_444_800,  // 2100-01-01T00:00:00Z
    253_402_300_799,  // 9999-12-31T23:59:59Z
    253_402_300_799.999,
    1e12,
    -1e12,
  ]

  /// ISO 8601 strings at the same edges, and around them.
  static let isoStrings = [
    "0001-01-01T00:00:00Z", "1582-10-15T00:00:00Z", "1583-01-01T00:00:00Z", "1583-01-01T00:00:00-17:59",
    "1901-12-13T20:45:51Z", "1969-12-31T23:59:59.9Z", "2038-01-19T03:14:07Z", "2038-01-19T03:14:08Z",
    "2038-01-19T03:14:08.5+05:30", "2069-01-19T00:00:00Z", "2100-02-28T23:59:59.999999999Z",
    "9999-12-31T23:59:59Z", "9999-12-31T23:59:59.999-01:00", "9999-12-31T23:59:59+14:00",
    "2038-01-19T03:14:08.99999999999999999999Z",
  ]

  private struct Stamps: Codable {
    var dates: [Date]
  }

  private static func posixFormatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = format
    return formatter
  }

  /// A `Date`'s bits, or the failure's case name: what both decoders must agree on.
  private static func outcome(_ decode: () throws -> Date) -> String {
    do {
      return String(try decode().timeIntervalSinceReferenceDate.bitPattern)
    } catch let error as DecodingError {
      switch error {
      case .dataCorrupted: return "dataCorrupted"
      case .typeMismatch: return "typeMismatch"
      case .valueNotFound: return "valueNotFound"
      case .keyNotFound: return "keyNotFound"
      @unknown default: return "unknown"
      }
    } catch {
      return "\(type(of: error))"
    }
  }

  private func decodeBoth(
    _ json: String, flex: FlexJSONDecoder.DateDecodingStrategy, foundation: JSONDecoder.DateDecodingStrategy
  ) -> (flex: String, foundation: String) {
    let data = Data("[\(json)]".utf8)
    let flexDecoder = FlexJSONDecoder.strict()
    flexDecoder.dateDecodingStrategy = flex
    let foundationDecoder = JSONDecoder()
    foundationDecoder.dateDecodingStrategy = foundation
    return (
      Self.outcome { try flexDecoder.decode([Date].self, from: data)[0] },
      Self.outcome { try foundationDecoder.decode([Date].self, from: data)[0] }
    )
  }

  private func encodeBoth(
    _ date: Date, flex: FlexJSONEncoder.DateEncodingStrategy, foundation: JSONEncoder.DateEncodingStrategy
  ) -> (flex: String, foundation: String) {
    let flexEncoder = FlexJSONEncoder()
    flexEncoder.dateEncodingStrategy = flex
    let foundationEncoder = JSONEncoder()
    foundationEncoder.dateEncodingStrategy = foundation
    func text(_ encode: () throws -> Data) -> String {
      do { return String(decoding: try encode(), as: UTF8.self) } catch { return "\(type(of: error))" }
    }
    return (text { try flexEncoder.encode([date]) }, text { try foundationEncoder.encode([date]) })
  }

  // MARK: - Decoding

  @Test(arguments: intervals)
  func numericStrategiesDecodeExtremeNumbersAsJSONDecoderDoes(_ seconds: TimeInterval) {
    let cases: [(String, FlexJSONDecoder.DateDecodingStrategy, JSONDecoder.DateDecodingStrategy)] = [
      ("\(seconds)", .secondsSince1970, .secondsSince1970),
      ("\(seconds * 1000)", .millisecondsSince1970, .millisecondsSince1970),
      ("\(seconds - 978_307_200)", .deferredToDate, .deferredToDate),
    ]
    for (json, flex, foundation) in cases {
      let results = decodeBoth(json, flex: flex, foundation: foundation)
      #expect(results.flex == results.foundation, "\(json)")
      #expect(Double(results.flex) != nil, "\(json) decodes")
    }
  }

  @Test(arguments: isoStrings)
  func iso8601DecodesExtremeStringsAsJSONDecoderDoes(_ text: String) {
    let results = decodeBoth("\"\(text)\"", flex: .iso8601, foundation: .iso8601)
    #expect(results.flex == results.foundation)
  }

  @Test func aFractionOfTwentyDigitsIsDataCorruptedAsInJSONDecoder() {
    let results = decodeBoth(#""2024-01-01T00:00:00.99999999999999999999Z""#, flex: .iso8601, foundation: .iso8601)
    #expect(results.flex == results.foundation)
  }

  @Test(arguments: ["yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "yyyy-MM-dd HH:mm:ss"])
  func formattedDecodesExtremeStringsAsJSONDecoderDoes(_ format: String) {
    let formatter = Self.posixFormatter(format)
    for seconds in Self.intervals {
      let text = formatter.string(from: Date(timeIntervalSince1970: seconds))
      let results = decodeBoth("\"\(text)\"", flex: .formatted(formatter), foundation: .formatted(formatter))
      #expect(results.flex == results.foundation, "\(text)")
      #expect(Double(results.flex) != nil, "\(text) decodes")
    }
  }

  /// `.flexible` has no JSONDecoder counterpart: its readings of the edges are checked against
  /// a `DateFormatter` in UTC (the years from 1583 on, where Foundation's calendar is Gregorian)
  /// and against the proleptic Gregorian count for year 1.
  @Test(arguments: [
    ("1583-01-01T00:00:00Z", "yyyy-MM-dd'T'HH:mm:ssZZZZZ"),
    ("2038-01-19T03:14:08Z", "yyyy-MM-dd'T'HH:mm:ssZZZZZ"),
    ("2038-01-19 03:14:08", "yyyy-MM-dd HH:mm:ss"),
    ("9999-12-31 23:59:59", "yyyy-MM-dd HH:mm:ss"),
    ("9999-12-31", "yyyy-MM-dd"),
    ("Fri, 31 Dec 9999 23:59:59 +0000", "EEE, dd MMM yyyy HH:mm:ss Z"),
    ("Tue, 19 Jan 2038 03:14:08 +0100", "EEE, dd MMM yyyy HH:mm:ss Z"),
    ("Sat Jan 01 00:00:00 +0000 1583", "EEE MMM dd HH:mm:ss Z yyyy"),
    ("Tue Jan 19 03:14:08 +0000 2038", "EEE MMM dd HH:mm:ss Z yyyy"),
  ])
  func flexibleReadsExtremeStringsAsADateFormatterDoes(_ text: String, _ format: String) throws {
    let decoder = FlexJSONDecoder()
    decoder.dateDecodingStrategy = .flexible
    let date = try decoder.decode([Date].self, from: Data("[\"\(text)\"]".utf8))[0]
    let expected = try #require(Self.posixFormatter(format).date(from: text))
    #expect(date == expected)
  }

  @Test func flexibleReadsYearOneAndExtremeNumbersExactly() throws {
    let decoder = FlexJSONDecoder()
    decoder.dateDecodingStrategy = .flexible
    // Numbers are seconds up to 10^11 (the year 5138), milliseconds above.
    let json = #"["Mon, 01 Jan 0001 00:00:00 +0000", 99999999999, -62135596800, 253402300799000, 1000000000000]"#
    let dates = try decoder.decode([Date].self, from: Data(json.utf8))
    #expect(
      dates == [
        Date(timeIntervalSince1970: -62_135_596_800), Date(timeIntervalSince1970: 99_999_999_999),
        Date(timeIntervalSince1970: -62_135_596_800), Date(timeIntervalSince1970: 253_402_300_799),
        Date(timeIntervalSince1970: 1e9),
      ])
  }

  // MARK: - Encoding

  @Test(arguments: intervals)
  func everyStrategyEncodesExtremeDatesAsJSONEncoderDoes(_ seconds: TimeInterval) {
    let date = Date(timeIntervalSince1970: seconds)
    let formatter = Self.posixFormatter("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ")
    let cases: [(FlexJSONEncoder.DateEncodingStrategy, JSONEncoder.DateEncodingStrategy)] = [
      (.secondsSince1970, .secondsSince1970), (.millisecondsSince1970, .millisecondsSince1970),
      (.deferredToDate, .deferredToDate), (.iso8601, .iso8601), (.formatted(formatter), .formatted(formatter)),
    ]
    for (flex, foundation) in cases {
      let results = encodeBoth(date, flex: flex, foundation: foundation)
      #expect(results.flex == results.foundation, "\(foundation)")
    }
  }

  // MARK: - Foundation's ISO 8601 on older Apple systems

  /// On systems without `Date.ISO8601FormatStyle`, Foundation's part of `.iso8601` is
  /// `ISO8601DateFormatter` (as in their JSONDecoder): whole-second dates of the years 1583 to
  /// 9999 read and write the same through both.
  @Test(arguments: intervals.filter { $0 >= -12_212_553_600 && $0 <= 253_402_300_799 })
  func theFormatterFallbackAgreesWithTheFormatStyle(_ seconds: TimeInterval) {
    let date = Date(timeIntervalSince1970: seconds.rounded(.down))
    let text = FoundationISO8601.string(from: date)
    #expect(FoundationISO8601.formatterString(from: date) == text)
    #expect(FoundationISO8601.formatterDate(from: text) == FoundationISO8601.date(from: text))
    #expect(FoundationISO8601.formatterDate(from: text) == date)
  }

  /// `.flexible`'s month-name shapes take a fraction of any length: never a crash, and the
  /// instant the ISO 8601 reading of the same digits gives.
  @Test(arguments: [1, 3, 9, 17, 20, 40, 400, 5000])
  func twitterFractionsOfAnyLengthReadAsISO8601Does(_ length: Int) throws {
    let decoder = FlexJSONDecoder()
    decoder.dateDecodingStrategy = .flexible
    for digit in ["0", "5", "9"] {
      let fraction = String(repeating: digit, count: length)
      let json = #"["Tue Jan 19 03:14:07.\#(fraction) +0000 2038", "2038-01-19T03:14:07.\#(fraction)Z"]"#
      let dates = try decoder.decode([Date].self, from: Data(json.utf8))
      #expect(dates[0] == dates[1], "\(length) × \(digit)")
      #expect(dates[0] >= Date(timeIntervalSince1970: 2_147_483_647))
      #expect(dates[0] <= Date(timeIntervalSince1970: 2_147_483_648))
    }
  }

  @Test func theFormatterFallbackRejectsFractionsAsOlderJSONDecodersDo() {
    #expect(FoundationISO8601.formatterDate(from: "2024-05-01T12:30:00.5Z") == nil)
    #expect(FoundationISO8601.formatterDate(from: "2024-05-01") == nil)
  }
}
