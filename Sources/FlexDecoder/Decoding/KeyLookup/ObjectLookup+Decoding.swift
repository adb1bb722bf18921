// Decoding through a lookup: what the keyed containers (KeyedContainer.swift) answer, each
// method generic over the container's key type. How a key is found is in
// ObjectLookup+Lookup.swift; these methods turn found values into Swift values.

@_spi(Engine) import FlexCore

extension ObjectLookup {
  /// The tape index of the value for `key`, or `nil` if there is none.
  @inline(__always)
  func valueIndex<Key: CodingKey>(forCodingKey key: Key) -> Int? {
    // A synthesized coding key is looked up by its byte (see KeyTagTable.swift), without
    // `stringValue`.
    guard KeyTagTable.covers(Key.self) else { return valueIndex(forName: key.stringValue) }
    let tag = KeyTagTable.tag(of: key)
    switch valueIndex(forTag: tag, of: ObjectIdentifier(Key.self)) {
    case .found(let valueIndex):
      #if FLEX_INTERNAL_CHECKS
        checkTaggedKey(key, tag: tag)
      #endif
      return valueIndex
    case .absent:
      #if FLEX_INTERNAL_CHECKS
        checkTaggedKey(key, tag: tag)
      #endif
      return nil
    case .needsName:
      let name = key.stringValue
      learnKey(name, tag: tag, of: ObjectIdentifier(Key.self))
      return valueIndex(forName: name)
    }
  }

  // MARK: Keys

  /// The keys this container can decode, consistent with ``contains(_:)``: mapped properties
  /// whose candidates resolve, then the JSON keys (converted by the key strategy) that are
  /// coding keys of `Key`, in document order, each once.
  ///
  /// With `.convertFromAnyCase` a loose match cannot be turned back into a coding key in
  /// general; keys of a `CaseIterable` key type are all tested, others are found through the
  /// snake, kebab and title case conversions of the JSON key.
  func allKeys<Key: CodingKey>(_ keyType: Key.Type) -> [Key] {
    if typeMapping == nil, globalMapping == nil, matching == .exact, hasFewPlainKeys {
      return keysAsWritten(keyType)
    }
    var seen = Set<String>()
    var keys: [Key] = []
    func add(_ name: String) {
      if seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
    }
    // Mapped properties whose candidates resolve, in the document order of their values.
    var mapped = Set<String>()
    var resolved: [(name: String, valueIndex: Int)] = []
    for mapping in [typeMapping, globalMapping] {
      guard let mapping else { continue }
      for (name, candidates) in mapping.entries where !mapped.contains(name) {
        mapped.insert(name)
        if let valueIndex = resolve(candidates) { resolved.append((name, valueIndex)) }
      }
    }
    for (name, _) in resolved.sorted(by: { ($0.valueIndex, $0.name) < ($1.valueIndex, $1.name) }) {
      add(name)
    }
    for (name, _) in memberKeys where !mapped.contains(name) {
      add(name)
    }
    if matching == .loose {
      if let caseIterable = Key.self as? any CaseIterable.Type {
        for case let key as Key in allCases(of: caseIterable) where !mapped.contains(key.stringValue) && contains(key) {
          add(key.stringValue)
        }
      } else {
        for (name, _) in memberKeys {
          for converted in [
            SnakeCaseConversion.camelCase(fromSnakeCase: name), KeyCase.camelCase(fromKebabCase: name),
            KeyCase.camelCase(fromTitleCase: name),
          ] where !mapped.contains(converted) {
            add(converted)
          }
        }
      }
    }
    return keys
  }

