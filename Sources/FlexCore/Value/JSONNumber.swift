/// A JSON number, kept as the exact text it was written with.
///
/// No precision is lost between parsing and writing: `12345678901234567890`, `0.1` and
/// `1.50` are written back exactly as read. Convert when you need a Swift number:
///
/// ```swift
/// let number = JSONNumber(text: "12345678901234567890")!
/// number.integer(as: UInt64.self)  // 12345678901234567890
/// number.integer(as: Int64.self)   // nil: does not fit
/// number.doubleValue               // 1.2345678901234567e19
/// ```
///
/// Two numbers are equal when both are integers with the same value, or otherwise when their
/// nearest `Double` values are equal (`1.0 == 1`, `1e2 == 100`).
public struct JSONNumber: Sendable, Equatable, CustomStringConvertible {
  /// The number's text as written (`-12.5e3`). Numbers parsed as JSON5 keep JSON5 text
  /// (`0x1F`, `Infinity`).
  public let text: String

  /// Creates a number from text already known to be valid.
  package init(uncheckedText text: String) {
    self.text = text
  }

  /// Creates a number from RFC 8259 number text; `nil` if `text` is not one (`01`, `1.`, `+1`,
  /// ` 1` are not).
  public init?(text: String) {
    // The parser skips whitespace and a byte order mark around the value; the text must be the
    // number alone.
    guard let value = try? JSONValue(parsing: text), case .number(let number) = value, number.text == text
    else { return nil }
    self = number
  }

  /// Creates a number from an integer.
  public init<T: BinaryInteger>(_ value: T) {
    self.text = String(value)
  }

  /// Creates a number from a finite `Double`, written in its shortest round-tripping form;
  /// `nil` for infinity and NaN, which JSON cannot hold.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    self.text = value.description
  }

  /// The text.
  public var description: String { text }

  /// Whether the text is an integer literal (no fraction, no exponent).
  public var isIntegerLiteral: Bool {
    text.utf8.allSatisfy { $0.isDigit || $0 == ._minus }
  }

  /// The nearest `Double`, or `nil` if the magnitude is too large for one. (JSON5 `Infinity`
  /// and `NaN` give those values.)
  public var doubleValue: Double? {
    withText { text, isExtended in
      isExtended ? NumberParsing.double(fromExtendedText: text) : NumberParsing.double(fromNumberText: text)
    }
  }

  /// The value as an integer of type `T` if it is an integer that fits: `1.0` and `1e2` count,
  /// `1.5` and `300` as `UInt8` do not. Exact, never through `Double`.
  public func integer<T: FixedWidthInteger>(as type: T.Type = T.self) -> T? {
    withText { text, isExtended in
      if isExtended {
        let signLength = text[0] == ._minus || text[0] == ._plus ? 1 : 0
        if text.count > signLength + 1 && text[signLength + 1] | 0x20 == UInt8(ascii: "x") {
          return NumberParsing.integer(fromHexText: text, as: type)
        }
      }
      if !isExtended && isIntegerLiteral {
        return NumberParsing.integer(fromIntegerText: text, as: type)
      }
      return NumberParsing.integer(fromDecimalText: text, as: type)
    }
  }

  /// Whether the text uses JSON5-only syntax: a leading `+`, a `.` without a digit on each
  /// side (`.5`, `-.5`, `5.`, `5.e3`), hexadecimal, `Infinity` or `NaN`.
  package var usesJSON5Syntax: Bool {
    var text = self.text
    return text.withUTF8 { Self.usesJSON5Syntax(UnsafeRawBufferPointer($0)) }
  }

  private static func usesJSON5Syntax(_ buffer: UnsafeRawBufferPointer) -> Bool {
    guard buffer.first != ._plus else { return true }
    for index in buffer.indices {
      switch buffer[index] {
      case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "I"), UInt8(ascii: "N"):
        return true
      case ._period:
        let digitBefore = index > 0 && buffer[index - 1].isDigit
        let digitAfter = index + 1 < buffer.count && buffer[index + 1].isDigit
        if !digitBefore || !digitAfter { return true }
      default:
        continue
      }
    }
    return false
  }

  /// Calls `body` with the UTF-8 text and whether it uses JSON5-only syntax.
  private func withText<R>(_ body: (UnsafeRawBufferPointer, Bool) -> R?) -> R? {
    var text = self.text
    return text.withUTF8 { buffer in
      guard !buffer.isEmpty else { return nil }
      let buffer = UnsafeRawBufferPointer(buffer)
      return body(buffer, Self.usesJSON5Syntax(buffer))
    }
  }

  /// Integers compare exactly; other numbers by their nearest `Double`.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    if lhs.text == rhs.text { return true }
    if lhs.isIntegerLiteral && rhs.isIntegerLiteral {
      let left = lhs.text.hasPrefix("-0") && lhs.text.count == 2 ? "0" : lhs.text
      let right = rhs.text.hasPrefix("-0") && rhs.text.count == 2 ? "0" : rhs.text
      return left == right
    }
    guard let left = lhs.doubleValue, let right = rhs.doubleValue else { return false }
    return left == right
  }
}

// MARK: - Literals

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// Creates a number from an integer literal.
  public init(integerLiteral value: Int) {
    self.init(value)
  }

  /// Creates a number from a floating-point literal, which must be finite.
  public init(floatLiteral value: Double) {
    self.text = value.isFinite ? value.description : "0"
  }
}
