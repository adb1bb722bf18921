// FlexPolymorphicClass: a value of such a class whose tag names a subclass is decoded as that
// subclass (an initializer cannot return a subclass, so the engine chooses before calling one).

@_spi(Engine) import FlexCore

extension TapeDecoder {
  /// The subclass of `type` that the tag of the object at `valueIndex` names, or else the first
  /// of its keys listed in `subclassesByKey`, if that is a class other than `type` (not generic:
  /// asking costs the generic callers no metadata lookup).
  func subclass(_ type: Any.Type, _ traits: PolymorphicClassTraits, at valueIndex: Int) -> (any Decodable.Type)? {
    guard tape[valueIndex].kind == .object else { return nil }
    let chosen: (any Decodable.Type)?
    if !traits.subclassesByTag.isEmpty, let tagged = taggedSubclass(traits, at: valueIndex) {
      chosen = tagged
    } else if !traits.subclassesByKey.isEmpty {
      chosen = traits.subclassesByKey.first { memberValue(forKey: $0.key, at: valueIndex) != nil }?.subclass
    } else {
      chosen = nil
    }
    guard let chosen, chosen != type else { return nil }
    return chosen
  }

  /// The subclass the tag of the object at `valueIndex` names, if it has a string tag that does.
  private func taggedSubclass(_ traits: PolymorphicClassTraits, at valueIndex: Int) -> (any Decodable.Type)? {
    guard let tagIndex = memberValue(forKey: traits.tagKey, at: valueIndex), tape[tagIndex].kind == .string else {
      return nil
    }
    return traits.subclassesByTag[tape.string(at: tagIndex)]
  }

  /// The value of the first member of the object at `valueIndex` whose key is `key`.
  private func memberValue(forKey key: [UInt8], at valueIndex: Int) -> Int? {
    key.withUnsafeBytes { utf8 in
      var keyIndex = valueIndex &+ 1
      for _ in 0..<Int(tape[valueIndex].length) {
        if tape.key(at: keyIndex, equals: utf8) { return keyIndex &+ 1 }
        keyIndex = tape.next(after: keyIndex &+ 1)
      }
      return nil
    }
  }

  /// The value at `valueIndex` decoded as `subclass`, chosen by the object's tag or keys,
  /// returned as a `T`. A class that is not below `T` is an error before anything is decoded:
  /// each choice then moves down the class tree, so lists that name each other (a subclass's
  /// override naming a sibling) cannot send decoding round in circles.
  @inline(never)
  func decodeSubclass<T>(_ subclass: any Decodable.Type, as type: T.Type, at valueIndex: Int) throws -> T {
    func decode<S: Decodable>(_ subclass: S.Type) throws -> T {
      guard PolymorphicClassTraits.isClass(S.self, orSubclassOf: T.self),
        let base = try decodeValue(subclass, at: valueIndex) as? T
      else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: pathStack,
            debugDescription: "\(S.self), chosen by the object's tag or keys, is not a subclass of \(T.self)."))
      }
      return base
    }
    return try decode(subclass)
  }
}
