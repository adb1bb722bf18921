/// Turns the raw bytes of a scanned string (between its quotes) into a `String`.
///
/// The scanner has already validated every escape and every UTF-8 sequence, so decoding never
/// fails, and the bytes are not validated again: the `String` is made from them as they are,
/// told whether they are all ASCII (which the scanner also knows), through `UTF8Span`'s unchecked
/// initializer. Where that API is missing (Apple systems before the 26 releases), the bytes go
/// through `String(decoding:as:)`, which validates.
///
/// Unescaped output is never longer than the escaped input (`\uXXXX`, 6 bytes, becomes at most 3;
/// a surrogate pair, 12 bytes, becomes 4; `\xHH`, 4 bytes, at most 2), so a buffer of the input's
/// size always holds it.
@_spi(Engine) public enum JSONStringDecoding {
  // MARK: - Decoding

  /// Decodes a scanned string's content.
  /// - Parameters:
  ///   - raw: the bytes between the quotes (or of an unquoted JSON5 key): valid UTF-8 with valid
  ///     escapes, as the scanner or the JSON writer left them.
  ///   - hasEscapes: whether the scanner saw a backslash.
  ///   - isASCII: whether every byte of `raw` is ASCII (`StringFlags.isASCII`); `false` when
  ///     unknown, which is always safe.
  @inlinable
  public static func decode(_ raw: UnsafeRawBufferPointer, hasEscapes: Bool, isASCII: Bool) -> String {
    if !hasEscapes {
      return string(validUTF8: raw, isASCII: isASCII)
    }
    return unescape(raw, isASCII: isASCII)
  }

