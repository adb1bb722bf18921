@_spi(Engine) import FlexCore
import Foundation

// Numbers read the way JSONDecoder reads them. FlexCore converts number text exactly; JSONDecoder
// has rules of its own at the edges, and the decoder reproduces them:
//
// - Integer text (`-?[0-9]+`, JSON5 hexadecimal) converts exactly, or does not fit.
// - Other text (`1.0`, `1e2`) goes into an integer type through `Double`, so
//   `1.0000000000000001` is 1 and `1e-400` is 0. From 2^53 on it goes through `Decimal`
//   instead, whose mantissa must fit a `UInt64` and whose fraction is cut off: `1e20` fits no
//   integer type, not even `Int128`, and `9007199254740993.5` is 9007199254740993.
// - A `Double` or `Float` that underflows to zero although its digits are not all zero
//   (`1e-400`) is out of range, like one that overflows.
// - JSON5 hexadecimal goes into `Double`, `Float` and `Decimal` through a 64-bit integer, and
//   only when the conversion is exact.
// - JSON5 `Infinity` and `NaN` are a `Decimal` NaN.

extension TapeDecoder {
  /// The number at `valueIndex` as a `T`, or `nil` if it is out of `T`'s range.
  @inline(__always)
  func integerValue<T: FixedWidthInteger>(at valueIndex: Int, as type: T.Type) -> T? {
    let flags = tape[valueIndex].flags
    if flags & NumberFlags.isInteger != 0 && flags & NumberFlags.isExtended == 0 || tape.isHexadecimal(at: valueIndex) {
      return tape.integer(at: valueIndex, as: type)
    }
    return integerThroughDouble(tape.numberText(at: valueIndex), as: type)
  }

  /// JSONDecoder's conversion of number text with a fraction or an exponent to an integer.
  private func integerThroughDouble<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
    guard let double = Double(text), let value = T(exactly: double) else { return nil }
    if double.magnitude < 0x1p53 { return value }
    guard let decimal = Decimal(string: text, locale: Self.posixLocale), !decimal.isNaN,
      var magnitude = UInt64(decimal.significand.description)
    else { return nil }
    if decimal.exponent < 0 {
      for _ in 0 ..< -decimal.exponent { magnitude /= 10 }
    } else {
      for _ in 0..<decimal.exponent {
        let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        if overflow { return nil }
        magnitude = product
      }
    }
    guard let result = T(exactly: magnitude) else { return nil }
    if decimal.sign == .minus {
      return T.isSigned ? 0 - result : nil
    }
    return result
  }

  /// The number at `valueIndex` as the nearest `Double`, or `nil` if it is out of range.
  @inline(__always)
  func doubleValue(at valueIndex: Int) -> Double? {
    if tape.isHexadecimal(at: valueIndex) {
      return hexadecimalValue(at: valueIndex, Double.init(exactly:), Double.init(exactly:))
    }
    guard let value = tape.double(at: valueIndex), value != 0 || !hasNonZeroDigit(valueIndex) else { return nil }
    return value
  }

  /// The number at `valueIndex` as the nearest `Float`, or `nil` if it is out of range.
  @inline(__always)
  func floatValue(at valueIndex: Int) -> Float? {
    if tape.isHexadecimal(at: valueIndex) {
      return hexadecimalValue(at: valueIndex, Float.init(exactly:), Float.init(exactly:))
    }
    guard let value = tape.float(at: valueIndex), value != 0 || !hasNonZeroDigit(valueIndex) else { return nil }
    return value
  }

  /// The number at `valueIndex` as a `Decimal`, or `nil` if it is out of range.
  func decimalValue(at valueIndex: Int) -> Decimal? {
    if tape.isHexadecimal(at: valueIndex) {
      return hexadecimalValue(at: valueIndex, Decimal.init(exactly:), Decimal.init(exactly:))
    }
    if tape[valueIndex].flags & NumberFlags.isExtended != 0, let value = tape.double(at: valueIndex), !value.isFinite {
      return .nan
    }
    if tape[valueIndex].flags & NumberFlags.isExtended == 0,
      let decimal = DecimalText.decimal(from: tape.rawBytes(at: valueIndex))
    {
      return decimal
    }
    return Decimal(string: tape.numberText(at: valueIndex), locale: Self.posixLocale)
  }

  /// JSON5 hexadecimal text through `Int64` (when negative) or `UInt64`, then `convert`.
  private func hexadecimalValue<R>(
    at valueIndex: Int, _ convertSigned: (Int64) -> R?, _ convertUnsigned: (UInt64) -> R?
  ) -> R? {
    if tape[valueIndex].flags & NumberFlags.isNegative != 0 {
      return tape.integer(at: valueIndex, as: Int64.self).flatMap(convertSigned)
    }
    return tape.integer(at: valueIndex, as: UInt64.self).flatMap(convertUnsigned)
  }

  /// Whether the significand of the number's text has a digit other than 0: if it parsed to zero
  /// anyway, it underflowed.
  private func hasNonZeroDigit(_ valueIndex: Int) -> Bool {
    for byte in tape.rawBytes(at: valueIndex) {
      if byte | 0x20 == UInt8(ascii: "e") { return false }
      if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
    }
    return false
  }

  private static let posixLocale = Locale(identifier: "en_US_POSIX")
}
