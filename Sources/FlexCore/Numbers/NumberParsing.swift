// Numbers are materialized straight from the bytes of their text, never through `String`, and
// integers never pass through `Double` (so 12345678901234567890 decodes exactly into UInt64).

/// Conversions from the text of a JSON number (as validated by the scanner) to Swift numbers.
@_spi(Engine) public enum NumberParsing {
  // MARK: Integers

  /// Parses `-?[0-9]+` (the scanner's `isInteger` text). Returns `nil` when the value does not
  /// fit in `T`. `-0` is 0, also for unsigned types.
  @inlinable
  public static func integer<T: FixedWidthInteger>(fromIntegerText text: UnsafeRawBufferPointer, as _: T.Type = T.self)
    -> T?
  {
    let negative = text[0] == ._minus
    let firstDigit = negative ? 1 : 0
    let digitCount = text.count &- firstDigit
    // Up to 19 digits always fit in UInt64: accumulate without overflow checks.
    guard T.bitWidth <= 64, digitCount <= 19 else {
      return accumulate(digitsOf: text, from: firstDigit, negative: negative, as: T.self)
    }
    var magnitude: UInt64 = 0
    var index = firstDigit
    while index < text.count {
      magnitude = magnitude &* 10 &+ UInt64(text[index] &- ._zero)
      index &+= 1
    }
    if negative {
      guard T.isSigned else { return magnitude == 0 ? 0 : nil }
      // |T.min| = T.max + 1; two's-complement negation then truncation yields T.min exactly.
      guard magnitude <= UInt64(T.max) &+ 1 else { return nil }
      return T(truncatingIfNeeded: 0 &- magnitude)
    }
    guard magnitude <= UInt64(T.max) else { return nil }
    return T(truncatingIfNeeded: magnitude)
  }

  /// Overflow-checked accumulation in `T` itself: long digit strings and 128-bit types.
  @usableFromInline
  static func accumulate<T: FixedWidthInteger>(
    digitsOf text: UnsafeRawBufferPointer, from firstDigit: Int, negative: Bool, as _: T.Type
  ) -> T? {
    var value: T = 0
    var index = firstDigit
    while index < text.count {
      let digit = T(text[index] &- ._zero)
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      index &+= 1
    }
    return value
  }

  /// Parses any decimal number text, with fraction and exponent (`1.0`, `1e2`, `-2.50E+1`,
  /// and the JSON5 forms `+1`, `.5`, `5.`), into `T` when its value is an integer that fits.
  /// `1.5` and `1e400` give `nil`. Exact: no rounding through `Double`.
  public static func integer<T: FixedWidthInteger>(fromDecimalText text: UnsafeRawBufferPointer, as _: T.Type = T.self)
    -> T?
  {
    var index = 0
    var negative = false
    if index < text.count && (text[index] == ._minus || text[index] == ._plus) {
      negative = text[index] == ._minus
      index &+= 1
    }
    // Significant digits (leading zeros dropped) and the decimal exponent that scales them.
    var digits: [UInt8] = []
    var exponent = 0
    while index < text.count && text[index].isDigit {
      if !(digits.isEmpty && text[index] == ._zero) { digits.append(text[index] &- ._zero) }
      index &+= 1
    }
    if index < text.count && text[index] == ._period {
      index &+= 1
      while index < text.count && text[index].isDigit {
        if !(digits.isEmpty && text[index] == ._zero) { digits.append(text[index] &- ._zero) }
        exponent &-= 1
        index &+= 1
      }
    }
    if index < text.count && text[index] | 0x20 == UInt8(ascii: "e") {
      index &+= 1
      var exponentNegative = false
      if index < text.count && (text[index] == ._minus || text[index] == ._plus) {
        exponentNegative = text[index] == ._minus
        index &+= 1
      }
      var written = 0
      while index < text.count && text[index].isDigit {
        // Saturate: any exponent beyond a million is out of every integer type's reach.
        if written < 1_000_000 { written = written * 10 + Int(text[index] &- ._zero) }
        index &+= 1
      }
      exponent += exponentNegative ? -written : written
    }
    guard index == text.count else { return nil }
    while let last = digits.last, last == 0 {
      digits.removeLast()
      exponent &+= 1
    }
    if digits.isEmpty { return 0 }
    guard exponent >= 0, digits.count + exponent <= 40 else { return nil }
    guard T.isSigned || !negative else { return nil }
    var value: T = 0
    for digit in digits + [UInt8](repeating: 0, count: exponent) {
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
      if overflow1 || overflow2 { return nil }
      value = next
    }
    return value
  }

