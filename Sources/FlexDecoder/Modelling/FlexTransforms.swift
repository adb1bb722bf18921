import Foundation

/// Ready-made transforms for ``FlexTransformed``: `@FlexTransformed<FlexTransforms.LenientURL>`.
///
/// Each one encodes what it decodes back: a value it wrote decodes to the same value.
///
/// - ``Trimmed``: a string without surrounding white space.
/// - ``LenientURL``: a URL from a string with surrounding white space, spaces or other characters
///   a URL cannot hold, or no scheme before `//`.
/// - ``LenientTimeZone``: a `TimeZone` from an identifier, an abbreviation, an offset or a
///   number of seconds from GMT.
/// - ``Base64Bytes`` and ``Base64Data``: bytes from Base64 in either alphabet, padded or not,
///   with line breaks.
public enum FlexTransforms {
  /// A string without its leading and trailing white space and newlines.
  public enum Trimmed: FlexTransform {
    /// The trimmed string.
    public static func value(from encoded: String) throws -> String {
      encoded.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The string as it is.
    public static func encoded(from value: String) throws -> String { value }
  }

  /// What a ready-made transform throws for a value it cannot read; under FlexJSONDecoder and
  /// JSONDecoder alike, the `underlyingError` of a `dataCorrupted` problem at the property's path.
  public struct InvalidValue: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON value as text (a string without its quotes).
    public let value: String
    /// What the transform expected: `a URL`, `a time zone`, `Base64`.
    public let expected: String

    /// The error for `value`, which is not `expected`; for transforms of your own too.
    public init(value: String, expected: String) {
      self.value = value
      self.expected = expected
    }

    /// `"Mars/Olympus" is not a time zone`.
    public var description: String { "\"\(value)\" is not \(expected)" }
  }
}
