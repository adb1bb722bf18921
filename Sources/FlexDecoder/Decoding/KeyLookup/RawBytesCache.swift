import Foundation

// Some values cost far more to make from their text than to find again: a key converted by the
// key decoding strategy (`convertFromSnakeCase` and the others, about a microsecond: it goes
// through `Character`s and Foundation's case mapping), a `URL` parsed from a string (a few
// thousand instructions). Payloads repeat both: a keyed container under a strategy converts every
// key of its object, and objects repeat the same few keys; links to the same site, avatar or
// schema recur in every element of a list, and from one response to the next. So a decode
// session makes each distinct value once and finds it again by the raw bytes of its text in the
// document, without making a `String`; the session keeps its caches for its next call (see
// SessionPool.swift) while their text is small.

/// Values made from a JSON string's raw bytes (escapes as written), by those bytes, for the
/// calls of one decode session.
///
/// An open-addressing table with linear probing over the bytes' ``MemberIndex/hash(_:)``; the
/// bytes of all entries are copied one after another into one buffer, so an entry costs no
/// allocation of its own. It stops growing at `maximumEntries` (a dictionary's keys or a list of
/// distinct links are mostly seen once each) or ``maximumTextBytes``, and a probe gives up after
/// ``maximumProbes`` slots, so that text crafted to collide costs each lookup a bounded number of
/// comparisons: the value is then made anew. A miss costs a few hundred instructions, so when the
/// text seldom repeats (fewer than one hit in ``hitRateDivisor`` lookups once
/// ``trialMisses`` have missed), the cache turns itself off for the rest of the call.
final class RawBytesCache<Value> {
  /// Slots a lookup examines at most before it makes the value without caching it.
  private static var maximumProbes: Int { 32 }
  /// Misses after which the hit rate is judged.
  private static var trialMisses: Int { 64 }
  /// The cache stays on while at least one lookup in this many hits.
  private static var hitRateDivisor: Int { 8 }
  /// Bytes of text kept at most.
  private static var maximumTextBytes: Int { 1 << 20 }

  private let maximumEntries: Int
  // Used by one decode call on one thread: no runtime exclusivity checks.
  @exclusivity(unchecked) private var slots = [RawTextSlot](repeating: RawTextSlot(hash: 0, entry: -1), count: 64)
  /// Where each entry's raw bytes are in `texts`.
  @exclusivity(unchecked) private var textRanges: [Range<Int>] = []
  @exclusivity(unchecked) private var values: [Value] = []
  @exclusivity(unchecked) private var texts: [UInt8] = []
  @exclusivity(unchecked) private var hits = 0
  @exclusivity(unchecked) private var misses = 0
  @exclusivity(unchecked) private var isOff = false

  /// The bytes of text kept.
  var textByteCount: Int { texts.count }

  /// Starts a new call: the hit rate is judged again (the cache may have turned itself off in the
  /// last call), and a full cache starts again empty.
  func startCall() {
    hits = 0
    misses = 0
    isOff = false
    if values.count >= maximumEntries {
      slots = [RawTextSlot](repeating: RawTextSlot(hash: 0, entry: -1), count: 64)
      textRanges = []
      values = []
      texts = []
    }
  }

  /// An empty cache that keeps at most `maximumEntries` values.
  init(maximumEntries: Int) {
    self.maximumEntries = maximumEntries
  }

  /// The value made from the raw bytes `raw`: `make()`'s result the first time (not kept if it
  /// throws).
  @inline(__always)
  func value(forRaw raw: UnsafeRawBufferPointer, make: () throws -> Value) rethrows -> Value {
    if isOff { return try make() }
    let (found, position, hash) = lookUp(raw)
    if let found { return found }
    let value = try make()
    insert(value, forRaw: raw, at: position, hash: hash)
    return value
  }

  /// The value cached for `raw`, or the slot to put it in (-1: none, the probe gave up) and the
  /// bytes' hash.
  private func lookUp(_ raw: UnsafeRawBufferPointer) -> (Value?, position: Int, hash: UInt64) {
    let hash = MemberIndex.hash(raw)
    let mask = slots.count &- 1
    var position = Self.home(of: hash, slotCount: slots.count)
    var probes = 0
    while slots[position].entry >= 0 {
      let slot = slots[position]
      if slot.hash == hash && isText(of: Int(slot.entry), equalTo: raw) {
        hits &+= 1
        return (values[Int(slot.entry)], position, hash)
      }
      probes &+= 1
      if probes == Self.maximumProbes { return (nil, -1, hash) }
      position = (position &+ 1) & mask
    }
    return (nil, position, hash)
  }

  /// Counts a miss, and keeps `value` in the empty slot at `position` (if any) while the cache
  /// has room and repeats pay for it.
  private func insert(_ value: Value, forRaw raw: UnsafeRawBufferPointer, at position: Int, hash: UInt64) {
    misses &+= 1
    if misses >= Self.trialMisses && hits &* Self.hitRateDivisor < misses {
      isOff = true
      return
    }
    guard position >= 0, values.count < maximumEntries, texts.count &+ raw.count <= Self.maximumTextBytes else {
      return
    }
    slots[position] = RawTextSlot(hash: hash, entry: Int32(truncatingIfNeeded: values.count))
    textRanges.append(texts.count..<texts.count &+ raw.count)
    values.append(value)
    // As typed bytes, so that the append is one copy rather than a loop over a sequence.
    texts.append(
      contentsOf: UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count))
    if values.count &* 2 > slots.count { grow() }
  }

  private func isText(of entry: Int, equalTo raw: UnsafeRawBufferPointer) -> Bool {
    let range = textRanges[entry]
    guard range.count == raw.count else { return false }
    guard let base = raw.baseAddress, raw.count > 0 else { return true }
    return texts.withUnsafeBytes { memcmp($0.baseAddress! + range.lowerBound, base, raw.count) == 0 }
  }

  /// The first slot to probe for `hash`: its product with 2^64/φ, top bits (Fibonacci hashing).
  /// ``MemberIndex/hash(_:)`` is built for short keys, and texts that differ in a byte or two
  /// (`item 16`, `item 17`) differ little in its low bits; the top bits of the product depend on
  /// all of them.
  @inline(__always)
  private static func home(of hash: UInt64, slotCount: Int) -> Int {
    Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) &>> UInt64(64 &- slotCount.trailingZeroBitCount))
  }

  private func grow() {
    let old = slots
    slots = [RawTextSlot](repeating: RawTextSlot(hash: 0, entry: -1), count: old.count &* 2)
    let mask = slots.count &- 1
    for slot in old where slot.entry >= 0 {
      var position = Self.home(of: slot.hash, slotCount: slots.count)
      while slots[position].entry >= 0 { position = (position &+ 1) & mask }
      slots[position] = slot
    }
  }
}

/// A slot of ``RawBytesCache``'s table. Not nested in the generic class, so that every cache
/// shares one array type (each distinct generic array type is one more runtime metadata entry).
private struct RawTextSlot {
  var hash: UInt64
  /// The entry (an index into the cache's values); -1 marks an empty slot.
  var entry: Int32
}
