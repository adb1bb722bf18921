// Testing a 16-byte block for a match and finding the first one, for the byte searches of the
// scanner and the string decoder.

extension SIMDMask where Storage == SIMD16<Int8> {
  /// Whether any lane is `true`.
  ///
  /// Optimized, `any(_:)` is a vector compare and a move-mask, two instructions. Unoptimized, as
  /// `swift test` builds it, it is a generic loop over the lanes that made scanning twenty times
  /// slower than the word-at-a-time code it replaced, so debug builds read the mask as two words
  /// (the same answer; two instructions more per block when optimized).
  @inline(__always)
  var hasTrueLane: Bool {
    #if DEBUG
      let words = unsafeBitCast(self, to: (UInt64, UInt64).self)
      return words.0 | words.1 != 0
    #else
      return any(self)
    #endif
  }

  /// The index of the first `true` lane; the mask must have one (``hasTrueLane``).
  ///
  /// A vector comparison leaves 0xFF in each lane that matched and 0 elsewhere, so the mask's two
  /// halves, read as little-endian words, give the first match by `trailingZeroBitCount / 8`.
  @inline(__always)
  var firstTrueLane: Int {
    let words = unsafeBitCast(self, to: (UInt64, UInt64).self)
    let low = UInt64(littleEndian: words.0)
    if low != 0 { return low.trailingZeroBitCount &>> 3 }
    return 8 &+ UInt64(littleEndian: words.1).trailingZeroBitCount &>> 3
  }
}
