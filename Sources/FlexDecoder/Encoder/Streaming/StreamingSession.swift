@_spi(Engine) import FlexCore
import Foundation

// The fast encoder: JSON is written straight into one byte buffer while the Codable calls come
// in the order synthesized code makes them (each value finished before the next starts).
//
// Codable allows more: a nested container or a super encoder can be kept and written after its
// parent moved on, a key can be set twice (the last value wins) or given a second container (see
// Tree/RepeatedContainerRules.swift), and a key path from a FlexKeyMapping writes into a nested
// object that another property may share. Those need the tree encoder (Tree/TreeEncoder.swift). The streaming encoder detects them — every container
// handle carries the identity of the open container it writes to — and throws
// `StreamingUnavailable`; FlexJSONEncoder then encodes the value again with the tree encoder.
// Output is identical either way.
//
// Open containers live on a stack. Writing into a container closes every container opened after
// it (a nested container the caller has finished with); using a closed one is what ends
// streaming. `.sortedKeys` is applied when an object closes: its members' byte ranges were
// logged as they were written, and are put in key order in place.

/// Thrown when the Codable calls cannot be streamed; the tree encoder takes over.
struct StreamingUnavailable: Error {}

/// The state of one streaming `encode` call. It outlives its call: SessionPool lends it to the
/// next, with its key caches, reusable containers and output buffer.
final class StreamingSession: PoolableSession {
  /// An open array or object, or a super encoder's slot not written yet.
  struct OpenContainer {
    enum Kind {
      case object
      case array
      /// A `superEncoder()`'s value: `{}` if nothing is written before it closes.
      case slot
      /// A slot whose value was written as a single value.
      case filledSlot
    }

    var kind: Kind
    /// Whether the members' keys are known to be distinct (a dictionary's), and go unchecked.
    /// (Next to `kind`, in its padding.)
    var hasDistinctKeys = false
    let identity: Int
    /// JSON nesting depth of the container's members (for pretty printing).
    let depth: Int
    var count = 0
    /// Duplicate-key filter: two bits per key, one in each word (see `signature(of:)`); a key may
    /// have been written before only if both of its bits are set.
    var signatures: UInt64 = 0
    var moreSignatures: UInt64 = 0
    /// Where this object's members start in `memberLog`.
    let firstMember: Int
  }

  /// A member of an open object, by where its separator and key are in the output (for the
  /// duplicate check and `.sortedKeys`, which read its key back from there).
  struct Member {
    let separatorStart: Int
    /// Where the key's opening quote is.
    let contentStart: Int
    /// Just after the key's closing quote.
    let keyEnd: Int
    /// Whether the key may have non-ASCII bytes (from its signature, which has the top bits set
    /// for those).
    let mayBeNonASCII: Bool
  }

