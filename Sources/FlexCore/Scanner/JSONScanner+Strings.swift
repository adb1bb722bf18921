// String scanning: find the closing quote, validating escapes and UTF-8 on the way, without
// decoding anything. Decoding happens later, only for the strings a model asks for
// (see JSONTape+Reading.swift and JSONStringDecoding.swift).

extension JSONScanner {
  /// Scans a string whose opening quote is at `position` and records its content range.
  mutating func scanString(quote: UInt8) throws(JSONParseError) {
    let contentStart = position &+ 1
    var p = contentStart
    var flags = StringFlags.isASCII
    if quote == ._singleQuote { flags |= StringFlags.singleQuoted }
    while true {
      p = skipPlainBytes(from: p, quote: quote)
      guard p < count else { throw error(.unexpectedEndOfInput, at: p) }
      let byte = start[p]
      if byte == quote { break }
      if byte == ._backslash {
        flags |= StringFlags.hasEscapes
        p = try skipEscape(at: p)
      } else if byte >= 0x80 {
        flags &= ~StringFlags.isASCII
        p = try skipUTF8Sequence(at: p)
      } else if byte < 0x20 {
        // JSON5 allows raw control characters except line terminators.
        guard json5 && byte != ._newline && byte != ._return else {
          throw error(.unescapedControlCharacter(byte), at: p)
        }
        p &+= 1
      } else {
        p &+= 1  // the other quote character in JSON5
      }
    }
    tape.append(
      JSONTapeEntry(
        kind: .string, flags: flags, offset: UInt32(truncatingIfNeeded: contentStart),
        length: UInt32(truncatingIfNeeded: p &- contentStart)))
    position = p &+ 1
  }

  /// Returns the offset of the first byte at or after `offset` that needs a closer look: the
  /// quote, a backslash, a control character or a non-ASCII byte (or `count`).
  ///
  /// SWAR ("SIMD within a register"): eight bytes are tested at once with the classic
  /// has-zero-byte trick, `(x - 0x01…01) & ~x & 0x80…80`, applied to `x ^ quote`, to
  /// `x ^ backslash`, and (as has-byte-less-than-0x20) to `x` itself; any high bit is a
  /// non-ASCII byte. The lowest flagged byte is always a true hit (a borrow can only create false
  /// hits above a true one), so its position is `trailingZeroBitCount / 8` on a little-endian
  /// machine.
  @inline(__always)
  func skipPlainBytes(from offset: Int, quote: UInt8) -> Int {
    var p = offset
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = ones &* UInt64(quote)
    let backslashes = ones &* UInt64(UInt8._backslash)
    let spaces = ones &* 0x20
    while p &+ 8 <= count {
      let word = UInt64(littleEndian: UnsafeRawPointer(start + p).loadUnaligned(as: UInt64.self))
      let quoteBytes = word ^ quotes
      let backslashBytes = word ^ backslashes
      let isQuote = (quoteBytes &- ones) & ~quoteBytes
      let isBackslash = (backslashBytes &- ones) & ~backslashBytes
      let isControl = (word &- spaces) & ~word
      let mask = (isQuote | isBackslash | isControl | word) & highs
      if mask != 0 {
        return p &+ mask.trailingZeroBitCount &>> 3
      }
      p &+= 8
    }
    while p < count {
      let byte = start[p]
      if byte == quote || byte == ._backslash || byte < 0x20 || byte >= 0x80 { return p }
      p &+= 1
    }
    return p
  }

  /// Validates the escape sequence starting with the backslash at `offset`; returns the offset
  /// just past it.
  private func skipEscape(at offset: Int) throws(JSONParseError) -> Int {
    guard offset &+ 1 < count else { throw error(.unexpectedEndOfInput, at: count) }
    let escaped = start[offset &+ 1]
    switch escaped {
    case ._quote, ._backslash, ._slash, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
      UInt8(ascii: "r"), UInt8(ascii: "t"):
      return offset &+ 2
    case UInt8(ascii: "u"):
      return try skipUnicodeEscape(at: offset)
    default:
      guard json5 else { throw error(.invalidEscape(escaped), at: offset) }
      return try skipJSON5Escape(at: offset)
    }
  }

  /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`. A lone surrogate is an error, as in
  /// Foundation: it cannot become valid UTF-8. Used for strings and for JSON5 unquoted keys.
  func skipUnicodeEscape(at offset: Int) throws(JSONParseError) -> Int {
    let unit = try readHex4(at: offset &+ 2)
    switch unit {
    case 0xD800...0xDBFF:
      guard offset &+ 7 < count, start[offset &+ 6] == ._backslash, start[offset &+ 7] == UInt8(ascii: "u")
      else { throw error(.loneSurrogate(unit), at: offset) }
      let low = try readHex4(at: offset &+ 8)
      guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate(unit), at: offset) }
      return offset &+ 12
    case 0xDC00...0xDFFF:
      throw error(.loneSurrogate(unit), at: offset)
    default:
      return offset &+ 6
    }
  }

  /// Reads the four hexadecimal digits of the `\u` escape whose backslash is at `offset - 2`.
  /// A digit that is not hexadecimal is reported at the backslash; input that ends before the
  /// fourth digit is the end of input.
  func readHex4(at offset: Int) throws(JSONParseError) -> UInt16 {
    var value: UInt16 = 0
    for index in 0..<4 {
      guard offset &+ index < count else { throw error(.unexpectedEndOfInput, at: count) }
      guard let digit = start[offset &+ index].hexDigitValue else {
        throw error(.invalidUnicodeEscape, at: offset &- 2)
      }
      value = value &<< 4 | UInt16(digit)
    }
    return value
  }

  /// Validates one UTF-8 encoded scalar whose lead byte (≥ 0x80) is at `offset`; returns the
  /// offset after it. Rejects overlong forms, surrogates (U+D800–DFFF) and values above
  /// U+10FFFF, per RFC 3629.
  func skipUTF8Sequence(at offset: Int) throws(JSONParseError) -> Int {
    let lead = start[offset]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: throw error(.invalidUTF8, at: offset)
    }
    guard offset &+ length <= count else { throw error(.invalidUTF8, at: offset) }
    guard secondRange.contains(start[offset &+ 1]) else { throw error(.invalidUTF8, at: offset) }
    var index = 2
    while index < length {
      guard start[offset &+ index] & 0xC0 == 0x80 else { throw error(.invalidUTF8, at: offset) }
      index &+= 1
    }
    return offset &+ length
  }
}
