import Foundation

/// How a ``FlexDate`` property reads and writes its date, whatever the decoder's
/// `dateDecodingStrategy`. ``FlexDateFormats`` has the common ones; ``FlexDatePattern`` makes
/// one from a `DateFormatter` pattern.
public protocol FlexDateFormat {
  /// The date in the value of `container`.
  static func decode(from container: any SingleValueDecodingContainer) throws -> Date
  /// Writes `date` into `container`.
  static func encode(_ date: Date, to container: inout any SingleValueEncodingContainer) throws
}

/// A ``FlexDateFormat`` given by a fixed `DateFormatter` pattern, read and written with the
/// `en_US_POSIX` locale in UTC (a pattern with a zone field reads the zone written).
///
/// ```swift
/// enum DayFormat: FlexDatePattern { static var pattern: String { "dd/MM/yyyy" } }
/// struct Invoice: Codable {
///   @FlexDate<DayFormat> var issued: Date
/// }
/// ```
public protocol FlexDatePattern: FlexDateFormat {
  /// The `DateFormatter.dateFormat` pattern.
  static var pattern: String { get }
}

extension FlexDatePattern {
  /// Reads a string with the pattern.
  public static func decode(from container: any SingleValueDecodingContainer) throws -> Date {
    let text = try container.decode(String.self)
    guard let date = PatternFormatters.formatter(for: pattern).parsedDate(from: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Date string \"\(text)\" does not match the format \"\(pattern)\".")
    }
    return date
  }

  /// Writes a string with the pattern.
  public static func encode(_ date: Date, to container: inout any SingleValueEncodingContainer) throws {
    try container.encode(PatternFormatters.formatter(for: pattern).string(from: date))
  }
}

/// The formatters of ``FlexDatePattern`` types, one per pattern and thread (a `DateFormatter` is
/// not safe to share between threads on every platform).
private enum PatternFormatters {
  static func formatter(for pattern: String) -> DateFormatter {
    let key = "FlexDatePattern." + pattern
    if let formatter = Thread.current.threadDictionary[key] as? DateFormatter { return formatter }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = pattern
    Thread.current.threadDictionary[key] = formatter
    return formatter
  }
}

/// The common date formats for ``FlexDate``.
public enum FlexDateFormats {
  /// ISO 8601 / RFC 3339 (`2024-05-01T12:30:00Z`), as `.iso8601` reads and writes it.
  public enum ISO8601: FlexDateFormat {
    /// Reads an ISO 8601 string.
    public static func decode(from container: any SingleValueDecodingContainer) throws -> Date {
      let text = try container.decode(String.self)
      guard let date = ISO8601DateParser.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
      }
      return date
    }

    /// Writes an ISO 8601 string.
    public static func encode(_ date: Date, to container: inout any SingleValueEncodingContainer) throws {
      try container.encode(ISO8601DateWriter.iso8601String(from: date))
    }
  }

  /// A number of seconds since 1970, as `.secondsSince1970`.
  public enum SecondsSince1970: FlexDateFormat {
    /// Reads a number of seconds.
    public static func decode(from container: any SingleValueDecodingContainer) throws -> Date {
      Date(timeIntervalSince1970: try container.decode(Double.self))
    }

    /// Writes a number of seconds.
    public static func encode(_ date: Date, to container: inout any SingleValueEncodingContainer) throws {
      try container.encode(date.timeIntervalSince1970)
    }
  }

  /// A number of milliseconds since 1970, as `.millisecondsSince1970`.
  public enum MillisecondsSince1970: FlexDateFormat {
    /// Reads a number of milliseconds.
    public static func decode(from container: any SingleValueDecodingContainer) throws -> Date {
      Date(timeIntervalSince1970: try container.decode(Double.self) / 1000)
    }

    /// Writes a number of milliseconds.
    public static func encode(_ date: Date, to container: inout any SingleValueEncodingContainer) throws {
      try container.encode(1000 * date.timeIntervalSince1970)
    }
  }

  /// Whatever `.flexible` reads (ISO 8601 with or without fractions and zone, `yyyy-MM-dd`,
  /// `yyyy-MM-dd HH:mm:ss`, seconds or milliseconds since 1970 as numbers or strings); written
  /// as ISO 8601.
  public enum Flexible: FlexDateFormat {
    /// Reads any of the shapes `.flexible` accepts.
    public static func decode(from container: any SingleValueDecodingContainer) throws -> Date {
      if let number = try? container.decode(Double.self) { return FlexibleDateParser.date(fromNumber: number) }
      let text = try container.decode(String.self)
      guard let date = FlexibleDateParser.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Date string \"\(text)\" is in none of the formats .flexible accepts.")
      }
      return date
    }

    /// Writes an ISO 8601 string.
    public static func encode(_ date: Date, to container: inout any SingleValueEncodingContainer) throws {
      try ISO8601.encode(date, to: &container)
    }
  }
}