  // The call's options, and what is worked out from them once per call. The session is used
  // from one thread by one encode call, and these are never accessed overlappingly;
  // `unchecked` drops the runtime exclusivity checks that every write would pay.
  @exclusivity(unchecked) private(set) var options: EncodingOptions
  @exclusivity(unchecked) private(set) var globalMapping: FlexKeyMap?
  @exclusivity(unchecked) private(set) var usesDefaultKeys: Bool
  @exclusivity(unchecked) private var sortsKeys: Bool
  @exclusivity(unchecked) var writer: JSONWriter
  @exclusivity(unchecked) private(set) var stack = UnsafeStack<OpenContainer>(capacity: 16)
  @exclusivity(unchecked) private var memberLog = UnsafeStack<Member>(capacity: 64)
  /// The bytes of the keys written so far, kept between calls of the same output formatting.
  /// (A constant, emptied rather than replaced: a variable's object is retained and released
  /// around each member's key.)
  private let keyCache = KeyBytesCache()
  /// Keys converted by the key strategy so far, by `stringValue`, unless the strategy is
  /// `.custom` (which is given the coding path). Converting a key costs about a microsecond;
  /// the same few keys are converted over and over, call after call of the same strategy.
  @exclusivity(unchecked) private var convertedKeys: [String: String]?
  /// The conversion `convertedKeys` holds the results of.
  @exclusivity(unchecked) private var convertedKeysConversion: KeyConversion?
  /// Converted keys kept at most: past that, the keys are a dictionary's, mostly seen once each.
  private static var maximumConvertedKeys: Int { 4096 }
  @exclusivity(unchecked) private var nextIdentity = 0
  /// The coding path of the value being written.
  @exclusivity(unchecked) var pathKeys: [any CodingKey] = []
  /// Set when a non-throwing Codable call could not be streamed.
  @exclusivity(unchecked) private(set) var isUnstreamable = false
  /// Encoding traits by type, looked up once per type.
  @exclusivity(unchecked) private var traits = EncodingTraitsTable()
  /// One reusable keyed container per key type (see ContainerSlot.swift), by key type. Kept
  /// between calls, parked (holding no encoder) while the session is in the pool.
  @exclusivity(unchecked) var containerSlots = TypeTable<ContainerSlot<StreamKeyedState>>()
  /// The slots handed out in this call: ``finish()`` parks these (the others are parked already).
  @exclusivity(unchecked) var slotsInUse: [ContainerSlot<StreamKeyedState>] = []
  /// Whether keyed containers are reused (unless the layout check of ContainerLayout fails).
  let reusesContainers = ContainerLayout.allowsEncodingReuse
  /// `.formatted`: whether the formatter's format is written natively (Dates/DateFormatPattern.swift).
  /// Per call: the formatter may change between calls.
  @exclusivity(unchecked) var formattedDates = DateFormatPatternSlot()

  /// Output buffers larger than this are not kept between calls.
  private static var keptOutputCapacity: Int { 1 << 20 }

  init(options: EncodingOptions) {
    self.options = options
    self.globalMapping = options.keyMapping.isEmpty ? nil : options.keyMapping
    self.usesDefaultKeys = options.usesDefaultKeys
    self.sortsKeys = options.outputFormatting.contains(.sortedKeys)
    self.writer = JSONWriter(options: options.formatting, capacity: 4096)
    convertedKeysConversion = KeyConversion(options.keyEncodingStrategy)
    convertedKeys = convertedKeysConversion == nil ? nil : [:]
  }

  deinit {
    stack.deallocate()
    memberLog.deallocate()
  }

  /// A session for a call with `options`: one from the pool, or a new one.
  static func lent(options: EncodingOptions) -> StreamingSession {
    guard let session = streamingSessionPool.take() else { return StreamingSession(options: options) }
    session.begin(options: options)
    return session
  }

  /// Readies a session that ``finish()`` ended for a new call: the key caches stay if the
  /// output formatting and the key strategy are the ones they were made for, and start again
  /// empty when full.
  private func begin(options: EncodingOptions) {
    let formatting = options.formatting
    if formatting != writer.options || keyCache.isFull { keyCache.removeAll() }
    let conversion = KeyConversion(options.keyEncodingStrategy)
    if conversion != convertedKeysConversion || (convertedKeys?.count ?? 0) >= Self.maximumConvertedKeys {
      convertedKeysConversion = conversion
      convertedKeys = conversion == nil ? nil : [:]
    }
    self.options = options
    formattedDates = DateFormatPatternSlot()
    globalMapping = options.keyMapping.isEmpty ? nil : options.keyMapping
    usesDefaultKeys = options.usesDefaultKeys
    sortsKeys = options.outputFormatting.contains(.sortedKeys)
    if writer.output.allocatedCapacity > Self.keptOutputCapacity {
      // A new buffer the size of the last document (and an eighth, up to 32 MiB): large
      // documents often come one after another, and growing a buffer from 4 KiB copies
      // everything written at each doubling (6 million instructions of copying per encode of
      // gsoc-2018's 3.3 MB). Pages of a large allocation that a smaller document leaves
      // untouched cost nothing.
      let lastCount = min(writer.output.count, 32 << 20)
      writer = JSONWriter(options: formatting, capacity: max(4096, lastCount &+ lastCount &>> 3))
    } else {
      writer = JSONWriter(options: formatting, reusing: writer.output)
    }
  }

