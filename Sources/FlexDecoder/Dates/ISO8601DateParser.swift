import Foundation

/// The `.iso8601` date decoding strategy without Foundation's parser, for the strings it is sure
/// to read as `Date.ISO8601FormatStyle().parse(_:)` does.
///
/// Accepted: `yyyy-MM-ddTHH:mm:ss`, then optionally `.` and 1 to 9 digits of fraction, then
/// `Z`, `z`, `±HH:mm` or `±HHmm` (offsets up to 17:59), ending there; a valid date of the years
/// 1583 to 9999 (``GregorianDays/nativeYears``), hours 00 to 23, minutes and seconds 00 to 59.
///
/// Everything else is left to Foundation (`nil`), which also accepts, and must be asked about:
/// lowercase `t` (no: rejected), months and days of other widths or out of range (`2024-02-30`
/// is March 1), hour 24 (`24:00:00`, the next midnight), second 60 (on Linux with Swift 6.3,
/// the next minute's second 0, its fraction kept), offsets `±HH` or with seconds, `GMT`/`UTC`
/// zones, anything after the zone (ignored!), and the Julian dates before 1582-10-15.
///
/// Used only where this process's Foundation agrees on a few telling cases (``NativeDateChecks``).
enum ISO8601DateParser {
  /// The date in `text`, or `nil` when `text` is not in the subset described above (or this
  /// process's Foundation was found to read such strings otherwise).
  @inline(__always)
  static func date(from text: UnsafeRawBufferPointer) -> Date? {
    guard NativeDateChecks.parsesISO8601 else { return nil }
    return native(text, fractions: NativeDateChecks.parsesISO8601Fractions)
  }

  /// The date in `string` as the `.iso8601` strategy reads it: natively when it can, else by
  /// Foundation, as this system's JSONDecoder does (``FoundationISO8601``).
  static func date(from string: String) -> Date? {
    var string = string
    if let date = string.withUTF8({ date(from: UnsafeRawBufferPointer($0)) }) { return date }
    return FoundationISO8601.date(from: string)
  }

  /// ``date(from:)`` without the check against Foundation; `fractions: false` leaves strings
  /// with fractional seconds to Foundation.
  static func native(_ text: UnsafeRawBufferPointer, fractions: Bool = true) -> Date? {
    let count = text.count
    guard count >= 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
      text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":")
    else { return nil }
    let year = DateDigits.value(in: text, at: 0, count: 4)
    let month = DateDigits.value(in: text, at: 5, count: 2)
    let day = DateDigits.value(in: text, at: 8, count: 2)
    let hour = DateDigits.value(in: text, at: 11, count: 2)
    let minute = DateDigits.value(in: text, at: 14, count: 2)
    let second = DateDigits.value(in: text, at: 17, count: 2)
    guard GregorianDays.nativeYears.contains(year), GregorianDays.isValid(year: year, month: month, day: day),
      hour >= 0, hour < 24, minute >= 0, minute < 60, second >= 0, second < 60
    else { return nil }

    var position = 19
    var nanoseconds = -1
    if text[position] == UInt8(ascii: ".") {
      guard fractions else { return nil }
      position += 1
      let start = position
      var digits = 0
      while position < count, text[position] &- UInt8(ascii: "0") < 10 {
        // Only the first 9 digits are read: more are left to Foundation below, and 19 or more
        // would overflow.
        if position - start < 9 { digits = digits * 10 + Int(text[position] &- UInt8(ascii: "0")) }
        position += 1
      }
      let length = position - start
      guard length >= 1, length <= 9 else { return nil }
      nanoseconds = digits
      for _ in length..<9 { nanoseconds *= 10 }
    }
    guard let offset = zoneOffset(in: text, at: position) else { return nil }

    let days = GregorianDays.daysSince1970(year: year, month: month, day: day) - GregorianDays.referenceDay
    let secondsInDay = hour * 3600 + minute * 60 + second
    guard nanoseconds >= 0 else {
      // Whole seconds: every step of Foundation's arithmetic below is exact.
      return Date(timeIntervalSinceReferenceDate: Double(Int64(days) * 86_400 + Int64(secondsInDay - offset)))
    }
    // Foundation's arithmetic, rounding where it rounds (Calendar's `date(from:)`): the
    // fraction is added to the seconds of the day, that sum to the day's start counted from
    // 2001, and the offset is subtracted last. `.5` is exact; `.1` is not, and adding it to a
    // large number of seconds rounds again, so doing this in another order can give a `Date`
    // one bit away.
    let fractionalSecondsInDay = Double(secondsInDay) + Double(nanoseconds) / 1_000_000_000
    let local = Double(Int64(days) * 86_400) + fractionalSecondsInDay
    return Date(timeIntervalSinceReferenceDate: local - Double(offset))
  }

  /// The zone's offset in seconds east of UTC, when the zone at `position` is `Z`, `z`,
  /// `±HH:mm` or `±HHmm` (at most 17:59) and ends the text.
  @inline(__always)
  private static func zoneOffset(in text: UnsafeRawBufferPointer, at position: Int) -> Int? {
    let remaining = text.count - position
    guard remaining >= 1 else { return nil }
    let first = text[position]
    if first == UInt8(ascii: "Z") || first == UInt8(ascii: "z") { return remaining == 1 ? 0 : nil }
    guard first == UInt8(ascii: "+") || first == UInt8(ascii: "-") else { return nil }
    let hours = DateDigits.value(in: text, at: position + 1, count: 2)
    let minutes: Int
    if remaining == 6 && text[position + 3] == UInt8(ascii: ":") {
      minutes = DateDigits.value(in: text, at: position + 4, count: 2)
    } else if remaining == 5 {
      minutes = DateDigits.value(in: text, at: position + 3, count: 2)
    } else {
      return nil
    }
    guard hours >= 0, hours < 18, minutes >= 0, minutes < 60 else { return nil }
    let offset = hours * 3600 + minutes * 60
    return first == UInt8(ascii: "+") ? offset : -offset
  }
}
