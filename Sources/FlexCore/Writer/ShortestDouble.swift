// A finite `Double` written as JSONEncoder writes it: `description` (the standard library's
// shortest round-trip text) without a trailing `.0`, computed here without the standard library.
//
// `description` goes through a generic `TextOutputStream` call and the standard library's
// formatter, which rebuilds its power of ten from a small table for every value: about 500
// instructions a value, most of the cost of encoding a `[Double]`. This is Raffaello Giulietti's
// Schubfach algorithm ("The Schubfach way to render doubles", 2021) over a full table of powers
// of ten (ShortestDouble+Table.swift), then the standard library's layout of the digits.
//
// The digits. A double is c·2^q. Its rounding interval (the reals that read back as it) is scaled
// by 10^-k, with k chosen so that the interval is at least one unit wide but less than ten; one
// 126-bit multiplication per bound, rounded to odd, is exact enough to decide membership. If a
// multiple of ten (one digit fewer) lies in the interval it is the only one and the answer;
// otherwise, of the two integers around the value, the one in the interval, or the closer if
// both are (the even one on a tie). That is what `description` prints: the fewest significant
// digits that read back as the value, and among those the closest to it. Subnormal values, rare
// and with a special case of their own in Schubfach, are left to `description`.
//
// The layout, as the standard library's `_finishFormatting`: with p the power of ten of the first
// significant digit, exponential (`1.5e-05`, `1e+16`, at least two exponent digits) when p < -4
// or the magnitude is above 2^53 (2^53 itself is written out); otherwise `0.000ddd`, `ddd.ddd` or
// the integer's digits (`description`'s `.0` is what JSONEncoder removes).

/// Shortest round-trip formatting of `Double`, byte for byte as `description` minus a final `.0`.
enum ShortestDouble {
  /// The room ``write(_:at:)`` needs at its destination: the text (24 bytes at most) and, from
  /// ``scratchOffset`` on, the digits it arranges the text from.
  static var reservation: Int { 96 }

  /// Where, from the destination, the 17 digits of the decimal significand are spelled out before
  /// being copied into place (in 8-byte words, which read up to 41 bytes past it).
  private static var scratchOffset: Int { 48 }

  /// Writes `value`, which is finite, at `destination` (room for ``reservation`` bytes, of which
  /// the bytes past the end returned may be overwritten); returns the end of the text.
  @inline(__always)
  static func write(_ value: Double, at destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    let bits = value.bitPattern
    let fraction = bits & (1 &<< 52 &- 1)
    let biasedExponent = Int(truncatingIfNeeded: bits &>> 52) & 0x7FF
    var cursor = destination
    if biasedExponent == 0 {
      guard fraction == 0 else { return writeDescription(of: value, at: destination) }
      if bits != 0 {
        cursor.pointee = ._minus
        cursor += 1
      }
      cursor.pointee = ._zero
      return cursor + 1
    }
    if bits &>> 63 != 0 {
      cursor.pointee = ._minus
      cursor += 1
    }
    let significand = fraction | 1 &<< 52
    // value = significand · 2^-shift; an integer below 2^53 is written as one.
    let shift = 1075 &- biasedExponent
    if shift > 0 && shift < 53 {
      let integer = significand &>> UInt64(shift)
      if integer &<< UInt64(shift) == significand {
        return JSONWriter.writeDecimal(integer, isNegative: false, at: cursor)
      }
    }
    let (digits, exponent) = decimal(significand: significand, binaryExponent: 0 &- shift)
    // Above 2^53 (but not 2^53 itself), `description` is exponential.
    let isExponential = biasedExponent > 1076 || (biasedExponent == 1076 && fraction != 0)
    return layOut(digits, exponent: exponent, forceExponential: isExponential, at: cursor)
  }

  // MARK: - Digits

