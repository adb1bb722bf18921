/// The error thrown when bytes are not a valid JSON (or JSON5) document.
///
/// It says what went wrong and where, in words a person can act on:
///
/// ```swift
/// do {
///   _ = try JSONValue(parsing: "{\n  \"a\": 1,\n  \"b\" }")
/// } catch let error as JSONParseError {
///   print(error)
///   // Unexpected character '}' at line 3, column 7 (expected ':' after an object key)
///   error.location.offset  // 18
/// }
/// ```
///
/// ``FlexJSONDecoder`` reports it as the `underlyingError` of a `DecodingError.dataCorrupted`.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// The input holds no value at all (empty or only whitespace).
    case emptyInput
    /// The input ended inside a value.
    case unexpectedEndOfInput
    /// A byte that cannot appear here; `expected` says what could (e.g. "expected ',' or ']'").
    case unexpectedCharacter(UInt8, expected: String)
    /// A number that breaks the grammar, e.g. `01`, `1.`, `-`, `.5` (strict mode).
    case invalidNumber(String)
    /// A backslash followed by a character that is not a valid escape.
    case invalidEscape(UInt8)
    /// `\u` not followed by four hexadecimal digits.
    case invalidUnicodeEscape
    /// A `\uD800`–`\uDFFF` escape that is not part of a valid surrogate pair.
    case loneSurrogate(UInt16)
    /// A control character (U+0000–U+001F) inside a string must be escaped.
    case unescapedControlCharacter(UInt8)
    /// A byte sequence that is not valid UTF-8.
    case invalidUTF8
    /// Arrays and objects nested deeper than the limit.
    case tooDeeplyNested(limit: Int)
    /// A comment was opened (JSON5) but never closed.
    case unterminatedComment
    /// The document is larger than 4 GiB, the most the tape addresses.
    case documentTooLarge
  }

  /// What went wrong.
  public let reason: Reason
  /// Where: byte offset, line and column of the offending byte.
  public let location: JSONLocation

  /// Creates an error. Line and column are computed from the offset.
  package init(_ reason: Reason, at offset: Int, in bytes: UnsafeRawBufferPointer) {
    self.reason = reason
    self.location = JSONLocation(offset: offset, in: bytes)
  }

  /// Creates an error at a known location.
  public init(_ reason: Reason, location: JSONLocation) {
    self.reason = reason
    self.location = location
  }

  /// Byte offset of the problem (0-based).
  public var offset: Int { location.offset }
  /// Line of the problem (1-based).
  public var line: Int { location.line }
  /// Column of the problem (1-based, in Unicode scalars).
  public var column: Int { location.column }

  /// The problem in one sentence, without the location.
  public var message: String {
    switch reason {
    case .emptyInput:
      return "The input contains no JSON value"
    case .unexpectedEndOfInput:
      return "Unexpected end of input"
    case .unexpectedCharacter(let byte, _):
      return byte >= 0x80 ? "Unexpected byte \(Self.hex(byte))" : "Unexpected character \(Self.describe(byte))"
    case .invalidNumber(let detail):
      return "Invalid number: \(detail)"
    case .invalidEscape(let byte):
      return "Invalid escape sequence '\\\(Self.printable(byte))' in string"
    case .invalidUnicodeEscape:
      return "Invalid \\u escape: expected four hexadecimal digits"
    case .loneSurrogate(let unit):
      return "Unpaired UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true)) in string"
    case .unescapedControlCharacter(let byte):
      return "Unescaped control character \(Self.hex(byte)) in string"
    case .invalidUTF8:
      return "Invalid UTF-8 byte sequence"
    case .tooDeeplyNested(let limit):
      return "Arrays and objects are nested deeper than the limit of \(limit)"
    case .unterminatedComment:
      return "Unterminated /* comment"
    case .documentTooLarge:
      return "The document is larger than 4 GiB"
    }
  }

  /// What would have been valid at the location, when the scanner knows (e.g. `expected ':'
  /// after an object key`).
  public var hint: String? {
    if case .unexpectedCharacter(_, let expected) = reason { return expected }
    return nil
  }

  /// The message, the location and the hint, e.g.
  /// `Unexpected character '}' at line 3, column 14 (expected ':' after an object key)`.
  public var description: String {
    let base = "\(message) at \(location)"
    guard let hint else { return base }
    return base + " (" + hint + ")"
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }

  private static func printable(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : hex(byte)
  }

  private static func describe(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? "'\(String(UnicodeScalar(byte)))'" : "byte \(hex(byte))"
  }
}
