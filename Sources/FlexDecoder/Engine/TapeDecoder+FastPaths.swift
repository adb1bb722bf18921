// Shortcuts for the most common types, taken before the generic `T(from:)` route.
//
// Generic code such as the standard library's `Array<Element>.init(from:)` asks for
// `decode(Element.self)` through the generic requirement, so a `[Double]` element would
// otherwise go through `Double.init(from:)`, a single-value container and a coding-path push
// per number. Comparing `T.self` with a concrete metatype is one pointer comparison; when it
// matches, `T` *is* that type and `unsafeBitCast` is a no-op that only informs the compiler.

extension TapeDecoder {
  /// `T` decoded directly if it is a standard scalar; `nil` if it is not one.
  @inline(__always)
  func decodeScalar<T>(_ type: T.Type, at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> T? {
    if T.self == String.self { return unsafeBitCast(try unwrapString(at: valueIndex, path: path()), to: T.self) }
    if T.self == Int.self { return unsafeBitCast(try unwrapInteger(Int.self, at: valueIndex, path: path()), to: T.self) }
    if T.self == Double.self { return unsafeBitCast(try unwrapDouble(at: valueIndex, path: path()), to: T.self) }
    if T.self == Bool.self { return unsafeBitCast(try unwrapBool(at: valueIndex, path: path()), to: T.self) }
    if T.self == Int64.self { return unsafeBitCast(try unwrapInteger(Int64.self, at: valueIndex, path: path()), to: T.self) }
    if T.self == Float.self { return unsafeBitCast(try unwrapFloat(at: valueIndex, path: path()), to: T.self) }
    // Coercions, and element-level recovery during a replay, take the generic route.
    guard tape[valueIndex].kind == .array, session.recovery == nil else { return nil }
    if T.self == [Double].self {
      let array = try decodeArray(at: valueIndex) { try unwrapDouble(at: $0, path: path() + [IndexCodingKey(index: $1)]) }
      return unsafeBitCast(array, to: T.self)
    }
    if T.self == [Int].self {
      let array = try decodeArray(at: valueIndex) { try unwrapInteger(Int.self, at: $0, path: path() + [IndexCodingKey(index: $1)]) }
      return unsafeBitCast(array, to: T.self)
    }
    if T.self == [String].self {
      let array = try decodeArray(at: valueIndex) { try unwrapString(at: $0, path: path() + [IndexCodingKey(index: $1)]) }
      return unsafeBitCast(array, to: T.self)
    }
    return nil
  }

  /// An array of scalars read straight off the tape, with the same errors as the unkeyed
  /// container route (element paths end in `Index n`). `element` gets each element's tape index
  /// and position in the array.
  ///
  /// - Note: Element paths are built from the array's own path, not from `pathStack`:
  ///   ``decodeChild(_:at:key:explicitPath:)`` does not push the key of a value that a fast
  ///   path decodes.
  @inline(__always)
  private func decodeArray<Element>(
    at arrayIndex: Int, _ element: (_ valueIndex: Int, _ ordinal: Int) throws -> Element
  ) throws -> [Element] {
    let container = try makeUnkeyedContainer(at: arrayIndex, explicitPath: nil)
    let count = container.count ?? 0
    var result: [Element] = []
    result.reserveCapacity(count)
    var position = arrayIndex &+ 1
    for ordinal in 0..<count {
      result.append(try element(position, ordinal))
      position = tape.next(after: position)
    }
    return result
  }
}
