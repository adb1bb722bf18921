// The state behind a keyed container; how keys are found is in ObjectLookup+Lookup.swift, how
// their values are decoded in ObjectLookup+Decoding.swift.

@_spi(Engine) import FlexCore

/// The state of a keyed container: one object of the tape, and how its keys are looked up.
///
/// Not generic, so that creating one costs no generic metadata lookup and its lookup code is
/// compiled once; a ``KeyedContainer`` is the thin generic face that Codable sees.
final class ObjectLookup: UnknownKeyTracking {
  /// Objects with more members than this get a ``MemberIndex`` at the first lookup that the
  /// hint does not answer; smaller ones are scanned.
  static var indexingThreshold: Int { 32 }
  /// Objects with more members than this get a ``MemberIndex`` once two lookups found their
  /// key away from the hint: the payload lists its keys in another order than the model.
  static var shuffledIndexingThreshold: Int { 8 }
  /// Objects with more members than this (the bits of `claimedMask`) are looked up through
  /// their ``MemberIndex`` alone.
  static var hintedMemberLimit: Int { 64 }

  /// How JSON keys are compared with coding keys.
  enum Matching {
    /// Byte for byte (no key strategy).
    case exact
    /// Through `convertedKeys`, built by the key strategy (snake, title, kebab, custom).
    case converted
    /// `.convertFromAnyCase`: exactly first, then loosely.
    case loose
  }

  // The object being looked up. Variables only so that a container that nobody holds any more
  // can be pointed at the next object of its type (see ContainerSlot.swift).
  //
  // `park()` points them at a decoder of an empty document when the session goes back to the
  // pool, so that a parked container keeps no document alive. (Strong references, not
  // unowned ones: reading an unowned reference in the lookup loops costs a retain and a
  // release each time, +14% instructions on twitter.json.)
  @exclusivity(unchecked) private(set) var decoder: TapeDecoder
  @exclusivity(unchecked) private(set) var tape: JSONTape
  @exclusivity(unchecked) private(set) var objectIndex = 0
  @exclusivity(unchecked) private(set) var memberCount = 0
  @exclusivity(unchecked) private(set) var pathDepth = 0
  @exclusivity(unchecked) private(set) var explicitPath: [any CodingKey]?
  @exclusivity(unchecked) private(set) var matching = Matching.exact
  /// The decoded type's own key map (``FlexKeyMapping``), if any.
  @exclusivity(unchecked) private(set) var typeMapping: FlexKeyMap?
  /// The decoded type's declared initial values (``FlexDeclaredDefaults``), if any.
  @exclusivity(unchecked) private(set) var declaredDefaults: DeclaredDefaults?
  /// The decoder's global key map, if not empty and the object is not a `[String: …]`
  /// dictionary.
  @exclusivity(unchecked) private(set) var globalMapping: FlexKeyMap?

