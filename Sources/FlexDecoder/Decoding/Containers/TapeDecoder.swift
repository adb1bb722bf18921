@_spi(Engine) import FlexCore
import Foundation

// The engine behind FlexJSONDecoder: one object that conforms to `Decoder` and walks the tape.
//
// There is a single TapeDecoder per top-level `decode` call. Decoding a nested value moves its
// cursor (`index`) to the value, runs the type's `init(from:)`, and moves it back, so no decoder
// object is allocated per value. The coding path is a stack of keys, pushed and popped around
// each nested value; it is turned into `[CodingKey]` only when someone asks (an error, or a
// custom `init(from:)` reading `codingPath`).

/// The `Decoder` that reads values from a ``JSONTape``.
final class TapeDecoder: Decoder {
  let tape: JSONTape
  let session: DecodeSession
  let options: DecodingOptions
  /// The tape index of the value being decoded.
  @exclusivity(unchecked) var index: Int
  /// The coding path of the value at `index`.
  @exclusivity(unchecked) var pathStack: [any CodingKey]
  /// Set while a `[String: …]` dictionary is being decoded under a key strategy or a global key
  /// map: its keyed container matches keys as written, as in `JSONDecoder`. Its keys are data,
  /// not property names.
  @exclusivity(unchecked) var exemptsNextContainerFromKeyStrategy = false
  /// The type whose `init(from:)` is running at `index`: every keyed container it asks for
  /// reads the type's ``FlexKeyMapping`` (an initializer may ask more than once, and a subclass
  /// may hand the same decoder to `super.init(from:)`).
  @exclusivity(unchecked) var pendingType: (any Decodable.Type)?
  /// For a superclass decoder: the rules of the class being decoded.
  @exclusivity(unchecked) var inheritedRules = TypeRules.none
  /// For the decoder `superDecoder(forKey:)` makes for an absent key: the object whose container
  /// made it (its decoder, tape index and coding path), where a ``FlexFlattened`` value's keys are.
  @exclusivity(unchecked) var enclosingObject: (decoder: TapeDecoder, index: Int, codingPath: [any CodingKey])?

  init(tape: JSONTape, session: DecodeSession, index: Int = 0, codingPath: [any CodingKey] = []) {
    self.tape = tape
    self.session = session
    self.options = session.options
    self.index = index
    // No room reserved ahead: most small documents never push a key, and reserving cost an
    // allocation per call (6% of decoding `{"id":1,"name":"x"}`).
    self.pathStack = codingPath
  }

  var codingPath: [any CodingKey] { pathStack }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  /// The recovery pass's state, when it is under way.
  var recovery: RecoveryState? { session.recovery }

  /// The coercions in force: none until the recovery pass retries a failed call (see
  /// Recovery/RecoveryState.swift), so that a coercion never changes what a call that
  /// JSONDecoder answers returns, even one whose error user code would have caught.
  var coercions: FlexCoercions {
    session.coercionsActive ? options.coercions : []
  }

  /// Notes for the report.
  var notes: [(offset: Int, issue: FlexIssue)] {
    get { session.notes }
    set { session.notes = newValue }
  }

