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
      let doubles = try decodeArray(
        at: valueIndex, path: path(), plainly: plainDouble(at:),
        { try unwrapDouble(at: $0, path: $1()) })
      return unsafeBitCast(doubles, to: T.self)
    }
    if T.self == [Int].self {
      let integers = try decodeArray(
        at: valueIndex, path: path(), plainly: plainInt(at:),
        { try unwrapInteger(Int.self, at: $0, path: $1()) })
      return unsafeBitCast(integers, to: T.self)
    }
    precondition(T.self == [String].self, "decodeFastScalar called for \(T.self)")
    let strings = try decodeArray(
      at: valueIndex, path: path(), plainly: plainString(at:),
      { try unwrapString(at: $0, path: $1()) })
    return unsafeBitCast(strings, to: T.self)
  }

  /// An array of scalars read straight off the tape (the caller checked it is an array), with
  /// the same errors as the unkeyed container route: element paths end in `Index n`. Each
  /// element is first read by `plainly` (the common case: the value of the right kind, no path
  /// needed), else by `element`, given the element's path.
  @inline(__always)
  private func decodeArray<Element>(
    at arrayIndex: Int, path: @autoclosure () -> [any CodingKey], plainly: (Int) -> Element?,
    _ element: (Int, @autoclosure () -> [any CodingKey]) throws -> Element
  ) throws -> [Element] {
    if let recovery = session.recovery {
      return try decodeArrayRecovering(at: arrayIndex, recovery, path: path(), element)
    }
    let count = Int(tape[arrayIndex].length)
    var result: [Element] = []
    result.reserveCapacity(count)
    var position = arrayIndex &+ 1
    for ordinal in 0..<count {
      if let value = plainly(position) {
        result.append(value)
      } else {
        // (Outside the loop's common case: `withoutActuallyEscaping` costs an allocation.)
        let value = try withoutActuallyEscaping(path) { path in
          try element(position, path() + [IndexCodingKey(index: ordinal)])
        }
        result.append(value)
      }
      position = tape.next(after: position)
    }
    return result
  }

  /// ``decodeArray(at:path:_:)`` during the recovery pass: the array is a value of its own (a
  /// frame, for the decision of its elements' calls), each element read plainly, and only an
  /// element that fails goes through the engine's call — coerced, or dropped.
  private func decodeArrayRecovering<Element>(
    at arrayIndex: Int, _ recovery: RecoveryState, path: @autoclosure () -> [any CodingKey],
    _ element: (Int, @autoclosure () -> [any CodingKey]) throws -> Element
  ) throws -> [Element] {
    let requester = recovery.nextRequester
    recovery.nextRequester = nil
    recovery.frames.append(RecoveryFrame(requester: requester, startGeneration: recovery.begin()))
    defer { recovery.frames.removeLast() }
    let expectation = ScalarExpectation(Element.self)
    let count = Int(tape[arrayIndex].length)
    var result: [Element] = []
    result.reserveCapacity(count)
    var position = arrayIndex &+ 1
    try withoutActuallyEscaping(path) { path in
      for ordinal in 0..<count {
        let elementIndex = position
        position = tape.next(after: position)
        if !certainlyFails(expectation, at: elementIndex),
          let value = try? element(elementIndex, path() + [IndexCodingKey(index: ordinal)])
        {
          result.append(value)
          continue
        }
        let elementPath = { path() + [IndexCodingKey(index: ordinal)] }
        _ = try recoveringCall(
          recovery, site: nil, type: Element.self, path: elementPath(), valueIndex: elementIndex, action: .drop,
          failsPlainly: true, replacement: { _ in false }
        ) {
          result.append(try element(elementIndex, elementPath()))
          return true
        }
      }
    }
    return result
  }
}
