import Foundation

// The dates with month names that `.flexible` reads besides ISO 8601: RFC 2822 (e-mail, RSS)
// and the format of Twitter's v1.1 API. Both are unambiguous (an English month name, a numeric
// zone), so `.flexible`, which is opt-in already, reads them without another option.

/// Parses `Sat, 27 Apr 2024 12:34:56 +0000` (RFC 2822; weekday and seconds optional, zone
/// `+hhmm`, `GMT`, `UT` or `Z`) and `Sat Apr 27 12:34:56 +0000 2024` (Twitter). In both, the
/// seconds may carry a fraction of any length after a `.` (`12:34:56.789`), as some
/// Twitter-style APIs send them.
enum NamedMonthDateParser {
  private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
  private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// The date in `text`, or `nil` when it has neither shape.
  static func date(from text: String) -> Date? {
    var fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map { String($0) }
    guard fields.count >= 4 else { return nil }
    if weekdays.contains(fields[0].lowercased()) { fields.removeFirst() }
    // Twitter: month day time zone year.
    if fields.count == 5, let month = month(fields[0]) {
      return date(year: fields[4], month: month, day: fields[1], time: fields[2], zone: fields[3])
    }
    // RFC 2822: day month year time [zone].
    if fields.count == 4 || fields.count == 5, let month = month(fields[1]) {
      return date(
        year: fields[2], month: month, day: fields[0], time: fields[3], zone: fields.count == 5 ? fields[4] : "GMT")
    }
    return nil
  }

  private static func month(_ field: String) -> Int? {
    months.firstIndex(of: field.lowercased()).map { $0 + 1 }
  }

  private static func date(year: String, month: Int, day: String, time: String, zone: String) -> Date? {
    guard let year = digits(year), year >= 1, year <= 9999, let day = digits(day),
      (1...GregorianDays.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, parts[0].utf8.count == 2, parts[1].utf8.count == 2,
      let hour = digits(parts[0]), let minute = digits(parts[1]), hour < 24, minute < 60
    else { return nil }
    var (second, fraction) = (0, 0.0)
    if parts.count == 3 {
      guard let read = seconds(parts[2]) else { return nil }
      (second, fraction) = read
    }
    guard second <= 60, let offset = zoneOffset(zone) else { return nil }
    let days = GregorianDays.daysSince1970(year: year, month: month, day: day)
    // `Int64`: the seconds of years 1 to 9999 pass 2^31. The fraction is added before the zone
    // is taken off, as `FlexibleDateParser` does, so both read one instant the same way.
    let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return Date(timeIntervalSince1970: Double(seconds) + fraction - Double(offset))
  }

  /// `ss`, or `ss.fff` with a fraction of any length: the whole seconds and the fraction; `nil`
  /// for anything else. (A comma cannot start the fraction here: it separates the fields.)
  private static func seconds(_ field: Substring) -> (Int, Double)? {
    let utf8 = field.utf8
    guard utf8.count >= 2, let second = digits(field.prefix(2)) else { return nil }
    guard utf8.count > 2 else { return (second, 0) }
    let separator = utf8[utf8.index(utf8.startIndex, offsetBy: 2)]
    guard separator == UInt8(ascii: "."), utf8.count > 3 else { return nil }
    var fraction = 0.0
    var scale = 0.1
    for byte in utf8.dropFirst(3) {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      fraction += Double(digit) * scale
      scale /= 10
    }
    return (second, fraction)
  }

  /// The number that `text` writes in ASCII digits only (no sign, no spaces), or `nil`.
  private static func digits(_ text: some StringProtocol) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
      return nil
    }
    return Int(text)
  }

  /// Seconds east of UTC for `+hhmm`, `-hhmm`, `GMT`, `UT`, `UTC` or `Z`.
  private static func zoneOffset(_ zone: String) -> Int? {
    switch zone.uppercased() {
    case "GMT", "UT", "UTC", "Z": return 0
    default: break
    }
    let utf8 = Array(zone.utf8)
    guard utf8.count == 5, utf8[0] == UInt8(ascii: "+") || utf8[0] == UInt8(ascii: "-"),
      let hours = Int(zone.dropFirst().prefix(2)), let minutes = Int(zone.suffix(2)), hours < 24, minutes < 60,
      utf8[1...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    let offset = hours * 3600 + minutes * 60
    return utf8[0] == UInt8(ascii: "-") ? -offset : offset
  }
}
