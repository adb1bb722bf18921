// Numbers written straight into the output, with no `String` in between: integers from a table
// of digit pairs or eight digits at a time, `Double` by ShortestDouble.swift, `Float` through the standard library's shortest
// round-trip formatting.

// MARK: - Integers

extension JSONWriter {
  /// The most bytes ``writeDecimal(_:isNegative:at:)`` writes: a `-` and the 20 digits of
  /// `UInt64.max`.
  @usableFromInline static var maximumIntegerLength: Int { 21 }

  /// Appends the decimal digits of `value` (with a `-` if negative), as `String(value)` spells
  /// them.
  ///
  /// Inlinable, so that FlexDecoder calls it specialized for each integer type: unspecialized,
  /// every comparison and conversion below is a call through the `FixedWidthInteger` witness
  /// table.
  @inlinable @inline(__always)
  public mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
    guard T.bitWidth <= 64 else {
      writeRaw(String(value))
      return
    }
    let destination = output.reserve(Self.maximumIntegerLength)
    output.didWrite(upTo: Self.writeDecimal(value, at: destination))
  }

  /// Writes `value` (64 bits at most) at `destination`, which has room for
  /// ``maximumIntegerLength`` bytes; returns the end of what it wrote.
  @inlinable @inline(__always)
  static func writeDecimal<T: FixedWidthInteger>(
    _ value: T, at destination: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    // |T.min| without overflow: Int64's `magnitude` is a UInt64.
    let isNegative = T.isSigned && value < 0
    let magnitude = isNegative ? Int64(truncatingIfNeeded: value).magnitude : UInt64(truncatingIfNeeded: value)
    return writeDecimal(magnitude, isNegative: isNegative, at: destination)
  }

  /// Writes `magnitude`'s decimal digits, after a `-` if `isNegative`, at `destination`, which
  /// has room for ``maximumIntegerLength`` bytes; returns the end of what it wrote.
  ///
  /// Up to four digits from a table of pairs (indices, counts, small codes: most integers);
  /// longer numbers eight digits at a time (see ``eightDigits(_:)``), in a function of their own
  /// so that this one needs no registers saved.
  @usableFromInline
  static func writeDecimal(
    _ magnitude: UInt64, isNegative: Bool, at destination: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    var cursor = destination
    if isNegative {
      cursor.pointee = ._minus
      cursor += 1
    }
    guard magnitude < 10_000 else { return writeLongDecimal(magnitude, at: cursor) }
    let value = UInt32(truncatingIfNeeded: magnitude)
    if value < 100 {
      guard value >= 10 else {
        cursor.pointee = UInt8(truncatingIfNeeded: value) &+ ._zero
        return cursor + 1
      }
      storeDigitPair(value, at: cursor)
      return cursor + 2
    }
    let high = value / 100
    let low = value &- high &* 100
    if high < 10 {
      cursor.pointee = UInt8(truncatingIfNeeded: high) &+ ._zero
      storeDigitPair(low, at: cursor + 1)
      return cursor + 3
    }
    storeDigitPair(high, at: cursor)
    storeDigitPair(low, at: cursor + 2)
    return cursor + 4
  }

  /// Writes the two digits of `value` (below 100) at `destination`, copied from a table of "00"
  /// to "99".
  @inline(__always)
  private static func storeDigitPair(_ value: UInt32, at destination: UnsafeMutablePointer<UInt8>) {
    let pairs: StaticString = """
      00010203040506070809101112131415161718192021222324\
      25262728293031323334353637383940414243444546474849\
      50515253545556575859606162636465666768697071727374\
      75767778798081828384858687888990919293949596979899
      """
    let pair = UnsafeRawPointer(pairs.utf8Start).loadUnaligned(fromByteOffset: Int(value) &* 2, as: UInt16.self)
    UnsafeMutableRawPointer(destination).storeBytes(of: pair, as: UInt16.self)
  }

  /// Writes `magnitude` (10^4 or more): the leading group of up to eight digits without its
  /// leading zeros, then whole groups of eight.
  @inline(never)
  private static func writeLongDecimal(_ magnitude: UInt64, at destination: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    if magnitude < 100_000_000 {
      return writeLeadingDigits(UInt32(truncatingIfNeeded: magnitude), at: destination)
    }
    var cursor = destination
    let high = magnitude / 100_000_000
    let low = UInt32(truncatingIfNeeded: magnitude &- high &* 100_000_000)
    if high < 100_000_000 {
      cursor = writeLeadingDigits(UInt32(truncatingIfNeeded: high), at: cursor)
    } else {
      // 17 to 20 digits.
      let top = high / 100_000_000
      cursor = writeLeadingDigits(UInt32(truncatingIfNeeded: top), at: cursor)
      cursor = writeEightDigits(UInt32(truncatingIfNeeded: high &- top &* 100_000_000), at: cursor)
    }
    return writeEightDigits(low, at: cursor)
  }

  /// Writes `value` (below 10^8) without leading zeros (`0` as `0`), in one 8-byte store;
  /// returns the end of the digits.
  @inline(__always)
  private static func writeLeadingDigits(_ value: UInt32, at destination: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    let digits = eightDigits(value)
    // The first digit is the lowest byte; the bit set in the last keeps one digit for 0.
    let leadingZeros = (digits | 1 &<< 56).trailingZeroBitCount &>> 3
    let text = (digits &+ asciiZeros) &>> UInt64(leadingZeros &* 8)
    UnsafeMutableRawPointer(destination).storeBytes(of: text.littleEndian, as: UInt64.self)
    return destination + (8 &- leadingZeros)
  }

  /// Writes the eight digits of `value` (below 10^8), with its leading zeros.
  @inline(__always)
  private static func writeEightDigits(_ value: UInt32, at destination: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    UnsafeMutableRawPointer(destination).storeBytes(
      of: (eightDigits(value) &+ asciiZeros).littleEndian, as: UInt64.self)
    return destination + 8
  }

  /// `0` in each byte of a word.
  @inline(__always)
  static var asciiZeros: UInt64 { 0x3030_3030_3030_3030 }

  /// The eight decimal digits of `value` (below 10^8), one a byte from 0 to 9, the first in the
  /// lowest byte (so that, plus ``asciiZeros``, the word stored little-endian is the text).
  ///
  /// All lanes at once: the value is split into halves of four digits (32-bit lanes), each half
  /// into pairs (16-bit lanes), each pair into digits (bytes), each division a multiplication by
  /// a reciprocal that is exact in its lane's range.
  @inline(__always)
  static func eightDigits(_ value: UInt32) -> UInt64 {
    let upperHalf = value / 10_000
    let halves = UInt64(upperHalf) | UInt64(value &- upperHalf &* 10_000) &<< 32
    let hundreds = ((halves &* 10_486) &>> 20) & 0x0000_007F_0000_007F
    let pairs = hundreds | (halves &- hundreds &* 100) &<< 16
    let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F_000F
    return tens | (pairs &- tens &* 10) &<< 8
  }
}

