@_spi(Engine) import FlexCore

extension String {
  /// Whether the string holds one of the three characters that are, as `String`s, equal to an
  /// ASCII character (their canonical decomposition is that character): U+212A KELVIN SIGN is
  /// `K`, U+037E GREEK QUESTION MARK is `;`, U+1FEF GREEK VARIA is `` ` `` (see
  /// `Unicode.Scalar.canonicalASCII`).
  ///
  /// The encoders' duplicate-key filters hash ASCII keys by their bytes and give every other
  /// key one shared bit, since canonically equivalent spellings differ in their bytes; a key
  /// that may equal an ASCII key must collide with every key instead.
  var containsASCIIEquivalent: Bool {
    unicodeScalars.contains { !$0.isASCII && $0.canonicalASCII != nil }
  }
}
