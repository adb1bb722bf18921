import Foundation

extension FlexJSONDecoder {
  /// How `Date` values are decoded. Same cases and meaning as `JSONDecoder.DateDecodingStrategy`.
  public enum DateDecodingStrategy: Sendable {
    /// Defer to `Date`'s own `init(from:)`: a number of seconds since 2001-01-01.
    /// This is the default strategy.
    case deferredToDate
    /// A number of seconds since 1970-01-01 UTC.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01 UTC.
    case millisecondsSince1970
    /// An ISO 8601 string with a time zone (`2024-05-01T12:30:00Z`, `…00.123+02:00`), as this
    /// system's `JSONDecoder` reads it: `Date.ISO8601FormatStyle()`, or before iOS 15 and macOS
    /// 12 `ISO8601DateFormatter` (which rejects fractional seconds). The common shapes are read
    /// from the bytes without Foundation's parser, to the same `Date`; Foundation reads the rest.
    case iso8601
    /// A string parsed by the given formatter. Numeric formats in the `en_US_POSIX` locale
    /// (`yyyy-MM-dd'T'HH:mm:ss.SSSZ`, `yyyy-MM-dd HH:mm:ss`, …) are read without calling it, to
    /// the same `Date`, when the string is exactly in the format; the formatter reads the rest.
    case formatted(DateFormatter)
    /// Decoded by the closure, which reads from the decoder it is given.
    case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    /// Whatever shape the API sends: ISO 8601 / RFC 3339 with or without fractional seconds
    /// and zone (`2024-05-01T12:30:00.123+02:00`), `yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss` (UTC),
    /// RFC 2822 and Twitter's `Wed May 01 12:30:00 +0000 2024` (seconds with or without a
    /// fraction), and numbers or numeric strings as seconds since 1970 (milliseconds when above
    /// 10^11). Second 60 (a leap second) is the next minute's first, fraction kept, as the
    /// `.iso8601` strategy reads it: `23:59:60.999Z` is `00:00:00.999Z` of the next day.
    case flexible
  }

  /// How `Data` values are decoded. Same cases and meaning as `JSONDecoder.DataDecodingStrategy`.
  public enum DataDecodingStrategy: Sendable {
    /// Defer to `Data`'s own `init(from:)`: an array of bytes.
    case deferredToData
    /// A Base64 string. This is the default strategy.
    case base64
    /// Decoded by the closure, which reads from the decoder it is given.
    case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
  }

  /// How the non-JSON values infinity and NaN are decoded into `Float` and `Double`.
  public enum NonConformingFloatDecodingStrategy: Sendable {
    /// Throw when such a value is met. This is the default strategy.
    case `throw`
    /// Read these three strings as positive infinity, negative infinity and NaN.
    case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  /// How the keys of JSON objects are matched to `CodingKey`s.
  public enum KeyDecodingStrategy: Sendable {
    /// Keys match exactly as written. This is the default strategy.
    case useDefaultKeys
    /// `snake_case` JSON keys are converted to `camelCase` before matching, exactly as
    /// `JSONDecoder` does it: `first_name` → `firstName`, `_id` → `_id`, `URL_path` → `urlPath`.
    /// Keys of `[String: …]` dictionaries are left as they are.
    case convertFromSnakeCase
    /// `TitleCase` JSON keys are converted to `camelCase` before matching: `FirstName` →
    /// `firstName`, `ID` → `id`, `URLString` → `urlString`.
    case convertFromTitleCase
    /// `kebab-case` JSON keys are converted to `camelCase` before matching: `first-name` →
    /// `firstName`.
    case convertFromKebabCase
    /// A JSON key matches a property when both are equal after lowercasing and dropping `_` and
    /// `-`: `first_name`, `FirstName`, `first-name` and `FIRST_NAME` all fill `firstName`. An
    /// exact match wins over a loose one; among several loose matches the first in document
    /// order wins.
    case convertFromAnyCase
    /// Each JSON key is converted by the closure, which gets the coding path with the key last.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }
}
