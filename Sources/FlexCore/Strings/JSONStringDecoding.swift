/// Turns the raw bytes of a scanned string (between its quotes) into a `String`.
///
/// The scanner has already validated every escape and every UTF-8 sequence, so decoding never
/// fails. Unescaped output is never longer than the escaped input (`\uXXXX`, 6 bytes, becomes at
/// most 3; a surrogate pair, 12 bytes, becomes 4; `\xHH`, 4 bytes, at most 2), which lets the
/// result be written in place into a `String`'s own storage.
@_spi(Engine) public enum JSONStringDecoding {
  /// Decodes a scanned string's content.
  /// - Parameters:
  ///   - raw: the bytes between the quotes (or of an unquoted JSON5 key).
  ///   - hasEscapes: whether the scanner saw a backslash.
  @inlinable
  public static func decode(_ raw: UnsafeRawBufferPointer, hasEscapes: Bool) -> String {
    if !hasEscapes {
      return String(decoding: raw, as: UTF8.self)
    }
    return unescape(raw)
  }

  /// Decodes a string that holds backslash escapes (RFC 8259 and JSON5 forms).
  @usableFromInline
  static func unescape(_ raw: UnsafeRawBufferPointer) -> String {
    String(unsafeUninitializedCapacity: raw.count) { output in
      unescape(raw, into: UnsafeMutableRawBufferPointer(output))
    }
  }

  /// Writes the unescaped bytes of `raw` into `output` (at least `raw.count` bytes); returns how
  /// many were written.
  package static func unescape(_ raw: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int {
    var read = 0
    var written = 0
    let count = raw.count
    while read < count {
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
        written &+= writeUTF8(scalar, into: output, at: written)
        continue
      case UInt8(ascii: "x"):  // JSON5
        written &+= writeUTF8(UInt32(hex(raw, at: read, digits: 2)), into: output, at: written)
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
        // character's continuation bytes are copied by the loop above.
        output[written] = escaped
      }
      written &+= 1
    }
    return written
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
