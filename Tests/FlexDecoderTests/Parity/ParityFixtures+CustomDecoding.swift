import Foundation

// Types with hand-written init(from:) that use the container API directly, recording what the
// decoder showed them.

/// Nested keyed and unkeyed containers, `contains`, `decodeNil`, `decodeIfPresent`, `allKeys`.
struct Place: Decodable, Equatable, Sendable {
  var id: Int
  var latitude: Double
  var longitude: Double
  var tags: [String]
  var hasNote: Bool
  var noteIsNull: Bool
  var rating: Int?
  var keys: [String]

  private enum CodingKeys: String, CodingKey {
    case id, location, tags, note, rating
  }

  private enum LocationKeys: String, CodingKey {
    case lat, lng
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
    latitude = try location.decode(Double.self, forKey: .lat)
    longitude = try location.decode(Double.self, forKey: .lng)
    var tagList = try container.nestedUnkeyedContainer(forKey: .tags)
    var tags: [String] = []
    while !tagList.isAtEnd {
      tags.append(try tagList.decode(String.self))
    }
    self.tags = tags
    hasNote = container.contains(.note)
    noteIsNull = hasNote ? try container.decodeNil(forKey: .note) : false
    rating = try container.decodeIfPresent(Int.self, forKey: .rating)
    keys = container.allKeys.map(\.stringValue).sorted()
  }
}

/// The object's keys as the keyed container lists them (sorted: JSONDecoder's order is a
/// dictionary's), plus `contains` for two fixed keys.
struct KeyList: Decodable, Equatable, Sendable {
  var keys: [String]
  var containsFirstName: Bool
  var containsFirstNameSnake: Bool

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    keys = container.allKeys.map(\.stringValue).sorted()
    containsFirstName = container.contains(AnyKey(stringValue: "firstName"))
    containsFirstNameSnake = container.contains(AnyKey(stringValue: "first_name"))
  }
}

/// Walks an array with `decodeNil`, failed and successful decodes, nested containers and
/// `currentIndex`, logging each step.
struct UnkeyedWalk: Decodable, Equatable, Sendable {
  var log: [String]

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var log = ["count \(container.count.map(String.init) ?? "nil")"]
    while !container.isAtEnd {
      let index = container.currentIndex
      if try container.decodeNil() {
        log.append("\(index): null, now at \(container.currentIndex)")
      } else if let int = try? container.decode(Int.self) {
        log.append("\(index): Int \(int)")
      } else if let string = try? container.decode(String.self) {
        log.append("\(index): String \(string)")
      } else if var nested = try? container.nestedUnkeyedContainer() {
        log.append("\(index): array of \(nested.count ?? -1) at \(render(nested.codingPath))")
        while !nested.isAtEnd { _ = try nested.decode(Discard.self) }
      } else if let nested = try? container.nestedContainer(keyedBy: AnyKey.self) {
        log.append("\(index): object with \(nested.allKeys.count) keys at \(render(nested.codingPath))")
      } else {
        _ = try container.decode(Discard.self)
        log.append("\(index): skipped")
      }
    }
    log.append("end at \(container.currentIndex)")
    self.log = log
  }
}

/// Reads one element more than the array has.
struct ReadsPastEnd: Decodable, Equatable, Sendable {
  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd { _ = try container.decode(Int.self) }
    _ = try container.decode(Int.self)
  }
}

/// Asks for a nested container after the array's end.
struct NestedPastEnd: Decodable, Equatable, Sendable {
  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd { _ = try container.decode(Discard.self) }
    _ = try container.nestedContainer(keyedBy: AnyKey.self)
  }
}

/// `decodeIfPresent` on the unkeyed container, and where it stands after; JSONDecoder
/// implements it for all types but the 128-bit integers.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct UnkeyedIfPresent: Decodable, Equatable, Sendable {
  var values: [Int?]
  var people: [Person?]
  var endIndex: Int
  var wide: Int128?
  var endIndexAfterWide: Int

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    values = [
      try container.decodeIfPresent(Int.self), try container.decodeIfPresent(Int.self),
    ]
    people = [try container.decodeIfPresent(Person.self), try container.decodeIfPresent(Person.self)]
    endIndex = container.currentIndex
    wide = try container.decodeIfPresent(Int128.self)
    endIndexAfterWide = container.currentIndex
  }
}

/// The "lossy array" idiom: elements that fail to decode are skipped.
struct LossyArray<Element: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable {
  var elements: [Element]

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var elements: [Element] = []
    while !container.isAtEnd {
      if let element = try? container.decode(Element.self) {
        elements.append(element)
      } else {
        _ = try container.decode(Discard.self)
      }
    }
    self.elements = elements
  }
}

/// Decodes any JSON, logging the coding path of every decoder and container it meets. Keys that
/// start with `nested` are read through nested containers, keys that start with `super` through
/// `superDecoder(forKey:)`; the string `"fail"` throws `dataCorrupted` from its single-value
/// container.
struct PathProbe: Decodable, Equatable, Sendable {
  var log: [String]

