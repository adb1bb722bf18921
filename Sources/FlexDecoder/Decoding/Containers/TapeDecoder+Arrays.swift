@_spi(Engine) import FlexCore

// Arrays of any `Decodable` element, decoded by the engine rather than by the standard library's
// `Array.init(from:)`, which appends to an empty array through an unkeyed container: the array
// regrows (copying every element so far) about log2(count) times, and each element costs a trip
// through the container's existential. Here the array is sized once from the tape's element count
// and each element is decoded in place, with the paths and errors of the unkeyed route
// (`[…, Index 3]`). A value that is not an array still takes the standard route, so its error is
// JSONDecoder's.

/// Arrays whose elements the engine decodes itself.
protocol DirectArrayDecodable: FlexSendableMetatype {
  static func decodeElements(from decoder: TapeDecoder, at arrayIndex: Int) throws -> Self
}

extension Array: DirectArrayDecodable where Element: Decodable {
  static func decodeElements(from decoder: TapeDecoder, at arrayIndex: Int) throws -> [Element] {
    let tape = decoder.tape
    let count = Int(tape[arrayIndex].length)
    // An empty array needs no storage: `reserveCapacity(0)` in unspecialized code still costs a
    // metadata lookup and a call (about 1,000 instructions; update-center.json has 524 of them).
    guard count > 0 else { return [] }
    // Storage for `count` elements, initialized in place: one runtime lookup of the storage
    // type, where `reserveCapacity` and `append` on an unspecialized `[Element]` cost two and
    // about 1,200 instructions per array (update-center.json has 800 non-empty ones).
    return try [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
      let elements = buffer.baseAddress.unsafelyUnwrapped
      var position = arrayIndex &+ 1
      for ordinal in 0..<count {
        do {
          (elements + ordinal).initialize(
            to: try decoder.decodeChild(
              Element.self, at: position, key: IndexCodingKey(index: ordinal), explicitPath: nil))
        } catch {
          // The plain pass failed here: the recovery pass may start from this element.
          decoder.session.keepFailedArrayPrefix(
            Array(UnsafeBufferPointer(start: elements, count: ordinal)), of: arrayIndex, nextPosition: position)
          throw error
        }
        initializedCount = ordinal &+ 1
        position = tape.next(after: position)
      }
    }
  }
}

/// Whether a type is ``DirectArrayDecodable``, as the process-wide cache knows it.
struct DirectArrayType: Sendable {
  /// The type as a ``DirectArrayDecodable``, or `nil`.
  let type: (any DirectArrayDecodable.Type)?

  private static let cache = ProcessTypeCache<DirectArrayType>()

  static func shared(for type: any Decodable.Type, _ identifier: ObjectIdentifier) -> DirectArrayType {
    cache.value(for: identifier) { DirectArrayType(type: type as? any DirectArrayDecodable.Type) }
  }
}

extension TapeDecoder {
  /// `T`, an array type whose traits found it ``DirectArrayDecodable`` as `arrayType`, decoded
  /// from the array at `valueIndex`.
  @inline(never)
  func decodeDirectArray<T>(_ type: T.Type, as arrayType: any DirectArrayDecodable.Type, at valueIndex: Int)
    throws -> T
  {
    func decode<A: DirectArrayDecodable>(_ arrayType: A.Type) throws -> T {
      // `A` is `T` (the traits were computed for `T`): the cast only informs the compiler.
      unsafeBitCast(try A.decodeElements(from: self, at: valueIndex), to: T.self)
    }
    return try decode(arrayType)
  }
}
