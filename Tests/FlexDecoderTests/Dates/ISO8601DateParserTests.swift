import Foundation
import Testing

@testable import FlexDecoder

/// The native `.iso8601` parser and writer (Sources/FlexDecoder/Dates) against this toolchain's
/// Foundation: every string the parser accepts gives Foundation's `Date` to the bit, every date
/// the writer writes gives Foundation's bytes, and the coders, which hand everything else to
/// Foundation, agree with JSONDecoder and JSONEncoder on values and errors.
@Suite("ISO 8601 dates")
struct ISO8601DateParserTests {
  // MARK: - Helpers

  private func native(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { ISO8601DateParser.date(from: UnsafeRawBufferPointer($0)) }
  }

  private func foundation(_ text: String) -> Date? {
    try? Date.ISO8601FormatStyle().parse(text)
  }

  /// Whether two optional dates are the same to the bit.
  private func same(_ first: Date?, _ second: Date?) -> Bool {
    first?.timeIntervalSinceReferenceDate.bitPattern == second?.timeIntervalSinceReferenceDate.bitPattern
  }

  private func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// A string of ISO 8601 shape with random fields, some out of range, a fraction of 0 to 10
  /// digits, and a zone among those Foundation accepts and some it does not.
  private func randomText(_ random: inout SeededGenerator) -> String {
    let year = random.oneIn(8) ? random.below(10_100) : 1583 + random.below(8417)
    let month = random.oneIn(20) ? random.below(14) : 1 + random.below(12)
    let day = random.oneIn(20) ? random.below(33) : 1 + random.below(31)
    let hour = random.oneIn(20) ? random.below(26) : random.below(24)
    let minute = random.oneIn(20) ? random.below(61) : random.below(60)
    let second = random.oneIn(20) ? random.below(62) : random.below(60)
    var text =
      "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2))"
    let fractionDigits = random.below(12)
    if fractionDigits == 11 {
      text += "."
    } else if fractionDigits > 0 {
      text += "." + (0..<fractionDigits).map { _ in String(random.below(10)) }.joined()
    }
    text += random.pick([
      "Z", "z", "+00:00", "-00:00", "+02:00", "-05:30", "+0200", "-0930", "+14:00", "-12:00", "+17:59", "+18:00",
      "+02", "+0530x", "", "Zjunk", "+02:00:30", "GMT", "+24:00", " ",
    ])
    if random.oneIn(15) {
      var bytes = Array(text.utf8)
      bytes[random.below(bytes.count)] = UInt8(32 + random.below(95))
      text = String(decoding: bytes, as: UTF8.self)
    }
    return text
  }

  /// A random instant of the years 1 to 9999, sometimes with a fraction of a second.
  private func randomDate(_ random: inout SeededGenerator) -> Date {
    let seconds = Double(random.below(315_537_897_600)) - 62_135_596_800
    let fraction = random.oneIn(2) ? Double(random.below(1_000_000)) / 1_000_000 : 0
    return Date(timeIntervalSince1970: seconds + fraction)
  }

  // MARK: - Parser

  /// This toolchain's Foundation passes the checks that turn the native code on.
  @Test func nativeCodeIsOnWithThisFoundation() {
    #expect(NativeDateChecks.parsesISO8601)
    #expect(NativeDateChecks.parsesISO8601Fractions)
    #expect(NativeDateChecks.writesISO8601)
  }

  @Test func generatedStringsParseToFoundationsDates() {
    var random = SeededGenerator(seed: 8601)
    var accepted = 0
    for _ in 0..<6000 {
      let text = randomText(&random)
      guard let date = native(text) else { continue }
      accepted += 1
      #expect(same(date, foundation(text)), "\(text)")
    }
    #expect(accepted > 2000)
  }

  @Test func foundationsOwnOutputWithFractionsAndOffsetsParsesNatively() {
    var random = SeededGenerator(seed: 1583)
    for _ in 0..<2000 {
      let date = randomDate(&random)
      let whole = date.formatted(.iso8601)
      let fraction = "." + (0..<(1 + random.below(9))).map { _ in String(random.below(10)) }.joined()
      let hours = random.below(18)
      let offset = (random.oneIn(2) ? "-" : "+") + padded(hours, 2) + ":" + padded(random.pick([0, 30, 45]), 2)
      for text in [
        whole, whole.dropLast() + fraction + "Z", whole.dropLast() + fraction + offset, whole.dropLast() + offset,
      ] {
        let parsed = native(String(text))
        let expected = foundation(String(text))
        // Natively read whenever the year is 1583…9999; always as Foundation reads it.
        #expect(parsed == nil || same(parsed, expected), "\(text)")
        if let year = Int(text.prefix(4)), text.first != "-", (1583...9999).contains(year) {
          #expect(parsed != nil, "\(text)")
        }
      }
    }
  }

