@_spi(Engine) import FlexCore
import Foundation

// A session outlives its call: SessionPool lends it to the next call, whose caches (type
// traits, array types, reusable containers, converted keys) are then warm. A call ends with
// `finish()`, which drops everything that belongs to the call and says whether the session may
// be lent again.

/// What one top-level `decode` call shares between the decoders it creates (the main one,
/// superclass decoders, decoders of JSON embedded in strings).
///
/// A session and its decoders are used by one `decode` call on one thread, and their state is
/// never accessed overlappingly, so their stored properties are `@exclusivity(unchecked)`: the
/// runtime exclusivity checks would otherwise cost more than the work of many of the accesses.
final class DecodeSession: PoolableSession {
  /// The call's options.
  @exclusivity(unchecked) private(set) var options: DecodingOptions
  /// Set during the recovery pass under `.collectAll` / `.useDefaults` (or coercions).
  @exclusivity(unchecked) var recovery: RecoveryState?
  /// The outcomes of ``FlexValidatable/validate()``, shared by both passes of a decode.
  @exclusivity(unchecked) private var validationLog: ValidationLog?
  /// What the plain pass finished before it failed, for the recovery pass (ReusableValues.swift).
  @exclusivity(unchecked) private(set) var plainPassWork: ReusableValues?
  /// Set while the recovery pass tries a ``ScalarTree`` plainly.
  @exclusivity(unchecked) var isDecodingPlainlyInRecovery = false
  /// Set when an error left a value of a ``FlexTypeErrorPolicy`` type: under `.failFast` the
  /// recovery pass then runs, to decode that value under its type's policy.
  @exclusivity(unchecked) var failedInTypeWithPolicy = false
  /// The plain pass's failures, as the recovery pass needs them to tell which of its own is the
  /// one that escaped (RecoveryState.swift, 5.); noted only as the plain pass fails.
  @exclusivity(unchecked) var plainFailures = PlainPassFailures()
  /// The values of subclasses being decoded and the containers they asked for, whose keys they
  /// were (SubclassCheck.swift), and the subclasses reported in this call.
  @exclusivity(unchecked) var subclassDecodings: [SubclassDecoding] = []
  @exclusivity(unchecked) var keyOwners = KeyOwners()
  @exclusivity(unchecked) var reportedSubclasses: Set<ObjectIdentifier> = []
  /// Bumped when an error leaves a value during the recovery pass: the objects being decoded
  /// inside it were left partway, and their lookups' memories must not count that as a failed
  /// replay (see ``LookupMemory/objectAbandoned()``).
  @exclusivity(unchecked) var abandonedValues = 0
  /// Set while a failed call is retried with the decoder's coercions.
  @exclusivity(unchecked) var coercionsActive = false
  /// How many coercions were applied so far.
  @exclusivity(unchecked) var coercionsApplied = 0
  /// Notes (coercions, unknown keys) for the report, with their byte offsets.
  @exclusivity(unchecked) var notes: [(offset: Int, issue: FlexIssue)] = []
  /// Per-type facts, looked up once per type.
  @exclusivity(unchecked) var traits = TypeTable<TypeTraits>()
  /// Array types the engine decodes itself, by type (see `directArrayType(of:)`).
  @exclusivity(unchecked) private var arrayTypes = TypeTable<DirectArrayType>()
  /// Dictionary types the engine decodes itself, by type (see `directDictionaryType(of:)`).
  @exclusivity(unchecked) private var dictionaryTypes = TypeTable<DirectDictionaryType>()
  /// The (type, key type) pairs whose map names were checked against the keys in this call.
  @exclusivity(unchecked) var checkedMappings: Set<[ObjectIdentifier]> = []
  /// With an `unknownKeyPolicy` other than `.ignore`: keyed containers not yet checked.
  @exclusivity(unchecked) var trackedContainers: [any UnknownKeyTracking] = []
  /// One reusable keyed container per key type (see ContainerSlot.swift), by key type. Kept
  /// between calls, parked (holding no decoder) while the session is in the pool.
  @exclusivity(unchecked) private var containerSlots = TypeTable<ContainerSlot<ObjectLookup>>()
  /// The slots handed out in this call: ``finish()`` parks these (the others are parked already).
  @exclusivity(unchecked) private var slotsInUse: [ContainerSlot<ObjectLookup>] = []
  /// Calls finished since this session last swept ``HeldContainers``.
  @exclusivity(unchecked) private var callsSinceSweep = 0
  /// The slot used last: array elements come in runs of one type.
  @exclusivity(unchecked) private var lastContainerSlot: (keyType: ObjectIdentifier, slot: ContainerSlot<ObjectLookup>)?
  /// Whether keyed containers are reused: not when containers are tracked for unknown keys
  /// (the tracking holds them), nor if the layout check of ContainerLayout fails.
  @exclusivity(unchecked) private(set) var reusesContainers: Bool
  /// Keys converted by the key strategy, kept between calls of the same strategy.
  @exclusivity(unchecked) private var convertedKeyCache: RawBytesCache<String>?
  /// The conversion `convertedKeyCache` holds the results of.
  @exclusivity(unchecked) private var convertedKeyConversion: KeyConversion?
  /// URLs parsed, kept between calls.
  @exclusivity(unchecked) private var urlCache: RawBytesCache<URL>?
  /// `.formatted`: whether the formatter's format is parsed natively (Dates/DateFormatPattern.swift).
  /// Per call: the formatter may change between calls.
  @exclusivity(unchecked) var formattedDates = DateFormatPatternSlot()
  /// The ``ConfigurationBox`` of a `decode(_:from:configuration:)` call, for the top-level
  /// value's `init(from:configuration:)` (see ConfiguredDecodable.swift); `nil` in other calls.
  @exclusivity(unchecked) private(set) var configuration: AnyObject?

