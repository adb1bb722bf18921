/// Writes JSON text into one growing byte buffer, with `JSONEncoder`'s exact formatting.
///
/// Escaping follows RFC 8259 the way `JSONEncoder` does it: `"` and `\` always, `/` unless
/// ``JSONFormattingOptions/withoutEscapingSlashes``, the short forms `\b \f \n \r \t`, and
/// `\u00XX` (lowercase hex) for the other control characters. Everything else, including
/// non-ASCII text, is written as UTF-8.
///
/// SPI-public, with its per-token methods inlinable, for the encoder (see JSONOutput.swift).
@_spi(Engine) public struct JSONWriter {
  /// The text written so far.
  public let output: JSONOutput
  package let options: JSONFormattingOptions
  @usableFromInline let escapesSlashes: Bool
  @usableFromInline let pretty: Bool

  package init(options: JSONFormattingOptions = [], capacity: Int = 256) {
    self.options = options
    self.escapesSlashes = !options.contains(.withoutEscapingSlashes)
    self.pretty = options.contains(.prettyPrinted)
    output = JSONOutput(capacity: capacity)
  }

  /// A writer with `options` that writes into `output`, emptied first (a buffer kept from an
  /// earlier document).
  package init(options: JSONFormattingOptions, reusing output: JSONOutput) {
    self.options = options
    self.escapesSlashes = !options.contains(.withoutEscapingSlashes)
    self.pretty = options.contains(.prettyPrinted)
    output.removeAll()
    self.output = output
  }

  // MARK: Values

  /// Writes `value` and everything in it.
  package mutating func write(_ value: JSONValue, depth: Int = 0) {
    switch value {
    case .null: writeRaw("null")
    case .bool(let flag): writeRaw(flag ? "true" : "false")
    case .number(let number): writeRaw(number.text)
    case .string(let string): writeString(string)
    case .array(let elements):
      writeArrayStart()
      for (index, element) in elements.enumerated() {
        writeElementSeparator(isFirst: index == 0, depth: depth + 1)
        write(element, depth: depth + 1)
      }
      writeArrayEnd(isEmpty: elements.isEmpty, depth: depth)
    case .object(let object):
      writeObjectStart()
      if options.contains(.sortedKeys) {
        // By UTF-8 bytes, as JSONEncoder sorts; `String.<` compares normalized scalars and
        // puts "e\u{301}" after "k".
        let order = object.indices.sorted { object[$0].key.utf8.lexicographicallyPrecedes(object[$1].key.utf8) }
        for (position, index) in order.enumerated() {
          writeElementSeparator(isFirst: position == 0, depth: depth + 1)
          writeKey(object[index].key)
          write(object[index].value, depth: depth + 1)
        }
      } else {
        for (position, member) in object.enumerated() {
          writeElementSeparator(isFirst: position == 0, depth: depth + 1)
          writeKey(member.key)
          write(member.value, depth: depth + 1)
        }
      }
      writeObjectEnd(isEmpty: object.isEmpty, depth: depth)
    }
  }

  // MARK: Structure

  /// `[`
  @inlinable public mutating func writeArrayStart() { output.append(._openBracket) }
  /// `{`
  @inlinable public mutating func writeObjectStart() { output.append(._openBrace) }

  /// Before an element or member: a comma unless it is the first, and in pretty mode a newline
  /// and the indentation of `depth`.
  @inlinable @inline(__always)
  public mutating func writeElementSeparator(isFirst: Bool, depth: Int) {
    if !isFirst { output.append(._comma) }
    if pretty { writeNewlineAndIndent(depth) }
  }

  /// `]`, on its own line in pretty mode (an empty array is `[`, a blank line, `]`, as in
  /// `JSONEncoder`).
  @inlinable public mutating func writeArrayEnd(isEmpty: Bool, depth: Int) {
    writeContainerEnd(._closeBracket, isEmpty: isEmpty, depth: depth)
  }

  /// `}`, laid out like ``writeArrayEnd(isEmpty:depth:)``.
  @inlinable public mutating func writeObjectEnd(isEmpty: Bool, depth: Int) {
    writeContainerEnd(._closeBrace, isEmpty: isEmpty, depth: depth)
  }

  @inlinable @inline(__always)
  mutating func writeContainerEnd(_ bracket: UInt8, isEmpty: Bool, depth: Int) {
    if pretty {
      if isEmpty { output.append(._newline) }
      writeNewlineAndIndent(depth)
    }
    output.append(bracket)
  }

