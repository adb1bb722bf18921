// Named byte constants used by the scanner, the string decoder and the writer.
// Comparing against `._quote` reads better than against `0x22` and costs nothing.

extension UInt8 {
  @usableFromInline static let _tab: UInt8 = 0x09
  @usableFromInline static let _newline: UInt8 = 0x0A
  @usableFromInline static let _verticalTab: UInt8 = 0x0B
  @usableFromInline static let _formFeed: UInt8 = 0x0C
  @usableFromInline static let _return: UInt8 = 0x0D
  @usableFromInline static let _space: UInt8 = 0x20
  @usableFromInline static let _quote: UInt8 = 0x22  // "
  @usableFromInline static let _dollar: UInt8 = 0x24  // $
  @usableFromInline static let _singleQuote: UInt8 = 0x27  // '
  @usableFromInline static let _asterisk: UInt8 = 0x2A  // *
  @usableFromInline static let _plus: UInt8 = 0x2B  // +
  @usableFromInline static let _comma: UInt8 = 0x2C  // ,
  @usableFromInline static let _minus: UInt8 = 0x2D  // -
  @usableFromInline static let _period: UInt8 = 0x2E  // .
  @usableFromInline static let _slash: UInt8 = 0x2F  // /
  @usableFromInline static let _zero: UInt8 = 0x30  // 0
  @usableFromInline static let _one: UInt8 = 0x31  // 1
  @usableFromInline static let _nine: UInt8 = 0x39  // 9
  @usableFromInline static let _colon: UInt8 = 0x3A  // :
  @usableFromInline static let _openBracket: UInt8 = 0x5B  // [
  @usableFromInline static let _backslash: UInt8 = 0x5C  // \
  @usableFromInline static let _closeBracket: UInt8 = 0x5D  // ]
  @usableFromInline static let _underscore: UInt8 = 0x5F  // _
  @usableFromInline static let _openBrace: UInt8 = 0x7B  // {
  @usableFromInline static let _closeBrace: UInt8 = 0x7D  // }

  /// `true` for the four whitespace bytes RFC 8259 allows between tokens.
  ///
  /// One comparison rejects every byte above the space (what follows most tokens); the four
  /// are then bits of one constant, tested with one shift.
  @inline(__always)
  var isJSONWhitespace: Bool {
    self <= ._space && (Self.whitespaceBits &>> UInt64(self)) & 1 != 0
  }

  /// Bit `b` is set for each whitespace byte `b`: tab, newline, return and space.
  @inline(__always)
  private static var whitespaceBits: UInt64 {
    1 &<< UInt64(_tab) | 1 &<< UInt64(_newline) | 1 &<< UInt64(_return) | 1 &<< UInt64(_space)
  }

  /// `true` for `0`...`9`.
  @inlinable @inline(__always)
  package var isDigit: Bool { self &- ._zero < 10 }

  /// The value of a hexadecimal digit, or `nil`.
  @inlinable @inline(__always)
  package var hexDigitValue: UInt8? {
    switch self {
    case 0x30...0x39: return self &- 0x30
    case 0x41...0x46: return self &- 0x41 &+ 10
    case 0x61...0x66: return self &- 0x61 &+ 10
    default: return nil
    }
  }

  /// `true` for bytes that may start a JSON5 unquoted key (ASCII part of ECMAScript IdentifierStart).
  @inline(__always)
  var isIdentifierStart: Bool {
    (self | 0x20) &- 0x61 < 26 || self == ._dollar || self == ._underscore
  }

  /// `true` for bytes that may continue a JSON5 unquoted key (ASCII part).
  @inline(__always)
  var isIdentifierPart: Bool { isIdentifierStart || isDigit }
}
