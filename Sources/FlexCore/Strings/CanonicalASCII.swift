// ASCII, as Swift's `String` comparison sees it.
//
// Keys are compared the way `String ==` compares them (canonical equivalence), but hashed and
// compared as bytes wherever they are all ASCII. Three non-ASCII characters are canonically
// one ASCII character each, so a key holding them can equal an ASCII key: both the JSONValue
// object index and the encoders' duplicate filters must treat them as that character.

extension UnsafeRawBufferPointer {
  /// Whether every byte is ASCII, eight at a time.
  @_spi(Engine) @inlinable
  public var isASCII: Bool {
    guard let base = baseAddress else { return true }
    var bits: UInt64 = 0
    var offset = 0
    while offset &+ 8 <= count {
      bits |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset &+= 8
    }
    while offset < count {
      bits |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
      offset &+= 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }
}

extension Unicode.Scalar {
  /// The ASCII character this scalar is canonically equivalent to: itself if it is ASCII;
  /// `;` for U+037E GREEK QUESTION MARK, `` ` `` for U+1FEF GREEK VARIA and `K` for U+212A
  /// KELVIN SIGN (their canonical decompositions); `nil` for every other scalar.
  @_spi(Engine) @inlinable
  public var canonicalASCII: UInt8? {
    switch value {
    case 0..<0x80: UInt8(truncatingIfNeeded: value)
    case 0x037E: UInt8(ascii: ";")
    case 0x1FEF: UInt8(ascii: "`")
    case 0x212A: UInt8(ascii: "K")
    default: nil
    }
  }
}
