// The encoder builds a small tree first and writes it out at the end. A tree (rather than
// writing straight to bytes) is what Codable's container API requires: a nested container or a
// `superEncoder` can be handed out and filled after later siblings were encoded, and
// `.sortedKeys` needs each object's members before any is written.

/// A value the encoder has built.
enum EncodedValue {
  case null
  case bool(Bool)
  /// A number's text, already formatted as `JSONEncoder` formats it.
  case number(String)
  case string(String)
  case array(EncodedArray)
  case object(EncodedObject)
  /// The value of an unkeyed container's `superEncoder()`, read when the tree is written (it is
  /// filled after it is handed out); an empty object if it encoded nothing. (A keyed container's
  /// super encoder stores its value when it is released, as JSONEncoder's does: see
  /// ``TreeEncoder``.)
  case pending(TreeEncoder)
}

/// An array under construction.
final class EncodedArray {
  var elements: [EncodedValue] = []
}

/// An object under construction: members in insertion order; setting a key again replaces its
/// value in place, as in JSONEncoder.
///
/// Synthesized `encode(to:)` never sets a key twice, so the duplicate check must be cheap when
/// there is none: a 64-bit signature set (one bit per key, from its length and two of its bytes)
/// says "certainly new" for most keys, and only a signature hit costs a search.
final class EncodedObject {
  private(set) var keys: [String] = []
  private(set) var values: [EncodedValue] = []
  private var signatures: UInt64 = 0
  /// Built once the object is large enough for the signatures to saturate.
  private var indexByKey: [String: Int]?

  private func index(of key: String) -> Int? {
    if let indexByKey { return indexByKey[key] }
    return keys.firstIndex(of: key)
  }

  /// One of 64 bits for a key. Equal keys get equal bits; keys with non-ASCII bytes all get the
  /// top bit, since canonically equivalent spellings (`é`, `e\u{301}`) are equal keys
  /// (`String ==`, as in JSONEncoder's dictionaries) with different bytes, or every bit if they
  /// may equal an ASCII key (see `String.containsASCIIEquivalent`).
  @inline(__always)
  private static func signature(of key: String) -> UInt64 {
    let utf8 = key.utf8
    guard let first = utf8.first, let last = utf8.last else { return 1 }
    if first >= 0x80 || last >= 0x80 || utf8.contains(where: { $0 >= 0x80 }) {
      return key.containsASCIIEquivalent ? .max : 1 &<< 63
    }
    var mix = UInt64(truncatingIfNeeded: utf8.count) &* 0x9E37_79B9
    mix ^= UInt64(first) &* 0x85EB_CA6B ^ UInt64(last) &* 0xC2B2_AE35
    return 1 &<< ((mix ^ mix &>> 29) % 63)
  }

  func set(_ value: EncodedValue, forKey key: String) {
    let signature = Self.signature(of: key)
    if signatures & signature != 0 || indexByKey != nil, let index = index(of: key) {
      values[index] = value
      return
    }
    signatures |= signature
    keys.append(key)
    values.append(value)
    if indexByKey != nil {
      indexByKey![key] = keys.count - 1
    } else if keys.count > 24 {
      indexByKey = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// The object or array a nested keyed (`isObject`) or unkeyed container for `key` writes
  /// into: a new one, or the one already there (see RepeatedContainerRules.swift).
  ///
  /// A value of another kind there stops the program, as it stops JSONEncoder.
  func nestedContainer(isObject: Bool, forKey key: String, codingPath: @autoclosure () -> [any CodingKey])
    -> EncodedValue
  {
    let existing = index(of: key).map { values[$0] }
    switch RepeatedContainerRules.container(isObject: isObject, over: existing) {
    case .reuse:
      if let existing { return existing }
      fallthrough
    case .create:
      let nested = isObject ? EncodedValue.object(EncodedObject()) : .array(EncodedArray())
      set(nested, forKey: key)
      return nested
    case .conflict:
      RepeatedContainerRules.containerConflict(isObject: isObject, key: key, codingPath: codingPath())
    }
  }

  /// The object stored at `key` for a step of a key path, created if absent (or if something
  /// else is there): key paths of several properties share their nested objects.
  func nestedObject(forKey key: String) -> EncodedObject {
    if let index = index(of: key), case .object(let existing) = values[index] {
      return existing
    }
    let nested = EncodedObject()
    set(.object(nested), forKey: key)
    return nested
  }
}
