import Foundation

extension FlexTransforms {
  /// A `TimeZone` from any of the ways APIs write one.
  ///
  /// ```swift
  /// struct Office: Codable {
  ///   @FlexTransformed<FlexTransforms.LenientTimeZone> var zone: TimeZone
  /// }
  /// // "Europe/Paris", "UTC", "CET", "+02:00", "-0530", 3600 and "3600" all decode
  /// ```
  ///
  /// Read in this order, surrounding white space ignored:
  /// 1. an abbreviation, as `TimeZone(abbreviation:)` reads it: `"CET"` is Europe/Paris, `"PST"`
  ///    America/Los_Angeles (the system's table decides; a name with a `/` is never one). First,
  ///    because `TimeZone(identifier:)` takes some abbreviations on one platform and not another;
  /// 2. an IANA identifier, as `TimeZone(identifier:)` reads it (`"Europe/Paris"`, `"GMT+0200"`);
  /// 3. an offset with a sign and two or four digits: `"+02:00"`, `"-0530"`, `"+02"` (`"Z"` is
  ///    UTC); so `"-1800"` is 18 hours west, not 1,800 seconds;
  /// 4. a number, or a string holding an integer, of seconds east of GMT (`3600`, `-18000`),
  ///    at most 18 hours either way.
  ///
  /// Every spelling of zero (`"-0"`, `"+00"`, `"-00:00"`, `"0000"`, `0`, `"Z"`) is
  /// `TimeZone(secondsFromGMT: 0)`, which is the zone `"GMT"` (equal to `TimeZone(identifier: "GMT")`),
  /// as `"UTC"` is by its abbreviation. A sign without digits (`"-"`, `"--0"`, `"+-00"`) names no zone.
  ///
  /// Anything else throws ``FlexTransforms/InvalidValue``. Encoding writes the zone's
  /// `identifier` (`"Europe/Paris"`, or `"GMT+0100"` for a fixed offset), which decodes back to
  /// the same zone.
  public enum LenientTimeZone: FlexTransform {
    /// The zone the JSON value names.
    /// - Throws: ``FlexTransforms/InvalidValue`` for a value that names no zone.
    public static func value(from encoded: JSONValue) throws -> TimeZone {
      switch encoded {
      case .string(let text):
        if let zone = zone(named: text.trimmingCharacters(in: .whitespacesAndNewlines)) { return zone }
        throw InvalidValue(value: text, expected: "a time zone")
      case .number(let number):
        if let seconds = number.integer(as: Int.self), let zone = zone(secondsFromGMT: seconds) { return zone }
        throw InvalidValue(value: number.text, expected: "a time zone")
      default:
        throw InvalidValue(value: encoded.description, expected: "a time zone")
      }
    }

    /// The zone's identifier.
    public static func encoded(from value: TimeZone) throws -> JSONValue { .string(value.identifier) }

    private static func zone(named text: String) -> TimeZone? {
      guard !text.isEmpty else { return nil }
      // An abbreviation first: `TimeZone(identifier:)` also takes some (`PST`) on one platform
      // and not on another, and `CET` is both a legacy IANA zone and Europe/Paris's abbreviation.
      let abbreviated = text.contains("/") ? nil : TimeZone(abbreviation: text)
      if let zone = abbreviated ?? TimeZone(identifier: text) { return zone }
      if text == "Z" || text == "z" { return TimeZone(secondsFromGMT: 0) }
      // `-0530` is an offset, not 530 seconds: offsets are read first.
      guard let seconds = offset(text) ?? Int(text) else { return nil }
      return zone(secondsFromGMT: seconds)
    }

    /// A fixed zone, if `seconds` is within the ±18 hours `TimeZone` takes.
    private static func zone(secondsFromGMT seconds: Int) -> TimeZone? {
      seconds.magnitude <= 18 * 3600 ? TimeZone(secondsFromGMT: seconds) : nil
    }

    /// Seconds east of GMT for `+hh`, `+hhmm` or `+hh:mm` (or `-`).
    private static func offset(_ text: String) -> Int? {
      let utf8 = Array(text.utf8)
      guard let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
      var digits = utf8.dropFirst()
      if digits.count == 5, digits[digits.startIndex + 2] == UInt8(ascii: ":") {
        digits.remove(at: digits.startIndex + 2)
      }
      guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else {
        return nil
      }
      let values = digits.map { Int($0 &- UInt8(ascii: "0")) }
      let hours = values[0] * 10 + values[1]
      let minutes = values.count == 4 ? values[2] * 10 + values[3] : 0
      guard hours <= 18, minutes < 60 else { return nil }
      let seconds = hours * 3600 + minutes * 60
      return sign == UInt8(ascii: "-") ? -seconds : seconds
    }
  }
}
