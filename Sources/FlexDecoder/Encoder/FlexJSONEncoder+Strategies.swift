import Foundation

extension FlexJSONEncoder {
  /// How the output is laid out. Same options and output as `JSONEncoder.OutputFormatting`.
  public struct OutputFormatting: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt

    /// Creates formatting from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Newlines and two-space indentation, `"key" : value`.
    public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
    /// Object keys in ascending order (by their UTF-8 bytes, as `JSONEncoder` on Linux).
    public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
    /// `/` is written as is instead of `\/`.
    public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
  }

  /// How `Date` values are encoded. Same cases and output as `JSONEncoder.DateEncodingStrategy`.
  public enum DateEncodingStrategy: Sendable {
    /// `Date`'s own `encode(to:)`: seconds since 2001-01-01. This is the default strategy.
    case deferredToDate
    /// Seconds since 1970-01-01 UTC.
    case secondsSince1970
    /// Milliseconds since 1970-01-01 UTC.
    case millisecondsSince1970
    /// An ISO 8601 string in UTC without fractional seconds, `2024-05-01T12:30:00Z`: the bytes
    /// of `date.formatted(.iso8601)` (of `ISO8601DateFormatter` before iOS 15 and macOS 12),
    /// written without Foundation's formatter for the years 1583 to 9999.
    case iso8601
    /// A string made by the formatter. Numeric formats in the `en_US_POSIX` locale with a
    /// fixed-offset time zone (`yyyy-MM-dd'T'HH:mm:ss.SSSZ`, `yyyy-MM-dd HH:mm:ss`, …) are
    /// written without calling it, to the same bytes; see Dates/DateFormatPattern.swift.
    case formatted(DateFormatter)
    /// Encoded by the closure, through the encoder it is given.
    case custom(@Sendable (_ date: Date, _ encoder: any Encoder) throws -> Void)
  }

  /// How `Data` values are encoded. Same cases and output as `JSONEncoder.DataEncodingStrategy`.
  public enum DataEncodingStrategy: Sendable {
    /// `Data`'s own `encode(to:)`: an array of bytes.
    case deferredToData
    /// A Base64 string. This is the default strategy.
    case base64
    /// Encoded by the closure, through the encoder it is given.
    case custom(@Sendable (_ data: Data, _ encoder: any Encoder) throws -> Void)
  }

  /// How infinity and NaN, which JSON cannot hold, are encoded.
  public enum NonConformingFloatEncodingStrategy: Sendable {
    /// Throw `EncodingError.invalidValue`. This is the default strategy.
    case `throw`
    /// Write these strings instead.
    case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  /// How coding keys become JSON keys (for properties no ``FlexKeyMapping`` maps).
  public enum KeyEncodingStrategy: Sendable {
    /// Keys as they are. This is the default strategy.
    case useDefaultKeys
    /// `camelCase` to `snake_case`, exactly as `JSONEncoder` does it: `myURLProperty` →
    /// `my_url_property`.
    case convertToSnakeCase
    /// `camelCase` to `TitleCase`: `firstName` → `FirstName`.
    case convertToTitleCase
    /// `camelCase` to `kebab-case`: `firstName` → `first-name`.
    case convertToKebabCase
    /// Each key is converted by the closure, which gets the coding path with the key last.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }
}
