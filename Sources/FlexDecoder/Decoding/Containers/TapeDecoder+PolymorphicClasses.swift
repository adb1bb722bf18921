// FlexPolymorphicClass: a value of such a class whose tag names a subclass is decoded as that
// subclass (an initializer cannot return a subclass, so the engine chooses before calling one).

@_spi(Engine) import FlexCore

extension TapeDecoder {
  /// The subclass of `type` that the tag of the object at `valueIndex` names, if it names one
  /// other than `type` (not generic: asking costs the generic callers no metadata lookup).
  func subclass(_ type: Any.Type, _ traits: PolymorphicClassTraits, at valueIndex: Int) -> (any Decodable.Type)? {
    guard tape[valueIndex].kind == .object else { return nil }
    var keyIndex = valueIndex &+ 1
    for _ in 0..<Int(tape[valueIndex].length) {
      let found = traits.tagKey.withUnsafeBytes { tape.key(at: keyIndex, equals: $0) }
      if found {
        guard tape[keyIndex &+ 1].kind == .string,
          let subclass = traits.subclassesByTag[tape.string(at: keyIndex &+ 1)], subclass != type
        else { return nil }
        return subclass
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return nil
  }

  /// The value at `valueIndex` decoded as `subclass` (a subclass of `T`, which its traits checked
  /// by tag), returned as a `T`.
  @inline(never)
  func decodeSubclass<T>(_ subclass: any Decodable.Type, as type: T.Type, at valueIndex: Int) throws -> T {
    func decode<S: Decodable>(_ subclass: S.Type) throws -> T {
      let value = try decodeValue(subclass, at: valueIndex)
      guard let base = value as? T else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: pathStack, debugDescription: "\(S.self), named by the tag, is not a subclass of \(T.self)."))
      }
      return base
    }
    return try decode(subclass)
  }
}