  /// Keys converted by the key strategy so far, by their raw bytes (made on first use: most
  /// decodes convert none), in this call and the earlier calls of the same strategy.
  var convertedKeys: RawBytesCache<String> {
    let conversion = KeyConversion(options.keyDecodingStrategy)
    if let convertedKeyCache, convertedKeyConversion == conversion { return convertedKeyCache }
    let cache = RawBytesCache<String>(maximumEntries: 4096)
    convertedKeyCache = cache
    convertedKeyConversion = conversion
    return cache
  }

  /// URLs parsed so far, by the raw bytes of their strings (made on first use).
  var urls: RawBytesCache<URL> {
    if let urlCache { return urlCache }
    let cache = RawBytesCache<URL>(maximumEntries: 1024)
    urlCache = cache
    return cache
  }

  /// The text a session's caches may keep between calls, in bytes.
  private static var keptCacheTextBytes: Int { 64 << 10 }

  // What every keyed container asks of the options, worked out once per call (reading the
  // options struct from a container would copy it, retaining each of its references).

  /// How keyed containers match keys, unless exempt (see ``ObjectLookup/Matching``).
  @exclusivity(unchecked) private(set) var keyMatching = ObjectLookup.Matching.exact
  /// The decoder's global key map, `nil` when it is empty.
  @exclusivity(unchecked) private(set) var globalKeyMapping: FlexKeyMap?
  /// Whether keyed containers record the members they use (an `unknownKeyPolicy` other than
  /// `.ignore`).
  @exclusivity(unchecked) private(set) var tracksUnknownKeys = false

  /// In the plain pass: keeps the first `elements` of the array at `arrayIndex`, whose next
  /// element failed, for the recovery pass. (Not when notes were taken: they would be lost.)
  func keepFailedArrayPrefix<Element>(_ elements: [Element], of arrayIndex: Int, nextPosition: Int) {
    guard recovery == nil, !isDecodingPlainlyInRecovery, notes.isEmpty, !elements.isEmpty else { return }
    if plainPassWork == nil { plainPassWork = ReusableValues() }
    plainPassWork!.keepPrefix(elements, of: arrayIndex, nextPosition: nextPosition)
  }

