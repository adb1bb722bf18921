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
  /// or an array of `Double`, `Int` or `String`.
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
    // The cheap test first: each array metatype is a runtime lookup.
    return tape[valueIndex].kind == .array && (type == [Double].self || type == [Int].self || type == [String].self)
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
    return try decodeFastArray(type, at: valueIndex, path: path())
  }

  /// The arrays of ``decodeFastScalar(_:at:path:)``, apart so that the scalar cases do not pay
  /// for the array metatypes (each a runtime lookup).
  @inline(never)
  private func decodeFastArray<T>(_ type: T.Type, at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws
    -> T
  {
    if T.self == [Double].self {
      return unsafeBitCast(try decodeArray(of: Double.self, at: valueIndex, path: path()), to: T.self)
    }
    if T.self == [Int].self {
      return unsafeBitCast(try decodeArray(of: Int.self, at: valueIndex, path: path()), to: T.self)
    }
    precondition(T.self == [String].self, "decodeFastScalar called for \(T.self)")
    return unsafeBitCast(
      try decodeArray(of: String.self, at: valueIndex, path: path()), to: T.self)
  }

  /// An element of ``decodeFastArray(_:at:path:)`` of its own kind, or `nil` (no closure
  /// parameter: a method reference retains the decoder around each array).
  @inline(__always)
  func plainElement<Element>(_ type: Element.Type, at elementIndex: Int) -> Element? {
    if Element.self == Double.self { return unsafeBitCast(plainDouble(at: elementIndex), to: Element?.self) }
    if Element.self == Int.self { return unsafeBitCast(plainInt(at: elementIndex), to: Element?.self) }
    return unsafeBitCast(plainString(at: elementIndex), to: Element?.self)
  }

  /// An array of `Double`, `Int` or `String` read straight off the tape (the caller checked it
  /// is an array), with the same errors as the unkeyed container route: element paths end in
  /// `Index n`. Each element is first read by ``plainElement(_:at:)`` (the common case: the
  /// value of the right kind, no path needed), else by ``decodeFastScalar(_:at:path:)`` (a
  /// method: a closure parameter could not be handed `path`, a non-escaping closure, without
  /// `withoutActuallyEscaping`, which allocates).
  @inline(__always)
  private func decodeArray<Element>(
    of type: Element.Type, at arrayIndex: Int, path: @autoclosure () -> [any CodingKey]
  ) throws -> [Element] {
    if let recovery = session.recovery {
      return try decodeArrayRecovering(of: type, at: arrayIndex, recovery, path: path())
    }
    let count = Int(tape[arrayIndex].length)
    var result: [Element] = []
    result.reserveCapacity(count)
    var position = arrayIndex &+ 1
    for ordinal in 0..<count {
      if let value = plainElement(type, at: position) {
        result.append(value)
      } else {
        result.append(try decodeFastScalar(type, at: position, path: path() + [IndexCodingKey(index: ordinal)]))
      }
      position = tape.next(after: position)
    }
    return result
  }
}
