import Foundation

/// Whether the native date code may be used in this process: checked once, on first use,
/// against the Foundation the program runs with.
///
/// The native parsers and writers reproduce the Foundation of the toolchain they were tested
/// with (Swift 6.3 on Linux), quirks included. Another Foundation (an older Apple OS, whose
/// `ISO8601FormatStyle` rejects fractional seconds; a future rounding change) could disagree,
/// so each part is first tried on a few telling cases and turned off, leaving the work to
/// Foundation as before, if Foundation answers any of them differently.
enum NativeDateChecks {
  /// `.iso8601` decoding of whole seconds.
  static let parsesISO8601 = agrees(
    ["2024-05-01T12:30:00Z", "1583-01-01T00:00:00-17:59", "9999-12-31T23:59:59+05:30", "2000-02-29T00:00:00z"])

  /// `.iso8601` decoding of fractional seconds, which `Date.ISO8601FormatStyle` accepts since
  /// Swift 6.2. The cases round in telling ways: `.9` a second before 1970 lands on
  /// -0.10000002384185791 (the sum is rounded in seconds since 2001).
  static let parsesISO8601Fractions =
    parsesISO8601
    && agrees([
      "1969-12-31T23:59:59.9Z", "2024-05-01T12:30:00.123456789+05:30", "9999-12-31T23:59:59.999999999Z",
      "2024-05-01T12:30:00.1-0930",
    ])

  /// `.iso8601` encoding.
  static let writesISO8601: Bool = {
    let seconds: [TimeInterval] = [0, -0.5, 1_714_566_600.9, -12_212_553_600, 253_402_300_799.9]
    return seconds.allSatisfy { seconds in
      let date = Date(timeIntervalSince1970: seconds)
      return ISO8601DateWriter.native(date) == FoundationISO8601.string(from: date)
    }
  }()

  /// `.formatted(DateFormatter)`, parsing and writing: CoreFoundation's conversions to and
  /// from milliseconds (DateFormatPattern.swift), with rounding cases on both sides of 1970.
  static let handlesFormatters: Bool = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: -3600)
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSxxx"
    guard let elements = DateFormatPattern.elements(of: formatter.dateFormat) else { return false }
    let pattern = DateFormatPattern(elements: elements, fixedOffset: -3600, parses: true)
    let intervals: [TimeInterval] = [0.0625, -0.0625, -978_307_200.0625, 736_259_400.9996, -13_000_000_000.5]
    let writes = intervals.allSatisfy { interval in
      let date = Date(timeIntervalSinceReferenceDate: interval)
      return pattern.string(from: date) == formatter.string(from: date)
    }
    let parses = ["2024-05-01T12:30:00.123+05:30", "1969-12-31T23:59:59.900-01:00", "1583-01-01T00:00:00.001+00:00"]
      .allSatisfy { text in
        var text = text
        let native = text.withUTF8 { pattern.date(from: UnsafeRawBufferPointer($0)) }
        return native != nil
          && native?.timeIntervalSinceReferenceDate.bitPattern
            == formatter.date(from: text)?.timeIntervalSinceReferenceDate.bitPattern
      }
    return writes && parses
  }()

  /// Whether each string is read natively, and as Foundation reads it, to the bit.
  private static func agrees(_ texts: [String]) -> Bool {
    texts.allSatisfy { text in
      var text = text
      let native = text.withUTF8 { ISO8601DateParser.native(UnsafeRawBufferPointer($0)) }
      return native != nil
        && native?.timeIntervalSinceReferenceDate.bitPattern
          == FoundationISO8601.date(from: text)?.timeIntervalSinceReferenceDate.bitPattern
    }
  }
}
