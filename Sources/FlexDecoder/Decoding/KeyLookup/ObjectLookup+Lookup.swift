// Finding a coding key's value in an object, in the order the spec gives:
//   1. the type's FlexKeyMapping, then the decoder's global keyMapping: candidate keys and key
//      paths, tried in order, the first present and non-null winning;
//   2. otherwise the key as written, through the key decoding strategy.
//
// Without a strategy, and with `.convertFromAnyCase`, a key's UTF-8 bytes are handed to the
// container's MemberFinder (MemberFinder/), which compares them with the raw key bytes on the
// tape: no String is made for a JSON key. Under a converting strategy the members' keys are
// converted once per object and compared as strings.

@_spi(Engine) import FlexCore

extension ObjectLookup {
  /// The tape index of the value for `key`, or `nil` if there is none.
  @inline(__always)
  func valueIndex(forName name: String) -> Int? {
    let found: Int?
    if typeMapping != nil || globalMapping != nil, let candidates = candidates(for: name) {
      found = resolve(candidates)
    } else {
      found = valueIndex(forString: name)
    }
    if usedValueIndices != nil, let found { usedValueIndices!.insert(found) }
    return found
  }

  /// What ``valueIndex(forTag:of:)`` found.
  enum TagLookup {
    case found(Int)
    case absent
    /// The key is to be looked up by name: key maps and key strategies work on names, and a
    /// key's first lookup learns its UTF-8 from its name.
    case needsName
  }

  /// The value for the one-byte coding key `tag` of the key type `keyType` (see
  /// KeyTagTable.swift).
  func valueIndex(forTag tag: Int, of keyType: ObjectIdentifier) -> TagLookup {
    guard looksUpKeysByTheirBytes else { return .needsName }
    if keyTags.keyType != keyType { keyTags.read(decoder.session.keyTagTable(for: keyType)) }
    guard let key = keyTags.key(forTag: tag) else { return .needsName }
    guard let found = valueIndex(forKey: key.utf8, hash: key.hash) else { return .absent }
    if usedValueIndices != nil { usedValueIndices!.insert(found) }
    return .found(found)
  }

  /// Whether a key is looked up by its own bytes: no key map gives candidates for it, no key
  /// strategy converts the JSON keys.
  @inline(__always)
  private var looksUpKeysByTheirBytes: Bool {
    typeMapping == nil && globalMapping == nil && matching != .converted
  }

  /// Keeps `name` as the UTF-8 of the one-byte coding key `tag` of `keyType`, when keys are
  /// looked up by their bytes.
  @inline(never)
  func learnKey(_ name: String, tag: Int, of keyType: ObjectIdentifier) {
    guard looksUpKeysByTheirBytes else { return }
    let table = decoder.session.keyTagTable(for: keyType)
    table.record(name, tag: tag)
    keyTags.read(table)
  }

  /// The candidates the maps give for a property name, the type's map first.
  func candidates(for name: String) -> [FlexKeyPath]? {
    typeMapping?.entries[name] ?? globalMapping?.entries[name]
  }

  /// The value for a JSON key name, by the container's matching rule.
  func valueIndex(forString name: String) -> Int? {
    #if FLEX_INTERNAL_CHECKS
      let found = lookUpValue(forString: name)
      checkConvertedLookup(forName: name, found: found)
      return found
    #else
      return lookUpValue(forString: name)
    #endif
  }

  /// ``valueIndex(forString:)``, unchecked.
  @inline(__always)
  private func lookUpValue(forString name: String) -> Int? {
    // Only a key strategy (`.converted`) builds these.
    if let convertedKeys { return convertedKeys.valueIndex(forName: name) }
    // The key's bytes without copying the string (a `var` copy for `withUTF8` retained and
    // released it on every lookup); a string without contiguous UTF-8 (bridged) is copied.
    if let found = name.utf8.withContiguousStorageIfAvailable({ valueIndex(forKey: UnsafeRawBufferPointer($0)) }) {
      return found
    }
    var name = name
    return name.withUTF8 { valueIndex(forKey: UnsafeRawBufferPointer($0)) }
  }

  // MARK: Key strategies

