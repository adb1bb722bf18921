import Foundation

// `.formatted(DateFormatter)` without the formatter, for the formats APIs use most: numeric
// fields of fixed width, literal separators and a numeric zone, in the POSIX locale. A
// formatter parses a date in tens of microseconds on Linux (ICU, through CoreFoundation) and
// writes one in several; FlexDecoder reads and writes these formats from bytes.
//
// Only what is known to give the formatter's exact results is done natively, and everything
// else is handed to the formatter: other formats and settings (see `init?(formatter:)`), other
// strings (the formatter also accepts `2024-5-1`, spaces around the text, a zone written
// otherwise), and the dates outside the years 1583 to 9999.
//
// CoreFoundation converts between `Date` and ICU's milliseconds since 1970 (a `Double`):
//
//     parse:  Date(timeIntervalSinceReferenceDate: milliseconds / 1000 - 978_307_200)
//     format: milliseconds = (timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5,
//             then ICU drops the fraction of that millisecond, rounding down
//
// so a formatter rounds a `Date` to the nearest millisecond before it writes it, even when the
// format has no milliseconds (12:30:00.9996 is written 12:30:01). The native code repeats both
// conversions step by step, in `Double`.

/// The format of a `DateFormatter` that FlexDecoder parses and writes itself, with the settings
/// it depends on, as found when a call first used the formatter.
struct DateFormatPattern: Sendable {
  /// A part of the format.
  enum Element: Equatable, Sendable {
    /// `yyyy`: the year, four digits.
    case year
    /// `MM`: the month, two digits.
    case month
    /// `dd`: the day of the month, two digits.
    case day
    /// `HH`: the hour, 00 to 23.
    case hour
    /// `mm`: the minute, two digits.
    case minute
    /// `ss`: the second, two digits.
    case second
    /// `SSS`: the millisecond, three digits.
    case millisecond
    /// A time zone offset.
    case zone(ZoneStyle)
    /// A byte written as it is: a separator, or a byte of a quoted literal (`'T'`).
    case literal(UInt8)
  }

  /// How a zone field writes an offset.
  enum ZoneStyle: Equatable, Sendable {
    /// `+0200`, `+0000` (`Z`, `ZZ`, `ZZZ`, `xx`, `xxxx`).
    case basic
    /// `+0200`, `Z` for UTC (`XX`, `XXXX`).
    case basicOrZ
    /// `+02:00`, `+00:00` (`xxx`, `xxxxx`).
    case extended
    /// `+02:00`, `Z` for UTC (`ZZZZZ`, `XXX`, `XXXXX`).
    case extendedOrZ
  }

  /// The fields and literals, in order.
  let elements: [Element]
  /// The formatter's time zone as seconds east of UTC, when it has a fixed offset; else `nil`:
  /// dates are then written by the formatter, and parsed natively only when they name their
  /// zone.
  let fixedOffset: Int?
  /// Whether strings are parsed natively: not when the formatter is lenient.
  let parses: Bool
  /// The most bytes ``write(_:to:)`` writes.
  let maximumLength: Int

  /// The pattern of `formatter`, or `nil` if the formatter must do the work: a subclass (it may
  /// override `date(from:)`), a format other than the one described at the top of this file, a
  /// locale other than `en_US_POSIX`, a calendar other than the Gregorian one with the usual
  /// reform date, or a default date (which fills in the fields the format lacks).
  ///
  /// Reads the formatter's settings each time (a few µs): a formatter may be changed between
  /// two calls. Always `nil` where this process's Foundation was found to convert otherwise
  /// (``NativeDateChecks``).
  init?(formatter: DateFormatter) {
    guard NativeDateChecks.handlesFormatters, type(of: formatter) == DateFormatter.self,
      let format = formatter.dateFormat, let elements = Self.elements(of: format),
      formatter.locale?.identifier == "en_US_POSIX", formatter.defaultDate == nil,
      formatter.calendar?.identifier == .gregorian
    else { return nil }
    if let reform = formatter.gregorianStartDate, reform.timeIntervalSince1970 != -12_219_292_800 { return nil }
    self.init(
      elements: elements, fixedOffset: formatter.timeZone.flatMap(Self.fixedOffset(of:)), parses: !formatter.isLenient)
  }

  /// The pattern of `elements` (from ``elements(of:)``), for a formatter whose time zone has
  /// `fixedOffset` (or none) and that `parses` natively or not.
  init(elements: [Element], fixedOffset: Int?, parses: Bool) {
    self.elements = elements
    self.fixedOffset = fixedOffset
    self.parses = parses
    self.maximumLength = elements.reduce(0) { length, element in
      switch element {
      case .year: length + 4
      case .millisecond: length + 3
      case .zone: length + 6
      case .literal: length + 1
      default: length + 2
      }
    }
  }

