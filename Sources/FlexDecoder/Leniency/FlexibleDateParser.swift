@_spi(Engine) import FlexCore
import Foundation

/// The parser behind `DateDecodingStrategy.flexible`: the date shapes real APIs send.
///
/// Accepted strings (a zone-less time is UTC):
/// - `2024-05-01`
/// - `2024-05-01 12:30:00`, `2024-05-01T12:30:00`
/// - ISO 8601 / RFC 3339 with or without seconds, fractional seconds and zone:
///   `2024-05-01T12:30:00Z`, `2024-05-01T12:30:00.123+02:00`, `2024-05-01T12:30+0200`
/// - a number of seconds since 1970 as text (`"1714566600"`, `"1714566600.5"`)
///
/// Numbers (and numeric strings) above 10^11 are read as milliseconds. Second 60 (a leap second)
/// is the first second of the next minute, its fraction kept (`23:59:60.999Z` is `00:00:00.999Z`
/// of the next day), as swift-foundation's `Date.ISO8601FormatStyle`, and so JSONDecoder's
/// `.iso8601` strategy, reads it: Unix time has no leap seconds.
enum FlexibleDateParser {
  /// Seconds since 1970 for a number, or milliseconds when above 10^11 (about year 5138 in
  /// seconds, 1973 in milliseconds).
  static func date(fromNumber number: Double) -> Date {
    Date(timeIntervalSince1970: abs(number) > 1e11 ? number / 1000 : number)
  }

  /// The date in `text` (UTF-8), or `nil` if it has none of the accepted shapes. Read in place:
  /// a string of the tape without escapes is never made into a `String`.
  static func date(from text: UnsafeRawBufferPointer) -> Date? {
    // A numeric string must be a finite RFC 8259 number: `Double.init` alone would also take
    // `"-inf"`, `"nan"` and `"0x10"`.
    let number = StringCoercion.withNumberText(in: text) { text, _ in NumberParsing.double(fromNumberText: text) }
    if let number {
      return number.isFinite ? date(fromNumber: number) : nil
    }
    var start = 0
    var end = text.count
    while start < end && isSpace(text[start]) { start += 1 }
    while end > start && isSpace(text[end - 1]) { end -= 1 }
    var scanner = DigitScanner(UnsafeRawBufferPointer(rebasing: text[start..<end]))
    guard let year = scanner.number(digits: 4), scanner.skip("-"),
      let month = scanner.number(digits: 2), scanner.skip("-"),
      let day = scanner.number(digits: 2),
      (1...12).contains(month), (1...GregorianDays.daysIn(month: month, year: year)).contains(day)
    else {
      return NamedMonthDateParser.date(
        from: String(decoding: UnsafeRawBufferPointer(rebasing: text[start..<end]), as: UTF8.self))
    }
    var seconds = Double(GregorianDays.daysSince1970(year: year, month: month, day: day)) * 86_400
    if scanner.isAtEnd { return Date(timeIntervalSince1970: seconds) }

    guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
      let hour = scanner.number(digits: 2), scanner.skip(":"),
      let minute = scanner.number(digits: 2), hour < 24, minute < 60
    else { return nil }
    seconds += Double(hour * 3600 + minute * 60)
    if scanner.skip(":") {
      guard let second = scanner.number(digits: 2), second <= 60 else { return nil }
      seconds += Double(second)
      if scanner.skip(".") || scanner.skip(",") {
        guard let fraction = scanner.fraction() else { return nil }
        seconds += fraction
      }
    }
    if scanner.isAtEnd || scanner.skip("Z") || scanner.skip("z") {
      return scanner.isAtEnd ? Date(timeIntervalSince1970: seconds) : nil
    }
    guard let sign = scanner.sign(), let zoneHours = scanner.number(digits: 2), zoneHours < 24 else { return nil }
    _ = scanner.skip(":")
    let zoneMinutes = scanner.isAtEnd ? 0 : scanner.number(digits: 2)
    guard let zoneMinutes, zoneMinutes < 60, scanner.isAtEnd else { return nil }
    seconds -= Double(sign * (zoneHours * 3600 + zoneMinutes * 60))
    return Date(timeIntervalSince1970: seconds)
  }

  /// ``date(from:)-(UnsafeRawBufferPointer)`` for a string (one that had escapes in the JSON).
  static func date(from string: String) -> Date? {
    var string = string
    return string.withUTF8 { date(from: UnsafeRawBufferPointer($0)) }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

/// A cursor over ASCII date text.
private struct DigitScanner {
  let bytes: UnsafeRawBufferPointer
  var position = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var isAtEnd: Bool { position == bytes.count }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  mutating func number(digits: Int) -> Int? {
    guard position + digits <= bytes.count else { return nil }
    var value = 0
    for offset in 0..<digits {
      let digit = bytes[position + offset] &- 0x30
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    position += digits
    return value
  }

  mutating func fraction() -> Double? {
    var value = 0.0
    var scale = 0.1
    let start = position
    while position < bytes.count, bytes[position] &- 0x30 < 10 {
      value += Double(bytes[position] &- 0x30) * scale
      scale /= 10
      position += 1
    }
    return position > start ? value : nil
  }

  mutating func sign() -> Int? {
    if skip("+") { return 1 }
    if skip("-") { return -1 }
    return nil
  }
}