  /// The validation outcomes of the call, made on first use (most types validate nothing); the
  /// recovery pass is given the plain pass's, if it made one.
  var validations: ValidationLog {
    if let validationLog { return validationLog }
    let log = ValidationLog()
    validationLog = log
    return log
  }

  /// What a later pass of the same call needs of this one: the validations made so far.
  var validationsIfAny: ValidationLog? { validationLog }

  /// A session for one call; ``begin(options:validations:configuration:)`` readies it for another.
  init(options: DecodingOptions, validations: ValidationLog? = nil, configuration: AnyObject? = nil) {
    self.options = options
    self.validationLog = validations
    self.configuration = configuration
    self.reusesContainers = false
    adoptOptions()
  }

  /// Readies a session that ``finish()`` ended for a new call.
  func begin(options: DecodingOptions, validations: ValidationLog?, configuration: AnyObject?) {
    self.options = options
    self.validationLog = validations
    self.configuration = configuration
    formattedDates = DateFormatPatternSlot()
    convertedKeyCache?.startCall()
    urlCache?.startCall()
    adoptOptions()
  }

  private func adoptOptions() {
    tracksUnknownKeys = options.unknownKeyPolicy != .ignore
    reusesContainers = !tracksUnknownKeys && ContainerLayout.allowsDecodingReuse
    globalKeyMapping = options.keyMapping.isEmpty ? nil : options.keyMapping
    switch options.keyDecodingStrategy {
    case .useDefaultKeys: keyMatching = .exact
    case .convertFromAnyCase: keyMatching = .loose
    default: keyMatching = .converted
    }
  }

  /// A session for a call with `options`: one from the pool, or a new one.
  static func lent(
    options: DecodingOptions, validations: ValidationLog? = nil, configuration: AnyObject?
  ) -> DecodeSession {
    guard let session = decodeSessionPool.take() else {
      return DecodeSession(options: options, validations: validations, configuration: configuration)
    }
    session.begin(options: options, validations: validations, configuration: configuration)
    return session
  }

  /// Ends the call: parks the reusable containers (so that they no longer hold the call's
  /// decoders, which hold this session) and drops the call's state.
  ///
  /// - Returns: whether the session may serve another call: not if one of its containers is
  ///   still held by someone (a model that kept its container), whose decoder it must keep.
  func finish() -> Bool {
    var reusable = true
    for slot in slotsInUse {
      if slot.isFree { slot.state.park() } else { reusable = false }
    }
    // Popped one by one: `removeAll(keepingCapacity:)` takes the generic `replaceSubrange`
    // route, about 170 instructions, more than a call's few slots.
    while slotsInUse.popLast() != nil {}
    if !reusable {
      // The held slots hand their containers to HeldContainers as they go.
      containerSlots = TypeTable()
      lastContainerSlot = nil
    }
    callsSinceSweep &+= 1
    if callsSinceSweep == HeldContainers.sweepInterval {
      callsSinceSweep = 0
      HeldContainers.shared.sweep()
    }
    if recovery != nil { recovery = nil }
    if validationLog != nil { validationLog = nil }
    if plainPassWork != nil { plainPassWork = nil }
    coercionsActive = false
    coercionsApplied = 0
    failedInTypeWithPolicy = false
    if plainFailures.isNoted { plainFailures = PlainPassFailures() }
    if !subclassDecodings.isEmpty { subclassDecodings.removeAll() }
    if !reportedSubclasses.isEmpty { reportedSubclasses.removeAll() }
    // A messy document's notes or tracked containers can be many: keep small buffers only.
    if !notes.isEmpty {
      if notes.capacity > 64 { notes = [] } else { notes.removeAll(keepingCapacity: true) }
    }
    if !trackedContainers.isEmpty {
      if trackedContainers.capacity > 64 {
        trackedContainers = []
      } else {
        trackedContainers.removeAll(keepingCapacity: true)
      }
    }
    if !checkedMappings.isEmpty { checkedMappings.removeAll() }
    // The caches' text is kept for the next call only while it is small.
    if let cache = convertedKeyCache, cache.textByteCount > Self.keptCacheTextBytes { convertedKeyCache = nil }
    if let cache = urlCache, cache.textByteCount > Self.keptCacheTextBytes { urlCache = nil }
    if configuration != nil { configuration = nil }
    return reusable
  }

