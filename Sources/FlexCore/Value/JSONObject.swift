/// The members of a JSON object: unique keys in insertion (document) order.
///
/// Lookup by key is a linear scan for small objects and a hash lookup once an object has room
/// for more than ``hashingThreshold`` members. When a document repeats a key, the first
/// occurrence wins, as in `JSONDecoder`. Keys are compared as Swift strings (`"é"` and
/// `"e\u{301}"` are the same key), as in `JSONDecoder`'s dictionaries.
///
/// ```swift
/// var object: JSONObject = ["id": 1, "name": "Flex"]
/// object["name"]          // .string("Flex")
/// object["tags"] = ["a"]  // appended at the end
/// object.keys             // ["id", "name", "tags"]
/// ```
///
/// Two objects are equal when they have the same members, in any order, as JSON defines.
///
/// An object is a reference to a heap block that holds its members and index; copies share it
/// until one of them is changed. Parsing packs small objects that hold no other object into
/// blocks shared by a few dozen of them, which are freed when the last of those objects is.
public struct JSONObject: @unchecked Sendable, Equatable {
  // `@unchecked Sendable`: a block shared by more than one object (or holding more than one
  // object) is never mutated: every mutation checks first and copies.

  /// Objects with room for more members than this keep a hash index for lookups.
  public static let hashingThreshold = 12

  /// `nil` when the object is empty and has reserved no room.
  var storage: JSONObjectStorage?
  /// Where the object's region starts in `storage`, in words.
  var offset: Int

  /// An empty object.
  public init() {
    storage = nil
    offset = 0
  }

  /// The object at `offset` in `storage`.
  init(storage: consuming JSONObjectStorage, offset: Int) {
    self.storage = storage
    self.offset = offset
  }

