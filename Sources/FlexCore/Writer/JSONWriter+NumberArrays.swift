// The elements of arrays of numbers and booleans, written in one loop per array.
//
// Each element is laid out exactly as an element written alone would be: the separator of
// ``JSONWriter/writeElementSeparator(isFirst:depth:)`` (a comma after the first, and in pretty
// mode a newline and the indentation of `depth`), then the value as ``JSONWriter/writeInteger(_:)``,
// ``JSONWriter/writeFinite(_:)-(Double)`` or `true`/`false` write it. The brackets of the
// array being written are the caller's.

extension JSONWriter {
  // MARK: Integers

  /// Writes every element of `values`, preceded by its separator; the first is the array's
  /// first element.
  ///
  /// Inlinable, to be specialized for each integer type (see ``writeInteger(_:)``). In compact
  /// output, one reservation holds an element and its comma.
  @inlinable
  public mutating func writeIntegerElements<T: FixedWidthInteger>(_ values: UnsafeBufferPointer<T>, depth: Int) {
    guard T.bitWidth <= 64, !pretty else {
      for index in values.indices {
        writeElementSeparator(isFirst: index == 0, depth: depth)
        writeInteger(values[index])
      }
      return
    }
    for index in values.indices {
      var destination = output.reserve(Self.maximumIntegerLength &+ 1)
      if index != 0 {
        destination.pointee = ._comma
        destination += 1
      }
      output.didWrite(upTo: Self.writeDecimal(values[index], at: destination))
    }
  }

  // MARK: Floating point

  /// Writes the elements of `values` from `start` on, each preceded by its separator, up to the
  /// first one that is not finite (which the caller writes as its options say); returns that
  /// one's index, or `values.count`.
  package mutating func writeFiniteElements(_ values: UnsafeBufferPointer<Double>, from start: Int, depth: Int) -> Int {
    writeFiniteElements(of: values, from: start, depth: depth)
  }

  /// ``writeFiniteElements(_:from:depth:)-(UnsafeBufferPointer<Double>,_,_)`` for `Float`.
  package mutating func writeFiniteElements(_ values: UnsafeBufferPointer<Float>, from start: Int, depth: Int) -> Int {
    writeFiniteElements(of: values, from: start, depth: depth)
  }

  @inline(__always)
  private mutating func writeFiniteElements<F: BinaryFloatingPoint & TextOutputStreamable>(
    of values: UnsafeBufferPointer<F>, from start: Int, depth: Int
  ) -> Int {
    var index = start
    if F.self == Double.self && !pretty {
      // One reservation for an element and its comma.
      while index < values.count {
        let value = unsafeBitCast(values[index], to: Double.self)
        guard value.isFinite else { break }
        var destination = output.reserve(ShortestDouble.reservation &+ 1)
        if index != 0 {
          destination.pointee = ._comma
          destination += 1
        }
        output.didWrite(upTo: ShortestDouble.write(value, at: destination))
        index &+= 1
      }
      return index
    }
    while index < values.count {
      let value = values[index]
      guard value.isFinite else { break }
      writeElementSeparator(isFirst: index == 0, depth: depth)
      writeShortest(value)
      index &+= 1
    }
    return index
  }

  // MARK: Arrays of floating-point arrays

  /// Writes the arrays of `arrays` from `start` on as elements of an array (GeoJSON's points),
  /// each preceded by its separator at `depth`, with its elements at `depth + 1`, up to the first
  /// one with an element that is not finite; returns that one's index, or `arrays.count`.
  package mutating func writeFiniteArrays(_ arrays: UnsafeBufferPointer<[Double]>, from start: Int, depth: Int) -> Int {
    writeFiniteArrays(of: arrays, from: start, depth: depth)
  }

  /// ``writeFiniteArrays(_:from:depth:)-(UnsafeBufferPointer<[Double]>,_,_)`` for `Float`.
  package mutating func writeFiniteArrays(_ arrays: UnsafeBufferPointer<[Float]>, from start: Int, depth: Int) -> Int {
    writeFiniteArrays(of: arrays, from: start, depth: depth)
  }

  @inline(__always)
  private mutating func writeFiniteArrays<F: BinaryFloatingPoint & TextOutputStreamable>(
    of arrays: UnsafeBufferPointer<[F]>, from start: Int, depth: Int
  ) -> Int {
    var index = start
    while index < arrays.count {
      // An array is written before it is known to be finite; one that is not is taken back out.
      let mark = output.count
      writeElementSeparator(isFirst: index == 0, depth: depth)
      writeArrayStart()
      let count = arrays[index].withUnsafeBufferPointer { elements in
        writeFiniteElements(of: elements, from: 0, depth: depth &+ 1) == elements.count ? elements.count : nil
      }
      guard let count else {
        output.removeSubrange(from: mark)
        break
      }
      writeArrayEnd(isEmpty: count == 0, depth: depth)
      index &+= 1
    }
    return index
  }

  // MARK: Booleans

  /// Writes every element of `values` as `true` or `false`, preceded by its separator.
  package mutating func writeBooleanElements(_ values: UnsafeBufferPointer<Bool>, depth: Int) {
    for index in values.indices {
      writeElementSeparator(isFirst: index == 0, depth: depth)
      writeRaw(values[index] ? "true" : "false")
    }
  }
}
