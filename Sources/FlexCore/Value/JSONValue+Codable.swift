// JSONValue works with any Encoder and Decoder: use it as a property type for free-form data.

extension JSONValue: Codable {
  /// Decodes any JSON value. Numbers are read as `Int64`, then `UInt64`, then `Double`, so an
  /// arbitrary decoder keeps integers exact; ``FlexJSONDecoder`` keeps every number's text.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.singleValueContainer() {
      if container.decodeNil() {
        self = .null
        return
      }
      if let value = try? container.decode(Bool.self) {
        self = .bool(value)
        return
      }
      if let value = try? container.decode(Int64.self) {
        self = .number(JSONNumber(value))
        return
      }
      if let value = try? container.decode(UInt64.self) {
        self = .number(JSONNumber(value))
        return
      }
      if let value = try? container.decode(Double.self), let number = JSONNumber(value) {
        self = .number(number)
        return
      }
      if let value = try? container.decode(String.self) {
        self = .string(value)
        return
      }
    }
    if let container = try? decoder.container(keyedBy: JSONValueCodingKey.self) {
      var object = JSONObject()
      for key in container.allKeys {
        object.appendIfAbsent(key.stringValue, try container.decode(JSONValue.self, forKey: key))
      }
      self = .object(object)
      return
    }
    var container = try decoder.unkeyedContainer()
    var elements: [JSONValue] = []
    while !container.isAtEnd {
      elements.append(try container.decode(JSONValue.self))
    }
    self = .array(elements)
  }

  /// Encodes the value. Numbers are written as `Int64`, `UInt64` or `Double`, whichever holds
  /// the text exactly, else as the nearest `Double`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let number):
      var container = encoder.singleValueContainer()
      if let value = number.integer(as: Int64.self), number.isIntegerLiteral {
        try container.encode(value)
      } else if let value = number.integer(as: UInt64.self), number.isIntegerLiteral {
        try container.encode(value)
      } else {
        try container.encode(number.doubleValue ?? .nan)
      }
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: JSONValueCodingKey.self)
      for (key, value) in object {
        try container.encode(value, forKey: JSONValueCodingKey(stringValue: key))
      }
    }
  }
}

/// A coding key for any string or integer, used to walk arbitrary objects.
package struct JSONValueCodingKey: CodingKey, Sendable {
  package let stringValue: String
  package let intValue: Int?

  package init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  package init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}
