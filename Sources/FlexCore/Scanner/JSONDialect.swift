// The grammars the scanner reads, as types: `JSONScanner<RFC8259>` and `JSONScanner<JSON5>` are
// each compiled on their own, and the first has no JSON5 test left in it.

/// A grammar ``JSONScanner`` reads.
package protocol JSONDialect {
  /// Whether the grammar is JSON5 (comments, single quotes, unquoted keys, and the rest of
  /// https://spec.json5.org) rather than RFC 8259 alone.
  static var isJSON5: Bool { get }
}

/// RFC 8259 JSON, with JSONDecoder's tolerances that ``JSONParsingOptions`` turns on.
package enum RFC8259: JSONDialect {
  @inline(__always)
  package static var isJSON5: Bool { false }
}

/// JSON5.
package enum JSON5: JSONDialect {
  @inline(__always)
  package static var isJSON5: Bool { true }
}
