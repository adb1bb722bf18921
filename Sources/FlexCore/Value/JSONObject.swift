/// The members of a JSON object: unique keys in insertion (document) order.
///
/// Lookup by key is a linear scan for small objects and a hash lookup once an object has more
/// than ``hashingThreshold`` members. When a document repeats a key, the first occurrence wins,
/// as in `JSONDecoder`.
///
/// ```swift
/// var object: JSONObject = ["id": 1, "name": "Flex"]
/// object["name"]          // .string("Flex")
/// object["tags"] = ["a"]  // appended at the end
/// object.keys             // ["id", "name", "tags"]
/// ```
///
/// Two objects are equal when they have the same members, in any order, as JSON defines.
public struct JSONObject: Sendable, Equatable {
  /// Objects with more members than this keep a hash index for lookups.
  public static let hashingThreshold = 12

  /// The keys, in order.
  public private(set) var keys: [String] = []
  /// The values, in the order of ``keys``.
  public private(set) var values: [JSONValue] = []
  private var indexByKey: [String: Int]?

  /// An empty object.
  public init() {}

  /// An object from key-value pairs; when a key repeats, the first occurrence wins.
  public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
    for (key, value) in members where index(forKey: key) == nil {
      append(key, value)
    }
  }

  /// Reserves room for `capacity` members.
  public mutating func reserveCapacity(_ capacity: Int) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// The position of `key` in ``keys``, or `nil`.
  public func index(forKey key: String) -> Int? {
    if let indexByKey { return indexByKey[key] }
    return keys.firstIndex(of: key)
  }

  /// The value for `key`. Setting a value replaces an existing member in place or appends a new
  /// one; setting `nil` removes the member.
  public subscript(key: String) -> JSONValue? {
    get { index(forKey: key).map { values[$0] } }
    set {
      if let newValue {
        if let index = index(forKey: key) {
          values[index] = newValue
        } else {
          append(key, newValue)
        }
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Removes the member named `key`; returns its value, or `nil` if there was none.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSONValue? {
    guard let index = index(forKey: key) else { return nil }
    keys.remove(at: index)
    let value = values.remove(at: index)
    rebuildIndex()
    return value
  }

  /// Appends a member whose key is known not to be present.
  mutating func append(_ key: String, _ value: JSONValue) {
    keys.append(key)
    values.append(value)
    if indexByKey != nil {
      indexByKey![key] = keys.count - 1
    } else if keys.count > Self.hashingThreshold {
      rebuildIndex()
    }
  }

  /// Appends a member unless the key is already present (first occurrence wins).
  mutating func appendIfAbsent(_ key: String, _ value: JSONValue) {
    if index(forKey: key) == nil { append(key, value) }
  }

  private mutating func rebuildIndex() {
    guard keys.count > Self.hashingThreshold else {
      indexByKey = nil
      return
    }
    var index: [String: Int] = [:]
    index.reserveCapacity(keys.count)
    for (position, key) in keys.enumerated() { index[key] = position }
    indexByKey = index
  }

  /// Same members, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.keys == rhs.keys { return lhs.values == rhs.values }
    for (key, value) in lhs {
      guard rhs[key] == value else { return false }
    }
    return true
  }
}

// MARK: - RandomAccessCollection

extension JSONObject: RandomAccessCollection {
  /// A member: its key and value.
  public typealias Element = (key: String, value: JSONValue)

  /// The position of the first member.
  public var startIndex: Int { 0 }
  /// The position after the last member.
  public var endIndex: Int { keys.count }

  /// The member at `position`.
  public subscript(position: Int) -> Element {
    (keys[position], values[position])
  }
}

// MARK: - ExpressibleByDictionaryLiteral

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// An object from a literal; when a key repeats, the first occurrence wins.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}
