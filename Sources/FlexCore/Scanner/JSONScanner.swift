// JSONScanner: one pass over UTF-8 bytes that validates the whole document and records every
// value on a JSONTape.
//
// The scanner is iterative: open arrays and objects live on a small explicit stack instead of
// the call stack, so nesting depth is bounded by `maxDepth` alone and a hostile
// `[[[[…` can never overflow the thread's stack, whatever limit the caller picks.
//
// The main loop moves between three states:
//   value position:  whitespace skipped, a byte is available; scan one value. A scalar or an
//                    empty container completes at once; a non-empty container is pushed, and
//                    the loop goes to value position for an array's first element, to key
//                    position for an object's first key.
//   after a value:   count it in the enclosing container, then expect `,` (an array's next
//                    element, an object's next key) or the closing bracket (pop, and the
//                    container itself is now a completed value of its parent).
//   key position:    a key and its `:`, then value position.
// The document is done when a value completes with an empty stack; only whitespace may follow.
//
// The hot path is written for what documents contain, compact or pretty-printed: the byte
// after a value is tested for a comma before any whitespace, the byte after a key for a colon,
// a string is scanned inline until its first byte of note, an integer or a decimal inline until
// an exponent. Everything else (escapes, non-ASCII text, JSON5, errors) is a call.

