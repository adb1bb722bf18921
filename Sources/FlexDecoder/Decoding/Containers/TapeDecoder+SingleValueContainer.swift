// The decoder is its own single-value container: the value is the one at the cursor.

extension TapeDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool {
    if unwrapNil(at: index) { return true }
    // `.nullStrings`, when a retry has the coercions in force: `"<null>"` is `nil` for an
    // `Optional` decoded through its own `init(from:)`, as for a declared optional property.
    return session.coercionsActive && options.coercions.contains(.nullStrings)
      && isNullString(at: index, path: pathStack)
  }
  func decode(_ type: Bool.Type) throws -> Bool { try readScalar(type) { try unwrapBool(at: index, path: pathStack) } }
  func decode(_ type: String.Type) throws -> String {
    try readScalar(type) { try unwrapString(at: index, path: pathStack) }
  }
  func decode(_ type: Double.Type) throws -> Double {
    try readScalar(type) { try unwrapDouble(at: index, path: pathStack) }
  }
  func decode(_ type: Float.Type) throws -> Float {
    try readScalar(type) { try unwrapFloat(at: index, path: pathStack) }
  }
  func decode(_ type: Int.Type) throws -> Int { try readInteger(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try readInteger(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try readInteger(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try readInteger(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try readInteger(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try readInteger(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try readInteger(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try readInteger(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try readInteger(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try readInteger(type) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type) throws -> Int128 { try readInteger(type) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 { try readInteger(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    guard let recovery = session.recovery else { return try decodeValue(type, at: index) }
    // The wrapped value of an `Optional` decoded through its own `init(from:)` (a generic
    // `V<Int?>`, `[Int?]`): not a place to repair. Its failure goes to the call that asked for
    // the optional, whose repair is `nil`, as for a declared `Int?` property.
    if let pendingType, isOptionalMetatype(pendingType) { return try decodeValue(type, at: index) }
    // A call like any other during the recovery pass: "decode A, else B" is written this way.
    let valueIndex = index
    return try recoveringCall(
      recovery, site: CallSite(owner: pendingType ?? Never.self, key: "", type: type), type: type, path: pathStack,
      valueIndex: valueIndex, failsPlainly: certainlyFails(ScalarExpectation(type), at: valueIndex),
      replacement: { try requirePlaceholder(type, path: $0) }
    ) {
      try decodeValue(type, at: valueIndex)
    }
  }
}

// MARK: Scalars

extension TapeDecoder {
  @inline(__always)
  private func readInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    try readScalar(type) { try unwrapInteger(type, at: index, path: pathStack) }
  }

  /// A standard scalar read: `plainRead` itself, except in the recovery pass when it fails
  /// and the decoder has coercions (see ``coercingInPlace(_:_:_:)``).
  @inline(__always)
  private func readScalar<T>(_ type: T.Type, _ plainRead: () throws -> T) throws -> T {
    guard let recovery = session.recovery, !session.coercionsActive, !options.coercions.isEmpty,
      certainlyFails(ScalarExpectation(type), at: index)
    else { return try plainRead() }
    return try coercingInPlace(type, recovery, plainRead)
  }
}
