import Foundation

// The engine behind FlexJSONDecoder: one object that conforms to `Decoder` and walks the tape.
//
// There is a single TapeDecoder per top-level `decode` call. Decoding a nested value moves its
// cursor (`index`) to the value, runs the type's `init(from:)`, and moves it back, so no decoder
// object is allocated per value. The coding path is a stack of keys, pushed and popped around
// each nested value; it is turned into `[CodingKey]` only when someone asks (an error, or a
// custom `init(from:)` reading `codingPath`).

/// The `Decoder` that reads values from a ``JSONTape``.
final class TapeDecoder: Decoder {
  let tape: JSONTape
  let options: DecodingOptions
  /// The tape index of the value being decoded.
  var index: Int
  /// The coding path of the value at `index`.
  var pathStack: [any CodingKey]
  /// Set while a `[String: …]` dictionary is being decoded under a key strategy: its keyed
  /// container matches keys as written, as in `JSONDecoder`.
  var exemptsNextContainerFromKeyStrategy = false

  init(tape: JSONTape, options: DecodingOptions, index: Int = 0, codingPath: [any CodingKey] = []) {
    self.tape = tape
    self.options = options
    self.index = index
    self.pathStack = codingPath
    pathStack.reserveCapacity(16)
  }

  var codingPath: [any CodingKey] { pathStack }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  // MARK: Containers

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try KeyedDecodingContainer(makeKeyedContainer(keyedBy: type, at: index, explicitPath: nil))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try makeUnkeyedContainer(at: index, explicitPath: nil)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    self
  }

  /// A keyed container for the object at `valueIndex`. `explicitPath` is the container's own
  /// path when it may outlive the current position of the path stack (nested containers).
  func makeKeyedContainer<Key: CodingKey>(
    keyedBy type: Key.Type, at valueIndex: Int, explicitPath: [any CodingKey]?
  ) throws -> KeyedContainer<Key> {
    let entry = tape[valueIndex]
    guard entry.kind == .object else {
      let path = explicitPath ?? pathStack
      if entry.kind == .null {
        throw DecodingError.valueNotFound(
          [String: Any].self,
          DecodingError.Context(
            codingPath: path, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
      }
      throw typeMismatch([String: Any].self, at: valueIndex, path: path)
    }
    let usesDefaultKeys = options.usesDefaultKeys || exemptsNextContainerFromKeyStrategy
    exemptsNextContainerFromKeyStrategy = false
    return KeyedContainer(
      decoder: self, objectIndex: valueIndex, explicitPath: explicitPath, usesDefaultKeys: usesDefaultKeys)
  }

  /// An unkeyed container for the array at `valueIndex`.
  func makeUnkeyedContainer(at valueIndex: Int, explicitPath: [any CodingKey]?) throws -> UnkeyedContainer {
    let entry = tape[valueIndex]
    guard entry.kind == .array else {
      let path = explicitPath ?? pathStack
      if entry.kind == .null {
        throw DecodingError.valueNotFound(
          [Any].self,
          DecodingError.Context(
            codingPath: path, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
      }
      throw typeMismatch([Any].self, at: valueIndex, path: path)
    }
    return UnkeyedContainer(decoder: self, arrayIndex: valueIndex, explicitPath: explicitPath)
  }

  // MARK: Nested values

  /// Decodes the value at `valueIndex` as `T`; the caller has pushed the value's key.
  @inline(__always)
  func decodeValue<T: Decodable>(_ type: T.Type, at valueIndex: Int) throws -> T {
    if let special = try decodeSpecialType(type, at: valueIndex) {
      return special
    }
    let savedIndex = index
    index = valueIndex
    defer { index = savedIndex }
    return try T(from: self)
  }

  /// Decodes a child of a container: pushes `key` on the coding path (or installs the
  /// container's explicit path) around ``decodeValue(_:at:)``.
  @inline(__always)
  func decodeChild<T: Decodable>(
    _ type: T.Type, at valueIndex: Int, key: any CodingKey, explicitPath: [any CodingKey]?
  ) throws -> T {
    if T.self == Date.self, case .iso8601 = options.dateDecodingStrategy,
      let date = try decodeISO8601Date(at: valueIndex, path: (explicitPath ?? pathStack) + [key], errorPath: pathStack)
        as? T
    {
      return date
    }
    if let explicitPath {
      let savedPath = pathStack
      pathStack = explicitPath
      pathStack.append(key)
      defer { pathStack = savedPath }
      return try decodeValue(type, at: valueIndex)
    }
    pathStack.append(key)
    defer { pathStack.removeLast() }
    return try decodeValue(type, at: valueIndex)
  }

  /// A separate decoder for `superDecoder()` and friends, positioned at `valueIndex`.
  func makeSuperDecoder(at valueIndex: Int, codingPath: [any CodingKey]) -> TapeDecoder {
    TapeDecoder(tape: tape, options: options, index: valueIndex, codingPath: codingPath)
  }

  // MARK: Errors

  /// `typeMismatch` worded as `JSONDecoder` words it: "Expected to decode Int but found a
  /// string instead."
  func typeMismatch(_ type: Any.Type, at valueIndex: Int, path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path,
        debugDescription: "Expected to decode \(type) but found \(describe(valueIndex)) instead."))
  }

  /// `valueNotFound` for a `null` where a `T` was required.
  func valueNotFound(_ type: Any.Type, path: [any CodingKey]) -> DecodingError {
    DecodingError.valueNotFound(
      type,
      DecodingError.Context(
        codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
  }

  /// A number that does not fit the requested type. As in `JSONDecoder`, this is reported as
  /// corrupted data with an empty coding path; the message names the number and the type.
  func numberOutOfRange(_ type: Any.Type, at valueIndex: Int) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: [],
        debugDescription: "Number \(tape.numberText(at: valueIndex)) is not representable in \(type)."))
  }

  /// How a value is named in messages: "a string", "number", "bool", "null", "a dictionary",
  /// "an array" (Foundation's words).
  func describe(_ valueIndex: Int) -> String {
    switch tape[valueIndex].kind {
    case .null: return "null"
    case .true, .false: return "bool"
    case .number: return "number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "a dictionary"
    }
  }
}
