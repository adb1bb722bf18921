// The bridge between Flex's property wrappers and whichever decoder runs them: under
// FlexJSONDecoder they read with its coercions and report what they tolerated; under any other
// decoder (Foundation's JSONDecoder, a plist decoder) they simply read.

/// How a Flex property wrapper reads its value and reports a repair.
enum WrapperDecoding {
  /// `body`'s value; under FlexJSONDecoder read apart from the error policy and retried with the
  /// decoder's coercions (see `TapeDecoder.decodeForWrapper`).
  static func attempt<T>(_ decoder: any Decoder, _ body: () throws -> T) throws -> T {
    guard let tapeDecoder = decoder as? TapeDecoder else { return try body() }
    return try tapeDecoder.decodeForWrapper(body)
  }

  /// Reports that the value at `decoder`'s position, read as `requested`, failed with `error`
  /// and was repaired by `action`: an issue in FlexJSONDecoder's report, nothing elsewhere.
  static func note(_ decoder: any Decoder, _ error: any Error, requested: Any.Type, action: RecoveryAction) {
    (decoder as? TapeDecoder)?.noteWrapperRepair(error, requested: requested, action: action)
  }

  /// The value at `decoder`'s position as a `Value`, through its single-value container (so
  /// that the decoder's strategies for dates, data and URLs apply). `strict`: without the
  /// decoder's coercions (see `TapeDecoder.decodeStrictlyForWrapper`).
  static func decodeValue<Value: Decodable>(
    _ type: Value.Type, from decoder: any Decoder, strict: Bool = false
  ) throws -> Value {
    guard strict, let tapeDecoder = decoder as? TapeDecoder else {
      return try attempt(decoder) { try decoder.singleValueContainer().decode(type) }
    }
    return try tapeDecoder.decodeStrictlyForWrapper { try decoder.singleValueContainer().decode(type) }
  }
}