  func finish() -> Bool {
    var reusable = true
    for slot in slotsInUse {
      if slot.isFree { slot.state.park() } else { reusable = false }
    }
    // Popped one by one: `removeAll(keepingCapacity:)` takes the generic `replaceSubrange`
    // route, about 170 instructions, more than a call's few slots.
    while slotsInUse.popLast() != nil {}
    if !reusable { containerSlots = TypeTable() }
    stack.removeAll(from: 0)
    memberLog.removeAll(from: 0)
    nextIdentity = 0
    isUnstreamable = false
    if !pathKeys.isEmpty {
      if pathKeys.capacity > 64 { pathKeys = [] } else { pathKeys.removeAll(keepingCapacity: true) }
    }
    return reusable
  }

  /// Records that a call which cannot throw could not be streamed.
  func markUnstreamable() {
    isUnstreamable = true
  }

  /// Encodes `value` as the whole document.
  /// - Throws: `StreamingUnavailable` when the tree encoder must take over; the value's own
  ///   errors; `EncodingError.invalidValue` when the top-level value encodes nothing.
  func encodeDocument<T: Encodable>(_ value: T) throws -> JSONOutput {
    // The top-level value's own encoder writes it whatever it is: one encoder per call rather
    // than one to write scalars and another for the value (an allocation and a teardown, about
    // 350 instructions: 5% of encoding `{"id":1,"name":"x"}`).
    let traits = traits(of: T.self)
    let root = StreamEncoder(
      session: self, typeMapping: traits.keyMapping, isStringKeyedDictionary: traits.isStringKeyedDictionary)
    var wrote = try root.writeScalar(value, path: [])
    if !wrote { wrote = try root.writeEncodable(value, isTopLevel: true) }
    guard !isUnstreamable else { throw StreamingUnavailable() }
    guard wrote else {
      throw EncodingError.topLevelEncodedNothing(value)
    }
    close(downTo: 0)
    return writer.output
  }

  /// `key` converted by the key strategy (`codingPath` ends with the key; built only for
  /// `.custom`).
  func convertedKey(_ key: any CodingKey, codingPath: @autoclosure () -> [any CodingKey]) -> String {
    guard convertedKeys != nil else { return options.convertedKey(key, codingPath: codingPath()) }
    let name = key.stringValue
    if let converted = convertedKeys![name] { return converted }
    let converted = options.convertedKey(key, codingPath: [])
    // A bound for dictionaries with ever new keys.
    if convertedKeys!.count < Self.maximumConvertedKeys { convertedKeys![name] = converted }
    return converted
  }

  func traits(of type: any Encodable.Type) -> EncodingTraits {
    traits.traits(of: type)
  }

  // MARK: Containers

  /// The JSON depth of the members of the innermost open object or array (0 at the top level):
  /// where a value written now is indented.
  var memberDepth: Int {
    var level = stack.count
    while level > 0 {
      level &-= 1
      if stack[level].kind == .object || stack[level].kind == .array { return stack[level].depth }
    }
    return 0
  }

  /// The JSON depth inside a new container.
  private var innerDepth: Int { memberDepth + 1 }

  /// Opens an object or array at the current position; returns its level and identity.
  func open(isObject: Bool) -> (level: Int, identity: Int) {
    if isObject { writer.writeObjectStart() } else { writer.writeArrayStart() }
    return push(isObject ? .object : .array)
  }

  /// Opens a super encoder's slot at the current position.
  func openSlot() -> (level: Int, identity: Int) {
    push(.slot)
  }

  private func push(_ kind: OpenContainer.Kind) -> (level: Int, identity: Int) {
    nextIdentity &+= 1
    stack.append(
      OpenContainer(kind: kind, identity: nextIdentity, depth: innerDepth, firstMember: memberLog.count))
    return (stack.count - 1, nextIdentity)
  }

  /// Lets the members of the object at `level`, just opened, go without the duplicate-key check:
  /// their keys are known to be distinct. Without it, each key of a large object is compared
  /// with every earlier one once the filter's bits are all set (800,000 comparisons for the
  /// 1,264 keys of gsoc-2018's top-level dictionary).
  func skipDuplicateCheck(at level: Int) {
    stack[level].hasDistinctKeys = true
  }

