/// What the scanner accepts.
///
/// ```swift
/// let value = try JSONValue(parsing: "{a: 1, /* ok */ b: [0x10,],}", options: .json5)
/// ```
public struct JSONParsingOptions: Sendable, Hashable {
  /// The default nesting limit, the same as Foundation's.
  public static let defaultMaxDepth = 512

  /// Accept JSON5: comments, trailing commas, single-quoted strings, unquoted keys,
  /// hexadecimal numbers, `Infinity` and `NaN`, leading `+` and `.`, trailing `.`, and more
  /// escapes and whitespace. `false` (the default) accepts RFC 8259 only.
  public var allowsJSON5: Bool
  /// The deepest nesting of arrays and objects accepted; deeper input throws
  /// ``JSONParseError/Reason/tooDeeplyNested(limit:)``. Default 512.
  ///
  /// The scanner itself is iterative and handles any limit. What consumes the result may not:
  /// `Codable` decoding recurses once per level, and so do destroying and printing a
  /// ``JSONValue`` (tens of thousands of levels exhaust a thread's stack). Raise the limit only as
  /// far as the data needs.
  public var maxDepth: Int
  /// When the document does not start with `{`, read it as the members of an object whose braces
  /// were left out (`"a": 1, "b": 2`, or `a: 1, b: 2` in JSON5); an empty document is an empty
  /// object. The same as Foundation's `assumesTopLevelDictionary`, with or without JSON5.
  public var assumesTopLevelDictionary: Bool
  /// Accept one comma after the last element of an array or member of an object (`[1,]`,
  /// `{"a":1,}`, and `"a":1,` with ``assumesTopLevelDictionary``), as Foundation's
  /// `JSONDecoder` does. A comma with nothing before it (`[,]`, `[1,,]`) stays an error.
  /// JSON5 always accepts it. Default `false`.
  public var allowsTrailingCommas: Bool

  /// Creates options; the defaults are strict RFC 8259 with a nesting limit of 512.
  public init(
    allowsJSON5: Bool = false, maxDepth: Int = defaultMaxDepth, assumesTopLevelDictionary: Bool = false,
    allowsTrailingCommas: Bool = false
  ) {
    self.allowsJSON5 = allowsJSON5
    self.maxDepth = maxDepth
    self.assumesTopLevelDictionary = assumesTopLevelDictionary
    self.allowsTrailingCommas = allowsTrailingCommas
  }

  /// Strict RFC 8259 (the default).
  public static let strict = JSONParsingOptions()
  /// JSON5.
  public static let json5 = JSONParsingOptions(allowsJSON5: true)
}
