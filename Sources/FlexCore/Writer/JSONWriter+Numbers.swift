// Numbers written straight into the output, with no `String` in between: integers two digits
// at a time, floating-point values through the standard library's shortest round-trip
// formatting.

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
  @usableFromInline
  static func writeDecimal(
    _ magnitude: UInt64, isNegative: Bool, at destination: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    var start = destination
    if isNegative {
      start.pointee = ._minus
      start += 1
    }
    let end = start + decimalDigitCount(of: magnitude)
    // Written from the end, two digits per division, copied from a table of "00" to "99".
    let pairs: StaticString = """
      00010203040506070809101112131415161718192021222324\
      25262728293031323334353637383940414243444546474849\
      50515253545556575859606162636465666768697071727374\
      75767778798081828384858687888990919293949596979899
      """
    let table = UnsafeRawPointer(pairs.utf8Start)
    var cursor = UnsafeMutableRawPointer(end)
    var remaining = magnitude
    while remaining >= 100 {
      let (quotient, pair) = remaining.quotientAndRemainder(dividingBy: 100)
      cursor -= 2
      cursor.storeBytes(of: table.loadUnaligned(fromByteOffset: Int(pair) &* 2, as: UInt16.self), as: UInt16.self)
      remaining = quotient
    }
    if remaining >= 10 {
      cursor -= 2
      cursor.storeBytes(of: table.loadUnaligned(fromByteOffset: Int(remaining) &* 2, as: UInt16.self), as: UInt16.self)
    } else {
      cursor -= 1
      cursor.storeBytes(of: UInt8(truncatingIfNeeded: remaining) &+ ._zero, as: UInt8.self)
    }
    return end
  }

  /// The number of decimal digits of `value` (1 for 0).
  @inline(__always)
  private static func decimalDigitCount(of value: UInt64) -> Int {
    var count = 1
    var remaining = value
    while remaining >= 10_000 {
      remaining /= 10_000
      count &+= 4
    }
    if remaining >= 100 {
      count &+= remaining >= 1000 ? 3 : 2
    } else if remaining >= 10 {
      count &+= 1
    }
    return count
  }
}

// MARK: - Floating point

extension JSONWriter {
  /// Appends a finite `Double` as JSONEncoder writes it: its `description` (the shortest text
  /// that reads back as the same value), without a trailing `.0`.
  package mutating func writeFinite(_ value: Double) {
    writeShortest(value)
  }

  /// Appends a finite `Float` as JSONEncoder writes it (see ``writeFinite(_:)-(Double)``).
  package mutating func writeFinite(_ value: Float) {
    writeShortest(value)
  }

  /// The one formatting of ``writeFinite(_:)-(Double)`` and ``writeFinite(_:)-(Float)``:
  /// `write(to:)` is what `description` formats with, minus the `String`.
  @inline(__always)
  mutating func writeShortest<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) {
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