  /// An object from key-value pairs; when a key repeats, the first occurrence wins.
  public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
    self.init()
    let capacity = members.underestimatedCount
    if capacity > 0 { storage = JSONObjectStorage.make(capacity: capacity) }
    for (key, value) in members {
      appendIfAbsent(key, value)
    }
  }

  /// The keys, in order.
  ///
  /// - Complexity: O(*n*): the array is built on each call. Iterate the object to read keys
  ///   and values together.
  public var keys: [String] {
    map(\.key)
  }

  /// The values, in the order of ``keys``.
  ///
  /// - Complexity: O(*n*): the array is built on each call.
  public var values: [JSONValue] {
    map(\.value)
  }

  /// The header, members and index of the object, which must have storage. Valid while
  /// `storage` is alive.
  @inline(__always)
  private func parts() -> (
    header: UnsafeMutablePointer<JSONObjectHeader>, members: UnsafeMutablePointer<Element>,
    table: UnsafeMutablePointer<UInt64>
  ) {
    storage.unsafelyUnwrapped.parts(at: offset)
  }

  /// Whether the object may be changed in place: its block is referenced by this object only
  /// and holds no other object.
  private mutating func isUniquelyStored() -> Bool {
    isKnownUniquelyReferenced(&storage) && storage.unsafelyUnwrapped.header.regions == 1
  }

  /// Reserves room for `capacity` members.
  public mutating func reserveCapacity(_ capacity: Int) {
    let isUnique = isUniquelyStored()
    guard let storage else {
      if capacity > 0 { self.storage = JSONObjectStorage.make(capacity: capacity) }
      return
    }
    let header = parts().header.pointee
    if isUnique {
      if capacity > header.capacity { self.storage = storage.moved(at: offset, capacity: capacity) }
    } else {
      self.storage = storage.copy(at: offset, capacity: Swift.max(capacity, header.capacity))
    }
    offset = 0
  }

  /// The position of `key` in ``keys``, or `nil`.
  ///
  /// - Complexity: O(1) on average for objects past ``hashingThreshold``, else O(*n*).
  public func index(forKey key: String) -> Int? {
    guard let storage else { return nil }
    return withExtendedLifetime(storage) {
      let (header, members, table) = parts()
      let count = header.pointee.count
      let mask = header.pointee.tableMask
      if mask == 0 {
        for position in 0..<count where members[position].key == key {
          return position
        }
        return nil
      }
      let hash = KeyHashing.hash(of: key, seed: KeyHashing.seed)
      let tag = hash & 0xFFFF_FFFF_0000_0000
      var slot = Int(truncatingIfNeeded: hash) & mask
      while true {
        let entry = table[slot]
        if entry == 0 { return nil }
        if entry & 0xFFFF_FFFF_0000_0000 == tag {
          let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
          if members[position].key == key { return position }
        }
        slot = (slot &+ 1) & mask
      }
    }
  }

  /// The value for `key`. Setting a value replaces an existing member in place or appends a new
  /// one; setting `nil` removes the member.
  public subscript(key: String) -> JSONValue? {
    get {
      guard let index = index(forKey: key) else { return nil }
      return self[index].value
    }
    set {
      if let newValue {
        if let index = index(forKey: key) {
          makeUnique()
          withExtendedLifetime(storage) { parts().members[index].value = newValue }
        } else {
          append(key, newValue)
        }
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Removes the member named `key`; returns its value, or `nil` if there was none.
  ///
  /// - Complexity: O(*n*): later members move up one position.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSONValue? {
    guard let index = index(forKey: key) else { return nil }
    makeUnique()
    return withExtendedLifetime(storage) {
      let (header, members, table) = parts()
      let count = header.pointee.count
      let (_, value) = (members + index).move()
      (members + index).moveInitialize(from: members + (index &+ 1), count: count &- index &- 1)
      header.pointee.count = count &- 1
      if header.pointee.tableMask != 0 {
        JSONObjectStorage.fillTable(table, mask: header.pointee.tableMask, members: members, count: count &- 1)
      }
      return value
    }
  }

  /// Appends a member whose key is known not to be present.
  mutating func append(_ key: String, _ value: JSONValue) {
    let hash = reserveRoomForOneMore() ? KeyHashing.hash(of: key, seed: KeyHashing.seed) : 0
    withExtendedLifetime(storage) {
      let (header, members, table) = parts()
      let position = header.pointee.count
      (members + position).initialize(to: (key, value))
      header.pointee.count = position &+ 1
      let mask = header.pointee.tableMask
      if mask != 0 {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while table[slot] != 0 { slot = (slot &+ 1) & mask }
        table[slot] = KeyHashing.slot(hash: hash, position: position)
      }
    }
  }

  /// Appends a member unless the key is already present (first occurrence wins).
  mutating func appendIfAbsent(_ key: String, _ value: JSONValue) {
    if index(forKey: key) == nil { append(key, value) }
  }

  /// Makes the storage unique with room for one more member; returns whether it has an index.
  private mutating func reserveRoomForOneMore() -> Bool {
    let isUnique = isUniquelyStored()
    guard let storage else {
      self.storage = JSONObjectStorage.make(capacity: 4)
      offset = 0
      return false
    }
    let header = parts().header.pointee
    if header.count == header.capacity {
      let capacity = Swift.max(header.capacity &* 2, 4)
      self.storage =
        isUnique ? storage.moved(at: offset, capacity: capacity) : storage.copy(at: offset, capacity: capacity)
      offset = 0
    } else if !isUnique {
      self.storage = storage.copy(at: offset, capacity: header.capacity)
      offset = 0
    }
    return parts().header.pointee.tableMask != 0
  }

  /// Gives the object a block of its own if it shares one.
  private mutating func makeUnique() {
    if !isUniquelyStored(), let storage {
      self.storage = storage.copy(at: offset, capacity: parts().header.pointee.capacity)
      offset = 0
    }
  }

  /// Same members, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.storage === rhs.storage && lhs.offset == rhs.offset { return true }
    for position in 0..<lhs.count {
      let left = lhs[position]
      let right = rhs[position]
      if left.key == right.key {
        guard left.value == right.value else { return false }
        continue
      }
      // Keys differ from here on: look the rest up (keys are unique, counts are equal).
      for index in position..<lhs.count {
        let (key, value) = lhs[index]
        guard rhs[key] == value else { return false }
      }
      return true
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
  public var endIndex: Int { count }
  /// The number of members.
  public var count: Int {
    guard let storage else { return 0 }
    return withExtendedLifetime(storage) { parts().header.pointee.count }
  }

  /// The member at `position`.
  public subscript(position: Int) -> Element {
    precondition(position >= 0 && position < count, "JSONObject index out of range")
    return withExtendedLifetime(storage) { parts().members[position] }
  }
}

// MARK: - ExpressibleByDictionaryLiteral

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// An object from a literal; when a key repeats, the first occurrence wins.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}

// MARK: - Building from a tape

extension JSONObject {
  /// The empty object at `offset` in `storage`, with room for `count` members, filled with the
  /// `count` keys and values at `keys` and `values` (leaving that memory uninitialized),
  /// dropping every repeated key but its first occurrence. `hashes` holds each key's
  /// ``KeyHashing`` hash; it is used as scratch space.
  init(
    movingKeys keys: UnsafeMutablePointer<String>, values: UnsafeMutablePointer<JSONValue>,
    hashes: UnsafeMutablePointer<UInt64>, count: Int, into storage: consuming JSONObjectStorage, at offset: Int
  ) {
    self.init(storage: storage, offset: offset)
    do {
      let (header, members, table) = parts()
      var written = 0
      let mask = header.pointee.tableMask
      if mask == 0 {
        for index in 0..<count {
          let hash = hashes[index]
          var isRepeated = false
          var earlier = 0
          while earlier < written {
            if hashes[earlier] == hash && members[earlier].key == keys[index] {
              isRepeated = true
              break
            }
            earlier &+= 1
          }
          if isRepeated {
            (keys + index).deinitialize(count: 1)
            (values + index).deinitialize(count: 1)
          } else {
            hashes[written] = hash
            (members + written).initialize(to: ((keys + index).move(), (values + index).move()))
            written &+= 1
          }
        }
      } else {
        for index in 0..<count {
          let hash = hashes[index]
          let tag = hash & 0xFFFF_FFFF_0000_0000
          var slot = Int(truncatingIfNeeded: hash) & mask
          var isRepeated = false
          while true {
            let entry = table[slot]
            if entry == 0 { break }
            if entry & 0xFFFF_FFFF_0000_0000 == tag
              && members[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1].key == keys[index]
            {
              isRepeated = true
              break
            }
            slot = (slot &+ 1) & mask
          }
          if isRepeated {
            (keys + index).deinitialize(count: 1)
            (values + index).deinitialize(count: 1)
          } else {
            table[slot] = KeyHashing.slot(hash: hash, position: written)
            (members + written).initialize(to: ((keys + index).move(), (values + index).move()))
            written &+= 1
          }
        }
      }
      header.pointee.count = written
    }
  }
}
