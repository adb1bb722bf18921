import Foundation

// The dates with month names that `.flexible` reads besides ISO 8601: RFC 2822 (e-mail, RSS)
// and the format of Twitter's v1.1 API. Both are unambiguous (an English month name, a numeric
// zone), so `.flexible`, which is opt-in already, reads them without another option.

/// Parses `Sat, 27 Apr 2024 12:34:56 +0000` (RFC 2822; weekday and seconds optional, zone
/// `+hhmm`, `GMT`, `UT` or `Z`) and `Sat Apr 27 12:34:56 +0000 2024` (Twitter).
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
    guard let year = Int(year), year >= 1, year <= 9999, let day = Int(day),
      (1...GregorianDays.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
    else { return nil }
    let second = parts.count == 3 ? Int(parts[2]) : 0
    guard let second, second <= 60, let offset = zoneOffset(zone) else { return nil }
    let days = GregorianDays.daysSince1970(year: year, month: month, day: day)
    // `Int64`: the seconds of years 1 to 9999 pass 2^31.
    let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
    return Date(timeIntervalSince1970: Double(seconds))
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