  /// The elements of `format` in ICU's pattern syntax, or `nil` unless it has exactly one
  /// year, month and day field, at most one of each other field, and only the fields and
  /// literals of ``Element``.
  ///
  /// Letters are fields, repeated for width (`yyyy`); text between single quotes is literal, and
  /// two single quotes write one; other ASCII characters are literal. Non-ASCII text and literal
  /// digits (which ICU could read as part of a number field) are not handled natively.
  static func elements(of format: String) -> [Element]? {
    var elements: [Element] = []
    var seen: [Element] = []
    let bytes = Array(format.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte >= 0x20, byte < 0x7F else { return nil }
      if byte == UInt8(ascii: "'") {
        // `''` is a quote; otherwise the literal runs to the next lone quote.
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") {
          elements.append(.literal(byte))
          index += 2
          continue
        }
        index += 1
        while true {
          guard index < bytes.count, bytes[index] >= 0x20, bytes[index] < 0x7F else { return nil }
          if bytes[index] == UInt8(ascii: "'") {
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") else { break }
            index += 1
          }
          elements.append(.literal(bytes[index]))
          index += 1
        }
        index += 1
        continue
      }
      guard (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") else {
        elements.append(.literal(byte))
        index += 1
        continue
      }
      var width = 1
      while index + width < bytes.count, bytes[index + width] == byte { width += 1 }
      index += width
      guard let field = field(letter: byte, width: width) else { return nil }
      let kind: Element = if case .zone = field { .zone(.basic) } else { field }
      guard !seen.contains(kind) else { return nil }
      seen.append(kind)
      elements.append(field)
    }
    guard seen.contains(.year), seen.contains(.month), seen.contains(.day) else { return nil }
    let hasDigitLiteral = elements.contains {
      if case .literal(let byte) = $0 { byte &- UInt8(ascii: "0") < 10 } else { false }
    }
    return hasDigitLiteral ? nil : elements
  }

  /// The field that `width` repetitions of `letter` write, if it is one of ``Element``'s.
  private static func field(letter: UInt8, width: Int) -> Element? {
    switch (letter, width) {
    case (UInt8(ascii: "y"), 4): .year
    case (UInt8(ascii: "M"), 2): .month
    case (UInt8(ascii: "d"), 2): .day
    case (UInt8(ascii: "H"), 2): .hour
    case (UInt8(ascii: "m"), 2): .minute
    case (UInt8(ascii: "s"), 2): .second
    case (UInt8(ascii: "S"), 3): .millisecond
    case (UInt8(ascii: "Z"), 1...3), (UInt8(ascii: "x"), 2), (UInt8(ascii: "x"), 4): .zone(.basic)
    case (UInt8(ascii: "X"), 2), (UInt8(ascii: "X"), 4): .zone(.basicOrZ)
    case (UInt8(ascii: "x"), 3), (UInt8(ascii: "x"), 5): .zone(.extended)
    case (UInt8(ascii: "Z"), 5), (UInt8(ascii: "X"), 3), (UInt8(ascii: "X"), 5): .zone(.extendedOrZ)
    default: nil
    }
  }

  /// The offset of `zone` in seconds, if it never changes: UTC under one of its usual names, or
  /// a zone made by `TimeZone(secondsFromGMT:)`, named `GMT+0530`, under 18 hours. Named
  /// regional zones are left to the formatter, whose time zone data knows their history.
  ///
  /// The offset is read from the name, as the formatter (ICU) does: `TimeZone(secondsFromGMT:
  /// 3601)` is named `GMT+0100` and formats as +01:00. Asking the zone instead would also cost
  /// about 30 µs when the caches are cold.
  static func fixedOffset(of zone: TimeZone) -> Int? {
    let name = zone.identifier
    switch name {
    case "GMT", "UTC", "Etc/UTC", "Etc/GMT":
      return 0
    default:
      let bytes = Array(name.utf8)
      guard bytes.count == 8, bytes.starts(with: "GMT".utf8),
        bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-")
      else { return nil }
      let hours = bytes.withUnsafeBytes { DateDigits.value(in: $0, at: 4, count: 2) }
      let minutes = bytes.withUnsafeBytes { DateDigits.value(in: $0, at: 6, count: 2) }
      guard hours >= 0, hours < 18, minutes >= 0, minutes < 60 else { return nil }
      return (hours * 3600 + minutes * 60) * (bytes[3] == UInt8(ascii: "+") ? 1 : -1)
    }
  }
}