  // MARK: Containers

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let rules = try typeRules(for: type)
    if session.reusesContainers && tape[index].kind == .object {
      return reusableContainer(keyedBy: type, at: index, explicitPath: nil, rules: rules)
    }
    return try KeyedDecodingContainer(
      makeKeyedContainer(keyedBy: type, at: index, explicitPath: nil, rules: rules))
  }

  /// A keyed container for the object at `valueIndex`: the key type's slot's container if no one
  /// holds it any more, else a new one (see ContainerSlot.swift). `explicitPath` as in
  /// ``makeKeyedContainer(keyedBy:at:explicitPath:rules:)``.
  func reusableContainer<Key: CodingKey>(
    keyedBy type: Key.Type, at valueIndex: Int, explicitPath: [any CodingKey]?, rules: TypeRules
  ) -> KeyedDecodingContainer<Key> {
    let exemptsKeys = exemptsNextContainerFromKeyStrategy
    exemptsNextContainerFromKeyStrategy = false
    let identifier = ObjectIdentifier(type)
    if let existing = session.containerSlot(for: identifier) {
      if existing.isFree {
        if existing.state.isParked { session.noteInUse(existing) }
        existing.state.point(
          at: valueIndex, of: self, explicitPath: explicitPath, exemptsKeys: exemptsKeys, rules: rules)
        return existing.handOut(as: KeyedDecodingContainer<Key>.self)
      }
    }
    let lookup = ObjectLookup(
      decoder: self, objectIndex: valueIndex, explicitPath: explicitPath, exemptsKeys: exemptsKeys, rules: rules)
    guard session.containerSlot(for: identifier) == nil else {
      // The slot's container is still held (a recursive type, or a container kept by its
      // user): this one is not reused.
      return KeyedDecodingContainer(OwningKeyedContainer<Key>(lookup: lookup))
    }
    let slot = ContainerSlot(
      state: lookup, container: KeyedDecodingContainer(SlotKeyedContainer<Key>(slotLookup: lookup)))
    session.addContainerSlot(slot, for: identifier)
    return slot.handOut(as: KeyedDecodingContainer<Key>.self)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try makeUnkeyedContainer(at: index, explicitPath: nil, owner: pendingType ?? Never.self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    self
  }

  /// The rules for the container the running `init(from:)` asks for: its type's (looked up
  /// once per type and decode), or, at the top of a superclass decoder, the ones it inherited.
  @inline(__always)
  private func typeRules<Key: CodingKey>(for keyType: Key.Type) throws -> TypeRules {
    guard let type = pendingType else { return inheritedRules }
    let traits = session.traits(of: type)
    if let superclassPrefix = traits.modelling?.superclassPrefix {
      noteContainer(of: type, keyedBy: keyType, superclassPrefix: superclassPrefix)
    }
    guard let mapping = traits.keyMapping else {
      return TypeRules(declaredDefaults: traits.modelling?.declaredDefaults)
    }
    if traits.checksKeyMapping, session.checkedMappings.insert([ObjectIdentifier(type)]).inserted {
      try check(mapping, of: type, against: keyType)
    }
    return TypeRules(keyMapping: mapping, declaredDefaults: traits.modelling?.declaredDefaults)
  }

  /// Throws if `mapping` names a property that is not a coding key of `Key`: a programmer error.
  @inline(never)
  private func check<Key: CodingKey>(_ mapping: FlexKeyMap, of type: Any.Type, against keyType: Key.Type) throws {
    for name in mapping.entries.keys.sorted() where Key(stringValue: name) == nil {
      let error = DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: pathStack,
          debugDescription:
            "The FlexKeyMapping of \(representedType(of: type)) maps \"\(name)\", which is not one of its coding keys.")
      )
      // A programmer error: no error policy recovers from it.
      if session.recovery != nil { throw RecoveryStop(error: error) }
      throw error
    }
  }

  /// A keyed container for the object at `valueIndex`, which owns its lookup. `explicitPath` is
  /// the container's own path when it may outlive the current position of the path stack
  /// (nested containers).
  func makeKeyedContainer<Key: CodingKey>(
    keyedBy type: Key.Type, at valueIndex: Int, explicitPath: [any CodingKey]?, rules: TypeRules
  ) throws -> OwningKeyedContainer<Key> {
    OwningKeyedContainer(lookup: try makeObjectLookup(at: valueIndex, explicitPath: explicitPath, rules: rules))
  }

  /// A lookup in the object at `valueIndex` (see ``makeKeyedContainer(keyedBy:at:explicitPath:rules:)``).
  func makeObjectLookup(at valueIndex: Int, explicitPath: [any CodingKey]?, rules: TypeRules) throws -> ObjectLookup {
    let exemptsKeys = exemptsNextContainerFromKeyStrategy
    exemptsNextContainerFromKeyStrategy = false
    let entry = tape[valueIndex]
    guard entry.kind == .object else {
      let path = explicitPath ?? pathStack
      if let embedded = embeddedDocument(at: valueIndex, kind: .object, path: path) {
        // A `[String: …]` dictionary held in a string keeps its keys as written, too.
        embedded.exemptsNextContainerFromKeyStrategy = exemptsKeys
        return try embedded.makeObjectLookup(at: 0, explicitPath: nil, rules: rules)
      }
      if entry.kind == .null {
        throw DecodingError.valueNotFound(
          [String: Any].self,
          DecodingError.Context(
            codingPath: path, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
      }
      throw typeMismatch([String: Any].self, at: valueIndex, path: path)
    }
    return ObjectLookup(
      decoder: self, objectIndex: valueIndex, explicitPath: explicitPath, exemptsKeys: exemptsKeys,
      rules: rules)
  }

  /// An unkeyed container for the array at `valueIndex`; `owner` names the code that asked for
  /// it (see ``CallSite``).
  func makeUnkeyedContainer(at valueIndex: Int, explicitPath: [any CodingKey]?, owner: Any.Type) throws
    -> UnkeyedContainer
  {
    let entry = tape[valueIndex]
    guard entry.kind == .array else {
      let path = explicitPath ?? pathStack
      if let embedded = embeddedDocument(at: valueIndex, kind: .array, path: path) {
        return try embedded.makeUnkeyedContainer(at: 0, explicitPath: nil, owner: owner)
      }
      if entry.kind == .null {
        throw DecodingError.valueNotFound(
          [Any].self,
          DecodingError.Context(
            codingPath: path, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
      }
      if coercions.contains(.singleToArray) {
        session.coercionsApplied &+= 1
        if options.reportsCoercions {
          recordNote(
            .coerced, path: path, message: "coerced \(describe(valueIndex)) to an array of one", valueIndex: valueIndex)
        }
        return UnkeyedContainer(
          decoder: self, firstElement: valueIndex, count: 1, explicitPath: explicitPath, owner: owner)
      }
      throw typeMismatch([Any].self, at: valueIndex, path: path)
    }
    return UnkeyedContainer(decoder: self, arrayIndex: valueIndex, explicitPath: explicitPath, owner: owner)
  }

  /// `.jsonStringToValue`: when the value at `valueIndex` is a string holding a JSON document
  /// of the wanted kind, a decoder over that document (scanned with this decoder's options);
  /// else `nil`.
  private func embeddedDocument(at valueIndex: Int, kind: JSONTokenKind, path: [any CodingKey]) -> TapeDecoder? {
    guard coercions.contains(.jsonStringToValue), tape[valueIndex].kind == .string else { return nil }
    let text = tape.string(at: valueIndex)
    guard let embedded = try? JSONTape.scan(copying: text.utf8, options: options.parsing), embedded[0].kind == kind
    else { return nil }
    session.coercionsApplied &+= 1
    if options.reportsCoercions {
      recordNote(
        .coerced, path: path, message: "coerced a string holding JSON to \(kind == .object ? "an object" : "an array")",
        valueIndex: valueIndex)
    }
    return TapeDecoder(tape: embedded, session: session, index: 0, codingPath: path)
  }

  // MARK: Nested values

  /// Decodes the value at `valueIndex` as `T`; the caller has pushed the value's key.
  @inline(__always)
  func decodeValue<T: Decodable>(_ type: T.Type, at valueIndex: Int) throws -> T {
    if isFastScalar(T.self, at: valueIndex) { return try decodeFastScalar(type, at: valueIndex, path: pathStack) }
    if let recovery = session.recovery { return try decodeValueRecovering(type, at: valueIndex, recovery) }
    // A UUID in canonical text is read here; any other goes on to `UUID.init(from:)` below (not a
    // special type: those never reach their `init(from:)`, nor the recovery pass's frames).
    if T.self == UUID.self, let uuid = uuidValue(at: valueIndex) { return unsafeBitCast(uuid, to: T.self) }
    let savedType = pendingType
    pendingType = type
    defer { pendingType = savedType }
    if isSpecialType(T.self) { return try decodeSpecialType(type, at: valueIndex) }
    let traits = session.traits(of: type)
    if let polymorphic = traits.modelling?.polymorphic, let subclass = subclass(type, polymorphic, at: valueIndex) {
      return try decodeSubclass(subclass, as: type, at: valueIndex)
    }
    let savedIndex = index
    index = valueIndex
    defer { index = savedIndex }
    let trackedBefore = session.trackedContainers.count
    // Nothing to do once the value is made (no hook, no validation, no unknown keys to check):
    // the value is made in the caller's storage. (Through a local it would be moved twice more:
    // two copies of each of github_events.json's 2.3 kB payload structs.)
    if traits.modelling == nil && !session.tracksUnknownKeys {
      do {
        return try decodeBody(type, traits: traits, at: valueIndex)
      } catch {
        return try bodyFailed(error, type, traits: traits, at: valueIndex, trackedBefore: trackedBefore)
      }
    }
    var value: T
    do {
      value = try decodeBody(type, traits: traits, at: valueIndex)
    } catch {
      return try bodyFailed(error, type, traits: traits, at: valueIndex, trackedBefore: trackedBefore)
    }
    if session.trackedContainers.count > trackedBefore {
      try checkUnknownKeys(since: trackedBefore)
    }
    try finishDecoding(&value, traits: traits, at: valueIndex)
    return value
  }

  /// The value at `valueIndex` made by the engine (a direct array or dictionary) or by `T`'s
  /// `init(from:)`, the cursor at the value.
  @inline(__always)
  private func decodeBody<T: Decodable>(_ type: T.Type, traits: TypeTraits, at valueIndex: Int) throws -> T {
    if tape[valueIndex].kind == .array, let arrayType = session.directArrayType(of: type) {
      return try decodeDirectArray(type, as: arrayType, at: valueIndex)
    }
    if traits.isDirectDictionary && tape[valueIndex].kind == .object {
      return try decodeDirectDictionary(type, at: valueIndex)
    }
    return try type.init(from: self)
  }

  /// After ``decodeBody(_:traits:at:)`` failed with `error` (outside the recovery pass): the
  /// value's containers untracked, then `error` thrown, or (retrying with
  /// `.caseInsensitiveEnums`) an enum case matched.
  @inline(never)
  private func bodyFailed<T: Decodable>(
    _ error: any Error, _ type: T.Type, traits: TypeTraits, at valueIndex: Int, trackedBefore: Int
  ) throws -> T {
    // A value that failed has no unknown keys: it is gone (dropped, replaced, or given up on
    // by a `try?`), and its containers stopped looking keys up part-way.
    if session.trackedContainers.count > trackedBefore {
      session.trackedContainers.removeSubrange(trackedBefore...)
    }
    if traits.modelling?.errorPolicy != nil { session.failedInTypeWithPolicy = true }
    if session.recovery == nil { session.plainFailures.noteFailedValue(T.self, at: valueIndex, in: tape) }
    if session.coercionsActive, options.coercions.contains(.caseInsensitiveEnums) {
      return try caseInsensitiveEnumCase(type, at: valueIndex, failing: error)
    }
    throw error
  }

  /// What follows a value's `init(from:)` in both passes: ``FlexDidDecode/didDecode()``, the
  /// subclass check (SubclassCheck.swift), then ``FlexValidatable/validate()``.
  @inline(__always)
  func finishDecoding<T>(_ value: inout T, traits: TypeTraits, at valueIndex: Int) throws {
    guard let modelling = traits.modelling else { return }
    if let didDecode = modelling.didDecode { didDecode.run(on: &value) }
    if modelling.superclassPrefix != nil { checkSubclass(value, at: valueIndex) }
    if let validate = modelling.validate { try self.validate(&value, validate, at: valueIndex) }
  }

  /// Runs ``FlexValidatable/validate()`` on `value` once per value and type in a decode: a value
  /// decoded again by the recovery pass gets the outcome of its first validation.
  @inline(never)
  func validate<T>(_ value: inout T, _ hook: ModelHooks.Validate, at valueIndex: Int) throws {
    let key = ValidationLog.Key(valueIndex: valueIndex, type: ObjectIdentifier(T.self), tape: ObjectIdentifier(tape))
    let outcome: (any Error)?
    if case .some(let known) = session.validations.outcome(for: key, tapeCount: tape.count) {
      outcome = known
    } else {
      do {
        try hook.run(on: &value)
        outcome = nil
      } catch {
        outcome = error
      }
      session.validations.remember(outcome, for: key)
    }
    if let outcome { throw ValidationFailure.decodingError(outcome, codingPath: pathStack) }
  }

  /// Decodes a child of a container: pushes `key` on the coding path (or installs the
  /// container's explicit path) around ``decodeValue(_:at:)``.
  @inline(__always)
  func decodeChild<T: Decodable>(
    _ type: T.Type, at valueIndex: Int, key: any CodingKey, explicitPath: [any CodingKey]?
  ) throws -> T {
    // Scalars need no path unless they fail: skip the push and pop.
    if isFastScalar(T.self, at: valueIndex) {
      return try decodeFastScalar(type, at: valueIndex, path: (explicitPath ?? pathStack) + [key])
    }
    // JSONDecoder reports an invalid ISO 8601 date at the path of the container that asked.
    if T.self == Date.self, case .iso8601 = options.dateDecodingStrategy {
      let date = try decodeISO8601Date(
        at: valueIndex, path: (explicitPath ?? pathStack) + [key], errorPath: pathStack)
      return unsafeBitCast(date, to: T.self)
    }
    // Nor does a URL (two a plugin in update-center.json), outside the recovery pass (which
    // notes every value it decodes).
    if T.self == URL.self && session.recovery == nil {
      return unsafeBitCast(try decodeURL(at: valueIndex, path: (explicitPath ?? pathStack) + [key]), to: T.self)
    }
    if let explicitPath {
      let savedPath = pathStack
      pathStack = explicitPath
      pathStack.append(key)
      defer { pathStack = savedPath }
      return try decodeValue(type, at: valueIndex)
    }
    pathStack.append(key)
    defer { pathStack.removeLast() }
    return try decodeValue(type, at: valueIndex)
  }

  /// A separate decoder for `superDecoder()` and friends, positioned at `valueIndex`.
  func makeSuperDecoder(at valueIndex: Int, codingPath: [any CodingKey]) -> TapeDecoder {
    TapeDecoder(tape: tape, session: session, index: valueIndex, codingPath: codingPath)
  }

  // MARK: Errors

  /// `typeMismatch` worded as `JSONDecoder` words it, naming the value found: "Expected to
  /// decode Int but found the string "abc" instead." (IssueMessage.swift)
  func typeMismatch(_ type: Any.Type, at valueIndex: Int, path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path,
        debugDescription: MismatchMessage.typeMismatch(expecting: type, at: valueIndex, of: self)))
  }

  /// `valueNotFound` for a `null` where a `T` was required.
  func valueNotFound(_ type: Any.Type, path: [any CodingKey]) -> DecodingError {
    DecodingError.valueNotFound(
      type,
      DecodingError.Context(
        codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
  }

  /// A number that does not fit the requested type. As in `JSONDecoder`, this is reported as
  /// corrupted data with an empty coding path; the message names the number and the type.
  func numberOutOfRange(_ type: Any.Type, at valueIndex: Int) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: [],
        debugDescription: "Number \(tape.numberText(at: valueIndex)) is not representable in \(type)."))
  }

  /// How a value is named in messages: "a string", "number", "bool", "null", "a dictionary",
  /// "an array" (Foundation's words).
  func describe(_ valueIndex: Int) -> String {
    switch tape[valueIndex].kind {
    case .null: return "null"
    case .true, .false: return "bool"
    case .number: return "number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "a dictionary"
    }
  }
}
