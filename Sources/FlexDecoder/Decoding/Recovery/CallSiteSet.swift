// The call sites known to let their errors through, asked about on every failure of the
// recovery pass (a coerced number, a defaulted null). `Set<CallSite>` hashed the site with
// SipHash on each question, most of a repair's cost on documents with thousands of them; this
// table mixes the site's two type pointers and key length with a few multiplications and
// compares keys only on a match of the rest.

/// A set of ``CallSite``s: a short list while it holds a few (most recovery passes learn one
/// to four sites: a table made and destroyed on every failing decode cost more than the lesson),
/// then an open-addressing table.
struct CallSiteSet {
  /// The sites while there are at most ``listLimit`` of them.
  private var list: [CallSite] = []
  /// The slots, a power of two of them, at most half full, once the list is outgrown.
  private var slots: [CallSite?] = []
  /// The number of sites.
  private(set) var count = 0

  /// The most sites kept in the list.
  static let listLimit = 8

  /// Whether `site` is in the set.
  @inline(__always)
  func contains(_ site: CallSite) -> Bool {
    if count == 0 { return false }
    if slots.isEmpty { return list.contains { Self.matches($0, site) } }
    let mask = slots.count &- 1
    var index = Self.hash(site) & mask
    while let stored = slots[index] {
      if Self.matches(stored, site) { return true }
      index = (index &+ 1) & mask
    }
    return false
  }

  /// Adds `site`; returns whether it was new.
  mutating func insert(_ site: CallSite) -> Bool {
    if contains(site) { return false }
    count &+= 1
    if slots.isEmpty && count <= Self.listLimit {
      list.append(site)
      return true
    }
    if slots.isEmpty {
      slots = Array(repeating: nil, count: 32)
      for listed in list { place(listed) }
      list = []
    } else if count &* 2 > slots.count {
      grow()
    }
    place(site)
    return true
  }

  private mutating func place(_ site: CallSite) {
    let mask = slots.count &- 1
    var index = Self.hash(site) & mask
    while slots[index] != nil { index = (index &+ 1) & mask }
    slots[index] = site
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: nil, count: old.count &* 2)
    for case let site? in old { place(site) }
  }

  @inline(__always)
  private static func hash(_ site: CallSite) -> Int {
    // In 64 bits on every platform: the constants and the final shift by 32 need them.
    var mixed = UInt64(UInt(bitPattern: site.owner)) &* 0x9E37_79B9_7F4A_7C15
    mixed ^= UInt64(UInt(bitPattern: site.type)) &* 0xC2B2_AE3D_27D4_EB4F
    mixed ^= UInt64(truncatingIfNeeded: site.key.utf8.count &* 2 &+ (site.isOptional ? 1 : 0))
    mixed ^= mixed &>> 29
    mixed &*= 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed ^ (mixed &>> 32))
  }

  @inline(__always)
  private static func matches(_ stored: CallSite, _ site: CallSite) -> Bool {
    stored.owner == site.owner && stored.type == site.type && stored.isOptional == site.isOptional
      && stored.key == site.key
  }
}
