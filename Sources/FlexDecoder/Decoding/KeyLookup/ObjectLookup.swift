// The state behind a keyed container; how keys are found is in ObjectLookup+Lookup.swift, how
// their values are decoded in ObjectLookup+Decoding.swift.

@_spi(Engine) import FlexCore

/// The state of a keyed container: one object of the tape, and how its keys are looked up. A
/// ``MemberFinder`` (the superclass) finds members by key bytes; this class turns coding keys
/// into those bytes (key maps, key strategies) and keeps the coding path.
///
/// Not generic, so that creating one costs no generic metadata lookup and its lookup code is
/// compiled once; a ``KeyedContainer`` is the thin generic face that Codable sees.
final class ObjectLookup: MemberFinder, UnknownKeyTracking {
  /// How JSON keys are compared with coding keys.
  enum Matching {
    /// Byte for byte (no key strategy).
    case exact
    /// Through `convertedKeys`, built by the key strategy (snake, title, kebab, custom).
    case converted
    /// `.convertFromAnyCase`: exactly first, then loosely.
    case loose
  }

  // What the lookup is for. Variables only so that a container that nobody holds any more can
  // be pointed at the next object of its type (see ContainerSlot.swift).
  //
  // `park()` points the decoder and the finder at the tape of an empty document when the
  // session goes back to the pool, so that a parked container keeps no document alive. (Strong
  // references, not unowned ones: reading an unowned reference in the lookup loops costs a
  // retain and a release each time, +14% instructions on twitter.json.)
  @exclusivity(unchecked) private(set) var decoder: TapeDecoder
  /// The depth of the decoder's coding path at the object, or the object's own path.
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
  /// The session's ``DecodeSession/abandonedValues`` when this object was pointed at.
  @exclusivity(unchecked) private var abandonMark = 0
  /// Under a converting key strategy, the members' converted keys.
  @exclusivity(unchecked) var convertedKeys: ConvertedMemberKeys?
  /// With an `unknownKeyPolicy` other than `.ignore`: the values some lookup used.
  @exclusivity(unchecked) var usedValueIndices: Set<Int>?
  /// The coding keys of the last one-byte key type looked up (see KeyTagTable.swift); kept
  /// from object to object, since a key's UTF-8 never changes.
  @exclusivity(unchecked) var keyTags = KeyTags()

  /// A lookup in the object at `objectIndex` of `decoder`'s tape. `exemptsKeys`: the object is a
  /// `[String: …]` dictionary, whose keys no key strategy or global key map touches.
  init(
    decoder: TapeDecoder, objectIndex: Int, explicitPath: [any CodingKey]?, exemptsKeys: Bool, rules: TypeRules
  ) {
    self.decoder = decoder
    super.init(tape: decoder.tape, objectIndex: objectIndex, loosely: false)
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
    let matching = exemptsKeys ? Matching.exact : session.keyMatching
    // What the previous object taught the finder is kept; it may have been left partway if the
    // recovery pass abandoned a value since it was pointed at.
    point(
      at: objectIndex, of: decoder.tape, loosely: matching == .loose,
      leftPartway: abandonMark != self.decoder.session.abandonedValues)
    if self.decoder !== decoder {
      // The key tables are the session's: a lookup never reads another session's.
      if decoder.session !== self.decoder.session { keyTags = KeyTags() }
      self.decoder = decoder
    }
    abandonMark = session.abandonedValues
    self.pathDepth = decoder.pathStack.count
    if explicitPath != nil || self.explicitPath != nil { self.explicitPath = explicitPath }
    if rules.keyMapping != nil || typeMapping != nil { typeMapping = rules.keyMapping }
    if rules.declaredDefaults != nil || declaredDefaults != nil { declaredDefaults = rules.declaredDefaults }
    let globalMapping = exemptsKeys ? nil : session.globalKeyMapping
    if globalMapping != nil || self.globalMapping != nil { self.globalMapping = globalMapping }
    self.matching = matching
    if matching == .converted {
      convertedKeys = ConvertedMemberKeys(memberKeys)
    } else if convertedKeys != nil {
      convertedKeys = nil
    }
    if usedValueIndices != nil { usedValueIndices = nil }
    if session.tracksUnknownKeys {
      usedValueIndices = []
      session.trackedContainers.append(self)
    }
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
    park(
      on: Self.parkedDecoder.tape, leftPartway: abandonMark != decoder.session.abandonedValues)
    decoder = Self.parkedDecoder
    // Only what is set is cleared: storing `nil` over `nil` still costs a release call.
    if explicitPath != nil { explicitPath = nil }
    if typeMapping != nil { typeMapping = nil }
    if declaredDefaults != nil { declaredDefaults = nil }
    if globalMapping != nil { globalMapping = nil }
    if convertedKeys != nil { convertedKeys = nil }
    if usedValueIndices != nil { usedValueIndices = nil }
  }

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
