import Foundation

// Converting a key by the key decoding strategy (`convertFromSnakeCase` and the others) costs
// about a microsecond: it goes through `Character`s and Foundation's case mapping. A keyed
// container under a strategy converts every key of its object, and a payload's objects repeat
// the same few keys, so a decode call converts each distinct key once and finds the result
// again by the key's raw bytes.

/// Key names converted by the key decoding strategy, by the key's raw bytes, for one decode
/// call. Not for `.custom`, whose result depends on the coding path.
final class ConvertedKeyCache {
  private struct Slot {
    var hash: UInt64
    /// The entry in `rawKeys` and `names`; -1 marks an empty slot.
    var entry: Int32
  }

  /// Keys cached at most: past that, the keys are a dictionary's, mostly seen once each.
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
    if names.count < Self.maximumEntries {
      slots[position] = Slot(hash: hash, entry: Int32(names.count))
      rawKeys.append(Array(raw))
      names.append(name)
      if names.count &* 2 > slots.count { grow() }
    }
    return name
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
