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
  /// A `superEncoder()`'s value, read when the tree is written (it is filled after it is handed
  /// out); an empty object if it encoded nothing.
  case pending(TreeEncoder)
}

/// An array under construction.
final class EncodedArray {
  var elements: [EncodedValue] = []
}

/// An object under construction: members in insertion order; setting a key again replaces its
/// value in place.
final class EncodedObject {
  private(set) var keys: [String] = []
  private(set) var values: [EncodedValue] = []
  /// Built once the object is large enough for linear search to be slow.
  private var indexByKey: [String: Int]?

  private func index(of key: String) -> Int? {
    if let indexByKey { return indexByKey[key] }
    return keys.firstIndex(of: key)
  }

  func set(_ value: EncodedValue, forKey key: String) {
    if let index = index(of: key) {
      values[index] = value
      return
    }
    keys.append(key)
    values.append(value)
    if indexByKey != nil {
      indexByKey![key] = keys.count - 1
    } else if keys.count > 16 {
      indexByKey = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// The object stored at `key`, created if absent (or if something else is there): key paths
  /// of several properties share their nested objects.
  func nestedObject(forKey key: String) -> EncodedObject {
    if let index = index(of: key), case .object(let existing) = values[index] {
      return existing
    }
    let nested = EncodedObject()
    set(.object(nested), forKey: key)
    return nested
  }

  /// The array stored at `key`, created if absent (or if something else is there): a nested
  /// unkeyed container asked for again under the same key appends to the same array.
  func nestedArray(forKey key: String) -> EncodedArray {
    if let index = index(of: key), case .array(let existing) = values[index] {
      return existing
    }
    let nested = EncodedArray()
    set(.array(nested), forKey: key)
    return nested
  }
}