  /// The shortest decimal `digits`·10^`exponent` in the rounding interval of the normal double
  /// `significand`·2^`binaryExponent`, the closest to it if several (see the top of the file).
  @inline(__always)
  private static func decimal(significand c: UInt64, binaryExponent q: Int) -> (digits: UInt64, exponent: Int) {
    let isClosed: UInt64 = c & 1 == 0 ? 1 : 0  // ties round to even: an even c owns its bounds
    let scaled = c &<< 2
    let upper = scaled &+ 2
    let lower: UInt64
    let k: Int
    if c != 1 &<< 52 || q == -1074 {
      lower = scaled &- 2
      k = (q &* 661_971_961_083) &>> 41  // floor(log10(2^q))
    } else {
      // A power of two: the interval below is half as wide.
      lower = scaled &- 1
      k = (q &* 661_971_961_083 &- 274_743_187_321) &>> 41  // floor(log10(3/4 · 2^q))
    }
    let h = q &+ (((0 &- k) &* 913_124_641_741) &>> 38) &+ 2  // 1...4; floor(log2(10^-k))
    let index = (0 &- k &- smallestPowerOfTen) &* 2
    let g1 = powersOfTen[index]
    let g0 = powersOfTen[index &+ 1]
    let value = roundToOdd(g1, g0, scaled &<< UInt64(h))
    let lowerBound = roundToOdd(g1, g0, lower &<< UInt64(h)) &+ 1 &- isClosed
    let upperBound = roundToOdd(g1, g0, upper &<< UInt64(h)) &- 1 &+ isClosed
    // Each scaled quantity has two fraction bits; an integer n is in the interval when
    // lowerBound <= 4n <= upperBound.
    let s = value &>> 2
    // s rounded down to a multiple of ten: floor(s / 10) for s < 10^17.
    let down = s.multipliedFullWidth(by: 1_844_674_407_370_955_168).high &* 10
    let up = down &+ 10
    let downIsIn = lowerBound <= down &<< 2
    let upIsIn = up &<< 2 <= upperBound
    if downIsIn != upIsIn { return (downIsIn ? down : up, k) }
    let t = s &+ 1
    let sIsIn = lowerBound <= s &<< 2
    let tIsIn = t &<< 2 <= upperBound
    if sIsIn != tIsIn { return (sIsIn ? s : t, k) }
    // Both: the closer, or the even one if the value is halfway.
    let midpoint = (s &+ t) &<< 1
    let closer = value < midpoint || (value == midpoint && s & 1 == 0) ? s : t
    return (closer, k)
  }

