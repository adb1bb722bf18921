// Finding a coding key's value in an object, in the order the spec gives:
//   1. the type's FlexKeyMapping, then the decoder's global keyMapping: candidate keys and key
//      paths, tried in order, the first present and non-null winning;
//   2. otherwise the key as written, through the key decoding strategy.
//
// Without a strategy, keys are compared as UTF-8 bytes with the raw key bytes on the tape: no
// String is made for a JSON key. Synthesized `init(from:)` asks for keys in declaration order,
// which usually is document order, so each lookup first tries the member just after the previous
// hit: for a model that matches its payload, every lookup is one comparison. When that member is
// not the one, small objects are scanned from there (wrapping around), and objects of more than
// `indexingThreshold` members get a hash index of their keys (MemberIndex.swift), built once per
// object; so do objects of more than `shuffledIndexingThreshold` once two keys were found away
// from the hint (a payload in another order than the model). A key that is absent costs a scan,
// then nothing: the members' key signatures (`signature(of:)`), gathered after it, answer the
// next absent keys. A lookup remembers, from one object of its key type to the next, whether the
// object's first miss was an absent key; if so, the next object's first miss gathers the
// signatures first, and usually needs no scan at all (models with optional properties that most
// payloads leave out, like update-center.json's plugins).
//
// Duplicate keys: the first occurrence wins, as in JSONDecoder, however often a key is looked up.
// The index holds first occurrences only. A search that starts at the hint could meet a later
// duplicate first; so when a hit lies
// after the hint, the members before it are checked for the same key. Most of the time there is
// nothing to check: a bit mask records the members that lookups have found ("claimed"), and a
// 64-bit signature set the keys they were found for. An earlier member can have the key only if
// it is unclaimed, or if the key's signature is in the set (the key may have been looked up
// before). For a model that matches its payload, all earlier members are claimed and the
// signature usually is new, so the hit stands without comparing keys. In objects of more than
// `shuffledIndexingThreshold` members, where an earlier scan costs most and signatures collide
// most, the hash of each claiming key is kept by ordinal (`claimHashes`): a shared signature
// then leads to a scan only if an earlier member was claimed by a key with the same hash.

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
    if let convertedMembers {
      for member in convertedMembers where member.key == name { return member.valueIndex }
      return nil
    }
    if let convertedKeys { return convertedKeys[name] }
    // The key's bytes without copying the string (a `var` copy for `withUTF8` retained and
    // released it on every lookup); a string without contiguous UTF-8 (bridged) is copied.
    if let found = name.utf8.withContiguousStorageIfAvailable({ valueIndex(forKey: UnsafeRawBufferPointer($0)) }) {
      return found
    }
    var name = name
    return name.withUTF8 { valueIndex(forKey: UnsafeRawBufferPointer($0)) }
  }

  /// The value for a key's UTF-8 bytes, by the container's exact or loose matching rule.
  @inline(__always)
  private func valueIndex(forKey utf8: UnsafeRawBufferPointer) -> Int? {
    valueIndex(forKey: utf8, hash: Self.keyHash(of: utf8))
  }

  /// The value for a key's UTF-8 bytes, whose ``keyHash(of:)`` is `hash`, by the container's
  /// exact or loose matching rule.
  @inline(__always)
  func valueIndex(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    #if FLEX_INTERNAL_CHECKS
      let found = lookUpValue(forKey: utf8, hash: hash)
      checkLookup(forKey: utf8, hash: hash, found: found)
      return found
    #else
      return lookUpValue(forKey: utf8, hash: hash)
    #endif
  }

  /// ``valueIndex(forKey:hash:)``, unchecked.
  @inline(__always)
  private func lookUpValue(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    if let exact = findValue(forKey: utf8, hash: hash) { return exact }
    return matching == .loose ? findLooseValue(forKey: utf8) : nil
  }

  // MARK: Byte search with a hint

  @inline(__always)
  func findValue(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    if lookupMemory.phase != .inactive { return findValueRemembering(forKey: utf8, hash: hash) }
    return findValueByHint(forKey: utf8, hash: hash)
  }

  /// ``findValue(forKey:hash:)`` from the member after the previous hit.
  @inline(__always)
  func findValueByHint(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    if memberCount > Self.hintedMemberLimit { return indexedValue(forKey: utf8, hash: hash) }
    guard memberCount > 0 else { return nil }
    // The member after the previous hit: the answer whenever model and payload agree on order.
    if tape.key(at: hintKeyIndex, equals: utf8) {
      if hintOrdinal > 0, mayHaveEarlierMatch(hash), let earlier = earlierMatch(for: utf8) {
        return earlier
      }
      let keyIndex = hintKeyIndex
      claim(ordinal: hintOrdinal, keyIndex: keyIndex, hash: hash)
      return keyIndex &+ 1
    }
    if memberCount > Self.indexingThreshold { return indexedValue(forKey: utf8, hash: hash) }
    guard hasMissed else {
      // The object's first miss. Its type's last object tells what to expect: if that miss was
      // an absent key, the members' signatures (one pass) likely prove this one absent too, and
      // no scan is needed.
      hasMissed = true
      if firstMissIsAbsent { memberSignatures = computeMemberSignatures() }
      let found = valueAfterMiss(forKey: utf8, hash: hash)
      firstMissIsAbsent = found == nil
      return found
    }
    return valueAfterMiss(forKey: utf8, hash: hash)
  }

  /// ``findValue(forKey:hash:)`` in a small object, once the hint missed.
  @inline(__always)
  private func valueAfterMiss(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    // Models with many optional properties ask for many absent keys, each a full scan. After the
    // first miss, the signatures of all member keys answer most misses at once.
    if let memberSignatures, memberSignatures & Self.signature(of: hash) == 0 { return nil }
    if outOfOrderHits >= 2 && memberCount > Self.shuffledIndexingThreshold {
      return indexedValue(forKey: utf8, hash: hash)
    }
    if let found = scanForValue(forKey: utf8, hash: hash) {
      outOfOrderHits &+= 1
      return found
    }
    if memberSignatures == nil { memberSignatures = computeMemberSignatures() }
    return nil
  }

  /// The value for `utf8` through the object's ``MemberIndex``, built on first use. The index
  /// holds first occurrences only, so no earlier duplicate needs checking.
  private func indexedValue(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    if !hasMemberIndex {
      if memberIndex == nil {
        memberIndex = MemberIndex(tape: tape, objectIndex: objectIndex, memberCount: memberCount)
      } else {
        memberIndex!.rebuild(tape: tape, objectIndex: objectIndex, memberCount: memberCount)
      }
      hasMemberIndex = true
    }
    // (Through `!`, in place: `unsafelyUnwrapped` copied the index, a retain and a release of its
    // table on every lookup.)
    guard let member = memberIndex!.member(forKey: utf8, tape: tape) else { return nil }
    if memberCount <= Self.hintedMemberLimit {
      claim(ordinal: member.ordinal, keyIndex: member.keyIndex, hash: hash)
    }
    return member.keyIndex &+ 1
  }

  /// The signatures of every member's key; all of them if a key has escapes (its raw bytes are
  /// not the key).
  private func computeMemberSignatures() -> UInt64 {
    var signatures: UInt64 = 0
    var keyIndex = objectIndex &+ 1
    for _ in 0..<memberCount {
      if tape[keyIndex].flags & StringFlags.hasEscapes != 0 { return .max }
      signatures |= Self.signature(of: Self.keyHash(of: tape.rawBytes(at: keyIndex)))
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return signatures
  }

  /// A scan of all members from the hint on, wrapping around (the hint itself is checked again:
  /// this runs after it missed only in small objects).
  private func scanForValue(forKey utf8: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
    var ordinal = hintOrdinal
    var keyIndex = hintKeyIndex
    var wrapped = false
    for _ in 0..<memberCount {
      if tape.key(at: keyIndex, equals: utf8) {
        if !wrapped && hintOrdinal > 0, mayHaveEarlierMatch(hash), let earlier = earlierMatch(for: utf8) {
          return earlier
        }
        claim(ordinal: ordinal, keyIndex: keyIndex, hash: hash)
        return keyIndex &+ 1
      }
      ordinal &+= 1
      keyIndex = tape.next(after: keyIndex &+ 1)
      if ordinal == memberCount {
        ordinal = 0
        keyIndex = objectIndex &+ 1
        wrapped = true
      }
    }
    return nil
  }

  /// Whether a member before the hint may have the key of `hash`: an unclaimed one, or a claimed
  /// one if a key with this signature found a member before, and (when the object keeps
  /// `claimHashes`) one with this hash.
  @inline(__always)
  private func mayHaveEarlierMatch(_ hash: UInt64) -> Bool {
    let earlierMembers = (1 &<< UInt64(hintOrdinal)) &- 1
    if claimedMask & earlierMembers != earlierMembers { return true }
    guard foundKeySignatures & Self.signature(of: hash) != 0,
      foundKeySecondSignatures & Self.secondSignature(of: hash) != 0
    else { return false }
    // Each earlier member was claimed by a key equal to its own: only one claimed by a key with
    // the same hash can have this key. (In a 20-member object, about one key in four shares a
    // signature with an earlier one; a 64-bit hash almost never does.)
    guard let claimHashes else { return true }
    for ordinal in 0..<hintOrdinal where claimHashes[ordinal] == hash { return true }
    return false
  }

  /// The first member before the hint with the same key: the first occurrence of a duplicated
  /// key.
  private func earlierMatch(for utf8: UnsafeRawBufferPointer) -> Int? {
    firstMatch(for: utf8, before: hintOrdinal)
  }

  /// The value index of the first of the first `ordinal` members whose key is `utf8`, if any.
  func firstMatch(for utf8: UnsafeRawBufferPointer, before ordinal: Int) -> Int? {
    var keyIndex = objectIndex &+ 1
    for _ in 0..<ordinal {
      if tape.key(at: keyIndex, equals: utf8) {
        return keyIndex &+ 1
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return nil
  }

  /// A 64-bit hash of a key, from its length and a few of its bytes: equal keys have equal
  /// hashes.
  @inline(__always)
  static func keyHash(of utf8: UnsafeRawBufferPointer) -> UInt64 {
    let count = utf8.count
    var mix = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9
    if count > 0 {
      // Read as bytes through the buffer (`load(fromByteOffset:as:)` stayed a call here).
      mix ^=
        UInt64(utf8[0]) &* 0x85EB_CA6B
        ^ UInt64(utf8[count &- 1]) &* 0xC2B2_AE35
        ^ UInt64(utf8[count / 2]) &* 0x27D4_EB2F
    }
    return mix ^ mix &>> 29
  }

  /// A key's signature: one of 64 bits, from its ``keyHash(of:)``.
  @inline(__always)
  static func signature(of hash: UInt64) -> UInt64 {
    1 &<< (hash & 63)
  }

  /// A second signature, from other bits of the hash: in an 18-member object, about one key in
  /// four shares its first signature with an earlier one, one in fifty both.
  @inline(__always)
  static func secondSignature(of hash: UInt64) -> UInt64 {
    1 &<< (hash &>> 6 & 63)
  }

  @inline(__always)
  private func claim(ordinal: Int, keyIndex: Int, hash: UInt64) {
    lastClaimedOrdinal = ordinal
    claimedMask |= 1 &<< UInt64(ordinal)
    foundKeySignatures |= Self.signature(of: hash)
    foundKeySecondSignatures |= Self.secondSignature(of: hash)
    claimHashes?[ordinal] = hash
    let next = ordinal &+ 1
    if next == memberCount {
      hintOrdinal = 0
      hintKeyIndex = objectIndex &+ 1
    } else {
      hintOrdinal = next
      hintKeyIndex = tape.next(after: keyIndex &+ 1)
    }
  }

  /// `.convertFromAnyCase`: the first member, in document order, whose key equals `utf8` once
  /// both are lowercased and stripped of `_` and `-`.
  private func findLooseValue(forKey utf8: UnsafeRawBufferPointer) -> Int? {
    var keyIndex = objectIndex &+ 1
    for _ in 0..<memberCount {
      let matches: Bool
      if tape[keyIndex].flags & StringFlags.hasEscapes == 0 {
        matches = KeyCase.looselyEqual(tape.rawBytes(at: keyIndex), utf8)
      } else {
        matches = KeyCase.looselyEqual(tape.string(at: keyIndex), String(decoding: utf8, as: UTF8.self))
      }
      if matches { return keyIndex &+ 1 }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return nil
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

  func makeConvertedKeys() -> [String: Int] {
    var map: [String: Int] = [:]
    map.reserveCapacity(memberCount)
    for (key, valueIndex) in memberKeys where map[key] == nil {
      map[key] = valueIndex
    }
    return map
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
