import Foundation

// Converting a key by the key decoding strategy (`convertFromSnakeCase` and the others) costs
// about a microsecond: it goes through `Character`s and Foundation's case mapping. A keyed
// container under a strategy converts every key of its object, and payloads repeat the same
// few keys, within a document and from one response to the next, so each distinct key is
// converted once and found again by its raw bytes. The cache belongs to a decode session, which
// outlives its call in SessionPool: the next call of the same strategy finds the keys
// already converted.

/// Key names converted by the key decoding strategy, by the key's raw bytes. Not for `.custom`,
/// whose result depends on the coding path.
final class ConvertedKeyCache {
  /// The conversion a cache holds the results of.
  enum Conversion: Equatable {
    case fromSnakeCase, fromTitleCase, fromKebabCase
  }

  /// The conversion whose results the cache holds.
  let conversion: Conversion?

  /// An empty cache for `conversion`'s results.
  init(conversion: Conversion?) {
    self.conversion = conversion
  }

  private struct Slot {
    var hash: UInt64
    /// The entry in `rawKeys` and `names`; -1 marks an empty slot.
    var entry: Int32
  }

  /// Keys cached at most: past that, the cache starts again empty (the keys are likely a
  /// dictionary's, mostly seen once each), so that its memory stays bounded.
  private static let maximumEntries = 4096

  // Used by one decode call on one thread: no runtime exclusivity checks.
  @exclusivity(unchecked) private var slots = [Slot](repeating: Slot(hash: 0, entry: -1), count: 64)
  @exclusivity(unchecked) private var rawKeys: [[UInt8]] = []
  @exclusivity(unchecked) private var names: [String] = []

  /// The converted name of the key whose raw bytes (without escapes) are `raw`: `convert()`'s
  /// result the first time.
  func name(forRawKey raw: UnsafeRawBufferPointer, convert: () -> String) -> String {
    let hash = MemberIndex.hash(raw)
    let mask = slots.count &- 1
    var position = Int(truncatingIfNeeded: hash) & mask
    while slots[position].entry >= 0 {
      let slot = slots[position]
      if slot.hash == hash, Self.equal(rawKeys[Int(slot.entry)], raw) { return names[Int(slot.entry)] }
      position = (position &+ 1) & mask
    }
    let name = convert()
    if names.count == Self.maximumEntries {
      removeAll()
      return name
    }
    slots[position] = Slot(hash: hash, entry: Int32(names.count))
    rawKeys.append(Array(raw))
    names.append(name)
    if names.count &* 2 > slots.count { grow() }
    return name
  }

  private func removeAll() {
    slots = [Slot](repeating: Slot(hash: 0, entry: -1), count: 64)
    rawKeys = []
    names = []
  }

  private static func equal(_ stored: [UInt8], _ raw: UnsafeRawBufferPointer) -> Bool {
    stored.count == raw.count && stored.withUnsafeBytes { memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 }
  }

  private func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(hash: 0, entry: -1), count: old.count &* 2)
    let mask = slots.count &- 1
    for slot in old where slot.entry >= 0 {
      var position = Int(truncatingIfNeeded: slot.hash) & mask
      while slots[position].entry >= 0 { position = (position &+ 1) & mask }
      slots[position] = slot
    }
  }
}

extension FlexJSONDecoder.KeyDecodingStrategy {
  /// The conversion ``ConvertedKeyCache`` keeps the results of, `nil` for the strategies that do
  /// not convert through it.
  var cachedConversion: ConvertedKeyCache.Conversion? {
    switch self {
    case .convertFromSnakeCase: .fromSnakeCase
    case .convertFromTitleCase: .fromTitleCase
    case .convertFromKebabCase: .fromKebabCase
    case .useDefaultKeys, .convertFromAnyCase, .custom: nil
    }
  }
}
