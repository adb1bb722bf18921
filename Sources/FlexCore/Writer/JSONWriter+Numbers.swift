// Numbers written straight into the output, with no `String` in between: integers digit by
// digit, floating-point values through the standard library's shortest round-trip formatting.

extension JSONWriter {
  /// Appends the decimal digits of `value` (with a `-` if negative), as `String(value)` spells
  /// them.
  @inline(__always)
  package mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
    guard T.bitWidth <= 64 else {
      writeRaw(String(value))
      return
    }
    let negative = value < 0
    // |T.min| as a UInt64 without overflow: two's-complement negation of the bit pattern.
    var magnitude = negative ? 0 &- UInt64(truncatingIfNeeded: Int64(value)) : UInt64(truncatingIfNeeded: value)
    // 20 digits hold UInt64.max; written from the end of the buffer.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
      var start = 21
      repeat {
        start &-= 1
        digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ ._zero
        magnitude /= 10
      } while magnitude != 0
      if negative {
        start &-= 1
        digits[start] = ._minus
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<21]))
    }
  }

  /// Appends a finite `Double` as JSONEncoder writes it: its `description` (the shortest text
  /// that reads back as the same value), without a trailing `.0`.
  package mutating func writeFinite(_ value: Double) {
    var sink = ASCIISink(output: output)
    value.write(to: &sink)
    trimTrailingPointZero()
  }

  /// Appends a finite `Float` as JSONEncoder writes it (see ``writeFinite(_:)-(Double)``).
  package mutating func writeFinite(_ value: Float) {
    var sink = ASCIISink(output: output)
    value.write(to: &sink)
    trimTrailingPointZero()
  }

  /// `1.0` is written `1`, as JSONEncoder writes integral values.
  private mutating func trimTrailingPointZero() {
    let count = output.count
    if count >= 2 && output[count &- 2] == ._period && output[count &- 1] == ._zero {
      output.removeLast(2)
    }
  }
}

/// A `TextOutputStream` over a writer's bytes. Floating-point types write their digits through
/// `_writeASCII` from a stack buffer, so no `String` is made for them.
private struct ASCIISink: TextOutputStream {
  let output: JSONOutput

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { output.append(contentsOf: $0) }
  }

  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    output.append(contentsOf: buffer)
  }
}
