// A small map from types to values, for the per-decode caches (type traits, container slots).
//
// `Dictionary<ObjectIdentifier, …>` hashes every key with SipHash, about a hundred instructions
// per lookup, and the engine looks types up once per decoded value. A type's metadata address is
// already unique and well spread once multiplied: one multiplication, then linear probing in a
// table kept at most half full.

/// An open-addressing hash map keyed by type identity.
struct TypeTable<Value> {
  private var keys: [ObjectIdentifier?]
  private var values: [Value?]
  private var count = 0
  private var shift: Int

  /// An empty table with room for a few types before it grows.
  init() {
    keys = Array(repeating: nil, count: 16)
    values = Array(repeating: nil, count: 16)
    shift = 64 - 4
  }

  /// The value for `key`, or `nil`.
  subscript(key: ObjectIdentifier) -> Value? {
    get {
      var position = slot(of: key)
      while let found = keys[position] {
        if found == key { return values[position] }
        position = (position &+ 1) & (keys.count &- 1)
      }
      return nil
    }
    set {
      guard let newValue else {
        preconditionFailure("TypeTable does not remove entries")
      }
      var position = slot(of: key)
      while let found = keys[position] {
        if found == key {
          values[position] = newValue
          return
        }
        position = (position &+ 1) & (keys.count &- 1)
      }
      keys[position] = key
      values[position] = newValue
      count &+= 1
      if count &* 2 > keys.count { grow() }
    }
  }

  /// The value for `key`: the one kept, or `make()`'s result, kept from then on.
  @inline(__always)
  mutating func value(for key: ObjectIdentifier, orMake make: () -> Value) -> Value {
    if let known = self[key] { return known }
    let made = make()
    self[key] = made
    return made
  }

  /// The first slot to probe for `key`: the high bits of its address times a large odd number
  /// (Fibonacci hashing).
  @inline(__always)
  private func slot(of key: ObjectIdentifier) -> Int {
    let address = UInt64(UInt(bitPattern: key))
    return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) &>> UInt64(shift))
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    keys = Array(repeating: nil, count: oldKeys.count &* 2)
    values = Array(repeating: nil, count: oldKeys.count &* 2)
    shift &-= 1
    count = 0
    for (key, value) in zip(oldKeys, oldValues) {
      if let key, let value { self[key] = value }
    }
  }
}
