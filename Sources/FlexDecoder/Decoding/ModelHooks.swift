// A type's `didDecode()` and `validate()`, found once per type.
//
// Asking a value `value as? any FlexValidatable` costs a conformance lookup and boxes the value
// in an existential, for every value: on an array of 15-field structs that adopt both
// protocols, the two casts were a quarter of the decode. A hook is made once, when the type's
// traits are (TypeTraits.swift), from the conformance opened as a generic parameter, and is
// then one indirect call on the value where it lies.

/// The hooks of the modelling protocols that run on a decoded value.
enum ModelHooks {
  /// Runs ``FlexDidDecode/didDecode()`` on a value of the type it was made for. (A class, not a
  /// closure: a `@Sendable` closure cannot capture a metatype that is not `SendableMetatype`;
  /// the generic subclass holds the type as its parameter. No state, so `Sendable`.)
  class DidDecode: @unchecked Sendable {
    /// The type the hook was made for.
    let type: ObjectIdentifier

    fileprivate init(type: ObjectIdentifier) { self.type = type }

    /// Adjusts the value at `pointer`.
    fileprivate func body(_ pointer: UnsafeMutableRawPointer) {}

    /// Adjusts `value`, which must be of the hook's type (checked: another type is left as it is).
    @inline(__always)
    final func run<T>(on value: inout T) {
      guard ObjectIdentifier(T.self) == type else { return }
      withUnsafeMutablePointer(to: &value) { body(UnsafeMutableRawPointer($0)) }
    }
  }

  /// Runs ``FlexValidatable/validate()`` on a value of the type it was made for.
  class Validate: @unchecked Sendable {
    /// The type the hook was made for.
    let type: ObjectIdentifier

    fileprivate init(type: ObjectIdentifier) { self.type = type }

    /// Validates the value at `pointer`.
    fileprivate func body(_ pointer: UnsafeMutableRawPointer) throws {}

    /// Validates `value`, which must be of the hook's type (checked: another type passes).
    /// `inout` only so that the value is not copied on the way: it is not changed.
    @inline(__always)
    final func run<T>(on value: inout T) throws {
      guard ObjectIdentifier(T.self) == type else { return }
      try withUnsafeMutablePointer(to: &value) { try body(UnsafeMutableRawPointer($0)) }
    }
  }

  private final class DidDecodeOf<Value: FlexDidDecode>: DidDecode, @unchecked Sendable {
    init() { super.init(type: ObjectIdentifier(Value.self)) }

    override func body(_ pointer: UnsafeMutableRawPointer) {
      pointer.assumingMemoryBound(to: Value.self).pointee.didDecode()
    }
  }

  private final class ValidateOf<Value: FlexValidatable>: Validate, @unchecked Sendable {
    init() { super.init(type: ObjectIdentifier(Value.self)) }

    override func body(_ pointer: UnsafeMutableRawPointer) throws {
      try Self.validate(&pointer.assumingMemoryBound(to: Value.self).pointee)
    }

    /// Through `inout`, the value is validated where it lies (`pointee.validate()` copied it).
    private static func validate(_ value: inout Value) throws { try value.validate() }
  }

  /// The `didDecode()` of `type`, if it conforms to ``FlexDidDecode``.
  static func didDecode(of type: Any.Type) -> DidDecode? {
    guard let type = type as? any FlexDidDecode.Type else { return nil }
    return didDecode(type)
  }

  /// The `validate()` of `type`, if it conforms to ``FlexValidatable``.
  static func validate(of type: Any.Type) -> Validate? {
    guard let type = type as? any FlexValidatable.Type else { return nil }
    return validate(type)
  }

  private static func didDecode<Value: FlexDidDecode>(_: Value.Type) -> DidDecode { DidDecodeOf<Value>() }

  private static func validate<Value: FlexValidatable>(_: Value.Type) -> Validate { ValidateOf<Value>() }
}
