// Key signatures: a 128-bit filter over keys, for the keyed lookup's shortcuts (see
// ObjectLookup+Lookup.swift). A key's signature is one of 128 bits, from its length and a few of
// its bytes, so equal keys have equal signatures; a set of them answers "certainly not among
// these keys" for most keys. With 64 bits, the 17 keys of a typical plugin object of
// update-center.json left about one lookup in five to a useless scan for an earlier duplicate;
// 128 bits halve that for two more instructions per test.

/// A set of key signatures, two words wide: a filter that never forgets a key it was given.
struct KeySignatures {
  /// Signatures 0 to 63.
  var low: UInt64
  /// Signatures 64 to 127.
  var high: UInt64

  /// No signature.
  static var none: KeySignatures { KeySignatures(low: 0, high: 0) }
  /// Every signature: what a key that cannot be signed (one written with escapes) stands for.
  static var all: KeySignatures { KeySignatures(low: .max, high: .max) }

  @inline(__always)
  init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  /// The signature of the key whose UTF-8 bytes are `utf8`: a set of one.
  @inline(__always)
  init(of utf8: UnsafeRawBufferPointer) {
    let count = utf8.count
    var mix = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9
    if count > 0, let base = utf8.baseAddress {
      mix ^=
        UInt64(base.load(as: UInt8.self)) &* 0x85EB_CA6B
        ^ UInt64(base.load(fromByteOffset: count &- 1, as: UInt8.self)) &* 0xC2B2_AE35
        ^ UInt64(base.load(fromByteOffset: count / 2, as: UInt8.self)) &* 0x27D4_EB2F
    }
    mix ^= mix &>> 29
    let bit: UInt64 = 1 &<< (mix & 63)
    let isHigh = mix & 64 != 0
    low = isHigh ? 0 : bit
    high = isHigh ? bit : 0
  }

  /// Whether the two sets share a signature.
  @inline(__always)
  func intersects(_ other: KeySignatures) -> Bool {
    (low & other.low) | (high & other.high) != 0
  }

  /// Adds the signatures of `other`.
  @inline(__always)
  mutating func formUnion(_ other: KeySignatures) {
    low |= other.low
    high |= other.high
  }
}
