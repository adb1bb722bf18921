/// A JSON document held in memory: the exact data model of RFC 8259, nothing lost.
///
/// Objects keep their keys in document order and numbers keep their exact text, so
/// `12345678901234567890` and `0.1` survive a round trip unchanged.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"id": 12345678901234567890, "tags": ["a", "b"]}"#)
/// value["tags"]?[1]?.stringValue          // "b"
/// value["id"]?.numberValue?.text          // "12345678901234567890"
/// value.description                       // {"id":12345678901234567890,"tags":["a","b"]}
///
/// let built: JSONValue = ["name": "Flex", "version": 1, "tags": ["json", nil]]
/// ```
public enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, with its exact text.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; keys keep their order.
  case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
  /// The member named `key` if this is an object that has it; otherwise `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The element at `index` if this is an array that long; otherwise `nil`.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let array) = self, array.indices.contains(index) else { return nil }
    return array[index]
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The value of a `.bool`, else `nil`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The value of a `.string`, else `nil`.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number of a `.number`, else `nil`.
  public var numberValue: JSONNumber? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// A `.number` as the nearest `Double`, else `nil`.
  public var doubleValue: Double? { numberValue?.doubleValue }

  /// A `.number` whose value is an integer that fits in `Int`, else `nil`.
  public var intValue: Int? { numberValue?.integer(as: Int.self) }

  /// The elements of an `.array`, else `nil`.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members of an `.object`, else `nil`.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }
}

// MARK: - CustomStringConvertible

extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
  /// Compact JSON text, keys in their stored order: `{"a":[1,2],"b":null}`.
  public var description: String { formatted() }

  /// Same as ``description``.
  public var debugDescription: String { description }

  /// JSON text with the given formatting.
  ///
  /// ```swift
  /// let value: JSONValue = ["b": 1, "a": [true]]
  /// print(value.formatted([.prettyPrinted, .sortedKeys]))
  /// // {
  /// //   "a" : [
  /// //     true
  /// //   ],
  /// //   "b" : 1
  /// // }
  /// ```
  public func formatted(_ options: JSONFormattingOptions = []) -> String {
    String(decoding: serialized(options), as: UTF8.self)
  }

  /// UTF-8 JSON text with the given formatting.
  public func serialized(_ options: JSONFormattingOptions = []) -> [UInt8] {
    var writer = JSONWriter(options: options)
    writer.write(self)
    return writer.output.bytes
  }
}
