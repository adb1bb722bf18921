@_spi(Engine) import FlexCore

// Arrays of numbers and booleans, written in one loop straight into the output.
//
// Element by element, each `Double` of an array costs a trip through `write` (the scalar type
// checks, a key pushed on the path) and `beginElement` (is the container still the innermost
// one?), several times the cost of formatting the number. Nothing can run between the elements
// of a `[Double]`: no user code, no other container. So the elements are written by one loop of
// JSONWriter+NumberArrays.swift, with the separators, indentation and number formatting of the
// element-by-element path, between brackets written here. The array does not even go on the
// session's stack of open containers: nothing could write into it, and its depth is the one
// `open` would give it.
//
// A float that is not finite leaves the loop and is written by `writeFloat`, as an element
// alone is: as the configured string, or `EncodingError.invalidValue` at the element's path.
// Before it, the array is put on the stack with the elements written so far (`adoptArray`), so
// that the session is left as the element-by-element path would leave it.
//
// Arrays of such arrays (`[[Double]]`, GeoJSON's points) hand each element, borrowed in place,
// straight to this path (see StreamEncoder+Arrays.swift); for floats, one writer loop writes
// runs of inner arrays, and an inner array with a non-finite element is taken back out of the
// output and written alone.

extension StreamEncoder {
  /// Writes `value`, an array whose elements are of `kind`, at the encoder's position; the
  /// session's path ends with the array's key.
  /// - Throws: the errors of ``writeNumberArray(at:kind:elementIndex:)``.
  func writeNumberArray<T>(_ value: T, kind: NumberArrayKind) throws {
    try withUnsafePointer(to: value) { try writeNumberArray(at: UnsafeRawPointer($0), kind: kind, elementIndex: nil) }
  }

  /// Writes the array at `array`, an `[Element]` whose elements are of `kind`, at the encoder's
  /// position.
  ///
  /// - Parameters:
  ///   - array: the array, borrowed (an element of an array being written need not be copied
  ///     out of it).
  ///   - elementIndex: when the array is an element of an array being written (see
  ///     ``Swift/Array/writeElements(with:)``), its index there, which the session's path does
  ///     not have; `nil` when the path ends with the array's own key.
  /// - Throws: `EncodingError.invalidValue` for a float that is not finite, unless the
  ///   non-conforming float strategy converts it to a string.
  func writeNumberArray(at array: UnsafeRawPointer, kind: NumberArrayKind, elementIndex: Int?) throws {
    let levelBefore = session.stack.count
    let depth = session.memberDepth &+ 1
    session.writer.writeArrayStart()
    let count: Int
    switch kind {
    case .int: count = writeIntegers(at: array, of: Int.self, depth: depth)
    case .int8: count = writeIntegers(at: array, of: Int8.self, depth: depth)
    case .int16: count = writeIntegers(at: array, of: Int16.self, depth: depth)
    case .int32: count = writeIntegers(at: array, of: Int32.self, depth: depth)
    case .int64: count = writeIntegers(at: array, of: Int64.self, depth: depth)
    case .uint: count = writeIntegers(at: array, of: UInt.self, depth: depth)
    case .uint8: count = writeIntegers(at: array, of: UInt8.self, depth: depth)
    case .uint16: count = writeIntegers(at: array, of: UInt16.self, depth: depth)
    case .uint32: count = writeIntegers(at: array, of: UInt32.self, depth: depth)
    case .uint64: count = writeIntegers(at: array, of: UInt64.self, depth: depth)
    case .double:
      count = try elements(at: array, of: Double.self) { elements in
        try writeFloats(elements, depth: depth, elementIndex: elementIndex) { writer, start in
          writer.writeFiniteElements(elements, from: start, depth: depth)
        }
      }
    case .float:
      count = try elements(at: array, of: Float.self) { elements in
        try writeFloats(elements, depth: depth, elementIndex: elementIndex) { writer, start in
          writer.writeFiniteElements(elements, from: start, depth: depth)
        }
      }
    case .bool:
      count = elements(at: array, of: Bool.self) { elements in
        session.writer.writeBooleanElements(elements, depth: depth)
        return elements.count
      }
    }
    if session.stack.count > levelBefore {
      session.close(downTo: levelBefore)  // adopted for a non-finite float
    } else {
      session.writer.writeArrayEnd(isEmpty: count == 0, depth: depth &- 1)
    }
  }