  @exclusivity(unchecked) var hintOrdinal = 0
  @exclusivity(unchecked) var hintKeyIndex = 0
  @exclusivity(unchecked) var claimedMask: UInt64 = 0
  /// The signatures of the keys that found a member, one bit each (see `signature(of:)`).
  @exclusivity(unchecked) var foundKeySignatures: UInt64 = 0
  /// The same with a second signature of each key (see `secondSignature(of:)`): two shared
  /// signatures are needed before `claimHashes` is searched.
  @exclusivity(unchecked) var foundKeySecondSignatures: UInt64 = 0
  /// After a lookup missed: the signatures of all member keys (see `findValue(forKey:hash:)`).
  @exclusivity(unchecked) var memberSignatures: UInt64?
  /// In objects of more than `shuffledIndexingThreshold` and at most `hintedMemberLimit`
  /// members: the `keyHash(of:)` of the key that claimed each member, by ordinal
  /// (valid where `claimedMask` has a bit). Allocated once, kept from object to object.
  @exclusivity(unchecked) var claimHashes: UnsafeMutablePointer<UInt64>?
  /// Whether a lookup in this object missed the hint.
  @exclusivity(unchecked) var hasMissed = false
  /// Whether the first miss of the last object with a first miss was an absent key. Kept from
  /// object to object (see ObjectLookup+Lookup.swift).
  @exclusivity(unchecked) var firstMissIsAbsent = false
  /// How many lookups in this object found their key away from the hint.
  @exclusivity(unchecked) var outOfOrderHits = 0
  /// The session's ``DecodeSession/abandonedValues`` when this object was pointed at.
  @exclusivity(unchecked) var abandonMark = 0
  /// Under a key strategy, the members' converted keys: in document order for small objects
  /// (compared one by one, first occurrence first), else by key (first occurrence wins).
  /// Hashing each key into a dictionary costs more than comparing a few.
  @exclusivity(unchecked) var convertedMembers: [(key: String, valueIndex: Int)]?
  @exclusivity(unchecked) var convertedKeys: [String: Int]?
  /// The most members an object may have for its converted keys to be compared one by one.
  static var convertedScanLimit: Int { 8 }
  /// The hash index of the keys, once a lookup needed it (see MemberIndex.swift).
  @exclusivity(unchecked) var memberIndex: MemberIndex?
  /// Whether `memberIndex` indexes the current object (its memory is kept from object to object).
  @exclusivity(unchecked) var hasMemberIndex = false
  /// With an `unknownKeyPolicy` other than `.ignore`: the values some lookup used.
  @exclusivity(unchecked) var usedValueIndices: Set<Int>?
  /// For a key type whose objects list their keys in another order than the model asks for
  /// them: the answers of the previous object, replayed (see LookupMemory.swift).
  @exclusivity(unchecked) var lookupMemory = LookupMemory()
  /// The coding keys of the last one-byte key type looked up (see KeyTagTable.swift); kept
  /// from object to object, since a key's UTF-8 never changes.
  @exclusivity(unchecked) var keyTags = KeyTags()
  /// The position of the member that the last hit claimed (see `claim`), for `lookupMemory`.
  @exclusivity(unchecked) var lastClaimedOrdinal = -1

  /// A lookup in the object at `objectIndex` of `decoder`'s tape. `exemptsKeys`: the object is a
  /// `[String: …]` dictionary, whose keys no key strategy or global key map touches.
  init(
    decoder: TapeDecoder, objectIndex: Int, explicitPath: [any CodingKey]?, exemptsKeys: Bool, rules: TypeRules
  ) {
    self.decoder = decoder
    self.tape = decoder.tape
    point(at: objectIndex, of: decoder, explicitPath: explicitPath, exemptsKeys: exemptsKeys, rules: rules)
  }

  /// Looks up keys in the object at `objectIndex` of `decoder`'s tape from now on, with no trace
  /// of the lookups made before.
  func point(
    at objectIndex: Int, of decoder: TapeDecoder, explicitPath: [any CodingKey]?, exemptsKeys: Bool,
    rules: TypeRules
  ) {
    let session = decoder.session
    // A reused container is mostly pointed at the next object of the same decoder, with the same
    // maps and no path of its own: each reference is stored only if it may change, which spares a
    // retain and a release per field (about 10% of update-center.json's container handouts).
    if self.decoder !== decoder {
      // Another document (the next call's, after `park()`) or a decoder of its own (JSON held
      // in a string): the memory compares the new object with the recorded keys either way.
      if !isParked { rememberLookupsIfAny() }
      // The key tables are the session's: a lookup never reads another session's.
      if decoder.session !== self.decoder.session { keyTags = KeyTags() }
      self.decoder = decoder
      self.tape = decoder.tape
    } else {
      rememberLookupsIfAny()
    }
    abandonMark = session.abandonedValues
    isParked = false
    self.objectIndex = objectIndex
    self.memberCount = Int(decoder.tape[objectIndex].length)
    self.pathDepth = decoder.pathStack.count
    if explicitPath != nil || self.explicitPath != nil { self.explicitPath = explicitPath }
    if rules.keyMapping != nil || typeMapping != nil { typeMapping = rules.keyMapping }
    if rules.declaredDefaults != nil || declaredDefaults != nil { declaredDefaults = rules.declaredDefaults }
    let globalMapping = exemptsKeys ? nil : session.globalKeyMapping
    if globalMapping != nil || self.globalMapping != nil { self.globalMapping = globalMapping }
    hintOrdinal = 0
    hintKeyIndex = objectIndex &+ 1
    claimedMask = 0
    foundKeySignatures = 0
    foundKeySecondSignatures = 0
    memberSignatures = nil
    hasMissed = false
    if memberCount > Self.shuffledIndexingThreshold && memberCount <= Self.hintedMemberLimit && claimHashes == nil {
      claimHashes = .allocate(capacity: Self.hintedMemberLimit)
    }
    outOfOrderHits = 0
    hasMemberIndex = false
    matching = exemptsKeys ? .exact : session.keyMatching
    if convertedMembers != nil { convertedMembers = nil }
    if convertedKeys != nil { convertedKeys = nil }
    if matching == .converted {
      if memberCount <= Self.convertedScanLimit {
        convertedMembers = memberKeys
      } else {
        convertedKeys = makeConvertedKeys()
      }
    }
    if usedValueIndices != nil { usedValueIndices = nil }
    if session.tracksUnknownKeys {
      usedValueIndices = []
      session.trackedContainers.append(self)
    }
  }

