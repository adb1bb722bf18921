// `decode(_:from:at:)`: walking a key path from the top-level value.

@_spi(Engine) import FlexCore

extension TapeDecoder {
  /// Follows `keyPath` from `valueIndex`, pushing each step on the coding path; returns the
  /// index of the value at its end.
  ///
  /// - Throws: `keyNotFound` for the first step that is missing (with the path up to it), or
  ///   `typeMismatch` when a step meets a value that is neither an object nor an array.
  func walk(_ keyPath: FlexKeyPath, from valueIndex: Int) throws -> Int {
    var current = valueIndex
    for component in keyPath.components {
      let entry = tape[current]
      switch entry.kind {
      case .object:
        let found = component.utf8.withUnsafeBytes { utf8 -> Int? in
          var keyIndex = current &+ 1
          for _ in 0..<Int(entry.length) {
            if tape.key(at: keyIndex, equals: utf8) { return keyIndex &+ 1 }
            keyIndex = tape.next(after: keyIndex &+ 1)
          }
          return nil
        }
        let key = AnyCodingKey(stringValue: component.key)
        guard let found else {
          throw DecodingError.keyNotFound(
            key,
            DecodingError.Context(
              codingPath: pathStack,
              debugDescription: "No value associated with key \"\(component.key)\" on the way to \"\(keyPath.text)\"."))
        }
        pathStack.append(key)
        current = found
      case .array:
        let key = IndexCodingKey(index: component.index ?? -1)
        guard let index = component.index, index < Int(entry.length) else {
          throw DecodingError.keyNotFound(
            AnyCodingKey(stringValue: component.key, intValue: component.index),
            DecodingError.Context(
              codingPath: pathStack,
              debugDescription: "The array has no element \(component.key) on the way to \"\(keyPath.text)\"."))
        }
        var element = current &+ 1
        for _ in 0..<index { element = tape.next(after: element) }
        pathStack.append(key)
        current = element
      default:
        throw DecodingError.typeMismatch(
          [String: Any].self,
          DecodingError.Context(
            codingPath: pathStack,
            debugDescription:
              "Expected an object or array at \"\(component.key)\" on the way to \"\(keyPath.text)\" but found \(foundValue(current)) instead."
          ))
      }
    }
    return current
  }
}
