// The Eisel–Lemire algorithm: correctly rounded decimal → binary64 conversion with one or two
// 64×64→128-bit multiplications (Lemire, "Number Parsing at a Gigabyte per Second", 2021;
// the shape follows the fast_float library).
//
// A number w × 10^q is w × 5^q × 2^q. The table holds 5^q to 128 bits, so w × 5^q is known
// to about 128 bits; the binary exponent comes from an exact integer formula for
// floor(q × log2(10)). If the truncated product leaves the rounding undecided (the 9 or 10
// bits below the mantissa are all ones and the low word is saturated) the function gives up
// and the caller falls back to `strtod`; that never happens on real data but keeps the
// result exact by construction.

/// Decimal-to-`Double` conversion for significands of up to 19 digits.
enum EiselLemire {
  /// The `Double` nearest to `significand` × 10^`exponent`, or `nil` when the fast path
  /// cannot decide (the caller then uses a slow, exact method). Overflow gives ±infinity and
  /// underflow ±0, as `strtod` does.
  static func double(significand: UInt64, exponent: Int, negative: Bool) -> Double? {
    let sign: UInt64 = negative ? 1 << 63 : 0
    if significand == 0 || exponent < smallestPowerOfTen {
      return Double(bitPattern: sign)
    }
    if exponent > largestPowerOfTen {
      return Double(bitPattern: sign | 0x7FF0_0000_0000_0000)
    }
    let leadingZeros = significand.leadingZeroBitCount
    let normalized = significand << UInt64(leadingZeros)
    let tableIndex = 2 * (exponent - smallestPowerOfTen)

    // First product with the high 64 bits of 5^q; refine with the low 64 bits only when the
    // bits below the 55 we keep (52 + implicit bit + 2 rounding bits) could still carry.
    var (high, low) = normalized.multipliedFullWidth(by: powersOfFive[tableIndex])
    let precisionMask: UInt64 = .max >> 55
    if high & precisionMask == precisionMask {
      let (secondHigh, _) = normalized.multipliedFullWidth(by: powersOfFive[tableIndex + 1])
      let (sum, carry) = low.addingReportingOverflow(secondHigh)
      low = sum
      if carry { high &+= 1 }
      if high & precisionMask == precisionMask && low == .max { return nil }
    }

    let upperBit = Int(high >> 63)
    let shift = UInt64(upperBit + 64 - 52 - 3)
    var mantissa = high >> shift
    // floor(q × log2(10)) + 63, exactly, for |q| ≤ 350: (152170 + 65536) / 2^16 ≈ log2(10).
    var power2 = (((152_170 + 65_536) * exponent) >> 16) + 63 + upperBit - leadingZeros + 1023

    if power2 <= 0 {  // subnormal result
      if -power2 + 1 >= 64 { return Double(bitPattern: sign) }
      mantissa >>= UInt64(-power2 + 1)
      mantissa += mantissa & 1
      mantissa >>= 1
      power2 = mantissa < (1 << 52) ? 0 : 1
      return Double(bitPattern: sign | UInt64(power2) << 52 | mantissa)
    }

    // Exactly halfway between two doubles (only possible for small q): round to even.
    if low <= 1 && exponent >= -4 && exponent <= 23 && mantissa & 3 == 1 && mantissa << shift == high {
      mantissa &= ~1
    }
    mantissa += mantissa & 1
    mantissa >>= 1
    if mantissa >= (2 << 52) {
      mantissa = 1 << 52
      power2 += 1
    }
    mantissa &= ~(1 << 52)
    if power2 >= 0x7FF {
      return Double(bitPattern: sign | 0x7FF0_0000_0000_0000)
    }
    return Double(bitPattern: sign | UInt64(power2) << 52 | mantissa)
  }
}
