extension FlexJSONDecoder {
  /// What happens when a value does not fit its type: a missing key, a `null` for a
  /// non-optional, a type mismatch, a bad enum raw value, a failed validation.
  ///
  /// Malformed JSON always throws at once, whatever the policy.
  public enum ErrorPolicy: Sendable, Hashable {
    /// The first problem throws its `DecodingError`, as `JSONDecoder` does.
    case failFast
    /// Decoding goes on past each problem, and one ``FlexDecodingError`` listing every problem
    /// in document order is thrown at the end. This is the default policy.
    case collectAll
    /// Nothing is thrown for these problems: missing or bad values become defaults (`0`, `""`,
    /// `false`, `[]`, `[:]`, `nil`, a nested type's own defaults, or
    /// ``FlexDefaultValue/flexDefault``), failing array elements and dictionary values are
    /// dropped, and every substitution is listed in ``FlexDecoded/issues``.
    case useDefaults
  }

  /// What happens to JSON keys that no property of a keyed container used.
  public enum UnknownKeyPolicy: Sendable, Hashable {
    /// Unknown keys are ignored. This is the default policy.
    case ignore
    /// Each unknown key is an ``FlexIssue/Kind/unknownKey`` issue in
    /// ``FlexJSONDecoder/decodeWithReport(_:from:)``'s issues (never thrown): catches API drift.
    case report
    /// Each unknown key is a problem under the error policy, like a missing key.
    case fail
  }
}
