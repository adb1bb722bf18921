import Foundation

// Bridges between JSONValue and Foundation's types.

extension JSONValue {
  /// Parses UTF-8 JSON data.
  ///
  /// ```swift
  /// let value = try JSONValue(parsing: data)
  /// ```
  /// - Throws: ``JSONParseError`` with the offset, line and column of the first problem.
  public init(parsing data: Data, options: JSONParsingOptions = .strict) throws(JSONParseError) {
    self = try data.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) in try JSONValue(parsingBytes: buffer, options: options) }
    }.get()
  }

  /// Converts the output of `JSONSerialization.jsonObject(with:)` (dictionaries, arrays,
  /// strings, numbers, booleans, `NSNull`) and the equivalent Swift values.
  ///
  /// - Throws: `DecodingError.dataCorrupted` naming the first value that is none of these.
  public init(jsonObject object: Any) throws {
    self = try Self.convert(object, path: [])
  }

  private static func convert(_ object: Any, path: [any CodingKey]) throws -> JSONValue {
    if type(of: object) == Bool.self, let value = object as? Bool {
      return .bool(value)
    }
    switch object {
    case is NSNull:
      return .null
    case let value as String:
      return .string(value)
    case let number as NSNumber:
      return try convert(number, path: path)
    case let array as [Any]:
      var elements: [JSONValue] = []
      elements.reserveCapacity(array.count)
      for (index, element) in array.enumerated() {
        elements.append(try convert(element, path: path + [IndexCodingKey(index: index)]))
      }
      return .array(elements)
    case let dictionary as [String: Any]:
      var members = JSONObject()
      members.reserveCapacity(dictionary.count)
      for (key, value) in dictionary {
        members[key] = try convert(value, path: path + [AnyCodingKey(stringValue: key)])
      }
      return .object(members)
    default:
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: path, debugDescription: "\(type(of: object)) is not a JSON value."))
    }
  }

  /// `JSONSerialization` returns booleans as a distinct `NSNumber` subclass; other numbers are
  /// told apart by their Objective-C type code.
  private static func convert(_ number: NSNumber, path: [any CodingKey]) throws -> JSONValue {
    if type(of: number) == type(of: NSNumber(value: true)) {
      return .bool(number.boolValue)
    }
    switch String(cString: number.objCType) {
    case "f", "d":
      guard let value = JSONNumber(number.doubleValue) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: path, debugDescription: "\(number) is not a valid JSON number."))
      }
      return .number(value)
    case "Q", "L", "I", "S", "C":
      return .number(JSONNumber(number.uint64Value))
    default:
      return .number(JSONNumber(number.int64Value))
    }
  }
}
