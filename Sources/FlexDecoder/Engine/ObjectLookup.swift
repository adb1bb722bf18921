// The state behind a keyed container; how keys are found is in ObjectLookup+Lookup.swift.

@_spi(Engine) import FlexCore

/// The state of a keyed container: one object of the tape, and how its keys are looked up.
///
/// Not generic, so that creating one costs no generic metadata lookup and its lookup code is
/// compiled once; ``KeyedContainer`` is the thin generic face that Codable sees.
final class ObjectLookup: UnknownKeyTracking {
  /// Objects with more members than this get a ``MemberIndex`` at the first lookup that the
  /// hint does not answer; smaller ones are scanned.
  static var indexingThreshold: Int { 8 }
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

  let decoder: TapeDecoder
  let tape: JSONTape
  let objectIndex: Int
  let memberCount: Int
  let pathDepth: Int
  let explicitPath: [any CodingKey]?
  let matching: Matching
  /// The decoded type's own key map (``FlexKeyMapping``), if any.
  let typeMapping: FlexKeyMap?
  /// The decoder's global key map, if not empty and the object is not a `[String: …]`
  /// dictionary.
  let globalMapping: FlexKeyMap?

  @exclusivity(unchecked) var hintOrdinal = 0
  @exclusivity(unchecked) var hintKeyIndex: Int
  @exclusivity(unchecked) var claimedMask: UInt64 = 0
  /// The signatures of the keys that found a member, one bit each (see `signature(of:)`).
  @exclusivity(unchecked) var foundKeySignatures: UInt64 = 0
  /// After a lookup missed: the signatures of all member keys (see `findValue(forKey:)`).
  @exclusivity(unchecked) var memberSignatures: UInt64?
  /// Converted key → value index; first occurrence wins. Built for key strategies.
  @exclusivity(unchecked) var convertedKeys: [String: Int]?
  /// The hash index of the keys, once a lookup needed it (see MemberIndex.swift).
  @exclusivity(unchecked) var memberIndex: MemberIndex?
  /// With an `unknownKeyPolicy` other than `.ignore`: the values some lookup used.
  @exclusivity(unchecked) var usedValueIndices: Set<Int>?

  init(
    decoder: TapeDecoder, objectIndex: Int, explicitPath: [any CodingKey]?, usesDefaultKeys: Bool,
    typeMapping: FlexKeyMap?, globalMapping: FlexKeyMap?
  ) {
    self.decoder = decoder
    self.tape = decoder.tape
    self.objectIndex = objectIndex
    self.memberCount = Int(decoder.tape[objectIndex].length)
    self.pathDepth = decoder.pathStack.count
    self.explicitPath = explicitPath
    self.typeMapping = typeMapping
    self.globalMapping = globalMapping
    self.hintKeyIndex = objectIndex &+ 1
    if usesDefaultKeys {
      matching = .exact
    } else if case .convertFromAnyCase = decoder.options.keyDecodingStrategy {
      matching = .loose
    } else {
      matching = .converted
    }
    if matching == .converted {
      convertedKeys = makeConvertedKeys()
    }
    if decoder.options.unknownKeyPolicy != .ignore {
      usedValueIndices = []
      decoder.session.trackedContainers.append(self)
    }
  }

  var codingPath: [any CodingKey] {
    explicitPath ?? Array(decoder.pathStack.prefix(pathDepth))
  }

}
