// The decoder is its own single-value container: the value is the one at the cursor.

extension TapeDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { unwrapNil(at: index) }
  func decode(_ type: Bool.Type) throws -> Bool { try unwrapBool(at: index, path: pathStack) }
  func decode(_ type: String.Type) throws -> String { try unwrapString(at: index, path: pathStack) }
  func decode(_ type: Double.Type) throws -> Double { try unwrapDouble(at: index, path: pathStack) }
  func decode(_ type: Float.Type) throws -> Float { try unwrapFloat(at: index, path: pathStack) }
  func decode(_ type: Int.Type) throws -> Int { try unwrapInteger(type, at: index, path: pathStack) }
  func decode(_ type: Int8.Type) throws -> Int8 { try unwrapInteger(type, at: index, path: pathStack) }
  func decode(_ type: Int16.Type) throws -> Int16 { try unwrapInteger(type, at: index, path: pathStack) }
  func decode(_ type: Int32.Type) throws -> Int32 { try unwrapInteger(type, at: index, path: pathStack) }
  func decode(_ type: Int64.Type) throws -> Int64 { try unwrapInteger(type, at: index, path: pathStack) }
  func decode(_ type: UInt.Type) throws -> UInt { try unwrapInteger(type, at: index, path: pathStack) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try unwrapInteger(type, at: index, path: pathStack) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try unwrapInteger(type, at: index, path: pathStack) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try unwrapInteger(type, at: index, path: pathStack) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try unwrapInteger(type, at: index, path: pathStack) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type) throws -> Int128 { try unwrapInteger(type, at: index, path: pathStack) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 { try unwrapInteger(type, at: index, path: pathStack) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    guard let recovery = session.recovery else { return try decodeValue(type, at: index) }
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