  init(from decoder: any Decoder) throws {
    var log = ["decoder \(render(decoder.codingPath))"]
    if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
      log.append("keyed \(render(keyed.codingPath))")
      for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        if key.stringValue.hasPrefix("nested") {
          log += try Self.readNested(keyed, key)
        } else if key.stringValue.hasPrefix("super") {
          let superDecoder = try keyed.superDecoder(forKey: key)
          log.append("superDecoder \(render(superDecoder.codingPath))")
          log += try PathProbe(from: superDecoder).log
        } else {
          log += try keyed.decode(PathProbe.self, forKey: key).log
        }
      }
    } else if var unkeyed = try? decoder.unkeyedContainer() {
      log.append("unkeyed \(render(unkeyed.codingPath))")
      while !unkeyed.isAtEnd {
        log += try unkeyed.decode(PathProbe.self).log
      }
    } else {
      let single = try decoder.singleValueContainer()
      log.append("single \(render(single.codingPath))")
      if !single.decodeNil(), (try? single.decode(String.self)) == "fail" {
        throw DecodingError.dataCorruptedError(in: single, debugDescription: "asked to fail")
      }
    }
    self.log = log
  }

  private static func readNested(_ keyed: KeyedDecodingContainer<AnyKey>, _ key: AnyKey) throws -> [String] {
    var log: [String] = []
    if let inner = try? keyed.nestedContainer(keyedBy: AnyKey.self, forKey: key) {
      log.append("nestedKeyed \(render(inner.codingPath))")
      for innerKey in inner.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        log += try inner.decode(PathProbe.self, forKey: innerKey).log
      }
    } else {
      var inner = try keyed.nestedUnkeyedContainer(forKey: key)
      log.append("nestedUnkeyed \(render(inner.codingPath))")
      while !inner.isAtEnd {
        log += try inner.decode(PathProbe.self).log
      }
    }
    return log
  }
}

/// Takes two nested containers first and reads them afterwards, in reverse order: their paths
/// must not depend on what the parent did in between.
struct InterleavedContainers: Decodable, Equatable, Sendable {
  var first: Int
  var second: Int
  var paths: [String]

  private enum CodingKeys: String, CodingKey {
    case a, b
  }

  private enum InnerKeys: String, CodingKey {
    case value
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let a = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .a)
    var b = try container.nestedUnkeyedContainer(forKey: .b)
    second = try b.decode(Int.self)
    first = try a.decode(Int.self, forKey: .value)
    paths = [render(a.codingPath), render(b.codingPath), render(decoder.codingPath)]
    _ = try a.decode(String.self, forKey: .value)
  }
}

/// Reads `userInfo[.parityFlag]` at the top, in array elements and through a super decoder.
struct UserInfoProbe: Decodable, Equatable, Sendable {
  var flags: [String]

  private enum CodingKeys: String, CodingKey {
    case items
  }

  private struct Item: Decodable {
    var flag: String?

    init(from decoder: any Decoder) throws {
      flag = decoder.userInfo[.parityFlag] as? String
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var flags = [decoder.userInfo[.parityFlag] as? String ?? "none"]
    flags += try container.decode([Item].self, forKey: .items).map { $0.flag ?? "none" }
    flags.append(try container.superDecoder().userInfo[.parityFlag] as? String ?? "none")
    self.flags = flags
  }
}

/// Counts array nesting without recursion: `[[[]]]` is 3.
struct NestingDepth: Decodable, Equatable, Sendable {
  var depth: Int

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var depth = 1
    while !container.isAtEnd {
      container = try container.nestedUnkeyedContainer()
      depth += 1
    }
    self.depth = depth
  }
}

/// Reads the value as a `Decimal`, a `Double` and a `String`, whichever works: what the
/// single-value container accepts for each.
struct SingleValueProbe: Decodable, Equatable, Sendable {
  var isNil: Bool
  var bool: Bool?
  var int: Int?
  var double: Double?
  var string: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    isNil = container.decodeNil()
    bool = try? container.decode(Bool.self)
    int = try? container.decode(Int.self)
    double = try? container.decode(Double.self)
    string = try? container.decode(String.self)
  }
}

/// Reads a `Date` through a nested keyed container, and one through a single-value container.
struct DatesInContainers: Decodable, Equatable, Sendable {
  var nested: Date
  var single: Date?

  private enum CodingKeys: String, CodingKey {
    case outer, single
  }

  private enum InnerKeys: String, CodingKey {
    case date
  }

  private struct SingleDate: Decodable {
    var date: Date

    init(from decoder: any Decoder) throws {
      date = try decoder.singleValueContainer().decode(Date.self)
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .outer)
    nested = try inner.decode(Date.self, forKey: .date)
    single = try container.decodeIfPresent(SingleDate.self, forKey: .single)?.date
  }
}

/// `decodeNil(forKey:)` for a key that may be missing, and `decodeNil()` past the end of an array.
struct NilChecks: Decodable, Equatable, Sendable {
  var keyIsNull: Bool
  var elementsAreNull: [Bool]

  private enum CodingKeys: String, CodingKey {
    case key, list
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    keyIsNull = try container.decodeNil(forKey: .key)
    var list = try container.nestedUnkeyedContainer(forKey: .list)
    var elementsAreNull: [Bool] = []
    for _ in 0..<2 {
      elementsAreNull.append(try list.decodeNil())
      if !elementsAreNull[elementsAreNull.count - 1] { _ = try list.decode(Discard.self) }
    }
    self.elementsAreNull = elementsAreNull
  }
}

/// Reads the same key more than once: `contains`, then `decodeNil`, then `decode`, twice.
struct RepeatedLookups: Decodable, Equatable, Sendable {
  var log: [String]

  private enum CodingKeys: String, CodingKey {
    case a, b
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var log: [String] = []
    for key in [CodingKeys.a, .b, .a, .a] {
      guard container.contains(key) else {
        log.append("\(key.stringValue) absent")
        continue
      }
      if try container.decodeNil(forKey: key) {
        log.append("\(key.stringValue) null")
      } else {
        log.append("\(key.stringValue) \(try container.decode(Int.self, forKey: key))")
      }
    }
    self.log = log
  }
}

/// Declares its properties in the reverse of the document's order.
struct ReversedKeys: Codable, Equatable, Sendable {
  var b: Int
  var a: Int
}
