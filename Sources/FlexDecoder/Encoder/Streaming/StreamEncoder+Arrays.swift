@_spi(Engine) import FlexCore

// Arrays streamed by the encoder itself rather than by the standard library's
// `Array.encode(to:)`, which asks for an unkeyed container (a new encoder object and an
// existential) and hands each element through it. The session's container machinery is the
// same, so separators, indentation, paths and errors are exactly those of the unkeyed route.

/// Arrays whose elements the streaming encoder writes itself.
protocol DirectArrayEncodable: FlexSendableMetatype {
  /// The kind of the elements, if the array is written in one loop (see
  /// StreamEncoder+NumberArrays.swift).
  static var numberArrayKind: NumberArrayKind? { get }

  /// Writes the array at the encoder's position.
  func writeElements(with encoder: StreamEncoder) throws
}

extension Array: DirectArrayEncodable where Element: Encodable {
  static var numberArrayKind: NumberArrayKind? { NumberArrayKind(elementType: Element.self) }

  func writeElements(with encoder: StreamEncoder) throws {
    let session = encoder.session
    let levelBefore = session.stack.count
    let position = session.open(isObject: false)
    // An index loop: in unspecialized code, `enumerated()` would form `(Int, Element)?`, a
    // metadata lookup per element.
    var index = 0
    if let kind = session.traits(of: Element.self).numberArrayKind {
      // Arrays of number arrays (`[[Double]]`, GeoJSON's points): each element goes straight
      // to its loop, borrowed in place, without the type checks of `write` or a key on the path.
      let stride = MemoryLayout<Element>.stride
      try withUnsafeBytes { elements in
        guard let base = elements.baseAddress else { return }
        if kind == .double || kind == .float {
          try encoder.writeFloatArrays(at: base, count: count, kind: kind, arrayAt: position)
          return
        }
        while index < count {
          try session.beginElement(level: position.level, identity: position.identity)
          try encoder.writeNumberArray(at: base + index &* stride, kind: kind, elementIndex: index)
          index &+= 1
        }
      }
    } else {
      while index < count {
        try session.beginElement(level: position.level, identity: position.identity)
        try encoder.write(
          self[index], key: IndexCodingKey(index: index), containerPath: session.pathKeys, explicitPath: nil)
        index &+= 1
      }
    }
    session.close(downTo: levelBefore)
  }
}

extension StreamEncoder {
  /// Writes `value`, of a type whose traits found it ``DirectArrayEncodable`` as `arrayType`.
  @inline(never)
  func writeDirectArray<T>(_ value: T, as arrayType: any DirectArrayEncodable.Type) throws {
    func write<A: DirectArrayEncodable>(_: A.Type) throws {
      // `A` is `T` (the traits were computed for `T`): the cast only informs the compiler.
      try unsafeBitCast(value, to: A.self).writeElements(with: self)
    }
    try write(arrayType)
  }
}