  /// Turns the slot at `level` into an object or array (a super encoder asked for a container).
  func fill(slotAt level: Int, identity: Int, isObject: Bool) throws -> (level: Int, identity: Int) {
    try activate(level: level, identity: identity)
    guard stack[level].kind == .slot else { throw StreamingUnavailable() }
    _ = stack.removeLast()
    return open(isObject: isObject)
  }

  /// Marks the slot at `level` as written by a single value (written next by the caller).
  func fillWithSingleValue(slotAt level: Int, identity: Int) throws {
    try activate(level: level, identity: identity)
    guard stack[level].kind == .slot else { throw StreamingUnavailable() }
    stack[level].kind = .filledSlot
  }

  /// Makes the container at `level` the innermost open one, closing those opened after it.
  /// - Throws: `StreamingUnavailable` if it was closed already.
  @inline(__always)
  func activate(level: Int, identity: Int) throws {
    guard level < stack.count, stack[level].identity == identity else { throw StreamingUnavailable() }
    while stack.count > level + 1 { closeTop() }
  }

  /// Closes every container from `level` up.
  func close(downTo level: Int) {
    while stack.count > level { closeTop() }
  }

  private func closeTop() {
    let entry = stack.removeLast()
    switch entry.kind {
    case .object:
      if sortsKeys && entry.count > 1 { sortMembers(of: entry) }
      memberLog.removeAll(from: entry.firstMember)
      writer.writeObjectEnd(isEmpty: entry.count == 0, depth: entry.depth - 1)
    case .array:
      writer.writeArrayEnd(isEmpty: entry.count == 0, depth: entry.depth - 1)
    case .slot:
      writer.writeObjectStart()
      writer.writeObjectEnd(isEmpty: true, depth: entry.depth - 1)
    case .filledSlot:
      break
    }
  }

  // MARK: Members and elements

  /// Writes the separator and `key` of a new member of the object at `level`.
  /// - Throws: `StreamingUnavailable` for a closed container or a key written before.
  func beginMember(level: Int, identity: Int, key: String) throws {
    try beginMember(level: level, identity: identity) { keyCache.writeKey(key, with: &$0) }
  }

  /// ``beginMember(level:identity:key:)`` for the one-byte coding key `tag` of `keyType` (see
  /// KeyTagTable.swift): written from its byte once written from `name()`, its `stringValue`.
  /// `cursor` is the container's reference to the key type's entries, refreshed here when the
  /// cache was emptied since.
  func beginMember(
    level: Int, identity: Int, tag: Int, of keyType: ObjectIdentifier, cursor: inout KeyTagCursor,
    name: () -> String
  ) throws {
    if cursor.generation != keyCache.generation || cursor.keyType != keyType {
      cursor = KeyTagCursor(
        keyType: keyType, generation: keyCache.generation, block: .passUnretained(keyCache.tagBlock(of: keyType)))
    }
    let block = cursor.block.unsafelyUnwrapped
    try beginMember(level: level, identity: identity) { writer in
      block._withUnsafeGuaranteedRef { block in
        if let signature = keyCache.writeKey(tag: tag, in: block, with: &writer) { return signature }
        return keyCache.writeKey(name(), tag: tag, in: block, with: &writer)
      }
    }
  }

  @inline(__always)
  private func beginMember(
    level: Int, identity: Int, writeKey: (inout JSONWriter) -> KeyBytesCache.Signature
  ) throws {
    try activate(level: level, identity: identity)
    let separatorStart = writer.output.count
    writer.writeElementSeparator(isFirst: stack[level].count == 0, depth: stack[level].depth)
    let keyStart = writer.output.count
    let signature = writeKey(&writer)
    let member = Member(
      separatorStart: separatorStart, contentStart: keyStart, keyEnd: writer.output.count &- writer.keySeparatorLength,
      mayBeNonASCII: signature.0 & signature.1 & (1 &<< 63) != 0)
    // The filter first: most keys pass it, and then need no other test.
    if stack[level].signatures & signature.0 != 0 && stack[level].moreSignatures & signature.1 != 0
      && !stack[level].hasDistinctKeys && hasMember(withKeyOf: member, inObjectAt: level)
    {
      throw StreamingUnavailable()  // the same key again: its first value must be replaced
    }
    stack[level].signatures |= signature.0
    stack[level].moreSignatures |= signature.1
    stack[level].count &+= 1
    memberLog.append(member)
  }

