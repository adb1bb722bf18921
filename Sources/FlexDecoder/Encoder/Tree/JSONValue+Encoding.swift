// A JSONValue parsed as JSON5 keeps each number's JSON5 text (`0x1F`, `+1`, `Infinity`); the
// encoders write JSON, so such numbers are rewritten before a JSONValue is written.

extension JSONValue {
  /// The value as plain JSON can hold it: each number in JSON5-only syntax rewritten in RFC 8259
  /// syntax (see ``JSONNumber/rfc8259Text``), and `Infinity` and `NaN` handled as a `Double`'s
  /// would be under `strategy`. Returns `self` when there is nothing to rewrite.
  ///
  /// - Parameter path: the coding path of the value, for errors.
  /// - Throws: `EncodingError.invalidValue` for infinity or NaN when `strategy` is `.throw`, at
  ///   the path of that number, as `JSONEncoder` does for a `Double`.
  func conformingToRFC8259(
    path: [any CodingKey], strategy: FlexJSONEncoder.NonConformingFloatEncodingStrategy
  ) throws -> JSONValue {
    guard containsJSON5Numbers else { return self }
    return try rewritingJSON5Numbers(path: path, strategy: strategy)
  }

  /// Whether a number anywhere in the value uses JSON5-only syntax.
  private var containsJSON5Numbers: Bool {
    switch self {
    case .null, .bool, .string: return false
    case .number(let number): return number.usesJSON5Syntax
    case .array(let elements): return elements.contains { $0.containsJSON5Numbers }
    case .object(let members): return members.contains { $0.value.containsJSON5Numbers }
    }
  }

  private func rewritingJSON5Numbers(
    path: [any CodingKey], strategy: FlexJSONEncoder.NonConformingFloatEncodingStrategy
  ) throws -> JSONValue {
    switch self {
    case .null, .bool, .string:
      return self
    case .number(let number):
      if let text = number.rfc8259Text { return .number(JSONNumber(uncheckedText: text)) }
      let value = number.doubleValue ?? .nan
      if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = strategy {
        return .string(value.isNaN ? nan : value > 0 ? positiveInfinity : negativeInfinity)
      }
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path,
          debugDescription:
            "Unable to encode Double.\(value) directly in JSON. Use FlexJSONEncoder.NonConformingFloatEncodingStrategy.convertToString to specify how the value should be encoded."
        ))
    case .array(let elements):
      return .array(
        try elements.enumerated().map { index, element in
          try element.rewritingJSON5Numbers(path: path + [AnyCodingKey(index: index)], strategy: strategy)
        })
    case .object(let members):
      return .object(
        JSONObject(
          try members.map { key, value in
            (key, try value.rewritingJSON5Numbers(path: path + [AnyCodingKey(stringValue: key)], strategy: strategy))
          }))
    }
  }
}
