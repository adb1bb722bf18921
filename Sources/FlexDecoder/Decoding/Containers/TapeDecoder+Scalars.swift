@_spi(Engine) import FlexCore
import Foundation

// Reading scalars straight from the tape. Every container funnels through these, so type checks,
// coercions and error wording are the same everywhere. `path` is an autoclosure: the coding path
// array is only built when an error is thrown.
//
// A value of the expected JSON type is read exactly as JSONDecoder reads it. Only when the type
// is wrong are the enabled coercions (``FlexCoercions``) tried, before the type mismatch is thrown.

extension TapeDecoder {
  // MARK: The common case
  //
  // The value at `valueIndex` when it is of the JSON kind read and fits; else `nil`, and the
  // caller takes the `unwrap…` route below, which coerces or says what went wrong. Read the same
  // way by keyed containers and by arrays of scalars, before forming any path.

  @inline(__always)
  func plainString(at valueIndex: Int) -> String? {
    tape[valueIndex].kind == .string ? tape.string(at: valueIndex) : nil
  }

  @inline(__always)
  func plainBool(at valueIndex: Int) -> Bool? {
    let kind = tape[valueIndex].kind
    return kind == .true ? true : kind == .false ? false : nil
  }

  @inline(__always)
  func plainInt(at valueIndex: Int) -> Int? {
    tape[valueIndex].kind == .number ? integerValue(at: valueIndex, as: Int.self) : nil
  }

  @inline(__always)
  func plainDouble(at valueIndex: Int) -> Double? {
    tape[valueIndex].kind == .number ? doubleValue(at: valueIndex) : nil
  }

  // MARK: Unwrapping

  func unwrapNil(at valueIndex: Int) -> Bool {
    tape[valueIndex].kind == .null
  }