  /// Collection types the recovery pass decodes element by element, by type.
  @exclusivity(unchecked) private var recoveringCollections = TypeTable<RecoveringCollection>()

  /// `type` as a collection the recovery pass decodes element by element (asked only during
  /// that pass: the first conformance question about a type is costly).
  func recoveringCollection(of type: any Decodable.Type) -> RecoveringCollection {
    let identifier = ObjectIdentifier(type)
    return recoveringCollections.value(for: identifier) { RecoveringCollection.shared(for: type, identifier) }
  }

  /// `type` as a dictionary the engine decodes itself (TapeDecoder+Dictionaries.swift), if it is
  /// one. Asked only for types whose traits say so.
  func directDictionaryType(of type: any Decodable.Type) -> (any DirectDictionaryDecodable.Type)? {
    let identifier = ObjectIdentifier(type)
    return dictionaryTypes.value(for: identifier) { DirectDictionaryType.shared(for: type, identifier) }.type
  }

  /// `type` as an array the engine decodes itself (TapeDecoder+Arrays.swift), if it is one.
  /// Asked only for values that are arrays: most types never need the cast.
  func directArrayType(of type: any Decodable.Type) -> (any DirectArrayDecodable.Type)? {
    let identifier = ObjectIdentifier(type)
    return arrayTypes.value(for: identifier) { DirectArrayType.shared(for: type, identifier) }.type
  }

  /// The container slot of a key type, if one was made.
  @inline(__always)
  func containerSlot(for keyType: ObjectIdentifier) -> ContainerSlot<ObjectLookup>? {
    if let lastContainerSlot, lastContainerSlot.keyType == keyType { return lastContainerSlot.slot }
    guard let slot = containerSlots[keyType] else { return nil }
    lastContainerSlot = (keyType, slot)
    return slot
  }

  /// Keeps `slot` as the reusable container of the key type `keyType`.
  func addContainerSlot(_ slot: ContainerSlot<ObjectLookup>, for keyType: ObjectIdentifier) {
    containerSlots[keyType] = slot
    slotsInUse.append(slot)
  }

  /// Notes that a parked slot is handed out in this call, so that ``finish()`` parks it again.
  func noteInUse(_ slot: ContainerSlot<ObjectLookup>) {
    slotsInUse.append(slot)
  }

  /// The UTF-8 of one-byte coding keys, by key type (see KeyTagTable.swift).
  @exclusivity(unchecked) private var keyTagTables = TypeTable<KeyTagTable>()

  /// The table of the one-byte key type `keyType`, made on first use.
  func keyTagTable(for keyType: ObjectIdentifier) -> KeyTagTable {
    keyTagTables.value(for: keyType) { KeyTagTable(keyType: keyType) }
  }

  /// The most recently used traits: consecutive values (array elements) are usually of one type.
  @exclusivity(unchecked) private var lastTraits: (type: ObjectIdentifier, traits: TypeTraits)?

  /// The traits of `type`, computed on first use.
  @inline(__always)
  func traits(of type: any Decodable.Type) -> TypeTraits {
    let identifier = ObjectIdentifier(type)
    if let lastTraits, lastTraits.type == identifier { return lastTraits.traits }
    let found = traits.value(for: identifier) { TypeTraits.shared(for: type, identifier) }
    lastTraits = (identifier, found)
    return found
  }

}