  @Test(arguments: [
    ("2024-05-01T12:30:00Z", true),
    ("2024-05-01T12:30:00z", true),
    ("2024-05-01T12:30:00.5Z", true),
    ("2024-05-01T12:30:00.123456789+05:30", true),
    ("2024-05-01T12:30:00-0930", true),
    ("1583-01-01T00:00:00Z", true),
    ("9999-12-31T23:59:59.999999999-17:59", true),
    ("1969-12-31T23:59:59.9Z", true),
    // Left to Foundation, which reads some of them differently than one might expect.
    ("2024-05-01T12:30:00Zjunk", false),  // Foundation ignores what follows the zone
    ("2024-02-30T12:30:00Z", false),  // Foundation: March 1
    ("2024-05-01T24:00:00Z", false),  // Foundation: the next midnight
    ("2024-05-01T12:30:60Z", false),  // Foundation: second 59
    ("2024-05-01t12:30:00Z", false),  // Foundation: an error
    ("2024-05-01T12:30:00+02", false),
    ("2024-05-01T12:30:00+00:30:15", false),
    ("2024-05-01T12:30:00GMT", false),
    ("2024-05-01T12:30:00+18:00", false),
    ("2024-5-1T12:30:00Z", false),
    ("1582-10-15T00:00:00Z", false),  // near the Julian dates before 1582-10-15
    ("0999-05-01T12:30:00Z", false),
    ("10000-01-01T00:00:00Z", false),
    ("2024-05-01T12:30:00.1234567891Z", false),  // Foundation: an error
    ("2024-05-01T12:30:00.Z", false),
    ("2024-05-01T12:30:00", false),
    ("2024-05-01T12:30:00Z ", false),
  ])
  func edgeCases(text: String, readNatively: Bool) throws {
    #expect((native(text) != nil) == readNatively)
    if readNatively { #expect(same(native(text), foundation(text))) }
    // Through the decoders, whichever parser reads it: the same date, or the same error.
    let json = Data(#"{"value": "\#(text)"}"#.utf8)
    let foundationDecoder = JSONDecoder()
    foundationDecoder.dateDecodingStrategy = .iso8601
    let flexDecoder = FlexJSONDecoder.strict()
    flexDecoder.dateDecodingStrategy = .iso8601
    let expected = Result { try foundationDecoder.decode([String: Date].self, from: json) }
    let actual = Result { try flexDecoder.decode([String: Date].self, from: json) }
    switch (expected, actual) {
    case (.success(let expected), .success(let actual)):
      #expect(same(expected["value"], actual["value"]))
    case (.failure(let expected), .failure(let actual)):
      #expect(ErrorShape(actual) == ErrorShape(expected))
      #expect(actual.localizedDescription == expected.localizedDescription)
    default:
      Issue.record("Foundation: \(expected), Flex: \(actual)")
    }
  }

  @Test func escapedStringsAndErrorsMatchJSONDecoder() throws {
    struct Event: Codable, Equatable {
      var at: Date
      var until: Date?
    }
    let foundationDecoder = JSONDecoder()
    foundationDecoder.dateDecodingStrategy = .iso8601
    let flexDecoder = FlexJSONDecoder.strict()
    flexDecoder.dateDecodingStrategy = .iso8601
    let escaped = Data(#"[{"at": "2024-05-01T12:30:00\u005A", "until": "2024\/05\/01"}]"#.utf8)
    let good = Data(#"[{"at": "2024-05-01T12:30:00\u005A", "until": null}, {"at": "2024-05-01T12:30:00Z"}]"#.utf8)
    #expect(try flexDecoder.decode([Event].self, from: good) == foundationDecoder.decode([Event].self, from: good))
    let expected = try requireThrows(DecodingError.self) {
      try foundationDecoder.decode([Event].self, from: escaped)
    }
    let actual = try requireThrows(DecodingError.self) { try flexDecoder.decode([Event].self, from: escaped) }
    #expect(ErrorShape(actual) == ErrorShape(expected))
    guard case .dataCorrupted(let context) = actual else { return }
    #expect(context.debugDescription == "Expected date string to be ISO8601-formatted.")
  }

  // MARK: - Writer

  @Test func writtenDatesAreFoundationsBytes() {
    var random = SeededGenerator(seed: 1970)
    var written = 0
    for index in 0..<20_000 {
      let date: Date
      switch index % 4 {
      case 0: date = randomDate(&random)
      case 1: date = Date(timeIntervalSince1970: Double(random.below(400_000_000_000)) - 70_000_000_000)
      case 2:
        // Just around whole seconds, before and after 1970.
        let seconds = Double(random.below(4_000_000_000)) - 2_000_000_000
        date = Date(timeIntervalSinceReferenceDate: seconds + random.pick([0.5, -0.5, 1e-6, -1e-6, 0.999999]))
      default: date = Date(timeIntervalSinceReferenceDate: Double(random.next() % 1 << 40) / 256 - 2e9)
      }
      guard let text = ISO8601DateWriter.string(from: date) else { continue }
      written += 1
      #expect(text == date.formatted(.iso8601), "\(date.timeIntervalSinceReferenceDate)")
    }
    #expect(written > 15_000)
  }

  @Test func encodersWriteJSONEncodersBytes() throws {
    var random = SeededGenerator(seed: 2001)
    var dates = (0..<300).map { _ in randomDate(&random) }
    dates += [
      -62_135_596_800, -62_135_596_801, -12_219_292_800, -12_219_292_801, -11_676_096_001, -0.5, 0, 1.9999,
      253_402_300_799.5, 253_402_300_800, 3e11, -1e12,
    ].map(Date.init(timeIntervalSince1970:))
    let foundationEncoder = JSONEncoder()
    foundationEncoder.dateEncodingStrategy = .iso8601
    let flexEncoder = FlexJSONEncoder()
    flexEncoder.dateEncodingStrategy = .iso8601
    #expect(try flexEncoder.encode(dates) == foundationEncoder.encode(dates))
    let rewritten = dates.map(RewrittenDate.init)
    #expect(try flexEncoder.encode(rewritten) == foundationEncoder.encode(rewritten))
  }
}
