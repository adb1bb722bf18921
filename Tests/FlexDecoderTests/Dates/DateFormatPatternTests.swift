import Foundation
import Testing

@testable import FlexDecoder

/// `.formatted(DateFormatter)` without the formatter (Dates/DateFormatPattern.swift) against
/// this toolchain's DateFormatter: which formats and settings are recognised, every string
/// parsed natively gives the formatter's `Date` to the bit, every date written natively gives
/// the formatter's text, and a formatter changed between two calls is honoured.
@Suite("DateFormatter patterns")
struct DateFormatPatternTests {
  // MARK: - Helpers

  private static let utc = TimeZone(secondsFromGMT: 0)!

  private func formatter(
    _ format: String, zone: TimeZone? = utc, locale: String = "en_US_POSIX"
  ) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: locale)
    formatter.timeZone = zone
    formatter.dateFormat = format
    return formatter
  }

  private func native(_ pattern: DateFormatPattern, _ text: String) -> Date? {
    var text = text
    return text.withUTF8 { pattern.date(from: UnsafeRawBufferPointer($0)) }
  }

  /// Whether two optional dates are the same to the bit.
  private func same(_ first: Date?, _ second: Date?) -> Bool {
    first?.timeIntervalSinceReferenceDate.bitPattern == second?.timeIntervalSinceReferenceDate.bitPattern
  }

  /// The formats recognised below, each checked against the formatter.
  static let recognised = [
    "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ssZZZZZ", "yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSZ",
    "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss'Z'", "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'",
    "yyyy-MM-dd'T'HH:mm:ssxxx", "yyyy-MM-dd'T'HH:mm:ssXX", "yyyy-MM-dd'T'HH:mm:ssxx", "yyyy-MM-dd HH:mm:ss",
    "yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd", "yyyy/MM/dd", "dd.MM.yyyy", "MM/dd/yyyy HH:mm", "yyyyMMddHHmmss",
    "yyyy-MM-dd 'at' HH:mm", "yyyy-MM-dd'T'HH:mm:ss''Z",
  ]

  // MARK: - Recognition

  /// This toolchain's Foundation passes the check that turns the native code on.
  @Test func nativeCodeIsOnWithThisFoundation() {
    #expect(NativeDateChecks.handlesFormatters)
  }

  @Test(arguments: recognised)
  func recognisedFormats(format: String) {
    #expect(DateFormatPattern.elements(of: format) != nil)
  }

  @Test(arguments: [
    "yyyy-MM-dd'T'HH:mm:ss.SSSSSSZ",  // microseconds
    "EEE, dd MMM yyyy HH:mm:ss zzz",  // names
    "yyyy-MM-dd hh:mm a",  // 12-hour clock
    "yy-MM-dd",  // two-digit year
    "y-M-d",  // variable widths
    "yyyy-MM-dd'T'HH:mm:ssZZZZ",  // GMT+02:00
    "yyyy-MM-dd'T'HH:mm:ssX",  // +02
    "yyyy-MM-dd'T'HH:mm:ss VV",  // zone names
    "YYYY-MM-dd",  // week-based year
    "yyyy-MM-dd'T'HH:mm:ss'",  // unterminated quote
    "yyyy-MM-dd '1'HH",  // a literal digit
    "yyyy-MM-dd 'à' HH:mm",  // non-ASCII
    "yyyy-MM-dd yyyy",  // a field twice
    "MM-dd HH:mm",  // no year
    "",
  ])
  func otherFormatsAreLeftToTheFormatter(format: String) {
    #expect(DateFormatPattern.elements(of: format) == nil)
  }

  @Test func elementsOfAFormat() throws {
    let elements = try #require(DateFormatPattern.elements(of: "dd.MM.yyyy'T'HH''mm:ss.SSSXXXXX"))
    #expect(
      elements == [
        .day, .literal(UInt8(ascii: ".")), .month, .literal(UInt8(ascii: ".")), .year, .literal(UInt8(ascii: "T")),
        .hour, .literal(UInt8(ascii: "'")), .minute, .literal(UInt8(ascii: ":")), .second,
        .literal(UInt8(ascii: ".")), .millisecond, .zone(.extendedOrZ),
      ])
  }

  @Test func settingsThatTheFormatterMustHandle() {
    let format = "yyyy-MM-dd HH:mm:ss"
    #expect(DateFormatPattern(formatter: formatter(format)) != nil)
    #expect(DateFormatPattern(formatter: formatter(format, locale: "en_US")) == nil)
    #expect(DateFormatPattern(formatter: formatter(format, locale: "ar_EG")) == nil)
    final class Subclass: DateFormatter, @unchecked Sendable {}
    let subclass = Subclass()
    subclass.locale = Locale(identifier: "en_US_POSIX")
    subclass.dateFormat = format
    #expect(DateFormatPattern(formatter: subclass) == nil)
    let defaulted = formatter(format)
    defaulted.defaultDate = Date(timeIntervalSince1970: 0)
    #expect(DateFormatPattern(formatter: defaulted) == nil)
    let buddhist = formatter(format)
    buddhist.calendar = Calendar(identifier: .buddhist)
    #expect(DateFormatPattern(formatter: buddhist) == nil)
    let reformed = formatter(format)
    reformed.gregorianStartDate = Date(timeIntervalSince1970: -1_600_000_000)
    #expect(DateFormatPattern(formatter: reformed) == nil)
    let lenient = formatter(format)
    lenient.isLenient = true
    #expect(DateFormatPattern(formatter: lenient)?.parses == false)
    let styled = formatter(format)
    styled.dateStyle = .medium
    #expect(DateFormatPattern(formatter: styled) == nil)
  }

  @Test(arguments: [
    (TimeZone(secondsFromGMT: 0), 0),
    (TimeZone(identifier: "UTC"), 0),
    (TimeZone(identifier: "GMT"), 0),
    (TimeZone(identifier: "Etc/UTC"), 0),
    (TimeZone(secondsFromGMT: 19_800), 19_800),
    (TimeZone(secondsFromGMT: -34_200), -34_200),
    (TimeZone(secondsFromGMT: 3601), 3600),  // named GMT+0100, and formatted so
    (TimeZone(identifier: "Europe/Paris"), nil),
    (TimeZone(identifier: "Asia/Kolkata"), nil),  // +05:30 today, not in 1900
  ])
  func fixedOffsets(zone: TimeZone?, offset: Int?) throws {
    #expect(DateFormatPattern.fixedOffset(of: try #require(zone)) == offset)
  }

  // MARK: - Against the formatter

  @Test(arguments: recognised)
  func parsesAndWritesAsTheFormatterDoes(format: String) throws {
    var random = SeededGenerator(seed: UInt64(format.utf8.count))
    let zones = [
      Self.utc, TimeZone(secondsFromGMT: 19_800)!, TimeZone(secondsFromGMT: -34_200)!,
      TimeZone(identifier: "America/New_York")!,
      // Named GMT-0100: the formatter goes by the name.
      TimeZone(secondsFromGMT: -3599)!,
    ]
    for zone in zones {
      let formatter = formatter(format, zone: zone)
      let pattern = try #require(DateFormatPattern(formatter: formatter))
      for index in 0..<40 {
        let seconds = Double(random.below(270_000_000_000)) - 14_000_000_000
        let fraction =
          index % 2 == 0
          ? Double(random.below(1000)) / 1000 : random.pick([0, 0.0005, 0.9995, 0.0625, -0.0625, 0.9999, 0.123456])
        let date = Date(timeIntervalSinceReferenceDate: seconds + fraction)
        let text = formatter.string(from: date)
        if let written = pattern.string(from: date) {
          #expect(written == text, "\(date.timeIntervalSinceReferenceDate)")
        }
        var variants = [text]
        if index % 4 == 0 {
          // One byte changed: a digit, a sign, a `Z`, a space.
          var bytes = Array(text.utf8)
          bytes[random.below(bytes.count)] = random.pick(Array("0939+Z -".utf8))
          variants.append(String(decoding: bytes, as: UTF8.self))
        }
        for variant in variants {
          guard let parsed = native(pattern, variant) else { continue }
          #expect(same(parsed, formatter.date(from: variant)), "\(variant)")
        }
      }
    }
  }

  @Test func invalidFieldsAreLeftToTheFormatter() throws {
    let formatter = formatter("yyyy-MM-dd HH:mm:ss")
    let pattern = try #require(DateFormatPattern(formatter: formatter))
    for text in [
      "2024-02-30 12:00:00", "2023-02-29 12:00:00", "2024-13-01 12:00:00", "2024-05-01 24:00:00", "2024-05-01 12:60:00",
      "2024-05-01 12:00:60", "1582-10-15 00:00:00", "0999-01-01 00:00:00", "2024-5-01 12:00:00", " 2024-05-01 12:00:00",
      "2024-05-01 12:00:00 ", "2024-05-01T12:00:00",
    ] {
      #expect(native(pattern, text) == nil, "\(text)")
    }
    #expect(same(native(pattern, "2024-02-29 23:59:59"), formatter.date(from: "2024-02-29 23:59:59")))
  }

  // MARK: - Through the coders

  private struct Event: Codable, Equatable {
    var at: Date
  }

  private func decoders(_ formatter: DateFormatter) -> (JSONDecoder, FlexJSONDecoder) {
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .formatted(formatter)
    let flex = FlexJSONDecoder.strict()
    flex.dateDecodingStrategy = .formatted(formatter)
    return (foundation, flex)
  }

  @Test func aFormatterChangedBetweenCallsIsHonoured() throws {
    let formatter = formatter("yyyy-MM-dd")
    let (foundationDecoder, flexDecoder) = decoders(formatter)
    let flexEncoder = FlexJSONEncoder()
    flexEncoder.dateEncodingStrategy = .formatted(formatter)
    let foundationEncoder = JSONEncoder()
    foundationEncoder.dateEncodingStrategy = .formatted(formatter)
    let day = Data(#"[{"at": "2024-05-01"}]"#.utf8)
    let dotted = Data(#"[{"at": "01.05.2024"}]"#.utf8)
    let event = [Event(at: Date(timeIntervalSince1970: 1_714_566_600))]
    let changes: [(DateFormatter) -> Void] = [
      { _ in },
      { $0.dateFormat = "dd.MM.yyyy" },
      { $0.timeZone = TimeZone(secondsFromGMT: -18_000) },
      { $0.timeZone = TimeZone(identifier: "Asia/Tokyo") },
      { $0.locale = Locale(identifier: "de_DE") },
      { $0.isLenient = true },
      { $0.defaultDate = Date(timeIntervalSince1970: 3600) },
    ]
    for change in changes {
      change(formatter)
      for json in [day, dotted] {
        let expected = try? foundationDecoder.decode([Event].self, from: json)
        let actual = try? flexDecoder.decode([Event].self, from: json)
        #expect(actual == expected, "\(formatter.dateFormat ?? "") \(formatter.timeZone.identifier)")
      }
      #expect(try flexEncoder.encode(event) == foundationEncoder.encode(event))
    }
  }

  @Test func errorsAndEscapesMatchJSONDecoder() throws {
    let (foundationDecoder, flexDecoder) = decoders(formatter("yyyy-MM-dd'T'HH:mm:ssZ"))
    let good = Data(#"[{"at": "2024-05-01T12:30:00+0200"}, {"at": "2024-05-01T12:30:00\u002B0200"}]"#.utf8)
    #expect(try flexDecoder.decode([Event].self, from: good) == foundationDecoder.decode([Event].self, from: good))
    for json in [#"[{"at": "2024-05-01"}]"#, #"[{"at": 17}]"#, #"[{"at": null}]"#] {
      let expected = try requireThrows(DecodingError.self) {
        try foundationDecoder.decode([Event].self, from: Data(json.utf8))
      }
      let actual = try requireThrows(DecodingError.self) {
        try flexDecoder.decode([Event].self, from: Data(json.utf8))
      }
      #expect(ErrorShape(actual) == ErrorShape(expected), "\(json)")
      if case .dataCorrupted(let context) = actual {
        #expect(context.debugDescription == "Date string does not match format expected by formatter.")
      }
    }
  }

  @Test(arguments: ["yyyy/MM/dd HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ssXXX", "'\"'yyyy-MM-dd'\\'"])
  func encodersWriteJSONEncodersBytes(format: String) throws {
    var random = SeededGenerator(seed: 42)
    let dates =
      (0..<200).map { _ in
        Date(timeIntervalSinceReferenceDate: Double(random.below(300_000_000_000)) / 1000 - 200_000_000)
      } + [-70_000_000_000, -12_219_292_800, 260_000_000_000, 0.9996].map(Date.init(timeIntervalSince1970:))
    for zone in [Self.utc, TimeZone(secondsFromGMT: -12_600)!, TimeZone(identifier: "Europe/Paris")!] {
      for slashes in [false, true] {
        let formatter = formatter(format, zone: zone)
        let foundationEncoder = JSONEncoder()
        foundationEncoder.dateEncodingStrategy = .formatted(formatter)
        let flexEncoder = FlexJSONEncoder()
        flexEncoder.dateEncodingStrategy = .formatted(formatter)
        if slashes {
          foundationEncoder.outputFormatting = .withoutEscapingSlashes
          flexEncoder.outputFormatting = .withoutEscapingSlashes
        }
        #expect(try flexEncoder.encode(dates) == foundationEncoder.encode(dates))
        let rewritten = dates.map(RewrittenDate.init)
        #expect(try flexEncoder.encode(rewritten) == foundationEncoder.encode(rewritten))
      }
    }
  }
}
