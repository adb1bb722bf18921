@_spi(Engine) import FlexCore

// Writing the encoded tree: JSON text through FlexCore's JSONWriter (the same escaping,
// indentation and key order as JSONEncoder), or a JSONValue.

extension EncodedValue {
  /// A pending super encoder's value, or an empty object if it encoded nothing.
  var resolved: EncodedValue {
    guard case .pending(let encoder) = self else { return self }
    return encoder.value?.resolved ?? .object(EncodedObject())
  }

  /// Writes the value and everything in it.
  func write(to writer: inout JSONWriter, depth: Int = 0) {
    switch self {
    case .null: writer.writeRaw("null")
    case .bool(let value): writer.writeRaw(value ? "true" : "false")
    case .number(let text): writer.writeRaw(text)
    case .string(let string): writer.writeString(string)
    case .array(let array):
      writer.writeArrayStart()
      let elements = array.elements
      for index in elements.indices {
        writer.writeElementSeparator(isFirst: index == 0, depth: depth + 1)
        elements[index].write(to: &writer, depth: depth + 1)
      }
      writer.writeArrayEnd(isEmpty: elements.isEmpty, depth: depth)
    case .object(let object):
      writer.writeObjectStart()
      let keys = object.keys
      let values = object.values
      if writer.options.contains(.sortedKeys) {
        // By UTF-8 bytes, as JSONEncoder sorts.
        let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
        for (position, index) in order.enumerated() {
          writer.writeElementSeparator(isFirst: position == 0, depth: depth + 1)
          writer.writeKey(keys[index])
          values[index].write(to: &writer, depth: depth + 1)
        }
      } else {
        for index in keys.indices {
          writer.writeElementSeparator(isFirst: index == 0, depth: depth + 1)
          writer.writeKey(keys[index])
          values[index].write(to: &writer, depth: depth + 1)
        }
      }
      writer.writeObjectEnd(isEmpty: keys.isEmpty, depth: depth)
    case .pending:
      resolved.write(to: &writer, depth: depth)
    }
  }

  /// The value as a ``JSONValue``.
  var jsonValue: JSONValue {
    switch resolved {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .number(let text): return .number(JSONNumber(uncheckedText: text))
    case .string(let string): return .string(string)
    case .array(let array): return .array(array.elements.map(\.jsonValue))
    case .object(let object):
      return .object(JSONObject(zip(object.keys, object.values.map(\.jsonValue))))
    case .pending:
      preconditionFailure("resolved values are never pending")
    }
  }
}
