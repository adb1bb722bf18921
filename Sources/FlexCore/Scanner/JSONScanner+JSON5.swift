// The parts of the scanner that only JSON5 (https://spec.json5.org) reaches: comments, extra
// whitespace, more escapes, unquoted keys and the extended number syntax.

extension JSONScanner {
  /// Skips JSON5 whitespace beyond RFC 8259's four bytes, and `//` and `/* */` comments.
  mutating func skipJSON5WhitespaceAndComments() throws(JSONParseError) {
    while position < count {
      let byte = start[position]
      if byte.isJSONWhitespace || byte == ._verticalTab || byte == ._formFeed {
        position &+= 1
      } else if byte == ._slash && position &+ 1 < count && start[position &+ 1] == ._slash {
        position &+= 2
        while position < count && start[position] != ._newline && start[position] != ._return {
          position &+= 1
        }
      } else if byte == ._slash && position &+ 1 < count && start[position &+ 1] == ._asterisk {
        let commentStart = position
        position &+= 2
        while true {
          guard position &+ 1 < count else { throw error(.unterminatedComment, at: commentStart) }
          if start[position] == ._asterisk && start[position &+ 1] == ._slash { break }
          position &+= 1
        }
        position &+= 2
      } else if byte >= 0x80, let length = unicodeWhitespaceLength(at: position) {
        position &+= length
      } else {
        return
      }
    }
  }

  /// The length of a non-ASCII whitespace or line terminator that JSON5 allows at `offset`
  /// (U+00A0, U+1680, U+2000–200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF), or `nil`.
  func unicodeWhitespaceLength(at offset: Int) -> Int? {
    func byte(_ index: Int) -> UInt8? { offset &+ index < count ? start[offset &+ index] : nil }
    switch (byte(0), byte(1), byte(2)) {
    case (0xC2, 0xA0, _): return 2
    case (0xE1, 0x9A, 0x80): return 3
    case (0xE2, 0x80, let third?)
    where (0x80...0x8A).contains(third) || third == 0xA8 || third == 0xA9 || third == 0xAF:
      return 3
    case (0xE2, 0x81, 0x9F): return 3
    case (0xE3, 0x80, 0x80): return 3
    case (0xEF, 0xBB, 0xBF): return 3
    default: return nil
    }
  }

  /// The escapes JSON5 adds: `\'`, `\v`, `\0`, `\xHH`, line continuations, and any other
  /// character standing for itself. `\1`–`\9` stay invalid.
  func skipJSON5Escape(at offset: Int) throws(JSONParseError) -> Int {
    let escaped = start[offset &+ 1]
    switch escaped {
    case ._zero:
      if offset &+ 2 < count && start[offset &+ 2].isDigit { throw error(.invalidEscape(escaped), at: offset) }
      return offset &+ 2
    case ._one...UInt8._nine:
      throw error(.invalidEscape(escaped), at: offset)
    case UInt8(ascii: "x"):
      guard offset &+ 3 < count, start[offset &+ 2].hexDigitValue != nil, start[offset &+ 3].hexDigitValue != nil
      else { throw error(.invalidEscape(escaped), at: offset) }
      return offset &+ 4
    case ._return:
      return offset &+ 2 < count && start[offset &+ 2] == ._newline ? offset &+ 3 : offset &+ 2
    case 0x80...:
      return try skipUTF8Sequence(at: offset &+ 1)
    default:
      return offset &+ 2
    }
  }

