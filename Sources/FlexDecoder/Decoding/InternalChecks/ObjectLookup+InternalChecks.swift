// Key lookups by name checked, compiled only with FLEX_INTERNAL_CHECKS (see Package.swift). The
// lookups by bytes are checked by the finder (MemberFinder+InternalChecks.swift).
//
//   - Under a converting key strategy (snake, title or kebab case), the first member whose key,
//     converted, is the name. (`.custom` is not checked: calling the user's closure again could
//     change what it does.)
//   - A coding key looked up by its byte: the bytes the table keeps for it are its `stringValue`.
//
// Key maps (candidates and key paths) are followed by plain scans of their own (`resolve`), with
// no shortcut to check.

#if FLEX_INTERNAL_CHECKS
  @_spi(Engine) import FlexCore

  extension ObjectLookup {
    /// Stops unless `found`, what the lookup of `name` answered under a converting key strategy,
    /// is the first member whose converted key is `name`.
    func checkConvertedLookup(forName name: String, found: Int?) {
      guard matching == .converted else { return }
      let convert: (String) -> String
      switch decoder.options.keyDecodingStrategy {
      case .convertFromSnakeCase: convert = SnakeCaseConversion.camelCase(fromSnakeCase:)
      case .convertFromTitleCase: convert = KeyCase.camelCase(fromTitleCase:)
      case .convertFromKebabCase: convert = KeyCase.camelCase(fromKebabCase:)
      case .useDefaultKeys, .convertFromAnyCase, .custom: return
      }
      checkObject()
      guard isSampled(name.utf8.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }) else { return }
      var expected: Int?
      var keyIndex = objectIndex &+ 1
      for _ in 0..<memberCount {
        if convert(tape.string(at: keyIndex)) == name {
          expected = keyIndex &+ 1
          break
        }
        keyIndex = tape.next(after: keyIndex &+ 1)
      }
      precondition(
        found == expected,
        "FLEX_INTERNAL_CHECKS: the lookup of \"\(name)\" (converted keys) in the object at tape entry "
          + "\(objectIndex) found \(describe(found)), a plain scan \(describe(expected))")
    }

    /// Stops unless the bytes the key tag table holds for `tag` are `key`'s `stringValue`.
    func checkTaggedKey<Key: CodingKey>(_ key: Key, tag: Int) {
      precondition(
        keyTags.keyType == ObjectIdentifier(Key.self),
        "FLEX_INTERNAL_CHECKS: the key tags read are not those of \(Key.self)")
      guard let kept = keyTags.key(forTag: tag) else {
        preconditionFailure("FLEX_INTERNAL_CHECKS: no bytes kept for tag \(tag) of \(Key.self)")
      }
      precondition(
        Array(kept.utf8) == Array(key.stringValue.utf8),
        "FLEX_INTERNAL_CHECKS: the bytes kept for tag \(tag) of \(Key.self), \(describe(kept.utf8)), "
          + "are not its key \"\(key.stringValue)\"")
    }
  }
#endif