/// Scans a document into a ``JSONTape``: `JSONScanner.scan(bytes, options: options)`.
///
/// The grammar is a type parameter rather than a stored flag, so that the RFC 8259 scanner,
/// the one nearly every document goes through, is compiled without a single JSON5 test (each
/// was a load and a branch on every token, and kept the hot loop too large to inline into).
package struct JSONScanner<Dialect: JSONDialect> {
  let bytes: UnsafeRawBufferPointer
  let start: UnsafePointer<UInt8>
  let count: Int
  var position = 0
  let maxDepth: Int
  let assumesTopLevelDictionary: Bool
  /// JSON5, or JSONDecoder's tolerance: one `,` before a closing bracket.
  let allowsTrailingCommas: Bool
  /// The tape being built, handed over to ``JSONTape`` (which frees it) or freed on error.
  var tape: UnsafeStack<JSONTapeEntry>
  var stack = UnsafeStack<OpenContainer>(capacity: 16)

  /// An array or object whose closing bracket has not been reached yet.
  struct OpenContainer {
    var entryIndex: Int
    var childCount: UInt32
    let isObject: Bool
    /// `assumesTopLevelDictionary`: closed by the end of input, not by `}`.
    let isImplicit: Bool
  }

  private init(bytes: UnsafeRawBufferPointer, start: UnsafePointer<UInt8>, options: JSONParsingOptions) {
    self.bytes = bytes
    self.start = start
    self.count = bytes.count
    self.maxDepth = max(options.maxDepth, 0)
    self.assumesTopLevelDictionary = options.assumesTopLevelDictionary
    self.allowsTrailingCommas = options.allowsJSON5 || options.allowsTrailingCommas
    // Real documents average one value per 10–45 bytes; the tape doubles when that guess is
    // short.
    self.tape = UnsafeStack(capacity: max(16, bytes.count / 8))
  }

  /// Whether the document is read as JSON5.
  @inline(__always)
  var json5: Bool { Dialect.isJSON5 }

  /// Scans `bytes` in this dialect; see ``scan(_:options:ownedBytes:)``.
  fileprivate static func makeTape(
    _ bytes: UnsafeRawBufferPointer, options: JSONParsingOptions, ownedBytes: UnsafeMutableRawBufferPointer?
  ) throws(JSONParseError) -> JSONTape {
    guard let baseAddress = bytes.baseAddress, !bytes.isEmpty else {
      guard options.assumesTopLevelDictionary else { throw JSONParseError(.emptyInput, at: 0, in: bytes) }
      // No members at all: the object whose braces were left out is empty.
      var tape = UnsafeStack<JSONTapeEntry>(capacity: 1)
      tape.append(JSONTapeEntry(kind: .object, offset: 0, end: 1))
      return JSONTape(bytes: bytes, entries: tape.take(), isJSON5: options.allowsJSON5, ownedBytes: ownedBytes)
    }
    // Tape offsets are 32 bits. (`UInt64`: `Int(UInt32.max)` traps where `Int` is 32 bits.)
    guard UInt64(bytes.count) < UInt64(UInt32.max) else {
      throw JSONParseError(.documentTooLarge, at: 0, in: bytes)
    }
    var scanner = JSONScanner(
      bytes: bytes, start: baseAddress.assumingMemoryBound(to: UInt8.self), options: options)
    defer { scanner.stack.deallocate() }
    do {
      try scanner.scanDocument()
    } catch {
      scanner.tape.deallocate()
      throw error
    }
    return JSONTape(
      bytes: bytes, entries: scanner.tape.take(), isJSON5: options.allowsJSON5, ownedBytes: ownedBytes)
  }

  // MARK: - Document structure

  private mutating func scanDocument() throws(JSONParseError) {
    // A UTF-8 byte order mark is skipped, as Foundation does.
    if count >= 3 && start[0] == 0xEF && start[1] == 0xBB && start[2] == 0xBF {
      position = 3
    }
    try skipWhitespace()
    if assumesTopLevelDictionary && (position == count || start[position] != ._openBrace) {
      try openImplicitObject()
      if stack.isEmpty { return try finishDocument() }
    } else if position == count {
      throw error(.emptyInput, at: position)
    }

    // Whether the object just closed by a trailing comma's `}` (at a key position) is the
    // value scanned, rather than the one at `position`.
    var closedAtKey = false
    valueLoop: while true {
      // Value position: whitespace skipped and `position < count`.
      let scanned: ScannedValue
      if closedAtKey {
        closedAtKey = false
        scanned = .whole
      } else {
        scanned = try scanValue()
      }
      if scanned == .openedArray { continue valueLoop }

      if scanned == .whole {
        // After a value.
        afterValue: while true {
          guard !stack.isEmpty else { return try finishDocument() }
          let top = stack.count &- 1
          stack[top].childCount &+= 1
          // The byte after a value is mostly its comma, in compact and pretty-printed
          // documents alike (a newline and an indentation come after the comma): tested
          // before whitespace.
          if position < count && start[position] == ._comma {
            position &+= 1
          } else {
            try skipWhitespace()
            if position < count && start[position] == ._comma {
              position &+= 1
            } else {
              try closeContainer(at: top)
              continue afterValue
            }
          }
          // After a comma.
          try skipWhitespace()
          guard position < count else {
            // A trailing comma ends the implicit object at the end of input.
            if allowsTrailingCommas && stack[top].isImplicit {
              closeContainer()
              continue afterValue
            }
            throw error(.unexpectedEndOfInput, at: position)
          }
          // An array's next value; a trailing comma before `]` closes the array in scanValue.
          if !stack[top].isObject { continue valueLoop }
          break afterValue
        }
      }

      // Key position: an object's first key, or its next one after a comma. A plain quoted key
      // is scanned here; a trailing comma before `}` closes the object in scanKeyAndColon, no
      // test on the common path.
      if start[position] == ._quote {
        try scanString(quote: ._quote)
        try scanColon()
      } else if try !scanKeyAndColon() {
        closedAtKey = true
      }
    }
  }

  /// After the top-level value: only whitespace may follow.
  private mutating func finishDocument() throws(JSONParseError) {
    try skipWhitespace()
    if position < count {
      throw error(
        .unexpectedCharacter(start[position], expected: "expected the end of the document after the top-level value"),
        at: position)
    }
  }

  /// What ``scanValue()`` scanned.
  private enum ScannedValue {
    /// A whole value: a scalar or an empty container.
    case whole
    /// A non-empty array, whose first element is next.
    case openedArray
    /// A non-empty object, whose first key is next.
    case openedObject
  }

  /// Scans the value at `position`, or opens it if it is a non-empty container.
  #if compiler(>=6.3)
    @inline(always)  // too large for `@inline(__always)`, which the optimizer takes as a hint
  #else
    @inline(__always)
  #endif
  private mutating func scanValue() throws(JSONParseError) -> ScannedValue {
    let byte = start[position]
    switch byte {
    case ._openBrace:
      return try openContainer(isObject: true) ? .openedObject : .whole
    case ._openBracket:
      return try openContainer(isObject: false) ? .openedArray : .whole
    case ._quote:
      try scanString(quote: ._quote)
    case ._one...UInt8._nine where !json5:
      try scanPositiveNumber()
    case ._minus, ._zero...UInt8._nine:
      if json5 { try scanJSON5Number() } else { try scanNumber() }
    case UInt8(ascii: "t"):
      try scanLiteral("true", kind: .true)
    case UInt8(ascii: "f"):
      try scanLiteral("false", kind: .false)
    case UInt8(ascii: "n"):
      try scanLiteral("null", kind: .null)
    case ._singleQuote where json5:
      try scanString(quote: ._singleQuote)
    case ._plus where json5, ._period where json5, UInt8(ascii: "I") where json5, UInt8(ascii: "N") where json5:
      try scanJSON5Number()
    default:
      // `[1,]`: the array is the value scanned.
      if try closesAfterTrailingComma(byte, inObject: false) { return .whole }
      throw error(.unexpectedCharacter(byte, expected: "expected a value"), at: position)
    }
    return .whole
  }

  /// Opens the array or object at `position`. Returns `true` when it is not empty (its first
  /// element or key is next), `false` when it closed at once.
  @inline(__always)
  private mutating func openContainer(isObject: Bool) throws(JSONParseError) -> Bool {
    guard stack.count < maxDepth else {
      throw error(.tooDeeplyNested(limit: maxDepth), at: position)
    }
    let entryIndex = tape.count
    tape.append(JSONTapeEntry(kind: isObject ? .object : .array, offset: UInt32(truncatingIfNeeded: position)))
    position &+= 1
    try skipWhitespace()
    guard position < count else { throw error(.unexpectedEndOfInput, at: position) }
    if start[position] == (isObject ? ._closeBrace : ._closeBracket) {
      position &+= 1
      tape[entryIndex].end = UInt32(truncatingIfNeeded: tape.count)
      return false
    }
    stack.append(OpenContainer(entryIndex: entryIndex, childCount: 0, isObject: isObject, isImplicit: false))
    return true
  }

  /// `assumesTopLevelDictionary`: the document is the inside of an object.
  private mutating func openImplicitObject() throws(JSONParseError) {
    let entryIndex = tape.count
    tape.append(JSONTapeEntry(kind: .object, offset: UInt32(truncatingIfNeeded: position)))
    if position == count {
      tape[entryIndex].end = UInt32(truncatingIfNeeded: tape.count)
      return
    }
    stack.append(OpenContainer(entryIndex: entryIndex, childCount: 0, isObject: true, isImplicit: true))
    _ = try scanKeyAndColon()
  }

  /// Whether `byte`, met where a value of an array (`inObject` false) or a key of an object
  /// should be, is the closing bracket of that container after a trailing comma, which it then
  /// closes. (`{"a":}` is no trailing comma: a member's value position is not an array's.)
  ///
  /// Called only on the error path of scanValue and scanKeyAndColon, so trailing commas cost the
  /// common path nothing. There, a closing bracket of the right kind always follows a comma: an
  /// empty container closes in openContainer, before its first value or key is looked for.
  @inline(never)
  private mutating func closesAfterTrailingComma(_ byte: UInt8, inObject: Bool) throws(JSONParseError) -> Bool {
    guard allowsTrailingCommas, let top = stack.last, top.isObject == inObject, !top.isImplicit,
      byte == closingByte(of: top)
    else {
      return false
    }
    position &+= 1
    closeContainer()
    return true
  }

  /// After a value of the container at `stackIndex`, at the first byte that is not whitespace
  /// and no comma: closes the container if that byte is its closing bracket (or, for the
  /// implicit object, the end of input); anything else is an error.
  private mutating func closeContainer(at stackIndex: Int) throws(JSONParseError) {
    let top = stack[stackIndex]
    guard position < count else {
      guard top.isImplicit else { throw error(.unexpectedEndOfInput, at: position) }
      return closeContainer()
    }
    let byte = start[position]
    guard top.isImplicit || byte != closingByte(of: top) else {
      position &+= 1
      return closeContainer()
    }
    let expected = top.isObject ? (top.isImplicit ? "expected ','" : "expected ',' or '}'") : "expected ',' or ']'"
    throw error(.unexpectedCharacter(byte, expected: expected), at: position)
  }

  private mutating func closeContainer() {
    let container = stack.removeLast()
    tape[container.entryIndex].length = container.childCount
    tape[container.entryIndex].end = UInt32(truncatingIfNeeded: tape.count)
  }

  @inline(__always)
  private func closingByte(of container: OpenContainer) -> UInt8 {
    container.isObject ? ._closeBrace : ._closeBracket
  }

  /// Scans an object key, the `:` after it and the whitespace after that; leaves `position` at
  /// the member's value. Returns `false` when a trailing comma's `}` closed the object instead
  /// (an explicit object's first key is never `}`: an empty object closes in openContainer, so
  /// this `}` follows a comma).
  private mutating func scanKeyAndColon() throws(JSONParseError) -> Bool {
    let byte = start[position]
    if byte == ._quote {
      try scanString(quote: ._quote)
    } else if json5 && byte == ._singleQuote {
      try scanString(quote: ._singleQuote)
    } else if json5 && (byte.isIdentifierStart || byte >= 0x80 || byte == ._backslash) {
      try scanUnquotedKey()
    } else if try closesAfterTrailingComma(byte, inObject: true) {
      return false
    } else {
      let expected = json5 ? "expected an object key" : "expected '\"' to begin an object key"
      throw error(.unexpectedCharacter(byte, expected: expected), at: position)
    }
    try scanColon()
    return true
  }

  /// Scans the `:` after a key (and the whitespace around it); leaves `position` at the
  /// member's value. The colon mostly follows its key at once.
  @inline(__always)
  private mutating func scanColon() throws(JSONParseError) {
    if position < count && start[position] == ._colon {
      position &+= 1
    } else {
      try skipWhitespace()
      guard position < count else { throw error(.unexpectedEndOfInput, at: position) }
      guard start[position] == ._colon else {
        throw error(.unexpectedCharacter(start[position], expected: "expected ':' after an object key"), at: position)
      }
      position &+= 1
    }
    try skipWhitespace()
    guard position < count else { throw error(.unexpectedEndOfInput, at: position) }
  }

  // MARK: - Scalars

  /// Scans `true`, `false` or `null`. They are one 4-byte word, or a word and a byte: compared
  /// whole, here. A mismatch or the end of input goes on in ``scanLiteralSlowly(_:kind:)``,
  /// which says where and why.
  @inline(__always)
  private mutating func scanLiteral(_ literal: StaticString, kind: JSONTokenKind) throws(JSONParseError) {
    let literalStart = position
    let text = literal.utf8Start
    let length = literal.utf8CodeUnitCount
    if literalStart &+ length <= count,
      UnsafeRawPointer(start + literalStart).loadUnaligned(as: UInt32.self)
        == UnsafeRawPointer(text).loadUnaligned(as: UInt32.self),
      length == 4 || start[literalStart &+ 4] == text[4]
    {
      position = literalStart &+ length
      tape.append(JSONTapeEntry(kind: kind, offset: UInt32(truncatingIfNeeded: literalStart)))
      return
    }
    try scanLiteralSlowly(literal, kind: kind)
  }

  @inline(never)
  private mutating func scanLiteralSlowly(_ literal: StaticString, kind: JSONTokenKind) throws(JSONParseError) {
    let literalStart = position
    let text = literal.utf8Start
    let length = literal.utf8CodeUnitCount
    for index in 0..<length {
      let offset = literalStart &+ index
      guard offset < count else { throw error(.unexpectedEndOfInput, at: offset) }
      guard start[offset] == text[index] else {
        throw error(.unexpectedCharacter(start[offset], expected: "expected '\(literal)'"), at: offset)
      }
    }
    position = literalStart &+ length
    tape.append(JSONTapeEntry(kind: kind, offset: UInt32(truncatingIfNeeded: literalStart)))
  }

  /// A number that starts with a digit from 1 to 9: its integer part and fraction are read
  /// here, inline; an exponent, and every error, by ``scanNumber()`` from the start. (Negative
  /// numbers read here too made the loop larger and every other token dearer.)
  @inline(__always)
  private mutating func scanPositiveNumber() throws(JSONParseError) {
    var p = skipDigits(from: position &+ 1)
    var flags = NumberFlags.isInteger
    if p < count && start[p] == ._period {
      guard p &+ 1 < count, start[p &+ 1].isDigit else { return try scanNumber() }
      flags &= ~NumberFlags.isInteger
      p = skipDigits(from: p &+ 2)
    }
    if p < count && start[p] | 0x20 == UInt8(ascii: "e") { return try scanNumber() }
    appendNumber(from: position, to: p, flags: flags)
  }

  /// RFC 8259 number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func scanNumber() throws(JSONParseError) {
    let numberStart = position
    var p = position
    var flags = NumberFlags.isInteger
    if start[p] == ._minus {
      flags |= NumberFlags.isNegative
      p &+= 1
    }
    guard p < count, start[p].isDigit else {
      throw error(.invalidNumber("expected a digit after '-'"), at: p)
    }
    if start[p] == ._zero {
      p &+= 1
      if p < count && start[p].isDigit {
        throw error(.invalidNumber("leading zeros are not allowed"), at: numberStart)
      }
    } else {
      p = skipDigits(from: p &+ 1)
    }
    if p < count && start[p] == ._period {
      flags &= ~NumberFlags.isInteger
      p &+= 1
      guard p < count, start[p].isDigit else {
        throw error(.invalidNumber("expected a digit after the decimal point"), at: p)
      }
      p = skipDigits(from: p &+ 1)
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

  /// The offset of the first byte at or after `offset` that is no digit (or `count`).
  ///
  /// Eight bytes at a time while eight remain: a byte is a digit when its high nibble is 3 and
  /// adding 6 leaves it 3 (`0`–`9` are 0x30–0x39). The addition's carry out of a byte above
  /// 0xF9 can only spoil the test of the bytes after it, and such a byte is no digit itself:
  /// the first byte flagged is the first that is no digit.
  @inline(__always)
  func skipDigits(from offset: Int) -> Int {
    var p = offset
    while p &+ 8 <= count {
      let word = UInt64(littleEndian: UnsafeRawPointer(start + p).loadUnaligned(as: UInt64.self))
      let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
      let threes: UInt64 = 0x3030_3030_3030_3030
      let nonDigits = ((word & highNibbles) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) ^ threes)
      if nonDigits != 0 { return p &+ nonDigits.trailingZeroBitCount &>> 3 }
      p &+= 8
    }
    while p < count && start[p].isDigit { p &+= 1 }
    return p
  }

  @inline(__always)
  mutating func appendNumber(from numberStart: Int, to end: Int, flags: UInt8) {
    tape.append(
      JSONTapeEntry(
        kind: .number, flags: flags, offset: UInt32(truncatingIfNeeded: numberStart),
        length: UInt32(truncatingIfNeeded: end &- numberStart)))
    position = end
  }

  // MARK: - Whitespace

  /// Skips whitespace (and, in JSON5, comments and the extra whitespace JSON5 allows).
  ///
  /// Compact documents have none between tokens and pretty-printed ones mostly one byte (after
  /// `:`) or a newline and an indentation: the first two bytes are tested here, a longer run
  /// is skipped sixteen bytes at a time by ``skipWhitespaceRun()``.
  @inline(__always)
  mutating func skipWhitespace() throws(JSONParseError) {
    if position < count && start[position].isJSONWhitespace {
      position &+= 1
      if position < count && start[position].isJSONWhitespace { skipWhitespaceRun() }
    }
    if json5 { try skipJSON5WhitespaceAndComments() }
  }

  /// Skips the whitespace at `position`, sixteen bytes at a time with one vector load (SSE2 or
  /// NEON), the last bytes of the document one by one.
  @inline(never)
  mutating func skipWhitespaceRun() {
    var p = position
    let spaces = SIMD16<Int8>(repeating: Int8(bitPattern: ._space))
    // A pretty-printed document's run is mostly an indentation: spaces, then the next token.
    // One comparison finds where the spaces end; the four-way test below runs only when a tab,
    // a newline or a return comes next (or the indentation is longer than sixteen bytes).
    if p &+ 16 <= count {
      let block = UnsafeRawPointer(start + p).loadUnaligned(as: SIMD16<Int8>.self)
      // The mask's halves as little-endian words, inverted: a set byte is a byte that is no
      // space. (Through `.!` and `hasTrueLane`, the test became a call.)
      let words = unsafeBitCast(block .== spaces, to: (UInt64, UInt64).self)
      let low = ~UInt64(littleEndian: words.0)
      let high = ~UInt64(littleEndian: words.1)
      if low | high != 0 {
        p &+= low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
        if !start[p].isJSONWhitespace {
          position = p
          return
        }
      } else {
        p &+= 16
      }
    }
    let newlines = SIMD16<Int8>(repeating: Int8(bitPattern: ._newline))
    let returns = SIMD16<Int8>(repeating: Int8(bitPattern: ._return))
    let tabs = SIMD16<Int8>(repeating: Int8(bitPattern: ._tab))
    while p &+ 16 <= count {
      let block = UnsafeRawPointer(start + p).loadUnaligned(as: SIMD16<Int8>.self)
      let others = .!((block .== spaces) .| (block .== newlines) .| (block .== returns) .| (block .== tabs))
      if others.hasTrueLane {
        position = p &+ others.firstTrueLane
        return
      }
      p &+= 16
    }
    while p < count && start[p].isJSONWhitespace { p &+= 1 }
    position = p
  }

  // MARK: - Errors

  /// The error for `reason` at `offset`. Never inlined: the scanner's many throw sites stay one
  /// call each, and the hot loop stays small enough for its helpers to be inlined into it.
  @inline(never)
  func error(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
    JSONParseError(reason, at: offset, in: bytes)
  }
}

// MARK: - Entry points

// Called as `JSONScanner.scan(…)`: the dialect is inferred from this extension, and the options
// pick the scanner that runs.
extension JSONScanner where Dialect == RFC8259 {
  /// Scans `bytes` into a tape that borrows them.
  ///
  /// - Throws: ``JSONParseError`` at the first byte that makes the document invalid.
  package static func scan(
    _ bytes: UnsafeRawBufferPointer, options: JSONParsingOptions = .strict
  ) throws(JSONParseError) -> JSONTape {
    try scan(bytes, options: options, ownedBytes: nil)
  }

  /// Scans `bytes`; the tape takes ownership of `ownedBytes` (the buffer `bytes` lies in), if
  /// given, and frees it with itself.
  static func scan(
    _ bytes: UnsafeRawBufferPointer, options: JSONParsingOptions, ownedBytes: UnsafeMutableRawBufferPointer?
  ) throws(JSONParseError) -> JSONTape {
    if options.allowsJSON5 {
      return try JSONScanner<JSON5>.makeTape(bytes, options: options, ownedBytes: ownedBytes)
    }
    return try makeTape(bytes, options: options, ownedBytes: ownedBytes)
  }
}
