// Testing a 16-byte block for a match and finding the first one, for the byte searches of the
// scanner and the string decoder.

extension SIMDMask where Storage == SIMD16<Int8> {
  /// Whether any lane is `true`.
  ///
  /// The mask's two halves as words, or-ed: three instructions, in any build. The standard
  /// library's `any(_:)` is one vector instruction fewer once inlined, but it is a generic
  /// reduction: unoptimized (as `swift test` builds it), and wherever the optimizer declines to
  /// inline it into a large function (the scanner's loop), it is a loop over the sixteen lanes.
  @inline(__always)
  var hasTrueLane: Bool {
    let words = unsafeBitCast(self, to: (UInt64, UInt64).self)
    return words.0 | words.1 != 0
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