  /// A JSON5 unquoted key: an ECMAScript identifier (`$`, `_`, letters, digits after the first,
  /// non-ASCII letters, and `\uXXXX` escapes).
  mutating func scanUnquotedKey() throws(JSONParseError) {
    let keyStart = position
    var p = position
    var flags = StringFlags.unquoted | StringFlags.isASCII
    while p < count {
      let byte = start[p]
      if byte.isIdentifierPart {
        p &+= 1
      } else if byte >= 0x80 {
        if unicodeWhitespaceLength(at: p) != nil { break }
        flags &= ~StringFlags.isASCII
        p = try skipUTF8Sequence(at: p)
      } else if byte == ._backslash {
        guard p &+ 1 < count, start[p &+ 1] == UInt8(ascii: "u") else {
          throw error(.invalidEscape(p &+ 1 < count ? start[p &+ 1] : 0), at: p)
        }
        p = try skipUnicodeEscape(at: p)
        flags |= StringFlags.hasEscapes
      } else {
        break
      }
    }
    tape.append(
      JSONTapeEntry(
        kind: .string, flags: flags, offset: UInt32(truncatingIfNeeded: keyStart),
        length: UInt32(truncatingIfNeeded: p &- keyStart)))
    position = p
  }

  /// A JSON5 number: everything RFC 8259 allows plus a leading `+`, hexadecimal (`0x1F`),
  /// `Infinity`, `NaN`, a leading or trailing decimal point (`.5`, `5.`). Text outside RFC 8259
  /// is flagged `isExtended` so readers take their slow path only for it.
  mutating func scanJSON5Number() throws(JSONParseError) {
    let numberStart = position
    var p = position
    var flags = NumberFlags.isInteger
    if start[p] == ._minus || start[p] == ._plus {
      if start[p] == ._minus { flags |= NumberFlags.isNegative } else { flags |= NumberFlags.isExtended }
      p &+= 1
    }
    guard p < count else { throw error(.unexpectedEndOfInput, at: p) }
    if start[p] == UInt8(ascii: "I") || start[p] == UInt8(ascii: "N") {
      let word: StaticString = start[p] == UInt8(ascii: "I") ? "Infinity" : "NaN"
      position = p
      try expectWord(word)
      appendNumber(from: numberStart, to: position, flags: (flags | NumberFlags.isExtended) & ~NumberFlags.isInteger)
      return
    }
    if start[p] == ._zero && p &+ 1 < count && start[p &+ 1] | 0x20 == UInt8(ascii: "x") {
      p &+= 2
      guard p < count, start[p].hexDigitValue != nil else {
        throw error(.invalidNumber("expected a hexadecimal digit"), at: p)
      }
      while p < count && start[p].hexDigitValue != nil { p &+= 1 }
      appendNumber(from: numberStart, to: p, flags: flags | NumberFlags.isExtended)
      return
    }
    var integerDigits = 0
    if p < count && start[p] == ._zero {
      p &+= 1
      integerDigits = 1
      if p < count && start[p].isDigit {
        throw error(.invalidNumber("leading zeros are not allowed"), at: numberStart)
      }
    } else {
      let digitsStart = p
      p = skipDigits(from: p)
      integerDigits = p &- digitsStart
    }
    if p < count && start[p] == ._period {
      flags &= ~NumberFlags.isInteger
      p &+= 1
      let fractionStart = p
      p = skipDigits(from: p)
      let fractionDigits = p &- fractionStart
      if integerDigits == 0 && fractionDigits == 0 {
        throw error(.invalidNumber("expected a digit"), at: p)
      }
      if integerDigits == 0 || fractionDigits == 0 { flags |= NumberFlags.isExtended }
    } else if integerDigits == 0 {
      throw error(.invalidNumber("expected a digit"), at: p)
    }
    if p < count && start[p] | 0x20 == UInt8(ascii: "e") {
      flags &= ~NumberFlags.isInteger
      p &+= 1
      if p < count && (start[p] == ._plus || start[p] == ._minus) { p &+= 1 }
      guard p < count, start[p].isDigit else {
        throw error(.invalidNumber("expected a digit in the exponent"), at: p)
      }
      p = skipDigits(from: p &+ 1)
    }
    appendNumber(from: numberStart, to: p, flags: flags)
  }

  private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
    let text = word.utf8Start
    for index in 0..<word.utf8CodeUnitCount {
      guard position < count else { throw error(.unexpectedEndOfInput, at: position) }
      guard start[position] == text[index] else {
        throw error(.unexpectedCharacter(start[position], expected: "expected '\(word)'"), at: position)
      }
      position &+= 1
    }
  }
}
