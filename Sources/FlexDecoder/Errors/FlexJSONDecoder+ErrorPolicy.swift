extension FlexJSONDecoder {
  /// What happens when a value does not fit its type: a missing key, a `null` for a
  /// non-optional, a type mismatch, a bad enum raw value, a failed validation.
  ///
  /// Malformed JSON always throws at once, whatever the policy.
  ///
  /// A struct with a static member per policy rather than an enum, so that a policy added later
  /// does not break a `switch` over it: compare with `==`, or switch with a `default:` case.
  ///
  /// ```swift
  /// decoder.errorPolicy = .useDefaults
  /// if decoder.errorPolicy == .failFast { … }
  /// ```
  public struct ErrorPolicy: Sendable, Hashable, CustomStringConvertible {
    /// The policies this version knows.
    enum Base: UInt8, Sendable, Hashable {
      case failFast, collectAll, useDefaults
    }

    let base: Base

    init(_ base: Base) { self.base = base }

    /// The first problem throws its `DecodingError`, as `JSONDecoder` does.
    public static var failFast: ErrorPolicy { ErrorPolicy(.failFast) }
    /// Decoding goes on past each problem, and one ``FlexDecodingError`` listing every problem
    /// in document order is thrown at the end. This is the default policy.
    public static var collectAll: ErrorPolicy { ErrorPolicy(.collectAll) }
    /// Nothing is thrown for these problems: missing or bad values become defaults (`0`, `""`,
    /// `false`, `[]`, `[:]`, `nil`, a nested type's own defaults, or
    /// ``FlexDefaultValue/flexDefault``), failing array elements and dictionary values are
    /// dropped, and every substitution is listed in ``FlexDecoded/issues``.
    public static var useDefaults: ErrorPolicy { ErrorPolicy(.useDefaults) }

    /// The policy's name: `failFast`, `collectAll` or `useDefaults`.
    public var description: String { "\(base)" }
  }

  /// What happens to JSON keys that no property of a keyed container used.
  ///
  /// A struct with a static member per policy rather than an enum, so that a policy added later
  /// does not break a `switch` over it.
  public struct UnknownKeyPolicy: Sendable, Hashable, CustomStringConvertible {
    /// The policies this version knows.
    enum Base: UInt8, Sendable, Hashable {
      case ignore, report, fail
    }

    let base: Base

    init(_ base: Base) { self.base = base }

    /// Unknown keys are ignored. This is the default policy.
    public static var ignore: UnknownKeyPolicy { UnknownKeyPolicy(.ignore) }
    /// Each unknown key is an ``FlexIssue/Kind/unknownKey`` issue in
    /// ``FlexJSONDecoder/decodeWithReport(_:from:)``'s issues (never thrown): catches API drift.
    public static var report: UnknownKeyPolicy { UnknownKeyPolicy(.report) }
    /// Each unknown key is a problem under the error policy, like a missing key.
    public static var fail: UnknownKeyPolicy { UnknownKeyPolicy(.fail) }

    /// The policy's name: `ignore`, `report` or `fail`.
    public var description: String { "\(base)" }
  }
}
