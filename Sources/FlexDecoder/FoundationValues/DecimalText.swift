import Foundation

// Decimals read from a JSON number's text without `Decimal(string:)`.
//
// `Decimal(string:locale:)` builds its value a digit at a time in Decimal arithmetic (a
// multiplication and an addition on eight 16-bit words per digit), about 1,800 instructions for
// a price like `12.50`. Most numbers an app decodes as `Decimal` are amounts: a sign, at most 19
// digits and a fraction, which fit a `UInt64` significand and a power of ten. Those are built
// here from the digits, and come out as `Decimal(string:)` makes them, bit for bit (trailing
// zeros dropped: `12.50` is stored as 125 × 10⁻¹; DecimalTextTests compares the two over 20,000
// generated numbers). Other texts (exponents, zeros, more digits) are left to
// `Decimal(string:)`.

/// The text of a JSON number as a `Decimal`.
enum DecimalText {
  /// The most digits read here: any 19 fit a `UInt64`.
  private static let maximumDigits = 19

  /// The Decimal `Decimal(string:)` makes of `text`, an RFC 8259 number, if the text has no
  /// exponent, at most 19 digits and a value other than zero; else `nil`.
  static func decimal(from text: UnsafeRawBufferPointer) -> Decimal? {
    guard !text.isEmpty, text.count <= maximumDigits &+ 2 else { return nil }
    var isNegative = false
    var index = 0
    if text[0] == UInt8(ascii: "-") {
      isNegative = true
      index = 1
    }
    var significand: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var inFraction = false
    while index < text.count {
      let byte = text[index]
      index &+= 1
      if byte == UInt8(ascii: ".") && !inFraction {
        inFraction = true
        continue
      }
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }  // an exponent
      digits &+= 1
      guard digits <= maximumDigits else { return nil }
      significand = significand &* 10 &+ UInt64(digit)
      if inFraction { fractionDigits &+= 1 }
    }
    // `Decimal(string:)` keeps a zero's exponent, or not, by rules of its own.
    guard significand != 0 else { return nil }
    // `init(sign:exponent:significand:)` drops trailing zeros, as `Decimal(string:)` does.
    return Decimal(sign: isNegative ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(significand))
  }
}