  /// A `String` of `utf8`, which the caller guarantees is valid UTF-8, without validating it.
  /// `isASCII` must be `false` when any byte is 0x80 or above; `true` when none is spares the
  /// `String` a scan for it.
  @inlinable @inline(__always)
  public static func string(validUTF8 utf8: UnsafeRawBufferPointer, isASCII: Bool) -> String {
    #if compiler(>=6.2)  // UTF8Span
      if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
        return String(copying: UTF8Span(unchecked: Span(_unsafeBytes: utf8), isKnownASCII: isASCII))
      }
    #endif
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Decodes a string that holds backslash escapes (RFC 8259 and JSON5 forms): unescaped into a
  /// scratch buffer (on the stack up to 1 KiB; larger requests would make
  /// `withUnsafeTemporaryAllocation` ask the system for the stack's bounds, which costs more than
  /// a heap buffer), then copied into the `String`.
  @usableFromInline
  static func unescape(_ raw: UnsafeRawBufferPointer, isASCII rawIsASCII: Bool) -> String {
    #if compiler(>=6.2)  // UTF8Span
      if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
        func string(from buffer: UnsafeMutableRawBufferPointer) -> String {
          let (count, escapesAreASCII) = unescape(raw, into: buffer)
          return Self.string(
            validUTF8: UnsafeRawBufferPointer(rebasing: buffer[0..<count]), isASCII: rawIsASCII && escapesAreASCII)
        }
        if raw.count <= 1024 {
          return withUnsafeTemporaryAllocation(byteCount: raw.count, alignment: 8, string(from:))
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: raw.count, alignment: 8)
        defer { buffer.deallocate() }
        return string(from: buffer)
      }
    #endif
    // `String(decoding:as:)` would validate the output anyway: write it in place.
    return String(utf8Capacity: raw.count) { output in
      unescape(raw, into: UnsafeMutableRawBufferPointer(output)).count
    }
  }

  // MARK: - Unescaping

  /// Writes the unescaped bytes of `raw` into `output` (at least `raw.count` bytes).
  /// - Returns: how many bytes were written, and whether every escape stood for an ASCII
  ///   character (the bytes between escapes are copied as they are).
  package static func unescape(
    _ raw: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
  ) -> (count: Int, escapesAreASCII: Bool) {
    guard let source = raw.baseAddress, let target = output.baseAddress else { return (0, true) }
    var read = 0
    var written = 0
    var escapesAreASCII = true
    let count = raw.count
    while read < count {
      read = copyPlainBlocks(from: source, at: read, count: count, to: target, at: &written)
      guard read < count else { break }
      let byte = raw[read]
      if byte != ._backslash {
        output[written] = byte
        written &+= 1
        read &+= 1
        continue
      }
      let escaped = raw[read &+ 1]
      read &+= 2
      switch escaped {
      case UInt8(ascii: "b"): output[written] = 0x08
      case UInt8(ascii: "f"): output[written] = 0x0C
      case UInt8(ascii: "n"): output[written] = 0x0A
      case UInt8(ascii: "r"): output[written] = 0x0D
      case UInt8(ascii: "t"): output[written] = 0x09
      case UInt8(ascii: "v"): output[written] = 0x0B  // JSON5
      case ._zero: output[written] = 0x00  // JSON5
      case UInt8(ascii: "u"):
        var scalar = UInt32(hex(raw, at: read, digits: 4))
        read &+= 4
        if (0xD800...0xDBFF).contains(scalar) {
          // The scanner guarantees a low surrogate follows as `\uDC00`-`\uDFFF`.
          let low = UInt32(hex(raw, at: read &+ 2, digits: 4))
          read &+= 6
          scalar = 0x10000 &+ ((scalar &- 0xD800) &<< 10) &+ (low &- 0xDC00)
        }
        if scalar >= 0x80 { escapesAreASCII = false }
        written &+= writeUTF8(scalar, into: output, at: written)
        continue
      case UInt8(ascii: "x"):  // JSON5
        let scalar = UInt32(hex(raw, at: read, digits: 2))
        if scalar >= 0x80 { escapesAreASCII = false }
        written &+= writeUTF8(scalar, into: output, at: written)
        read &+= 2
        continue
      case ._newline:  // JSON5 line continuation: nothing
        continue
      case ._return:
        if read < count && raw[read] == ._newline { read &+= 1 }
        continue
      case 0xE2 where read &+ 1 < count && raw[read] == 0x80 && (raw[read &+ 1] == 0xA8 || raw[read &+ 1] == 0xA9):
        read &+= 2  // JSON5: an escaped U+2028 / U+2029 is a line continuation
        continue
      default:
        // `"`, `\`, `/`, and in JSON5 any other character, stand for themselves. A multi-byte
        // character's continuation bytes are copied as plain bytes next.
        if escaped >= 0x80 { escapesAreASCII = false }
        output[written] = escaped
      }
      written &+= 1
    }
    return (written, escapesAreASCII)
  }

  /// Copies the bytes from `source + read` up to the next backslash to `target + written`, 16 at
  /// a time, and returns the offset it stopped at: the backslash, or a point fewer than 16 bytes
  /// before `count`. Advances `written` by as much.
  ///
  /// Each block is stored whole before it is searched, so a block holding a backslash is partly
  /// copied in vain (its bytes from the backslash on are overwritten next); the store stays inside
  /// `target`'s `count` bytes because `written` never passes `read`. The search is the scanner's
  /// (`JSONScanner.skipPlainBytes(from:quote:)`) with the backslash alone.
  @inline(__always)
  private static func copyPlainBlocks(
    from source: UnsafeRawPointer, at read: Int, count: Int, to target: UnsafeMutableRawPointer, at written: inout Int
  ) -> Int {
    let backslashes = SIMD16<Int8>(repeating: Int8(bitPattern: ._backslash))
    var read = read
    while read &+ 16 <= count {
      let block = source.loadUnaligned(fromByteOffset: read, as: SIMD16<Int8>.self)
      target.storeBytes(of: block, toByteOffset: written, as: SIMD16<Int8>.self)
      let matches = block .== backslashes
      if matches.hasTrueLane {
        let plain = matches.firstTrueLane
        written &+= plain
        return read &+ plain
      }
      read &+= 16
      written &+= 16
    }
    return read
  }

  @inline(__always)
  private static func hex(_ raw: UnsafeRawBufferPointer, at offset: Int, digits: Int) -> UInt16 {
    var value: UInt16 = 0
    for index in 0..<digits {
      value = value &<< 4 | UInt16(raw[offset &+ index].hexDigitValue ?? 0)
    }
    return value
  }

  /// Writes `scalar` as UTF-8; returns the byte count.
  @inline(__always)
  private static func writeUTF8(_ scalar: UInt32, into output: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
    switch scalar {
    case 0..<0x80:
      output[offset] = UInt8(truncatingIfNeeded: scalar)
      return 1
    case 0x80..<0x800:
      output[offset] = UInt8(truncatingIfNeeded: 0xC0 | scalar &>> 6)
      output[offset &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      output[offset] = UInt8(truncatingIfNeeded: 0xE0 | scalar &>> 12)
      output[offset &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
      output[offset &+ 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
      return 3
    default:
      output[offset] = UInt8(truncatingIfNeeded: 0xF0 | scalar &>> 18)
      output[offset &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 12 & 0x3F)
      output[offset &+ 2] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
      output[offset &+ 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
      return 4
    }
  }
}