/// A `Date` property read and written in its own format, whatever the coder's date strategy,
/// under any decoder and encoder.
///
/// ```swift
/// struct Event: Codable {
///   @FlexDate<FlexDateFormats.MillisecondsSince1970> var createdAt: Date
///   @FlexDate<FlexDateFormats.ISO8601> var startsAt: Date
/// }
/// ```
///
/// A value in another format is a `dataCorrupted` problem at the property's path, under the
/// decoder's error policy like any other. For an optional date use ``FlexOptionalDate``.
@propertyWrapper
public struct FlexDate<Format: FlexDateFormat> {
  /// The date.
  public var wrappedValue: Date

  /// A property holding `wrappedValue`.
  public init(wrappedValue: Date) {
    self.wrappedValue = wrappedValue
  }
}

// MARK: Codable

extension FlexDate: Codable {
  /// Reads the date in `Format`.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Format.decode(from: try decoder.singleValueContainer()))
  }

  /// Writes the date in `Format`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try Format.encode(wrappedValue, to: &container)
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexDate: Equatable {}
extension FlexDate: Hashable {}
extension FlexDate: Sendable {}

/// An optional `Date` property read and written in its own format: `nil` when the key is missing
/// or the value `null` (and not written when `nil`, as a synthesized `encode(to:)` leaves out
/// optionals).
@propertyWrapper
public struct FlexOptionalDate<Format: FlexDateFormat> {
  /// The date, if any.
  public var wrappedValue: Date?

  /// A property holding `wrappedValue`.
  public init(wrappedValue: Date?) {
    self.wrappedValue = wrappedValue
  }
}

// MARK: Codable

extension FlexOptionalDate: Codable {
  /// Reads the date in `Format`, or `nil` for `null`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: container.decodeNil() ? nil : try Format.decode(from: container))
  }

  /// Writes the date in `Format`, or `null`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    guard let wrappedValue else { return try container.encodeNil() }
    try Format.encode(wrappedValue, to: &container)
  }
}

extension KeyedDecodingContainer {
  /// A ``FlexOptionalDate`` property whose key is missing is `nil`.
  public func decode<Format>(_ type: FlexOptionalDate<Format>.Type, forKey key: Key) throws -> FlexOptionalDate<Format>
  {
    try decodeIfPresent(type, forKey: key) ?? FlexOptionalDate(wrappedValue: nil)
  }
}

extension KeyedEncodingContainer {
  /// A `nil` ``FlexOptionalDate`` is left out, as a synthesized `encode(to:)` leaves out `nil`
  /// optionals.
  public mutating func encode<Format>(_ value: FlexOptionalDate<Format>, forKey key: Key) throws {
    guard value.wrappedValue != nil else { return }
    try encodeIfPresent(Optional(value), forKey: key)
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexOptionalDate: Equatable {}
extension FlexOptionalDate: Hashable {}
extension FlexOptionalDate: Sendable {}
