import Foundation

extension DateFormatPattern {
  /// Writes `date` as the formatter would, at `destination` (``maximumLength`` bytes at least),
  /// and returns the number of bytes written; or returns `nil`, writing nothing useful, when the
  /// formatter must write it: its time zone has no fixed offset, or the date (in that zone) is
  /// outside the years 1583 to 9999.
  func write(_ date: Date, to destination: UnsafeMutablePointer<UInt8>) -> Int? {
    guard let offset = fixedOffset else { return nil }
    // CoreFoundation's conversion to ICU's milliseconds, rounded to the nearest (see the top of
    // DateFormatPattern.swift). The range check comes first, so that `Int64` cannot trap.
    // Milliseconds are `Int64` (about 2^48 here), days fit any `Int`.
    let rounded = (date.timeIntervalSinceReferenceDate + Double(GregorianDays.referenceSeconds)) * 1000 + 0.5
    guard rounded > -13_000_000_000_000, rounded < 254_000_000_000_000 else { return nil }
    let local = Int64(rounded.rounded(.down)) + Int64(offset) * 1000
    let days = local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000
    let millisecondsInDay = Int(local - days * 86_400_000)
    let (year, month, day) = GregorianDays.date(daysSince1970: Int(days))
    guard GregorianDays.nativeYears.contains(year) else { return nil }
    var position = 0
    for element in elements {
      switch element {
      case .year:
        DateDigits.write(year, count: 4, to: destination + position)
        position += 4
      case .month:
        DateDigits.write(month, count: 2, to: destination + position)
        position += 2
      case .day:
        DateDigits.write(day, count: 2, to: destination + position)
        position += 2
      case .hour:
        DateDigits.write(millisecondsInDay / 3_600_000, count: 2, to: destination + position)
        position += 2
      case .minute:
        DateDigits.write(millisecondsInDay / 60_000 % 60, count: 2, to: destination + position)
        position += 2
      case .second:
        DateDigits.write(millisecondsInDay / 1000 % 60, count: 2, to: destination + position)
        position += 2
      case .millisecond:
        DateDigits.write(millisecondsInDay % 1000, count: 3, to: destination + position)
        position += 3
      case .zone(let style):
        position += Self.writeZone(offset, style: style, to: destination + position)
      case .literal(let byte):
        destination[position] = byte
        position += 1
      }
    }
    return position
  }

  /// Writes `offset` (seconds east of UTC, whole minutes) in `style`; returns the length.
  private static func writeZone(_ offset: Int, style: ZoneStyle, to destination: UnsafeMutablePointer<UInt8>) -> Int {
    if offset == 0 && (style == .basicOrZ || style == .extendedOrZ) {
      destination[0] = UInt8(ascii: "Z")
      return 1
    }
    destination[0] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
    DateDigits.write(abs(offset) / 3600, count: 2, to: destination + 1)
    switch style {
    case .basic, .basicOrZ:
      DateDigits.write(abs(offset) / 60 % 60, count: 2, to: destination + 3)
      return 5
    case .extended, .extendedOrZ:
      destination[3] = UInt8(ascii: ":")
      DateDigits.write(abs(offset) / 60 % 60, count: 2, to: destination + 4)
      return 6
    }
  }
}

extension DateFormatPattern {
  /// ``write(_:to:)`` as a `String`, or `nil` when the formatter must write `date`.
  func string(from date: Date) -> String? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer -> String? in
      guard let base = buffer.baseAddress, let count = write(date, to: base) else { return nil }
      return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
  }
}