  deinit {
    claimHashes?.deallocate()
    lookupMemory.deallocate()
  }

  /// What parked lookups point at: a decoder of `{}`, never used to decode. (Never mutated, so
  /// sharing it between threads is safe.)
  nonisolated(unsafe) private static let parkedDecoder: TapeDecoder = {
    let tape = try! JSONTape.scan(copying: "{}".utf8, options: .strict)
    return TapeDecoder(tape: tape, session: DecodeSession(options: FlexJSONDecoder().makeOptions()))
  }()

  /// Lets go of the decoder and everything the last object left behind, while the lookup's
  /// session waits in the pool (see DecodeSession.swift).
  func park() {
    // Once: a parked lookup's object indices belong to the document it left.
    guard !isParked else { return }
    // What this call's last object taught is kept for the next call's first.
    rememberLookupsIfAny()
    isParked = true
    decoder = Self.parkedDecoder
    tape = Self.parkedDecoder.tape
    // Only what is set is cleared: storing `nil` over `nil` still costs a release call.
    if explicitPath != nil { explicitPath = nil }
    if typeMapping != nil { typeMapping = nil }
    if declaredDefaults != nil { declaredDefaults = nil }
    if globalMapping != nil { globalMapping = nil }
    if convertedMembers != nil { convertedMembers = nil }
    if convertedKeys != nil { convertedKeys = nil }
    if usedValueIndices != nil { usedValueIndices = nil }
    hasMemberIndex = false
    if let memberIndex, memberIndex.capacity > 256 { self.memberIndex = nil }
  }

  /// Before the lookup moves on to another object: what the object it leaves teaches
  /// ``LookupMemory``, if its lookups found keys away from the hint or the memory is in use.
  @inline(__always)
  private func rememberLookupsIfAny() {
    if lookupMemory.phase != .inactive || outOfOrderHits >= 2 || hasMemberIndex {
      rememberLookups(abandoned: abandonMark != decoder.session.abandonedValues)
    }
  }

  /// The object the lookup leaves becomes the one ``LookupMemory`` records or compares with.
  /// `abandoned`: the recovery pass left a value partway since this object was pointed at (it
  /// may be this object).
  @inline(never)
  private func rememberLookups(abandoned: Bool) {
    let wasShuffled = outOfOrderHits >= 2 || hasMemberIndex
    if lookupMemory.phase == .inactive {
      if wasShuffled && memberCount <= LookupMemory.memberLimit && !lookupMemory.isExhausted { lookupMemory.activate() }
    } else if abandoned {
      lookupMemory.objectAbandoned()
    } else {
      lookupMemory.objectEnded(objectIndex: objectIndex, of: tape, memberCount: memberCount, wasShuffled: wasShuffled)
    }
  }

  /// Whether the lookup is parked: its session's pool holds it, or it was not handed out yet
  /// in this call (see ``DecodeSession/finish()``).
  @exclusivity(unchecked) private(set) var isParked = false

  var codingPath: [any CodingKey] {
    explicitPath ?? Array(decoder.pathStack.prefix(pathDepth))
  }

  /// `codingPath + [key]`, the path of a nested container or super decoder, in one allocation
  /// (the expression makes the path, then an array of the key, then a third for both).
  func path(appending key: any CodingKey) -> [any CodingKey] {
    var path: [any CodingKey] = []
    if let explicitPath {
      path.reserveCapacity(explicitPath.count &+ 1)
      path.append(contentsOf: explicitPath)
    } else {
      path.reserveCapacity(pathDepth &+ 1)
      path.append(contentsOf: decoder.pathStack.prefix(pathDepth))
    }
    path.append(key)
    return path
  }

}

extension ObjectLookup {
  /// The decoded type's rules, for a superclass decoder to inherit.
  var rules: TypeRules { TypeRules(keyMapping: typeMapping, declaredDefaults: declaredDefaults) }
}