// MARK: - Floating point

extension JSONWriter {
  /// Appends a finite `Double` as JSONEncoder writes it: its `description` (the shortest text
  /// that reads back as the same value), without a trailing `.0`.
  package mutating func writeFinite(_ value: Double) {
    let destination = output.reserve(ShortestDouble.reservation)
    output.didWrite(upTo: ShortestDouble.write(value, at: destination))
  }

  /// Appends a finite `Float` as JSONEncoder writes it (see ``writeFinite(_:)-(Double)``).
  package mutating func writeFinite(_ value: Float) {
    writeShortest(value)
  }

  /// ``writeFinite(_:)-(Double)`` or ``writeFinite(_:)-(Float)``, for either type. For `Float`,
  /// `write(to:)` is what `description` formats with, minus the `String`.
  @inline(__always)
  mutating func writeShortest<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) {
    if F.self == Double.self {
      writeFinite(unsafeBitCast(value, to: Double.self))
      return
    }
    var sink = ASCIISink(destination: output.reserve(ASCIISink.capacity))
    value.write(to: &sink)
    output.didWrite(upTo: sink.end)
  }
}

/// A `TextOutputStream` into room reserved in a writer's output, for one floating-point value.
/// Floating-point types write their text through `_writeASCII` from a 64-byte stack buffer,
/// so no `String` is made for them, and the room is reserved once, before: the sink never
/// touches the output object (a retain and a capacity check per call).
private struct ASCIISink: TextOutputStream {
  /// The room reserved: the standard library formats a float in a 64-byte buffer.
  static var capacity: Int { 64 }

  let destination: UnsafeMutablePointer<UInt8>
  private var count = 0

  init(destination: UnsafeMutablePointer<UInt8>) {
    self.destination = destination
  }

  /// The end of the text, without a trailing `.0`: `1.0` is written `1`, as JSONEncoder writes
  /// integral values.
  var end: UnsafeMutablePointer<UInt8> {
    if count >= 2 && destination[count &- 2] == ._period && destination[count &- 1] == ._zero {
      return destination + (count &- 2)
    }
    return destination + count
  }

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { _writeASCII($0) }
  }

  /// Copies text of up to 24 bytes (a number's) in at most three overlapping words: too short
  /// for `memcpy`'s call to pay off.
  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    let length = buffer.count
    precondition(length <= Self.capacity &- count, "a float's text is longer than 64 bytes")
    guard let source = buffer.baseAddress.map(UnsafeRawPointer.init) else { return }
    let target = UnsafeMutableRawPointer(destination + count)
    count &+= length
    func copy<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) {
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: offset, as: Word.self), toByteOffset: offset, as: Word.self)
    }
    if length > 24 {
      target.copyMemory(from: source, byteCount: length)
    } else if length >= 8 {
      copy(UInt64.self, at: 0)
      if length > 16 { copy(UInt64.self, at: 8) }
      copy(UInt64.self, at: length &- 8)
    } else if length >= 4 {
      copy(UInt32.self, at: 0)
      copy(UInt32.self, at: length &- 4)
    } else {
      for offset in 0..<length { copy(UInt8.self, at: offset) }
    }
  }
}
