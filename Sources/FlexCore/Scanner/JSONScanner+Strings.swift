// String scanning: find the closing quote, validating escapes and UTF-8 on the way, without
// decoding anything. Decoding happens later, only for the strings a model asks for
// (see JSONTape+Reading.swift and JSONStringDecoding.swift).

extension JSONScanner {
  /// Scans a string whose opening quote is at `position` and records its content range.
  ///
  /// Most strings are plain ASCII with no escape: the closing quote is the first byte of note
  /// (``skipPlainBytes(from:quote:)``), found right here, inlined where a string or a key is
  /// expected. Anything else (an escape, a non-ASCII byte, a control character, JSON5's single
  /// quotes) goes on in ``scanStringRest(at:contentStart:quote:)``, out of line.
  @inline(__always)
  mutating func scanString(quote: UInt8) throws(JSONParseError) {
    let contentStart = position &+ 1
    let p = skipPlainBytes(from: contentStart, quote: quote)
    if quote == ._quote && p < count && start[p] == quote {
      appendString(from: contentStart, to: p, flags: StringFlags.isASCII)
      return
    }
    try scanStringRest(at: p, contentStart: contentStart, quote: quote)
  }

  /// ``scanString(quote:)`` from `offset`, the first byte of note (or the end of the document).
  @inline(never)
  mutating func scanStringRest(at offset: Int, contentStart: Int, quote: UInt8) throws(JSONParseError) {
    var p = offset
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
        p = try skipUTF8Run(at: p)
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
    appendString(from: contentStart, to: p, flags: flags)
  }

  /// Records the string whose content is `contentStart..<end`; its closing quote is at `end`.
  @inline(__always)
  private mutating func appendString(from contentStart: Int, to end: Int, flags: UInt8) {
    tape.append(
      JSONTapeEntry(
        kind: .string, flags: flags, offset: UInt32(truncatingIfNeeded: contentStart),
        length: UInt32(truncatingIfNeeded: end &- contentStart)))
    position = end &+ 1
  }

  /// Returns the offset of the first byte at or after `offset` that needs a closer look: the
  /// quote, a backslash, a control character or a non-ASCII byte (or `count`).
  ///
  /// Sixteen bytes at a time are tested with one vector load (SSE2 or NEON): equal to the quote,
  /// equal to a backslash, or below 0x20 *as a signed byte*, which takes in the control
  /// characters and every non-ASCII byte (0x80–0xFF are negative) in one comparison. The last
  /// bytes of the document, fewer than sixteen, are tested one by one.
  @inline(__always)
  func skipPlainBytes(from offset: Int, quote: UInt8) -> Int {
    var p = offset
    // The quote as a constant: JSON5's single quote is the only other one.
    let quotes = quote == ._quote ? SIMD16<Int8>(repeating: 0x22) : SIMD16<Int8>(repeating: 0x27)
    let backslashes = SIMD16<Int8>(repeating: Int8(bitPattern: ._backslash))
    let spaces = SIMD16<Int8>(repeating: Int8(bitPattern: ._space))
    while p &+ 16 <= count {
      let block = UnsafeRawPointer(start + p).loadUnaligned(as: SIMD16<Int8>.self)
      let matches = (block .== quotes) .| (block .== backslashes) .| (block .< spaces)
      if matches.hasTrueLane { return p &+ matches.firstTrueLane }
      p &+= 16
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

  /// Validates the UTF-8 sequences from the lead byte (≥ 0x80) at `offset` up to the next ASCII
  /// byte (or the end); returns its offset.
  ///
  /// Text in other scripts than Latin is mostly such runs (a Japanese tweet is three-byte
  /// sequences back to back): they are read here without going back to the 16-byte search
  /// between characters, the common two- and three-byte forms checked in place (lead byte, then
  /// continuation bytes); the other forms, and every invalid sequence, go through
  /// ``skipUTF8Sequence(at:)``, which reports the error.
  @inline(__always)
  func skipUTF8Run(at offset: Int) throws(JSONParseError) -> Int {
    var p = offset
    while p < count {
      let lead = start[p]
      if lead < 0x80 { return p }
      // The lead byte and the next three in one load (little-endian: the lead is the low byte),
      // while four bytes remain; the last few sequences of the document go through
      // skipUTF8Sequence.
      if p &+ 4 <= count {
        let word = UInt32(littleEndian: UnsafeRawPointer(start + p).loadUnaligned(as: UInt32.self))
        // E1–EC and EE–EF: any two continuation bytes (E0 and ED restrict the second byte).
        if lead &- 0xE1 < 0x0F && lead != 0xED && word & 0x00C0_C000 == 0x0080_8000 {
          p &+= 3
          continue
        }
        // C2–DF and one continuation byte.
        if lead &- 0xC2 < 0x1E && word & 0x0000_C000 == 0x0000_8000 {
          p &+= 2
          continue
        }
      }
      p = try skipUTF8Sequence(at: p)
    }
    return p
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
