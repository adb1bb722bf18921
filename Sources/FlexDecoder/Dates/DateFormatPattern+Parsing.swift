import Foundation

extension DateFormatPattern {
  /// The date in `text`, as the formatter would read it, or `nil` when `text` is not exactly in
  /// the format (each field at its width, each literal as written, nothing before or after), is
  /// not a valid date of the years 1583 to 9999, or when the pattern does not parse (see
  /// ``parses``). `nil` means: ask the formatter.
  ///
  /// Zones are read as the formatter writes them: `+HHmm` for the basic styles, `+HH:mm` for
  /// the extended ones, and `Z` for those that write UTC so; offsets up to 17:59.
  func date(from text: UnsafeRawBufferPointer) -> Date? {
    guard parses else { return nil }
    var year = -1
    var month = -1
    var day = -1
    var hour = 0
    var minute = 0
    var second = 0
    var millisecond = 0
    var offset = fixedOffset
    var position = 0
    for element in elements {
      switch element {
      case .year:
        year = DateDigits.value(in: text, at: position, count: 4)
        position += 4
      case .month:
        month = DateDigits.value(in: text, at: position, count: 2)
        position += 2
      case .day:
        day = DateDigits.value(in: text, at: position, count: 2)
        position += 2
      case .hour:
        hour = DateDigits.value(in: text, at: position, count: 2)
        position += 2
      case .minute:
        minute = DateDigits.value(in: text, at: position, count: 2)
        position += 2
      case .second:
        second = DateDigits.value(in: text, at: position, count: 2)
        position += 2
      case .millisecond:
        millisecond = DateDigits.value(in: text, at: position, count: 3)
        position += 3
      case .zone(let style):
        guard let (zoneOffset, length) = Self.zone(in: text, at: position, style: style) else { return nil }
        offset = zoneOffset
        position += length
      case .literal(let byte):
        guard position < text.count, text[position] == byte else { return nil }
        position += 1
      }
    }
    guard position == text.count, let offset, GregorianDays.nativeYears.contains(year),
      GregorianDays.isValid(year: year, month: month, day: day), hour >= 0, hour < 24, minute >= 0, minute < 60,
      second >= 0, second < 60, millisecond >= 0
    else { return nil }
    let days = GregorianDays.daysSince1970(year: year, month: month, day: day)
    // Seconds and milliseconds are `Int64`: years 1583 to 9999 count up to 2.5e14 milliseconds.
    let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
    // CoreFoundation's conversion from ICU's milliseconds (see the top of DateFormatPattern.swift).
    let milliseconds = Double(seconds * 1000 + Int64(millisecond))
    return Date(timeIntervalSinceReferenceDate: milliseconds / 1000 - Double(GregorianDays.referenceSeconds))
  }

  /// The offset (seconds east of UTC) and length of the zone at `position`, written in `style`.
  private static func zone(in text: UnsafeRawBufferPointer, at position: Int, style: ZoneStyle) -> (Int, Int)? {
    guard position < text.count else { return nil }
    let sign = text[position]
    if sign == UInt8(ascii: "Z") && (style == .basicOrZ || style == .extendedOrZ) { return (0, 1) }
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
    let hours = DateDigits.value(in: text, at: position + 1, count: 2)
    let minutes: Int
    let length: Int
    switch style {
    case .basic, .basicOrZ:
      minutes = DateDigits.value(in: text, at: position + 3, count: 2)
      length = 5
    case .extended, .extendedOrZ:
      guard position + 3 < text.count, text[position + 3] == UInt8(ascii: ":") else { return nil }
      minutes = DateDigits.value(in: text, at: position + 4, count: 2)
      length = 6
    }
    guard hours >= 0, hours < 18, minutes >= 0, minutes < 60 else { return nil }
    let offset = hours * 3600 + minutes * 60
    return (sign == UInt8(ascii: "+") ? offset : -offset, length)
  }
}