  /// The members' keys (converted by the key strategy, if any) in document order.
  var memberKeys: [(key: String, valueIndex: Int)] {
    var result: [(key: String, valueIndex: Int)] = []
    result.reserveCapacity(memberCount)
    var keyIndex = objectIndex &+ 1
    for _ in 0..<memberCount {
      result.append((convertedKey(at: keyIndex), keyIndex &+ 1))
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return result
  }

  /// The key at `keyIndex`, converted by the key strategy: through the session's cache unless
  /// the key has escapes or the strategy is `.custom`.
  private func convertedKey(at keyIndex: Int) -> String {
    guard matching == .converted, tape[keyIndex].flags & StringFlags.hasEscapes == 0 else {
      return convertedKey(tape.string(at: keyIndex))
    }
    if case .custom = decoder.options.keyDecodingStrategy { return convertedKey(tape.string(at: keyIndex)) }
    return decoder.session.convertedKeys.value(forRaw: tape.rawBytes(at: keyIndex)) {
      convertedKey(tape.string(at: keyIndex))
    }
  }

  private func convertedKey(_ key: String) -> String {
    guard matching == .converted else { return key }
    switch decoder.options.keyDecodingStrategy {
    case .useDefaultKeys, .convertFromAnyCase:
      return key
    case .convertFromSnakeCase:
      return SnakeCaseConversion.camelCase(fromSnakeCase: key)
    case .convertFromTitleCase:
      return KeyCase.camelCase(fromTitleCase: key)
    case .convertFromKebabCase:
      return KeyCase.camelCase(fromKebabCase: key)
    case .custom(let convert):
      return convert(codingPath + [AnyCodingKey(stringValue: key)]).stringValue
    }
  }

  // MARK: Key maps

  /// The first candidate that is present and not `null`; else the first present `null`; else
  /// `nil`.
  func resolve(_ candidates: [FlexKeyPath]) -> Int? {
    var firstNull: Int?
    for candidate in candidates {
      guard let valueIndex = resolve(candidate) else { continue }
      if tape[valueIndex].kind != .null { return valueIndex }
      if firstNull == nil { firstNull = valueIndex }
    }
    return firstNull
  }

  /// Follows a key path from this object, else looks its whole text up as one key (see
  /// ``FlexKeyPath``). Keys compare exactly (no key strategy); a component of digits indexes an
  /// array.
  func resolve(_ path: FlexKeyPath) -> Int? {
    var current = objectIndex
    for component in path.components {
      guard let next = step(from: current, component) else {
        guard let literal = path.literal, let found = step(from: objectIndex, literal) else { return nil }
        if usedValueIndices != nil { usedValueIndices!.insert(found) }
        return found
      }
      // The member a key path goes through is used, for unknown-key reports.
      if current == objectIndex, usedValueIndices != nil { usedValueIndices!.insert(next) }
      current = next
    }
    return current
  }

  private func step(from valueIndex: Int, _ component: FlexKeyPath.Component) -> Int? {
    let entry = tape[valueIndex]
    switch entry.kind {
    case .object:
      return component.utf8.withUnsafeBytes { utf8 in
        var keyIndex = valueIndex &+ 1
        for _ in 0..<Int(entry.length) {
          if tape.key(at: keyIndex, equals: utf8) { return keyIndex &+ 1 }
          keyIndex = tape.next(after: keyIndex &+ 1)
        }
        return nil
      }
    case .array:
      guard let index = component.index, index < Int(entry.length) else { return nil }
      var elementIndex = valueIndex &+ 1
      for _ in 0..<index { elementIndex = tape.next(after: elementIndex) }
      return elementIndex
    default:
      return nil
    }
  }

  /// Why `key` was not found, for the `keyNotFound` message: which candidates were tried, and
  /// where a key path stopped.
  func missingKeyDescription(_ key: any CodingKey) -> String {
    if let reason = declaredDefaults?.unreadableReason {
      return CodingKeyDescription.keyNotFoundMessage(key) + " (" + reason + ")"
    }
    guard typeMapping != nil || globalMapping != nil, let candidates = candidates(for: key.stringValue) else {
      return CodingKeyDescription.keyNotFoundMessage(key)
    }
    let base = CodingKeyDescription.missingKeyMessage("No value associated with key ", key)
    let tried = candidates.map { candidate -> String in
      guard let reason = pathFailure(candidate) else { return "\"\(candidate.text)\"" }
      return "\"\(candidate.text)\" (\(reason))"
    }
    return base + "; tried " + tried.joined(separator: ", ") + "."
  }

  /// For a key path that stops before its end: where and why.
  private func pathFailure(_ path: FlexKeyPath) -> String? {
    guard !path.isSingleKey else { return nil }
    var current = objectIndex
    var walked: [String] = []
    for component in path.components {
      guard let next = step(from: current, component) else {
        let kind = tape[current].kind
        if walked.isEmpty || kind == .object {
          return "no \"\(component.key)\"" + (walked.isEmpty ? "" : " in \"\(walked.joined(separator: "."))\"")
        }
        if kind == .array { return "\"\(walked.joined(separator: "."))\" has no element \(component.key)" }
        let found: String
        switch kind {
        case .string: found = "a string"
        case .number: found = "a number"
        case .true, .false: found = "a bool"
        default: found = "null"
        }
        return "\"\(walked.joined(separator: "."))\" is \(found), not an object"
      }
      walked.append(component.key)
      current = next
    }
    return nil
  }
}