  /// ``allKeys(_:)`` without maps or key strategy, in an object of a few members none of whose
  /// keys has escapes (``hasFewPlainKeys``; an enum's case object, `{"circle": {…}}`, asked for
  /// its keys by every synthesized enum `init(from:)`): the keys as written, first occurrences
  /// only, found by comparing bytes instead of through two sets of strings (a third of the
  /// decode of such an enum).
  private func keysAsWritten<Key: CodingKey>(_: Key.Type) -> [Key] {
    // An enum's case object: each operation on an array of `Key` looks its type up at run time
    // (this code is not specialized for the key type), so as few as possible.
    if memberCount == 1 {
      guard let key = Key(stringValue: tape.string(at: objectIndex &+ 1)) else { return [] }
      return [key]
    }
    var keys: [Key] = []
    keys.reserveCapacity(memberCount)
    var keyIndex = objectIndex &+ 1
    for ordinal in 0..<memberCount {
      if firstMatch(for: tape.rawBytes(at: keyIndex), before: ordinal) == nil,
        let key = Key(stringValue: tape.string(at: keyIndex))
      {
        keys.append(key)
      }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return keys
  }

  /// Whether the object has at most 8 members and none of their keys has escapes, so that
  /// ``keysAsWritten(_:)`` may compare them pairwise as bytes. (A separate test: in the generic
  /// function, an optional result would cost a runtime metadata lookup per call.)
  private var hasFewPlainKeys: Bool {
    guard memberCount <= 8 else { return false }
    var keyIndex = objectIndex &+ 1
    for _ in 0..<memberCount {
      if tape[keyIndex].flags & StringFlags.hasEscapes != 0 { return false }
      keyIndex = tape.next(after: keyIndex &+ 1)
    }
    return true
  }

  private func allCases<C: CaseIterable>(of type: C.Type) -> [Any] {
    Array(type.allCases)
  }

  func contains<Key: CodingKey>(_ key: Key) -> Bool {
    valueIndex(forCodingKey: key) != nil
  }

  private func requireValue<Key: CodingKey>(forKey key: Key) throws -> Int {
    guard let valueIndex = valueIndex(forCodingKey: key) else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: missingKeyDescription(key)))
    }
    return valueIndex
  }

  /// The value for `key`, or `nil` when the key is absent or its value is `null`.
  @inline(__always)
  private func presentValue<Key: CodingKey>(forKey key: Key) -> Int? {
    guard let valueIndex = valueIndex(forCodingKey: key), tape[valueIndex].kind != .null else { return nil }
    return valueIndex
  }

  // MARK: Decoding
  //
  // Outside the recovery pass every call reads its value directly. During it, every call goes
  // through `decoder.recoveringCall` (see Recovery/RecoveryState.swift).

  func decodeNil<Key: CodingKey>(forKey key: Key) throws -> Bool {
    guard let recovery = decoder.recovery else { return decoder.unwrapNil(at: try requireValue(forKey: key)) }
    let valueIndex = valueIndex(forCodingKey: key)
    return try decoder.recoveringCall(
      recovery, site: site(key, Any?.self), type: Any?.self, path: path(appending: key), valueIndex: valueIndex,
      missingKeyMessage: missingKeyMessage(key), replacement: { _ in true }
    ) {
      decoder.unwrapNil(at: try require(valueIndex, forKey: key))
    }
  }

  /// The call `decode(type, forKey: key)` of this container, as the recovery pass names it.
  @inline(__always)
  private func site<Key: CodingKey>(_ key: Key, _ type: Any.Type, isOptional: Bool = false) -> CallSite {
    CallSite(owner: Key.self, key: key.stringValue, type: type, isOptional: isOptional)
  }

  /// The plain pass's `keyNotFound` for a required `key` asked for as `type`, noted with the
  /// call (a missing key's error does not name the type asked for: `try? decode(Int.self, …)`
  /// then `decode(String.self, …)` of one missing key fail alike).
  @inline(never)
  private func plainPassMissingKey<Key: CodingKey>(_ key: Key, _ type: Any.Type) -> DecodingError {
    let description = missingKeyDescription(key)
    decoder.session.plainFailures.missingKey = (site(key, type), description)
    return DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: description))
  }

  /// `valueIndex`, or `keyNotFound` for `key`.
  @inline(__always)
  private func require<Key: CodingKey>(_ valueIndex: Int?, forKey key: Key) throws -> Int {
    guard let valueIndex else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: missingKeyDescription(key)))
    }
    return valueIndex
  }

  /// A required value: found, then read by `unwrap` (which gets the value's path lazily).
  @inline(__always)
  private func decodeRequired<Key: CodingKey, T>(
    _ type: T.Type, forKey key: Key, _ unwrap: (Int, @autoclosure () -> [any CodingKey]) throws -> T
  ) throws -> T {
    try decodeRequired(type, forKey: key, found: valueIndex(forCodingKey: key), unwrap)
  }

  /// ``decodeRequired(_:forKey:_:)`` once `key` was looked up (`valueIndex`: what it found).
  @inline(__always)
  private func decodeRequired<Key: CodingKey, T>(
    _ type: T.Type, forKey key: Key, found valueIndex: Int?,
    _ unwrap: (Int, @autoclosure () -> [any CodingKey]) throws -> T
  ) throws -> T {
    if declaredDefaults != nil && (valueIndex == nil || tape[valueIndex.unsafelyUnwrapped].kind == .null) {
      return try decodeAbsent(type, forKey: key, at: valueIndex, unwrap)
    }
    return try decodeRequired(type, forKey: key, at: valueIndex, unwrap)
  }

  /// ``decodeRequired(_:forKey:_:)`` once the value is looked up.
  @inline(__always)
  private func decodeRequired<Key: CodingKey, T>(
    _ type: T.Type, forKey key: Key, at valueIndex: Int?,
    _ unwrap: (Int, @autoclosure () -> [any CodingKey]) throws -> T
  ) throws -> T {
    guard let recovery = decoder.recovery else {
      guard let valueIndex else { throw plainPassMissingKey(key, type) }
      do {
        return try unwrap(valueIndex, codingPath + [key])
      } catch {
        throw plainPassFailure(error, forKey: key)
      }
    }
    // Other candidates of a mapped key are tried when the first does not decode.
    let fallThrough = valueIndex == nil ? nil : fallThroughValues(forKey: key)
    let failsPlainly =
      fallThrough == nil && (valueIndex.map { decoder.certainlyFails(ScalarExpectation(type), at: $0) } ?? true)
    return try decoder.recoveringCall(
      recovery, site: site(key, type), type: type, path: path(appending: key), valueIndex: valueIndex,
      missingKeyMessage: missingKeyMessage(key), failsPlainly: failsPlainly,
      replacement: { try declaredDefault(type, forKey: key) ?? decoder.requirePlaceholder(type, path: $0) }
    ) {
      if let fallThrough { return try unwrapFirstDecodable(fallThrough, forKey: key, unwrap) }
      return try unwrap(try require(valueIndex, forKey: key), codingPath + [key])
    }
  }

  /// An optional value: `nil` when absent or `null`, else read by `unwrap`.
  @inline(__always)
  private func decodeOptional<Key: CodingKey, T>(
    _ type: T.Type, forKey key: Key, _ unwrap: (Int, @autoclosure () -> [any CodingKey]) throws -> T
  ) throws -> T? {
    try decodeOptional(type, forKey: key, found: valueIndex(forCodingKey: key), unwrap)
  }

  /// ``decodeOptional(_:forKey:_:)`` once `key` was looked up (`found`: what it found).
  @inline(__always)
  private func decodeOptional<Key: CodingKey, T>(
    _ type: T.Type, forKey key: Key, found: Int?, _ unwrap: (Int, @autoclosure () -> [any CodingKey]) throws -> T
  ) throws -> T? {
    let present = found.flatMap { tape[$0].kind != .null ? $0 : nil }
    guard let recovery = decoder.recovery else {
      guard let valueIndex = present else { return absentOptional(type, forKey: key) }
      do {
        return try unwrap(valueIndex, codingPath + [key])
      } catch {
        throw plainPassFailure(error, forKey: key)
      }
    }
    guard let valueIndex = present else { return absentOptional(type, forKey: key) }
    // Other candidates of a mapped key are tried when the first does not decode.
    let fallThrough = fallThroughValues(forKey: key)
    return try decoder.recoveringCall(
      recovery, site: site(key, type, isOptional: true), type: type, path: path(appending: key), valueIndex: valueIndex,
      action: declaredDefaults == nil ? .makeNil : .substitute,
      failsPlainly: fallThrough == nil && decoder.certainlyFails(ScalarExpectation(type), at: valueIndex),
      replacement: { _ in declaredDefault(type, forKey: key) }
    ) { () -> T? in
      if decoder.coercions.contains(.nullStrings), decoder.isNullString(at: valueIndex, path: codingPath + [key]) {
        return nil
      }
      if let fallThrough { return try unwrapFirstDecodable(fallThrough, forKey: key, unwrap) }
      return try unwrap(valueIndex, codingPath + [key])
    }
  }

  func decode<Key: CodingKey>(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let valueIndex = valueIndex(forCodingKey: key)
    if let valueIndex, let bool = plainBool(at: valueIndex) { return bool }
    return try decodeGenerally(type, forKey: key, found: valueIndex)
  }

  @inline(never)
  private func decodeGenerally<Key: CodingKey>(_ type: Bool.Type, forKey key: Key, found valueIndex: Int?) throws
    -> Bool
  {
    try decodeRequired(type, forKey: key, found: valueIndex) { try decoder.unwrapBool(at: $0, path: $1()) }
  }

  func decode<Key: CodingKey>(_ type: String.Type, forKey key: Key) throws -> String {
    let valueIndex = valueIndex(forCodingKey: key)
    if let valueIndex, let string = plainString(at: valueIndex) { return string }
    return try decodeGenerally(type, forKey: key, found: valueIndex)
  }

  @inline(never)
  private func decodeGenerally<Key: CodingKey>(_ type: String.Type, forKey key: Key, found valueIndex: Int?) throws
    -> String
  {
    try decodeRequired(type, forKey: key, found: valueIndex) { try decoder.unwrapString(at: $0, path: $1()) }
  }

  func decode<Key: CodingKey>(_ type: Double.Type, forKey key: Key) throws -> Double {
    let valueIndex = valueIndex(forCodingKey: key)
    if let valueIndex, let double = plainDouble(at: valueIndex) { return double }
    return try decodeGenerally(type, forKey: key, found: valueIndex)
  }

  @inline(never)
  private func decodeGenerally<Key: CodingKey>(_ type: Double.Type, forKey key: Key, found valueIndex: Int?) throws
    -> Double
  {
    try decodeRequired(type, forKey: key, found: valueIndex) { try decoder.unwrapDouble(at: $0, path: $1()) }
  }

  func decode<Key: CodingKey>(_ type: Float.Type, forKey key: Key) throws -> Float {
    try decodeRequired(type, forKey: key) { try decoder.unwrapFloat(at: $0, path: $1()) }
  }

  func decode<Key: CodingKey>(_ type: Int.Type, forKey key: Key) throws -> Int {
    let valueIndex = valueIndex(forCodingKey: key)
    if let valueIndex, let integer = plainInteger(at: valueIndex) { return integer }
    return try decodeGenerally(type, forKey: key, found: valueIndex)
  }

  @inline(never)
  private func decodeGenerally<Key: CodingKey>(_ type: Int.Type, forKey key: Key, found valueIndex: Int?) throws -> Int
  {
    try decodeRequired(type, forKey: key, found: valueIndex) { try decoder.unwrapInteger(type, at: $0, path: $1()) }
  }

  func decode<Key: CodingKey>(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try decodeInteger(type, forKey: key)
  }
  func decode<Key: CodingKey>(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try decodeInteger(type, forKey: key)
  }
  func decode<Key: CodingKey>(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try decodeInteger(type, forKey: key)
  }
  func decode<Key: CodingKey>(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try decodeInteger(type, forKey: key)
  }
  func decode<Key: CodingKey>(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try decodeInteger(type, forKey: key)
  }
  func decode<Key: CodingKey>(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try decodeInteger(type, forKey: key)
  }
  func decode<Key: CodingKey>(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try decodeInteger(type, forKey: key)
  }
  func decode<Key: CodingKey>(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try decodeInteger(type, forKey: key)
  }
  func decode<Key: CodingKey>(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try decodeInteger(type, forKey: key)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode<Key: CodingKey>(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
    try decodeInteger(type, forKey: key)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode<Key: CodingKey>(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
    try decodeInteger(type, forKey: key)
  }

  @inline(__always)
  private func decodeInteger<Key: CodingKey, T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeRequired(type, forKey: key) { try decoder.unwrapInteger(type, at: $0, path: $1()) }
  }

  func decode<Key: CodingKey, T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeRequired(type, forKey: key) { valueIndex, _ in
      try decoder.decodeChild(type, at: valueIndex, key: key, explicitPath: explicitPath)
    }
  }

  // MARK: decodeIfPresent (one lookup instead of contains + decodeNil + decode)

  func decodeIfPresent<Key: CodingKey>(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    let valueIndex = valueIndex(forCodingKey: key)
    if let valueIndex, let bool = plainBool(at: valueIndex) { return bool }
    return try decodeIfPresentGenerally(type, forKey: key, found: valueIndex)
  }

  @inline(never)
  private func decodeIfPresentGenerally<Key: CodingKey>(_ type: Bool.Type, forKey key: Key, found valueIndex: Int?)
    throws -> Bool?
  {
    try decodeOptional(type, forKey: key, found: valueIndex) { try decoder.unwrapBool(at: $0, path: $1()) }
  }

  func decodeIfPresent<Key: CodingKey>(_ type: String.Type, forKey key: Key) throws -> String? {
    let valueIndex = valueIndex(forCodingKey: key)
    if let valueIndex, let string = plainString(at: valueIndex) { return string }
    return try decodeIfPresentGenerally(type, forKey: key, found: valueIndex)
  }

  @inline(never)
  private func decodeIfPresentGenerally<Key: CodingKey>(_ type: String.Type, forKey key: Key, found valueIndex: Int?)
    throws -> String?
  {
    try decodeOptional(type, forKey: key, found: valueIndex) { try decoder.unwrapString(at: $0, path: $1()) }
  }

  // MARK: The common case first
  //
  // A scalar of the asked type: read directly, without the closures that `decodeRequired` and
  // `decodeOptional` pass on to the recovery pass (not inlined, a closure retains and releases
  // the decoder around each call: 3.5% of github_events.json's instructions; in the recovery
  // pass, where most values are still plain, the general route doubles the cost of each).
  // Anything else (absent, `null`, another kind, a number out of range, a retry with coercions)
  // returns `nil` and takes the general route. That route is a call of its own
  // (`decodeGenerally`, `decodeIfPresentGenerally`): inlined behind the readers, it would make
  // the `decode` methods so large that they would not be inlined and specialized themselves,
  // and every value the recovery pass repairs would look up runtime metadata (+6% instructions
  // on a messy instruments.json). One such method per type rather than one
  // generic over the value's type: in a container generic over `Key`, an out-of-line generic
  // method is not specialized for `T` alone.

  /// `read`'s answer, when it has one: outside the recovery pass, and in it too unless a failed
  /// call is being retried with coercions (which may change even a plain answer: `.nullStrings`).
  /// There it is what the general route would answer, and is noted as a call that succeeded.
  @inline(__always)
  private func plainly<T>(_ read: (TapeDecoder) -> T?) -> T? {
    guard let recovery = decoder.recovery else { return read(decoder) }
    guard !decoder.session.coercionsActive, let value = read(decoder) else { return nil }
    recovery.noteCallSucceeded()
    return value
  }

  @inline(__always)
  private func plainString(at valueIndex: Int) -> String? {
    plainly { $0.plainString(at: valueIndex) }
  }

  @inline(__always)
  private func plainBool(at valueIndex: Int) -> Bool? {
    plainly { $0.plainBool(at: valueIndex) }
  }

  @inline(__always)
  private func plainInteger(at valueIndex: Int) -> Int? {
    plainly { $0.plainInt(at: valueIndex) }
  }

  @inline(__always)
  private func plainDouble(at valueIndex: Int) -> Double? {
    plainly { $0.plainDouble(at: valueIndex) }
  }

  func decodeIfPresent<Key: CodingKey>(_ type: Double.Type, forKey key: Key) throws -> Double? {
    let valueIndex = valueIndex(forCodingKey: key)
    if let valueIndex, let double = plainDouble(at: valueIndex) { return double }
    return try decodeIfPresentGenerally(type, forKey: key, found: valueIndex)
  }

  @inline(never)
  private func decodeIfPresentGenerally<Key: CodingKey>(_ type: Double.Type, forKey key: Key, found valueIndex: Int?)
    throws -> Double?
  {
    try decodeOptional(type, forKey: key, found: valueIndex) { try decoder.unwrapDouble(at: $0, path: $1()) }
  }

  func decodeIfPresent<Key: CodingKey>(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try decodeOptional(type, forKey: key) { try decoder.unwrapFloat(at: $0, path: $1()) }
  }

  func decodeIfPresent<Key: CodingKey>(_ type: Int.Type, forKey key: Key) throws -> Int? {
    let valueIndex = valueIndex(forCodingKey: key)
    if let valueIndex, let integer = plainInteger(at: valueIndex) { return integer }
    return try decodeIfPresentGenerally(type, forKey: key, found: valueIndex)
  }

  @inline(never)
  private func decodeIfPresentGenerally<Key: CodingKey>(_ type: Int.Type, forKey key: Key, found valueIndex: Int?)
    throws -> Int?
  {
    try decodeOptional(type, forKey: key, found: valueIndex) { try decoder.unwrapInteger(type, at: $0, path: $1()) }
  }
  func decodeIfPresent<Key: CodingKey>(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent<Key: CodingKey>(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent<Key: CodingKey>(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent<Key: CodingKey>(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent<Key: CodingKey>(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent<Key: CodingKey>(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent<Key: CodingKey>(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent<Key: CodingKey>(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try decodeIntegerIfPresent(type, forKey: key)
  }
  func decodeIfPresent<Key: CodingKey>(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try decodeIntegerIfPresent(type, forKey: key)
  }

  @inline(__always)
  private func decodeIntegerIfPresent<Key: CodingKey, T: FixedWidthInteger>(_ type: T.Type, forKey key: Key) throws
    -> T?
  {
    try decodeOptional(type, forKey: key) { try decoder.unwrapInteger(type, at: $0, path: $1()) }
  }

  func decodeIfPresent<Key: CodingKey, T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    // Outside the recovery pass, straight to the value: the route through `decodeOptional`
    // would form `Optional<T>` as a generic argument, a metadata lookup per call in
    // unspecialized code.
    if decoder.recovery == nil {
      guard let valueIndex = presentValue(forKey: key) else { return absentOptional(type, forKey: key) }
      do {
        return try decoder.decodeChild(type, at: valueIndex, key: key, explicitPath: explicitPath)
      } catch {
        throw plainPassFailure(error, forKey: key)
      }
    }
    return try decodeOptional(type, forKey: key) { valueIndex, _ in
      try decoder.decodeChild(type, at: valueIndex, key: key, explicitPath: explicitPath)
    }
  }

  // MARK: Declared defaults

  /// The declared initial value of `key` (``FlexDeclaredDefaults``), if the type has one of type
  /// `T` for it.
  private func declaredDefault<Key: CodingKey, T>(_ type: T.Type, forKey key: Key) -> T? {
    declaredDefaults?.value(type, forKey: key.stringValue)
  }

  /// A required value that is absent or `null` in a type with declared defaults: the declared
  /// value if there is one, else as any absent value. (Out of line, and returning `T`, not
  /// `T?`: unspecialized code would look up `Optional<T>` on every call.)
  @inline(never)
  private func decodeAbsent<Key: CodingKey, T>(
    _ type: T.Type, forKey key: Key, at valueIndex: Int?,
    _ unwrap: (Int, @autoclosure () -> [any CodingKey]) throws -> T
  ) throws -> T {
    if let value = declaredDefault(type, forKey: key) { return value }
    return try decodeRequired(type, forKey: key, at: valueIndex, unwrap)
  }

  /// What `decodeIfPresent` returns for an absent or `null` value: `nil`, or for an absent key of
  /// a type with declared defaults, the declared initial value.
  @inline(__always)
  private func absentOptional<Key: CodingKey, T>(_ type: T.Type, forKey key: Key) -> T? {
    guard declaredDefaults != nil, valueIndex(forCodingKey: key) == nil else { return nil }
    return declaredDefault(type, forKey: key)
  }

  /// The message of a recovered `keyNotFound`: `key not found (tried "sku", "SKU")`.
  private func missingKeyMessage<Key: CodingKey>(_ key: Key) -> String {
    if let reason = declaredDefaults?.unreadableReason { return "key not found (" + reason + ")" }
    guard typeMapping != nil || globalMapping != nil, let candidates = candidates(for: key.stringValue) else {
      return "key not found"
    }
    return "key not found (tried " + candidates.map { "\"\($0.text)\"" }.joined(separator: ", ") + ")"
  }

  // MARK: Nested containers and super decoders

  func nestedContainer<Key: CodingKey, NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let valueIndex = valueIndex(forCodingKey: key)
    if decoder.recovery == nil, let valueIndex, decoder.session.reusesContainers, tape[valueIndex].kind == .object {
      // Nested objects of one key type, such as an enum case's associated values, reuse one
      // container as the objects of a model do (ContainerSlot.swift).
      return decoder.reusableContainer(keyedBy: type, at: valueIndex, explicitPath: path(appending: key), rules: .none)
    }
    let make = { [self] in
      guard let valueIndex else {
        throw DecodingError.keyNotFound(
          key,
          DecodingError.Context(
            codingPath: codingPath,
            debugDescription:
              CodingKeyDescription.missingKeyMessage(
                "Cannot get \(KeyedDecodingContainer<NestedKey>.self) -- no value found for key ", key)
          ))
      }
      return KeyedDecodingContainer(
        try decoder.makeKeyedContainer(
          keyedBy: type, at: valueIndex, explicitPath: path(appending: key), rules: .none))
    }
    guard let recovery = decoder.recovery else { return try make() }
    // A missing or unusable nested object reads as an empty one: nothing below it is reported.
    return try decoder.recoveringCall(
      recovery, site: site(key, [String: Any].self), type: [String: Any].self, path: path(appending: key),
      valueIndex: valueIndex, missingKeyMessage: missingKeyMessage(key),
      replacement: { path in
        KeyedDecodingContainer(PlaceholderKeyedContainer<NestedKey>(codingPath: path, userInfo: decoder.userInfo))
      }, make)
  }

  func nestedUnkeyedContainer<Key: CodingKey>(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let valueIndex = valueIndex(forCodingKey: key)
    let make = { [self] () throws -> any UnkeyedDecodingContainer in
      guard let valueIndex else {
        throw DecodingError.keyNotFound(
          key,
          DecodingError.Context(
            codingPath: codingPath,
            debugDescription:
              CodingKeyDescription.missingKeyMessage(
                "Cannot get UnkeyedDecodingContainer -- no value found for key ", key)
          ))
      }
      return try decoder.makeUnkeyedContainer(at: valueIndex, explicitPath: path(appending: key), owner: Key.self)
    }
    guard let recovery = decoder.recovery else { return try make() }
    // A missing or unusable nested array reads as an empty one.
    return try decoder.recoveringCall(
      recovery, site: site(key, [Any].self), type: [Any].self, path: path(appending: key), valueIndex: valueIndex,
      missingKeyMessage: missingKeyMessage(key),
      replacement: { path in PlaceholderUnkeyedContainer(codingPath: path) }, make)
  }

  func superDecoder() throws -> any Decoder {
    superDecoder(at: valueIndex(forString: AnyCodingKey.super.stringValue), key: AnyCodingKey.super)
  }

  func superDecoder<Key: CodingKey>(forKey key: Key) throws -> any Decoder {
    superDecoder(at: valueIndex(forCodingKey: key), key: key)
  }

  /// A decoder for the value at `valueIndex`, or for `null` when the key is absent (as in
  /// `JSONDecoder`, so that `init(from:)` of an optional-only type still succeeds).
  private func superDecoder(at valueIndex: Int?, key: any CodingKey) -> any Decoder {
    let superPath = path(appending: key)
    guard let valueIndex else {
      let nullDecoder = TapeDecoder(tape: JSONTape.null, session: decoder.session, index: 0, codingPath: superPath)
      nullDecoder.inheritedRules = rules
      // For a ``FlexFlattened`` property, whose keys are this object's own.
      nullDecoder.enclosingObject = (decoder, objectIndex, codingPath)
      return nullDecoder
    }
    let superDecoder = decoder.makeSuperDecoder(at: valueIndex, codingPath: superPath)
    // A superclass's keys are read with the same map: a class's `keyMapping` serves its whole
    // hierarchy.
    superDecoder.inheritedRules = rules
    return superDecoder
  }
}
