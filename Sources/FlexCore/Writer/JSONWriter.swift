/// Writes JSON text into one growing byte buffer, with `JSONEncoder`'s exact formatting.
///
/// Escaping follows RFC 8259 the way `JSONEncoder` does it: `"` and `\` always, `/` unless
/// ``JSONFormattingOptions/withoutEscapingSlashes``, the short forms `\b \f \n \r \t`, and
/// `\u00XX` (lowercase hex) for the other control characters. Everything else, including
/// non-ASCII text, is written as UTF-8.
package struct JSONWriter {
  /// The text written so far.
  package let output: JSONOutput
  package let options: JSONFormattingOptions
  private let escapesSlashes: Bool
  private let pretty: Bool

  package init(options: JSONFormattingOptions = [], capacity: Int = 256) {
    self.options = options
    self.escapesSlashes = !options.contains(.withoutEscapingSlashes)
    self.pretty = options.contains(.prettyPrinted)
    output = JSONOutput(capacity: capacity)
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
      var order = Array(object.indices)
      if options.contains(.sortedKeys) {
        // By UTF-8 bytes, as JSONEncoder sorts; `String.<` compares normalized scalars and
        // puts "e\u{301}" after "k".
        order.sort { object.keys[$0].utf8.lexicographicallyPrecedes(object.keys[$1].utf8) }
      }
      for (position, index) in order.enumerated() {
        writeElementSeparator(isFirst: position == 0, depth: depth + 1)
        writeKey(object.keys[index])
        write(object.values[index], depth: depth + 1)
      }
      writeObjectEnd(isEmpty: object.isEmpty, depth: depth)
    }
  }

  // MARK: Structure

  /// `[`
  package mutating func writeArrayStart() { output.append(._openBracket) }
  /// `{`
  package mutating func writeObjectStart() { output.append(._openBrace) }

  /// Before an element or member: a comma unless it is the first, and in pretty mode a newline
  /// and the indentation of `depth`.
  @inline(__always)
  package mutating func writeElementSeparator(isFirst: Bool, depth: Int) {
    if !isFirst { output.append(._comma) }
    if pretty { writeNewlineAndIndent(depth) }
  }

  /// `]`, on its own line in pretty mode (an empty array is `[`, a blank line, `]`, as in
  /// `JSONEncoder`).
  package mutating func writeArrayEnd(isEmpty: Bool, depth: Int) {
    writeContainerEnd(._closeBracket, isEmpty: isEmpty, depth: depth)
  }

  /// `}`, laid out like ``writeArrayEnd(isEmpty:depth:)``.
  package mutating func writeObjectEnd(isEmpty: Bool, depth: Int) {
    writeContainerEnd(._closeBrace, isEmpty: isEmpty, depth: depth)
  }

  private mutating func writeContainerEnd(_ bracket: UInt8, isEmpty: Bool, depth: Int) {
    if pretty {
      if isEmpty { output.append(._newline) }
      writeNewlineAndIndent(depth)
    }
    output.append(bracket)
  }

  /// A member's key and the separator after it (`"key":` or `"key" : `).
  package mutating func writeKey(_ key: String) {
    writeString(key)
    if pretty {
      output.append(._space)
      output.append(._colon)
      output.append(._space)
    } else {
      output.append(._colon)
    }
  }

  private mutating func writeNewlineAndIndent(_ depth: Int) {
    output.append(._newline)
    for _ in 0..<depth {
      output.append(._space)
      output.append(._space)
    }
  }

  // MARK: Scalars

  /// Appends text as is (numbers, literals).
  package mutating func writeRaw(_ text: String) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
  }

  /// Appends bytes as is.
  package mutating func writeRaw(_ bytes: UnsafeRawBufferPointer) {
    output.append(contentsOf: bytes)
  }

  /// Appends a quoted, escaped string.
  package mutating func writeString(_ string: String) {
    var string = string
    string.withUTF8 { writeString(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// Appends a quoted, escaped string given as UTF-8. Runs of bytes that need no escaping are
  /// copied in one `append(contentsOf:)`.
  package mutating func writeString(utf8: UnsafeRawBufferPointer) {
    output.append(._quote)
    var runStart = 0
    var index = 0
    let count = utf8.count
    while index < count {
      index = firstByteToEscape(in: utf8, from: index)
      guard index < count else { break }
      let byte = utf8[index]
      if runStart < index {
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<index]))
      }
      output.append(._backslash)
      switch byte {
      case ._quote, ._backslash, ._slash: output.append(byte)
      case 0x08: output.append(UInt8(ascii: "b"))
      case 0x0C: output.append(UInt8(ascii: "f"))
      case ._newline: output.append(UInt8(ascii: "n"))
      case ._return: output.append(UInt8(ascii: "r"))
      case ._tab: output.append(UInt8(ascii: "t"))
      default:
        let hexDigits: StaticString = "0123456789abcdef"
        output.append(UInt8(ascii: "u"))
        output.append(._zero)
        output.append(._zero)
        output.append(hexDigits.utf8Start[Int(byte >> 4)])
        output.append(hexDigits.utf8Start[Int(byte & 0xF)])
      }
      index &+= 1
      runStart = index
    }
    if runStart < count {
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[runStart..<count]))
    }
    output.append(._quote)
  }

  /// The offset of the first byte at or after `offset` that must be escaped (a control
  /// character, `"`, `\`, or `/` when slashes are escaped), or `utf8.count`.
  ///
  /// Eight bytes at a time, with the has-zero-byte trick as in the scanner's string scan
  /// (JSONScanner+Strings.swift); bytes of 0x80 and above are never escaped, so they are masked
  /// out of the control-character test.
  @inline(__always)
  private func firstByteToEscape(in utf8: UnsafeRawBufferPointer, from offset: Int) -> Int {
    var index = offset
    let count = utf8.count
    if let base = utf8.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let quotes = ones &* UInt64(UInt8._quote)
      let backslashes = ones &* UInt64(UInt8._backslash)
      let slashes = escapesSlashes ? ones &* UInt64(UInt8._slash) : quotes
      let spaces = ones &* 0x20
      while index &+ 8 <= count {
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let quoteBytes = word ^ quotes
        let backslashBytes = word ^ backslashes
        let slashBytes = word ^ slashes
        let isQuote = (quoteBytes &- ones) & ~quoteBytes
        let isBackslash = (backslashBytes &- ones) & ~backslashBytes
        let isSlash = (slashBytes &- ones) & ~slashBytes
        let isControl = (word &- spaces) & ~word
        let mask = (isQuote | isBackslash | isSlash | isControl) & highs
        if mask != 0 { return index &+ mask.trailingZeroBitCount &>> 3 }
        index &+= 8
      }
    }
    while index < count {
      let byte = utf8[index]
      if byte < 0x20 || byte == ._quote || byte == ._backslash || (byte == ._slash && escapesSlashes) {
        return index
      }
      index &+= 1
    }
    return count
  }
}