  /// A member's key and the separator after it (`"key":` or `"key" : `).
  public mutating func writeKey(_ key: String) {
    writeString(key)
    if pretty {
      output.append(._space)
      output.append(._colon)
      output.append(._space)
    } else {
      output.append(._colon)
    }
  }

  /// The length of what ``writeKey(_:)`` writes after the key: `:`, or ` : ` when pretty.
  @inlinable public var keySeparatorLength: Int { pretty ? 3 : 1 }

  /// A newline and two spaces per level of `depth`, in one reservation.
  @usableFromInline
  mutating func writeNewlineAndIndent(_ depth: Int) {
    let indentation = depth &* 2
    let destination = output.reserve(indentation &+ 1)
    destination.pointee = ._newline
    (destination + 1).initialize(repeating: ._space, count: indentation)
    output.didWrite(upTo: destination + 1 + indentation)
  }

  // MARK: Scalars

  /// Appends text as is (numbers, literals).
  @inlinable public mutating func writeRaw(_ text: String) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
  }

  /// Appends bytes as is.
  @inlinable public mutating func writeRaw(_ bytes: UnsafeRawBufferPointer) {
    output.append(contentsOf: bytes)
  }

  /// Appends a quoted, escaped string.
  @inlinable
  public mutating func writeString(_ string: String) {
    var string = string
    string.withUTF8 { writeString(utf8: UnsafeRawBufferPointer($0)) }
  }

  // Escaping works sixteen bytes at a time, written before they are looked at: each block of
  // the string is stored to the output as it is, then tested for a byte to escape with one
  // vector comparison per kind (as the scanner's `skipPlainBytes` in JSONScanner+Strings.swift,
  // with its helpers in SIMDMask+Lanes.swift). A clean block is kept whole; otherwise the output
  // keeps the bytes before the first escaped one, the escape is written over the rest, and the
  // next block starts after the escaped byte. The last fifteen bytes or fewer go eight at a time
  // (the has-zero-byte trick on a word), then as one word shifted to start at the first
  // unwritten byte; strings shorter than a word go byte by byte. Room for the worst case (every
  // byte written as `\u00XX`) is reserved up front, a chunk at a time, so no byte is checked
  // against the capacity; URLs, where `/` is escaped every few bytes, cost a few instructions
  // per slash.

  /// Source bytes escaped per reservation of output room: long strings reserve a bounded
  /// amount at a time.
  private static var chunkLength: Int { 4096 }

  /// Appends a quoted, escaped string given as UTF-8.
  public mutating func writeString(utf8: UnsafeRawBufferPointer) {
    output.append(._quote)
    let count = utf8.count
    guard let source = utf8.baseAddress, count > 0 else {
      output.append(._quote)
      return
    }
    let slashes = escapesSlashes ? Self.broadcast(._slash) : Self.broadcast(._quote)
    var index = 0
    if count >= 16 {
      index = writeBlocks(from: source, count: count)
    }
    while count &- index >= 8 {
      // At most fifteen bytes when the blocks came first, so one reservation for all words.
      let chunkEnd = count &- index > Self.chunkLength ? index &+ Self.chunkLength : count
      // 6 bytes per source byte at most, and the last word's 8 bytes stored before the test.
      var destination = output.reserve((chunkEnd &- index) &* 6 &+ 8)
      while index &+ 8 <= chunkEnd {
        let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        UnsafeMutableRawPointer(destination).storeBytes(of: word, as: UInt64.self)
        let mask = Self.escapeMask(UInt64(littleEndian: word), slashes: slashes)
        if mask == 0 {
          index &+= 8
          destination += 8
          continue
        }
        let clean = mask.trailingZeroBitCount &>> 3
        index &+= clean
        destination = Self.writeEscape(of: source.load(fromByteOffset: index, as: UInt8.self), at: destination + clean)
        index &+= 1
      }
      output.didWrite(upTo: destination)
    }
    if index < count {
      var destination = output.reserve(7 &* 6 &+ 8)
      if count >= 8 {
        // The last word of the string, shifted so that its unwritten bytes come first; the
        // mask ignores the zero bytes shifted in.
        var remaining = count &- index
        var word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        word &>>= UInt64(8 &- remaining) &* 8
        while remaining > 0 {
          UnsafeMutableRawPointer(destination).storeBytes(of: word.littleEndian, as: UInt64.self)
          let mask = Self.escapeMask(word, slashes: slashes) & (1 &<< (UInt64(remaining) &* 8) &- 1)
          if mask == 0 {
            destination += remaining
            break
          }
          let clean = mask.trailingZeroBitCount &>> 3
          destination = Self.writeEscape(
            of: UInt8(truncatingIfNeeded: word &>> UInt64(clean &* 8)), at: destination + clean)
          remaining &-= clean &+ 1
          word = (word &>> 8) &>> UInt64(clean &* 8)
        }
      } else {
        while index < count {
          let byte = source.load(fromByteOffset: index, as: UInt8.self)
          if byte < 0x20 || byte == ._quote || byte == ._backslash || (byte == ._slash && escapesSlashes) {
            destination = Self.writeEscape(of: byte, at: destination)
          } else {
            destination.pointee = byte
            destination += 1
          }
          index &+= 1
        }
      }
      output.didWrite(upTo: destination)
    }
    output.append(._quote)
  }

  /// Escapes whole sixteen-byte blocks of the `count` bytes at `source` (at least sixteen) into
  /// the output, a chunk at a time; returns how many source bytes were written, leaving fewer
  /// than sixteen.
  @inline(__always)
  private mutating func writeBlocks(from source: UnsafeRawPointer, count: Int) -> Int {
    // Control characters are the bytes at most 0x1F as *unsigned* bytes: non-ASCII bytes are
    // written as they are. `/` is compared with the quote instead when it is not escaped.
    let quotes = SIMD16<UInt8>(repeating: ._quote)
    let backslashes = SIMD16<UInt8>(repeating: ._backslash)
    let slashes = escapesSlashes ? SIMD16<UInt8>(repeating: ._slash) : quotes
    let lastControl = SIMD16<UInt8>(repeating: 0x1F)
    var index = 0
    while count &- index >= 16 {
      let chunkEnd = count &- index > Self.chunkLength ? index &+ Self.chunkLength : count
      // 6 bytes per source byte at most, and the last block's 16 bytes stored before the test.
      var destination = output.reserve((chunkEnd &- index) &* 6 &+ 16)
      while index &+ 16 <= chunkEnd {
        let block = source.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
        UnsafeMutableRawPointer(destination).storeBytes(of: block, as: SIMD16<UInt8>.self)
        let matches = (block .== quotes) .| (block .== backslashes) .| (block .== slashes) .| (block .<= lastControl)
        if !matches.hasTrueLane {
          index &+= 16
          destination += 16
          continue
        }
        let clean = matches.firstTrueLane
        index &+= clean
        destination = Self.writeEscape(of: source.load(fromByteOffset: index, as: UInt8.self), at: destination + clean)
        index &+= 1
      }
      output.didWrite(upTo: destination)
    }
    return index
  }

  /// `byte` in all eight bytes of a word.
  @inline(__always)
  private static func broadcast(_ byte: UInt8) -> UInt64 {
    0x0101_0101_0101_0101 &* UInt64(byte)
  }

  /// The high bit of each byte of `word` (little-endian) that must be escaped — a control
  /// character, `"`, `\`, or a byte equal to `slashes`' — and possibly of later bytes too: the
  /// lowest set bit is exact. Bytes of 0x80 and above are never escaped, so they are masked out
  /// of the control-character test.
  @inline(__always)
  private static func escapeMask(_ word: UInt64, slashes: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quoteBytes = word ^ broadcast(._quote)
    let backslashBytes = word ^ broadcast(._backslash)
    let slashBytes = word ^ slashes
    let isQuote = (quoteBytes &- ones) & ~quoteBytes
    let isBackslash = (backslashBytes &- ones) & ~backslashBytes
    let isSlash = (slashBytes &- ones) & ~slashBytes
    let isControl = (word &- broadcast(0x20)) & ~word
    return (isQuote | isBackslash | isSlash | isControl) & 0x8080_8080_8080_8080
  }

  /// Writes the escape sequence of `byte` at `destination`; returns the end of what it wrote.
  @inline(__always)
  private static func writeEscape(of byte: UInt8, at destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<
    UInt8
  > {
    destination[0] = ._backslash
    switch byte {
    case ._quote, ._backslash, ._slash: destination[1] = byte
    case 0x08: destination[1] = UInt8(ascii: "b")
    case 0x0C: destination[1] = UInt8(ascii: "f")
    case ._newline: destination[1] = UInt8(ascii: "n")
    case ._return: destination[1] = UInt8(ascii: "r")
    case ._tab: destination[1] = UInt8(ascii: "t")
    default:
      let hexDigits: StaticString = "0123456789abcdef"
      destination[1] = UInt8(ascii: "u")
      destination[2] = ._zero
      destination[3] = ._zero
      destination[4] = hexDigits.utf8Start[Int(byte &>> 4)]
      destination[5] = hexDigits.utf8Start[Int(byte & 0xF)]
      return destination + 6
    }
    return destination + 2
  }
}
