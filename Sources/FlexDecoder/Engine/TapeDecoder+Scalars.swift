import Foundation

// Reading scalars straight from the tape. Every container funnels through these, so the type
// checks and error wording are the same everywhere. `path` is an autoclosure: the coding path
// array is only built when an error is thrown.

extension TapeDecoder {
  func unwrapNil(at valueIndex: Int) -> Bool {
    tape[valueIndex].kind == .null
  }

  /// A `null` is a type mismatch here, not a missing value: JSONDecoder reports it so for `Bool`
  /// (and for no other type).
  func unwrapBool(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> Bool {
    switch tape[valueIndex].kind {
    case .true: return true
    case .false: return false
    default: throw typeMismatch(Bool.self, at: valueIndex, path: path())
    }
  }

  func unwrapString(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> String {
    switch tape[valueIndex].kind {
    case .string: return tape.string(at: valueIndex)
    case .null: throw valueNotFound(String.self, path: path())
    default: throw typeMismatch(String.self, at: valueIndex, path: path())
    }
  }

  func unwrapInteger<T: FixedWidthInteger>(
    _ type: T.Type, at valueIndex: Int, path: @autoclosure () -> [any CodingKey]
  ) throws -> T {
    switch tape[valueIndex].kind {
    case .number:
      guard let value = integerValue(at: valueIndex, as: type) else { throw numberOutOfRange(type, at: valueIndex) }
      return value
    case .null: throw valueNotFound(type, path: path())
    default: throw typeMismatch(type, at: valueIndex, path: path())
    }
  }

  func unwrapDouble(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> Double {
    switch tape[valueIndex].kind {
    case .number:
      guard let value = doubleValue(at: valueIndex) else { throw numberOutOfRange(Double.self, at: valueIndex) }
      return value
    case .string:
      if let value = nonConformingFloat(at: valueIndex) { return value }
      throw typeMismatch(Double.self, at: valueIndex, path: path())
    case .null: throw valueNotFound(Double.self, path: path())
    default: throw typeMismatch(Double.self, at: valueIndex, path: path())
    }
  }

  func unwrapFloat(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> Float {
    switch tape[valueIndex].kind {
    case .number:
      guard let value = floatValue(at: valueIndex) else { throw numberOutOfRange(Float.self, at: valueIndex) }
      return value
    case .string:
      if let value = nonConformingFloat(at: valueIndex) { return Float(value) }
      throw typeMismatch(Float.self, at: valueIndex, path: path())
    case .null: throw valueNotFound(Float.self, path: path())
    default: throw typeMismatch(Float.self, at: valueIndex, path: path())
    }
  }

  /// With `.convertFromString`, the string at `valueIndex` read as infinity or NaN. As in
  /// JSONDecoder, the string is compared byte for byte, and only when it has no escapes.
  private func nonConformingFloat(at valueIndex: Int) -> Double? {
    guard case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) =
      options.nonConformingFloatDecodingStrategy,
      tape[valueIndex].flags & StringFlags.hasEscapes == 0
    else { return nil }
    let bytes = tape.rawBytes(at: valueIndex)
    if bytes.elementsEqual(positiveInfinity.utf8) { return .infinity }
    if bytes.elementsEqual(negativeInfinity.utf8) { return -.infinity }
    if bytes.elementsEqual(nan.utf8) { return .nan }
    return nil
  }
}
