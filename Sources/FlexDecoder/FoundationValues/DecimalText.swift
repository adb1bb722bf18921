@_spi(Engine) import FlexCore
import Foundation

// Decimals read from a JSON number's text without `Decimal(string:)`, and written without
// `description`.
//
// `Decimal(string:locale:)` builds its value a digit at a time in Decimal arithmetic (a
// multiplication and an addition on eight 16-bit words per digit), about 1,800 instructions for
// a price like `12.50`. Most numbers an app decodes as `Decimal` are amounts: a sign, at most 19
// digits and a fraction, which fit a `UInt64` significand and a power of ten. Those are built
// here from the digits, and come out as `Decimal(string:)` makes them, bit for bit (trailing
// zeros dropped: `12.50` is stored as 125 × 10⁻¹; DecimalTextTests compares the two over 20,000
// generated numbers). Other texts (exponents, zeros, more digits) are left to
// `Decimal(string:)`.
//
// Writing, `description` converts the 128-bit mantissa to digits through arrays, a reversed
// collection and string appends, about 3,000 instructions for `12.5`. A Decimal whose mantissa
// fits 64 bits is written here from its parts: sign, exponent, mantissa. Their storage is not
// public on Linux, so they are read from the value's bytes (exponent, then a byte of length and
// flags, then the mantissa in 16-bit words), a layout checked on first use against Decimals
// whose parts are known (`readsLayout`); where it differs, `description` writes every Decimal.

/// The text of a JSON number as a `Decimal`, and a `Decimal` as text.
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
      guard byte.isDigit else { return nil }  // an exponent
      digits &+= 1
      guard digits <= maximumDigits else { return nil }
      significand = significand &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
      if inFraction { fractionDigits &+= 1 }
    }
    // `Decimal(string:)` keeps a zero's exponent, or not, by rules of its own.
    guard significand != 0 else { return nil }
    // `init(sign:exponent:significand:)` drops trailing zeros, as `Decimal(string:)` does.
    return Decimal(sign: isNegative ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(significand))
  }

  // MARK: Writing

  /// `decimal.description`.
  static func text(of decimal: Decimal) -> String {
    guard readsLayout, let parts = Parts(decimal) else { return decimal.description }
    return parts.text
  }

  /// A finite Decimal whose mantissa fits 64 bits, as stored.
  private struct Parts: Equatable {
    let isNegative: Bool
    let exponent: Int
    let mantissa: UInt64

    /// The parts of `decimal`, read from its bytes, if its mantissa fits 64 bits and it is not
    /// NaN.
    init?(_ decimal: Decimal) {
      guard MemoryLayout<Decimal>.size == 20 else { return nil }
      let parts = withUnsafeBytes(of: decimal) { bytes -> Parts? in
        let flags = bytes[1]
        let length = Int(flags &>> 4)
        let isNegative = flags & 0x08 != 0
        guard length <= 4, !(length == 0 && isNegative) else { return nil }  // too long; NaN
        var mantissa: UInt64 = 0
        for word in 0..<length {
          mantissa |= UInt64(bytes.loadUnaligned(fromByteOffset: 4 &+ 2 &* word, as: UInt16.self)) &<< (16 &* word)
        }
        return Parts(isNegative: isNegative, exponent: Int(Int8(bitPattern: bytes[0])), mantissa: mantissa)
      }
      guard let parts else { return nil }
      self = parts
    }

    init(isNegative: Bool, exponent: Int, mantissa: UInt64) {
      self.isNegative = isNegative
      self.exponent = exponent
      self.mantissa = mantissa
    }

    /// The text `description` writes: the mantissa's digits, then as many zeros as a positive
    /// exponent says, or a point as many digits from the end as a negative one says (`0.` and
    /// zeros first when there are fewer digits).
    var text: String {
      if mantissa == 0 { return "0" }
      var digits = String(mantissa)
      if exponent > 0 {
        digits += String(repeating: "0", count: exponent)
      } else if exponent < 0 {
        let fractionDigits = -exponent
        if digits.utf8.count > fractionDigits {
          digits.insert(".", at: digits.utf8.index(digits.endIndex, offsetBy: -fractionDigits))
        } else {
          digits = "0." + String(repeating: "0", count: fractionDigits - digits.utf8.count) + digits
        }
      }
      return isNegative ? "-" + digits : digits
    }
  }

  /// Whether Decimals are stored as ``Parts`` reads them: checked once, on Decimals whose parts
  /// and text are known.
  static let readsLayout: Bool = {
    let known: [(String, Parts?)] = [
      ("-12.5", Parts(isNegative: true, exponent: -1, mantissa: 125)),
      ("12345600", Parts(isNegative: false, exponent: 2, mantissa: 123_456)),
      ("0.005", Parts(isNegative: false, exponent: -3, mantissa: 5)),
      ("18446744073709551615", Parts(isNegative: false, exponent: 0, mantissa: .max)),
      ("18446744073709551616", nil),  // 65 bits
    ]
    let agrees = known.allSatisfy { text, parts in
      guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return false }
      return Parts(decimal) == parts && (parts == nil || parts?.text == decimal.description)
    }
    return agrees && Parts(.nan) == nil
  }()
}