  /// Parses JSON5 hexadecimal text (`0x1F`, `-0X10`, `+0xff`) into `T`, or `nil` on overflow.
  public static func integer<T: FixedWidthInteger>(fromHexText text: UnsafeRawBufferPointer, as _: T.Type = T.self)
    -> T?
  {
    var index = 0
    var negative = false
    if text[index] == ._minus || text[index] == ._plus {
      negative = text[index] == ._minus
      index &+= 1
    }
    index &+= 2  // "0x"
    guard T.isSigned || !negative else {
      return text[index...].allSatisfy { $0 == ._zero } ? 0 : nil
    }
    var value: T = 0
    while index < text.count {
      guard let digit = text[index].hexDigitValue else { return nil }
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 16)
      let (next, overflow2) =
        negative ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
      if overflow1 || overflow2 { return nil }
      value = next
      index &+= 1
    }
    return value
  }

  // MARK: Floating point

  /// Exact powers of ten representable as `Double` (10^0 … 10^22).
  @usableFromInline
  static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Parses RFC 8259 number text into the nearest `Double` (correctly rounded), or `nil` if
  /// the magnitude overflows to infinity. Underflow gives (signed) zero, as `strtod` does.
  ///
  /// Three paths, fastest first:
  /// 1. Clinger (1990): when the decimal significand is at most 2^53 and the decimal exponent
  ///    is within ±22, both are exact doubles and one IEEE multiplication or division rounds
  ///    correctly.
  /// 2. Eisel–Lemire (``EiselLemire``) for any other significand of up to 19 digits.
  /// 3. The C library's correctly rounded `strtod` (via `Double.init?(_: String)`) for longer
  ///    significands and the rare case Eisel–Lemire leaves undecided.
  public static func double(fromNumberText text: UnsafeRawBufferPointer) -> Double? {
    if let (significand, exponent, negative) = decimalComponents(of: text) {
      if significand <= 1 << 53 && exponent >= -22 && exponent <= 22 {
        let magnitude = Double(significand)
        let value = exponent < 0 ? magnitude / powersOfTen[-exponent] : magnitude * powersOfTen[exponent]
        return negative ? -value : value
      }
      if let value = EiselLemire.double(significand: significand, exponent: exponent, negative: negative) {
        return value.isFinite ? value : nil
      }
    }
    return slowPath(text, Double.self)
  }

  /// `Float` from number text, correctly rounded from the decimal text itself (never via a
  /// `Double`, which could round twice). `nil` on overflow. The fast path is Clinger's in
  /// `Float` arithmetic: significand ≤ 2^24 and 10^|e| ≤ 10^10 are exact floats.
  public static func float(fromNumberText text: UnsafeRawBufferPointer) -> Float? {
    if let (significand, exponent, negative) = decimalComponents(of: text),
      significand <= 1 << 24, exponent >= -10, exponent <= 10
    {
      let magnitude = Float(significand)
      let power = Float(powersOfTen[abs(exponent)])
      let value = exponent < 0 ? magnitude / power : magnitude * power
      return negative ? -value : value
    }
    return slowPath(text, Float.self)
  }

  /// The decimal significand and exponent of RFC 8259 number text, when the significand has at
  /// most 19 significant digits (so it fits in `UInt64`) and the exponent is small; else `nil`.
  @inline(__always)
  static func decimalComponents(of text: UnsafeRawBufferPointer) -> (UInt64, Int, Bool)? {
    var index = 0
    let negative = text[0] == ._minus
    if negative { index = 1 }
    var significand: UInt64 = 0
    var digitCount = 0
    var exponent = 0
    // Significant digits are counted from the first non-zero digit, not by a non-zero
    // significand: past 19 digits the significand wraps, and 2^63 · 10 wraps to exactly 0
    // (`9223372036854775808.0` was read as 0).
    while index < text.count && text[index].isDigit {
      let digit = text[index] &- ._zero
      significand = significand &* 10 &+ UInt64(digit)
      if digitCount != 0 || digit != 0 { digitCount &+= 1 }
      index &+= 1
    }
    if index < text.count && text[index] == ._period {
      index &+= 1
      while index < text.count && text[index].isDigit {
        let digit = text[index] &- ._zero
        significand = significand &* 10 &+ UInt64(digit)
        if digitCount != 0 || digit != 0 { digitCount &+= 1 }
        exponent &-= 1
        index &+= 1
      }
    }
    guard digitCount <= 19 else { return nil }
    if index < text.count {  // the exponent part: [eE][+-]?digits
      index &+= 1
      var exponentNegative = false
      if index < text.count && (text[index] == ._minus || text[index] == ._plus) {
        exponentNegative = text[index] == ._minus
        index &+= 1
      }
      var written = 0
      while index < text.count {
        written = written &* 10 &+ Int(text[index] &- ._zero)
        if written > 1000 { return nil }
        index &+= 1
      }
      exponent &+= exponentNegative ? -written : written
    }
    return (significand, exponent, negative)
  }

  private static func slowPath<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ text: UnsafeRawBufferPointer, _: F.Type
  ) -> F? {
    guard let value = F(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
    return value
  }

  /// Parses JSON5 extended number text (`+1`, `.5`, `5.`, `0x1F`, `Infinity`, `-NaN`) into a
  /// `Double`. Infinity and NaN are returned as such, with their sign; other overflow gives `nil`.
  public static func double(fromExtendedText text: UnsafeRawBufferPointer) -> Double? {
    var index = 0
    var negative = false
    if text[0] == ._minus || text[0] == ._plus {
      negative = text[0] == ._minus
      index = 1
    }
    if text[index] == UInt8(ascii: "I") { return negative ? -.infinity : .infinity }
    if text[index] == UInt8(ascii: "N") { return negative ? -.nan : .nan }
    if text.count > index &+ 1 && text[index &+ 1] | 0x20 == UInt8(ascii: "x") {
      var value = 0.0
      for byte in text[(index &+ 2)...] { value = value * 16 + Double(byte.hexDigitValue ?? 0) }
      return negative ? -value : value
    }
    // strtod accepts a leading '+', a leading '.' and a trailing '.', so the text can go as is.
    guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
    return value
  }
}