  /// `cp`·g·2^-127 rounded to odd (its last bit set if it is not exact), g = `g1`·2^63 + `g0`.
  @inline(__always)
  private static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
    let x1 = g0.multipliedFullWidth(by: cp).high
    let y = g1.multipliedFullWidth(by: cp)
    let z = (y.low &>> 1) &+ x1
    let result = y.high &+ (z &>> 63)
    return result | ((z & (1 &<< 63 &- 1)) &+ (1 &<< 63 &- 1)) &>> 63
  }

  // MARK: - Text

  /// Writes `digits`·10^`exponent` (`digits` below 10^17) as `description` lays it out.
  @inline(__always)
  private static func layOut(
    _ digits: UInt64, exponent: Int, forceExponential: Bool, at destination: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    // The 17 digits, zero-padded, as one digit and two words of eight.
    let high = digits / 100_000_000
    let low = JSONWriter.eightDigits(UInt32(truncatingIfNeeded: digits &- high &* 100_000_000))
    let first = high / 100_000_000
    let middle = JSONWriter.eightDigits(UInt32(truncatingIfNeeded: high &- first &* 100_000_000))
    // In a word, the first digit is the lowest byte (stored little-endian, the first byte).
    let leadingZeros =
      first != 0
      ? 0 : middle != 0 ? 1 &+ middle.trailingZeroBitCount &>> 3 : 9 &+ low.trailingZeroBitCount &>> 3
    let trailingZeros =
      low != 0 ? low.leadingZeroBitCount &>> 3 : middle != 0 ? 8 &+ middle.leadingZeroBitCount &>> 3 : 16
    let count = 17 &- leadingZeros &- trailingZeros
    let power = exponent &+ 16 &- leadingZeros  // of the first significant digit

    let zeros = JSONWriter.asciiZeros
    let scratch = UnsafeMutableRawPointer(destination + scratchOffset)
    scratch.storeBytes(of: UInt8(truncatingIfNeeded: first) &+ ._zero, as: UInt8.self)
    scratch.storeBytes(of: (middle &+ zeros).littleEndian, toByteOffset: 1, as: UInt64.self)
    scratch.storeBytes(of: (low &+ zeros).littleEndian, toByteOffset: 9, as: UInt64.self)
    let significant = UnsafeRawPointer(scratch + leadingZeros)
    let output = UnsafeMutableRawPointer(destination)

    if power < -4 || forceExponential {
      // "d.ddde-05"
      output.storeBytes(of: significant.load(as: UInt8.self), as: UInt8.self)
      var end = 1
      if count > 1 {
        output.storeBytes(of: ._period, toByteOffset: 1, as: UInt8.self)
        copy24(from: significant + 1, to: output + 2)
        end = count &+ 1
      }
      return writeExponent(power, at: destination + end)
    }
    if power < 0 {
      // "0.000ddd": "0." and up to three zeros, in one word.
      output.storeBytes(of: UInt64(0x3030_3030_3030_2E30).littleEndian, as: UInt64.self)
      let start = 1 &- power
      copy24(from: significant, to: output + start)
      return destination + (start &+ count)
    }
    if power &+ 1 < count {
      // "ddd.ddd"
      copy24(from: significant, to: output)
      output.storeBytes(of: ._period, toByteOffset: power &+ 1, as: UInt8.self)
      copy24(from: significant + (power &+ 1), to: output + (power &+ 2))
      return destination + (count &+ 1)
    }
    // "ddd000": the digits padded with zeros to the units.
    scratch.storeBytes(of: zeros, toByteOffset: 17, as: UInt64.self)
    scratch.storeBytes(of: zeros, toByteOffset: 25, as: UInt64.self)
    copy24(from: significant, to: output)
    return destination + (power &+ 1)
  }

  /// Writes `e`, `-` or `+`, and `power`'s digits (two at least) at `destination`.
  @inline(__always)
  private static func writeExponent(_ power: Int, at destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<
    UInt8
  > {
    var cursor = destination
    cursor[0] = 0x65  // e
    cursor[1] = power < 0 ? ._minus : ._plus
    cursor += 2
    var magnitude = power < 0 ? 0 &- power : power
    if magnitude >= 100 {
      cursor.pointee = UInt8(truncatingIfNeeded: magnitude / 100) &+ ._zero
      cursor += 1
      magnitude %= 100
    }
    cursor[0] = UInt8(truncatingIfNeeded: magnitude / 10) &+ ._zero
    cursor[1] = UInt8(truncatingIfNeeded: magnitude % 10) &+ ._zero
    return cursor + 2
  }

  /// Copies 24 bytes in three words (the text's digits and what follows them, which the caller
  /// overwrites or leaves past the end).
  @inline(__always)
  private static func copy24(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
    let words = (
      source.loadUnaligned(as: UInt64.self), source.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
      source.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
    )
    target.storeBytes(of: words.0, as: UInt64.self)
    target.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
    target.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
  }

  // MARK: - Subnormal values

  /// Writes `description` of `value`, a subnormal (never ending in `.0`).
  @inline(never)
  private static func writeDescription(of value: Double, at destination: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    var text = value.description
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return destination }
      destination.update(from: base, count: min(bytes.count, 24))
      return destination + min(bytes.count, 24)
    }
  }
}