  /// Whether the object at `level` has a member with `member`'s key already: the same written
  /// bytes, or keys equal as `String`s (canonical equivalence, as JSONEncoder's dictionary
  /// compares keys) when either has non-ASCII bytes.
  private func hasMember(withKeyOf member: Member, inObjectAt level: Int) -> Bool {
    writer.output.withUnsafeBytes { output in
      let key = keyBytes(of: member, in: output)
      let isASCII = !member.mayBeNonASCII || key.isASCII
      for other in memberLog.elements(from: stack[level].firstMember) {
        let otherCount = other.keyEnd &- other.contentStart
        if otherCount == key.count
          && memcmp(key.baseAddress!, output.baseAddress! + other.contentStart, otherCount) == 0
        {
          return true
        }
        guard !isASCII || other.mayBeNonASCII else { continue }
        let otherKey = keyBytes(of: other, in: output)
        if !isASCII || !otherKey.isASCII, Self.decodedKey(key) == Self.decodedKey(otherKey) {
          return true
        }
      }
      return false
    }
  }

  /// The written key of `member`, quotes included.
  private func keyBytes(of member: Member, in output: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: output[member.contentStart..<member.keyEnd])
  }

  /// The `String` of a written key (quotes included).
  private static func decodedKey(_ written: UnsafeRawBufferPointer) -> String {
    JSONStringDecoding.decode(
      UnsafeRawBufferPointer(rebasing: written.dropFirst().dropLast()), hasEscapes: true, isASCII: false)
  }

  /// Writes the separator of a new element of the array at `level`.
  func beginElement(level: Int, identity: Int) throws {
    try activate(level: level, identity: identity)
    writer.writeElementSeparator(isFirst: stack[level].count == 0, depth: stack[level].depth)
    stack[level].count &+= 1
  }

  /// Opens an array whose `[` and first `count` elements were written straight into the output
  /// (see StreamEncoder+NumberArrays.swift), as if it had been opened with
  /// ``open(isObject:)`` and its elements begun one by one; returns its level.
  func adoptArray(count: Int) -> Int {
    let level = push(.array).level
    stack[level].count = count
    return level
  }

  /// Records that the array at `level`, the innermost open container, has `count` elements.
  func setElementCount(_ count: Int, ofArrayAt level: Int) {
    stack[level].count = count
  }

  /// The number of members or elements of the container at `level`.
  func count(at level: Int, identity: Int) -> Int {
    level < stack.count && stack[level].identity == identity ? stack[level].count : 0
  }

  /// Puts the members of a closing object in key order (by UTF-8 bytes, as JSONEncoder sorts),
  /// in place: each member's content moves, separators are written anew.
  private func sortMembers(of entry: OpenContainer) {
    let members = Array(memberLog.elements(from: entry.firstMember))
    let regionStart = members[0].separatorStart
    let regionEnd = writer.output.count
    var contents: [Range<Int>] = []
    contents.reserveCapacity(members.count)
    for (index, member) in members.enumerated() {
      let end = index + 1 < members.count ? members[index + 1].separatorStart : regionEnd
      contents.append(member.contentStart..<end)
    }
    let keys = writer.output.withUnsafeBytes { output in
      members.map { Self.decodedKey(keyBytes(of: $0, in: output)) }
    }
    let order = members.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
    let region = writer.output.bytes(in: regionStart..<regionEnd)
    writer.output.removeSubrange(from: regionStart)
    for (position, index) in order.enumerated() {
      writer.writeElementSeparator(isFirst: position == 0, depth: entry.depth)
      let content = contents[index]
      region.withUnsafeBytes { region in
        writer.output.append(
          contentsOf: UnsafeRawBufferPointer(
            rebasing: region[(content.lowerBound - regionStart)..<(content.upperBound - regionStart)]))
      }
    }
  }
}
