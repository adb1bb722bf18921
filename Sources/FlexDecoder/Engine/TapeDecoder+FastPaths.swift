// Shortcuts for the most common types, taken before the generic `T(from:)` route.
//
// Generic code such as the standard library's `Array<Element>.init(from:)` asks for
// `decode(Element.self)` through the generic requirement, so a `[Double]` element would
// otherwise go through `Double.init(from:)`, a single-value container and a coding-path push
// per number. Comparing `T.self` with a concrete metatype is one pointer comparison; when it
// matches, `T` *is* that type and `unsafeBitCast` is a no-op that only informs the compiler.
//
// The same holds for the special types (TapeDecoder+SpecialTypes.swift) and the replay route:
// each is a check on the metatype, then a non-inlined call that returns `T` itself.

@_spi(Engine) import FlexCore

extension TapeDecoder {
  /// Whether ``decodeFastScalar(_:at:path:)`` handles `type` at `valueIndex`: a standard scalar,
  /// or an array of them when no replay is under way (coercions and element-level recovery take
  /// the generic route).
  ///
  /// Asked first, and answered without forming `T?`: in unspecialized generic code, a local of
  /// type `T?` anywhere in a function costs a metadata lookup on every call, taken or not.
  @inline(__always)
  func isFastScalar(_ type: Any.Type, at valueIndex: Int) -> Bool {
    if type == String.self || type == Int.self || type == Double.self || type == Bool.self || type == Int64.self
      || type == Float.self
    {
      return true
    }
    return (type == [Double].self || type == [Int].self || type == [String].self)
      && tape[valueIndex].kind == .array && session.recovery == nil
  }

  /// `T` decoded directly; `T` must pass ``isFastScalar(_:at:)``.
  @inline(never)
  func decodeFastScalar<T>(_ type: T.Type, at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> T {
    if T.self == String.self { return unsafeBitCast(try unwrapString(at: valueIndex, path: path()), to: T.self) }
    if T.self == Int.self {
      return unsafeBitCast(try unwrapInteger(Int.self, at: valueIndex, path: path()), to: T.self)
    }
    if T.self == Double.self { return unsafeBitCast(try unwrapDouble(at: valueIndex, path: path()), to: T.self) }
    if T.self == Bool.self { return unsafeBitCast(try unwrapBool(at: valueIndex, path: path()), to: T.self) }
    if T.self == Int64.self {
      return unsafeBitCast(try unwrapInteger(Int64.self, at: valueIndex, path: path()), to: T.self)
    }
    if T.self == Float.self { return unsafeBitCast(try unwrapFloat(at: valueIndex, path: path()), to: T.self) }
    if T.self == [Double].self {
      return unsafeBitCast(
        try decodeArray(at: valueIndex, path: path()) { try unwrapDouble(at: $0, path: $1()) }, to: T.self)
    }
    if T.self == [Int].self {
      return unsafeBitCast(
        try decodeArray(at: valueIndex, path: path()) { try unwrapInteger(Int.self, at: $0, path: $1()) }, to: T.self)
    }
    precondition(T.self == [String].self, "decodeFastScalar called for \(T.self)")
    return unsafeBitCast(
      try decodeArray(at: valueIndex, path: path()) { try unwrapString(at: $0, path: $1()) }, to: T.self)
  }

  /// An array of scalars read straight off the tape (the caller checked it is an array), with
  /// the same errors as the unkeyed container route: element paths end in `Index n`.
  @inline(__always)
  private func decodeArray<Element>(
    at arrayIndex: Int, path: @autoclosure () -> [any CodingKey],
    _ element: (Int, @autoclosure () -> [any CodingKey]) throws -> Element
  ) throws -> [Element] {
    let count = Int(tape[arrayIndex].length)
    var result: [Element] = []
    result.reserveCapacity(count)
    var position = arrayIndex &+ 1
    try withoutActuallyEscaping(path) { path in
      for ordinal in 0..<count {
        result.append(try element(position, path() + [IndexCodingKey(index: ordinal)]))
        position = tape.next(after: position)
      }
    }
    return result
  }
}
