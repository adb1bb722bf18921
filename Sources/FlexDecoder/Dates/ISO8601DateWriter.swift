import Foundation

/// The `.iso8601` date encoding strategy without Foundation's formatter: the bytes of
/// `date.formatted(.iso8601)`, `yyyy-MM-ddTHH:mm:ssZ` in UTC, for the dates of the years 1583 to
/// 9999 (``GregorianDays/nativeYears``).
///
/// As Foundation does, a fraction of a second is dropped, rounding down (toward the past, also
/// before 1970: -0.5 s after 1970 is `1969-12-31T23:59:59Z`).
enum ISO8601DateWriter {
  /// The length of what ``write(_:to:)`` writes.
  static let length = 20

  /// Writes `date` at `destination` (``length`` bytes) and returns `true`, or returns `false`
  /// without writing when the date is outside the years 1583 to 9999 (or not finite), or when
  /// this process's Foundation was found to write dates otherwise (``NativeDateChecks``).
  @inline(__always)
  static func write(_ date: Date, to destination: UnsafeMutablePointer<UInt8>) -> Bool {
    NativeDateChecks.writesISO8601 && writeUnchecked(date, to: destination)
  }

  /// ``write(_:to:)`` without the check against Foundation.
  private static func writeUnchecked(_ date: Date, to destination: UnsafeMutablePointer<UInt8>) -> Bool {
    let interval = date.timeIntervalSinceReferenceDate
    // The range check comes first, so that the conversion to `Int64` cannot trap. (Seconds are
    // `Int64`: they pass 2^31 after 2069. Days fit any `Int`.)
    guard interval > -14_000_000_000, interval < 253_000_000_000 else { return false }
    let seconds = Int64(interval.rounded(.down))
    let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    let secondsInDay = Int(seconds - Int64(days) * 86_400)
    let (year, month, day) = GregorianDays.date(daysSince1970: days + GregorianDays.referenceDay)
    guard GregorianDays.nativeYears.contains(year) else { return false }
    DateDigits.write(year, count: 4, to: destination)
    destination[4] = UInt8(ascii: "-")
    DateDigits.write(month, count: 2, to: destination + 5)
    destination[7] = UInt8(ascii: "-")
    DateDigits.write(day, count: 2, to: destination + 8)
    destination[10] = UInt8(ascii: "T")
    DateDigits.write(secondsInDay / 3600, count: 2, to: destination + 11)
    destination[13] = UInt8(ascii: ":")
    DateDigits.write(secondsInDay / 60 % 60, count: 2, to: destination + 14)
    destination[16] = UInt8(ascii: ":")
    DateDigits.write(secondsInDay % 60, count: 2, to: destination + 17)
    destination[19] = UInt8(ascii: "Z")
    return true
  }
}

extension ISO8601DateWriter {
  /// ``write(_:to:)`` as a `String`, or `nil` when Foundation must write `date`.
  static func string(from date: Date) -> String? {
    NativeDateChecks.writesISO8601 ? native(date) : nil
  }

  /// `date` as the `.iso8601` strategy writes it: natively when it can, else by Foundation, as
  /// this system's JSONEncoder does (``FoundationISO8601``).
  static func iso8601String(from date: Date) -> String {
    string(from: date) ?? FoundationISO8601.string(from: date)
  }

  /// ``string(from:)`` without the check against Foundation.
  static func native(_ date: Date) -> String? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer -> String? in
      guard let base = buffer.baseAddress, writeUnchecked(date, to: base) else { return nil }
      return String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self)
    }
  }
}