  /// A `null` is a type mismatch here, not a missing value: JSONDecoder reports it so for `Bool`
  /// (and for no other type).
  func unwrapBool(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> Bool {
    switch tape[valueIndex].kind {
    case .true: return true
    case .false: return false
    // `null` is a type mismatch for Bool, as in JSONDecoder (not `valueNotFound`).
    case .string where !coercions.isDisjoint(with: [.stringToBool, .letterToBool, .nonZeroToBool]):
      let text = tape.string(at: valueIndex)
      let value =
        (coercions.contains(.stringToBool) ? StringCoercion.bool(from: text) : nil)
        ?? (coercions.contains(.letterToBool) ? StringCoercion.bool(fromLetter: text) : nil)
        ?? (coercions.contains(.nonZeroToBool)
          ? StringCoercion.withNumberText(in: text) { text, _ in StringCoercion.isNonZero(numberText: text) } : nil)
      if let value {
        noteCoercion(at: valueIndex, to: Bool.self, path: path())
        return value
      }
    case .number where !coercions.isDisjoint(with: [.numberToBool, .nonZeroToBool]):
      if let value = coercedBool(fromNumberAt: valueIndex) {
        noteCoercion(at: valueIndex, to: Bool.self, path: path())
        return value
      }
    default: break
    }
    throw typeMismatch(Bool.self, at: valueIndex, path: path())
  }

  func unwrapString(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> String {
    switch tape[valueIndex].kind {
    case .string: return tape.string(at: valueIndex)
    case .null: throw valueNotFound(String.self, path: path())
    case .number where coercions.contains(.numberToString):
      noteCoercion(at: valueIndex, to: String.self, path: path())
      return tape.numberText(at: valueIndex)
    case .true where coercions.contains(.boolToString):
      noteCoercion(at: valueIndex, to: String.self, path: path())
      return "true"
    case .false where coercions.contains(.boolToString):
      noteCoercion(at: valueIndex, to: String.self, path: path())
      return "false"
    default: throw typeMismatch(String.self, at: valueIndex, path: path())
    }
  }

  func unwrapInteger<T: FixedWidthInteger>(
    _ type: T.Type, at valueIndex: Int, path: @autoclosure () -> [any CodingKey]
  ) throws -> T {
    // `Int` apart: unspecialized code (the recovery pass's retries) would look up `Int?`'s
    // metadata on entry to the generic body.
    if T.self == Int.self {
      return unsafeBitCast(try unwrapAnyInteger(Int.self, at: valueIndex, path: path()), to: T.self)
    }
    return try unwrapAnyInteger(type, at: valueIndex, path: path())
  }

  private func unwrapAnyInteger<T: FixedWidthInteger>(
    _ type: T.Type, at valueIndex: Int, path: @autoclosure () -> [any CodingKey]
  ) throws -> T {
    switch tape[valueIndex].kind {
    case .number:
      guard let value = integerValue(at: valueIndex, as: type) else {
        if coercions.convertsFloatToInteger,
          let value = convertedFloat(doubleValue(at: valueIndex), as: type, exactText: exactNumberText(at: valueIndex))
        {
          noteCoercion(at: valueIndex, to: type, path: path())
          return value
        }
        throw numberOutOfRange(type, at: valueIndex)
      }
      return value
    case .null:
      throw valueNotFound(type, path: path())
    case .string:
      if coercions.contains(.stringToNumber), let value = coercedInteger(at: valueIndex, as: type) {
        noteCoercion(at: valueIndex, to: type, path: path())
        return value
      }
      if let flag = boolWord(at: valueIndex) {
        noteCoercion(at: valueIndex, to: type, path: path())
        return flag ? 1 : 0
      }
    case .true where coercions.contains(.boolToNumber):
      noteCoercion(at: valueIndex, to: type, path: path())
      return 1
    case .false where coercions.contains(.boolToNumber):
      noteCoercion(at: valueIndex, to: type, path: path())
      return 0
    default: break
    }
    throw typeMismatch(type, at: valueIndex, path: path())
  }

  func unwrapDouble(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> Double {
    switch tape[valueIndex].kind {
    case .number:
      guard let value = doubleValue(at: valueIndex) else { throw numberOutOfRange(Double.self, at: valueIndex) }
      return value
    case .string:
      if let value = nonConformingFloat(at: valueIndex) { return value }
      if coercions.contains(.stringToNumber),
        let value = withStringBytes(
          at: valueIndex,
          { StringCoercion.withNumberText(in: $0) { text, _ in NumberParsing.double(fromNumberText: text) } }
        )
      {
        noteCoercion(at: valueIndex, to: Double.self, path: path())
        return value
      }
      if let flag = boolWord(at: valueIndex) {
        noteCoercion(at: valueIndex, to: Double.self, path: path())
        return flag ? 1 : 0
      }
    case .null:
      throw valueNotFound(Double.self, path: path())
    case .true where coercions.contains(.boolToNumber):
      noteCoercion(at: valueIndex, to: Double.self, path: path())
      return 1
    case .false where coercions.contains(.boolToNumber):
      noteCoercion(at: valueIndex, to: Double.self, path: path())
      return 0
    default: break
    }
    throw typeMismatch(Double.self, at: valueIndex, path: path())
  }

  func unwrapFloat(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> Float {
    switch tape[valueIndex].kind {
    case .number:
      guard let value = floatValue(at: valueIndex) else { throw numberOutOfRange(Float.self, at: valueIndex) }
      return value
    case .string:
      if let value = nonConformingFloat(at: valueIndex) { return Float(value) }
      if coercions.contains(.stringToNumber),
        let value = withStringBytes(
          at: valueIndex,
          { StringCoercion.withNumberText(in: $0) { text, _ in NumberParsing.float(fromNumberText: text) } }
        )
      {
        noteCoercion(at: valueIndex, to: Float.self, path: path())
        return value
      }
      if let flag = boolWord(at: valueIndex) {
        noteCoercion(at: valueIndex, to: Float.self, path: path())
        return flag ? 1 : 0
      }
    case .null:
      throw valueNotFound(Float.self, path: path())
    case .true where coercions.contains(.boolToNumber):
      noteCoercion(at: valueIndex, to: Float.self, path: path())
      return 1
    case .false where coercions.contains(.boolToNumber):
      noteCoercion(at: valueIndex, to: Float.self, path: path())
      return 0
    default: break
    }
    throw typeMismatch(Float.self, at: valueIndex, path: path())
  }

  /// `.stringToNumber`: the integer the string at `valueIndex` holds, if it fits `T` (with a
  /// fraction, truncated or rounded under those coercions).
  private func coercedInteger<T: FixedWidthInteger>(at valueIndex: Int, as type: T.Type) -> T? {
    let convertsFloat = coercions.convertsFloatToInteger
    return withStringBytes(at: valueIndex) { bytes in
      StringCoercion.withNumberText(in: bytes) { text, isInteger in
        if isInteger { return NumberParsing.integer(fromIntegerText: text, as: type) }
        if let exact = NumberParsing.integer(fromDecimalText: text, as: type) { return exact }
        return convertsFloat ? convertedFloat(NumberParsing.double(fromNumberText: text), as: type) : nil
      }
    }
  }

  /// `.numberToBool` (0 or 1) or `.nonZeroToBool` (zero or not): the number at `valueIndex` as a
  /// `Bool`, if one of them reads it. A JSON5 `NaN` is neither.
  private func coercedBool(fromNumberAt valueIndex: Int) -> Bool? {
    if coercions.contains(.numberToBool) {
      switch tape.integer(at: valueIndex, as: Int8.self) {
      case 0: return false
      case 1: return true
      default: break
      }
    }
    guard coercions.contains(.nonZeroToBool) else { return nil }
    // JSON5 text (`0x0`, `Infinity`, `.5`) through its value; RFC 8259 text by its digits.
    if tape[valueIndex].flags & NumberFlags.isExtended != 0 {
      guard let value = tape.double(at: valueIndex), !value.isNaN else { return nil }
      return value != 0
    }
    return StringCoercion.isNonZero(numberText: tape.rawBytes(at: valueIndex))
  }

  /// `.boolStringToNumber`: the word (`"true"`, `"yes"`, `"false"`, `"no"`, any case, surrounding
  /// white space ignored) the string at `valueIndex` holds, as a `Bool`; `nil` when the option is
  /// off or the string is no such word, whatever its length (read as bytes: no `String` is made).
  func boolWord(at valueIndex: Int) -> Bool? {
    guard coercions.contains(.boolStringToNumber) else { return nil }
    return withStringBytes(at: valueIndex) { StringCoercion.bool(fromWord: $0) }
  }

  /// `.truncatingFloatToInteger` / `.roundingFloatToInteger`: `value` made an integer, if the
  /// result fits `T`. From 2^53 on, a `Double` has no fraction and skips integers, so the number
  /// must be exactly an integer that fits, read from `exactText` (the number's RFC 8259 text):
  /// else `-9223372036854775809` would round to `Int64.min`, and `9007199254740993.5` truncate
  /// to `9007199254740994`. (`JSONDecoder` trusts a `Double` below 2^53 alike.)
  private func convertedFloat<T: FixedWidthInteger>(
    _ value: Double?, as type: T.Type, exactText: UnsafeRawBufferPointer? = nil
  ) -> T? {
    guard let value, value.isFinite, value.magnitude < 0x1p53 else {
      return exactText.flatMap { NumberParsing.integer(fromDecimalText: $0, as: type) }
    }
    let rule: FloatingPointRoundingRule =
      coercions.contains(.roundingFloatToInteger) ? .toNearestOrAwayFromZero : .towardZero
    return T(exactly: value.rounded(rule))
  }

  /// The text of the number at `valueIndex` when it is RFC 8259 text (not JSON5's hexadecimal,
  /// `Infinity` or `NaN`).
  private func exactNumberText(at valueIndex: Int) -> UnsafeRawBufferPointer? {
    tape[valueIndex].flags & NumberFlags.isExtended == 0 ? tape.rawBytes(at: valueIndex) : nil
  }

  /// `body` over the UTF-8 bytes of the string at `valueIndex`: in place when it has no escapes,
  /// else those of the decoded string.
  private func withStringBytes<R>(at valueIndex: Int, _ body: (UnsafeRawBufferPointer) -> R?) -> R? {
    if tape[valueIndex].flags & StringFlags.hasEscapes == 0 { return body(tape.rawBytes(at: valueIndex)) }
    var string = tape.string(at: valueIndex)
    return string.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }

  /// With `.convertFromString`, the string at `valueIndex` read as infinity or NaN. As in
  /// JSONDecoder, the string is compared byte for byte, and only when it has no escapes.
  private func nonConformingFloat(at valueIndex: Int) -> Double? {
    guard
      case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) =
        options.nonConformingFloatDecodingStrategy,
      tape[valueIndex].flags & StringFlags.hasEscapes == 0
    else { return nil }
    let bytes = tape.rawBytes(at: valueIndex)
    if bytes.elementsEqual(positiveInfinity.utf8) { return .infinity }
    if bytes.elementsEqual(negativeInfinity.utf8) { return -.infinity }
    if bytes.elementsEqual(nan.utf8) { return .nan }
    return nil
  }

  /// With `reportsCoercions`, notes that the value at `valueIndex` was coerced to `type`:
  /// `coerced string "42" to Int`.
  @inline(__always)
  func noteCoercion(at valueIndex: Int, to type: Any.Type, path: @autoclosure () -> [any CodingKey]) {
    noteCoercion(at: valueIndex, toDescription: "\(type)", path: path())
  }

  /// ``noteCoercion(at:to:path:)`` with the target described in words (`null`).
  @inline(__always)
  func noteCoercion(
    at valueIndex: Int, toDescription target: @autoclosure () -> String, path: @autoclosure () -> [any CodingKey]
  ) {
    session.coercionsApplied &+= 1
    if options.reportsCoercions { reportCoercion(at: valueIndex, toDescription: target(), path: path()) }
  }

  private func reportCoercion(at valueIndex: Int, toDescription target: String, path: [any CodingKey]) {
    let entry = tape[valueIndex]
    let source: String
    switch entry.kind {
    case .string: source = "string \"\(tape.string(at: valueIndex))\""
    case .number: source = "number \(tape.numberText(at: valueIndex))"
    case .true: source = "bool true"
    case .false: source = "bool false"
    case .null: source = "null"
    case .array: source = "a single value"
    case .object: source = "an object"
    }
    recordNote(.coerced, path: path, message: "coerced \(source) to \(target)", valueIndex: valueIndex)
  }
}

// MARK: Looser values

extension TapeDecoder {
  /// `.nullStrings`: whether the value at `valueIndex` is a string that spells null (noted as a
  /// coercion when it is).
  func isNullString(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) -> Bool {
    guard tape[valueIndex].kind == .string, tape[valueIndex].length <= 6,
      StringCoercion.isNull(tape.string(at: valueIndex))
    else { return false }
    noteCoercion(at: valueIndex, toDescription: "null", path: path())
    return true
  }

  /// `.caseInsensitiveEnums`: the case of the `CaseIterable` enum `T` whose `String` raw value
  /// equals the string at `valueIndex` ignoring case, if exactly one does; else throws `error`,
  /// the failure of the plain read. (Returns `T`, not `T?`: its callers, generic, would look up
  /// `Optional<T>` on every call.)
  @inline(never)
  func caseInsensitiveEnumCase<T>(_ type: T.Type, at valueIndex: Int, failing error: any Error) throws -> T {
    guard let match = caseInsensitiveEnumMatch(type, at: valueIndex) as? T else { throw error }
    noteCoercion(at: valueIndex, to: T.self, path: pathStack)
    return match
  }

  /// The one case of `type`, a `CaseIterable` enum, whose `String` raw value equals the string at
  /// `valueIndex` ignoring case. Not generic, so that asking costs its callers nothing.
  func caseInsensitiveEnumMatch(_ type: Any.Type, at valueIndex: Int) -> Any? {
    guard tape[valueIndex].kind == .string, let caseIterable = type as? any CaseIterable.Type else { return nil }
    let text = tape.string(at: valueIndex).lowercased()
    let matches = Self.allCases(of: caseIterable).filter {
      ((($0 as? any RawRepresentable)?.rawValue as? String)?.lowercased()) == text
    }
    return matches.count == 1 ? matches[0] : nil
  }

  private static func allCases<C: CaseIterable>(of type: C.Type) -> [Any] {
    Array(type.allCases)
  }
}
