// Literal syntax: `let value: JSONValue = ["a": [1, 2.5, "x", true, nil]]`.

extension JSONValue: ExpressibleByNilLiteral {
  /// `nil` is `.null`.
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// `true` or `false`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// An integer number.
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// A floating-point number.
  public init(floatLiteral value: Double) { self = .number(JSONNumber(floatLiteral: value)) }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// An array.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// An object; keys keep the literal's order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
