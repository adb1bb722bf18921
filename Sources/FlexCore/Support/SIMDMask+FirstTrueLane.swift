// Finding the first matching byte of a 16-byte block, for the byte searches of the scanner and
// the string decoder.

extension SIMDMask where Storage == SIMD16<Int8> {
  /// The index of the first `true` lane; the mask must have one (`any(mask)`).
  ///
  /// A vector comparison leaves 0xFF in each lane that matched and 0 elsewhere, so the mask's two
  /// halves, read as little-endian words, give the first match by `trailingZeroBitCount / 8`:
  /// a few scalar instructions, where the standard library offers no "move mask".
  @inline(__always)
  var firstTrueLane: Int {
    let words = unsafeBitCast(self, to: SIMD2<UInt64>.self)
    let low = UInt64(littleEndian: words[0])
    if low != 0 { return low.trailingZeroBitCount &>> 3 }
    return 8 &+ UInt64(littleEndian: words[1]).trailingZeroBitCount &>> 3
  }
}