  /// Writes the elements of an array of `[Double]` or `[Float]` (`kind`), just opened at
  /// `position`: runs of arrays whose elements are all finite in one loop of the writer, any
  /// other array by ``writeNumberArray(at:kind:elementIndex:)``.
  ///
  /// - Parameter arrays: the first of the `count` arrays, borrowed in place.
  /// - Throws: the errors of ``writeNumberArray(at:kind:elementIndex:)``.
  func writeFloatArrays(
    at arrays: UnsafeRawPointer, count: Int, kind: NumberArrayKind, arrayAt position: (level: Int, identity: Int)
  ) throws {
    let depth = session.stack[position.level].depth
    var index = 0
    while index < count {
      if kind == .double {
        let arrays = UnsafeBufferPointer(start: arrays.assumingMemoryBound(to: [Double].self), count: count)
        index = session.writer.writeFiniteArrays(arrays, from: index, depth: depth)
      } else {
        let arrays = UnsafeBufferPointer(start: arrays.assumingMemoryBound(to: [Float].self), count: count)
        index = session.writer.writeFiniteArrays(arrays, from: index, depth: depth)
      }
      session.setElementCount(index, ofArrayAt: position.level)
      guard index < count else { return }
      // An array with a non-finite element, written as an element alone is. (An array is one
      // reference, whatever its element type.)
      try session.beginElement(level: position.level, identity: position.identity)
      try writeNumberArray(at: arrays + index &* MemoryLayout<[Double]>.stride, kind: kind, elementIndex: index)
      index &+= 1
    }
  }

  /// Calls `body` with the elements of the `[Element]` at `array`.
  @inline(__always)
  private func elements<Element, R>(
    at array: UnsafeRawPointer, of _: Element.Type, _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R {
    try array.assumingMemoryBound(to: [Element].self).pointee.withUnsafeBufferPointer(body)
  }

  /// Writes the elements of the `[Element]` at `array`; returns their number.
  @inline(__always)
  private func writeIntegers<Element: FixedWidthInteger>(
    at array: UnsafeRawPointer, of _: Element.Type, depth: Int
  ) -> Int {
    elements(at: array, of: Element.self) { elements in
      session.writer.writeIntegerElements(elements, depth: depth)
      return elements.count
    }
  }

  /// Writes `elements`: runs of finite ones by `writeFinite` (which returns where a run stopped),
  /// the others by ``writeFloat(_:path:nonConformingStrategy:)``; returns their number.
  @inline(__always)
  private func writeFloats<F: BinaryFloatingPoint & CustomStringConvertible>(
    _ elements: UnsafeBufferPointer<F>, depth: Int, elementIndex: Int?,
    writeFinite: (inout JSONWriter, _ start: Int) -> Int
  ) throws -> Int {
    var index = writeFinite(&session.writer, 0)
    var level: Int?
    while index < elements.count {
      session.writer.writeElementSeparator(isFirst: index == 0, depth: depth)
      if let level {
        session.setElementCount(index &+ 1, ofArrayAt: level)
      } else {
        level = session.adoptArray(count: index &+ 1)
      }
      try writeFloat(elements[index], path: elementPath(index, elementIndex: elementIndex))
      index = writeFinite(&session.writer, index &+ 1)
    }
    return elements.count
  }

  /// The coding path of the element at `index` (built only for an error).
  private func elementPath(_ index: Int, elementIndex: Int?) -> [any CodingKey] {
    var path = session.pathKeys
    if let elementIndex { path.append(IndexCodingKey(index: elementIndex)) }
    path.append(IndexCodingKey(index: index))
    return path
  }
}
