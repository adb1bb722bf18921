import CorpusModels
import FlexDecoder
import Foundation

// The oracle's zoo: models with synthesized `Codable` covering what FlexJSONDecoder decodes
// (Foundation's special types, declared and generic optionals, `[T?]`, dictionaries keyed by
// `String`, `Int` and an enum, nested and recursive types, enums with raw and associated values,
// FlexDecoder's wrappers, validation, declared defaults and a key map), each with a seeded
// random value for the differential test.

// MARK: - Enums

/// A raw-value enum with a default and `CodingKeyRepresentable` (dictionary keys).
enum ZooColor: String, Codable, CaseIterable, CodingKeyRepresentable, FlexDefaultValue {
  case red, green, blue, unknown
  static let flexDefault = ZooColor.unknown
}

/// An `Int` raw-value enum without a default: under `.useDefaults` a bad level moves up.
enum ZooLevel: Int, Codable, CaseIterable {
  case low = 1
  case middle = 2
  case high = 3
}

/// Neither a default nor `CaseIterable`: no placeholder under any policy.
enum ZooMood: String, Codable {
  case calm, cross
}

/// An enum with associated values (no placeholder).
enum ZooShape: Codable, Equatable {
  case circle(radius: Double)
  case rectangle(width: Int, height: Int)
  case point
  case label(String)
}

// MARK: - Structs

/// A generic box: `ZooBox<Int?>` decodes its optional with `decode(Int?.self, forKey:)`.
struct ZooBox<Value: Codable & Equatable>: Codable, Equatable {
  var value: Value
}

/// Foundation's special types.
struct ZooSpecials: Codable, Equatable {
  var moment: Date
  var blob: Data
  var link: URL
  var amount: Decimal
  var token: UUID
  var laterMoment: Date?
}

/// Declared and generic optionals.
struct ZooOptionals: Codable, Equatable {
  var nickname: String?
  var score: Double?
  var boxedCount: ZooBox<Int?>
  var boxedName: ZooBox<String>
  var maybeNumbers: [Int?]
  var maybeLevels: [ZooLevel?]
  var mood: ZooMood?
}

/// Dictionaries keyed by `String`, `Int` and an enum.
struct ZooDictionaries: Codable, Equatable {
  var counts: [String: Int]
  var names: [Int: String]
  var byColor: [ZooColor: Double]
  var maybeValues: [String: Int?]
  var lists: [String: [Int]]
}

/// A recursive type (generated at most three levels deep).
struct ZooTree: Codable, Equatable {
  var label: String
  var weight: Int
  var level: ZooLevel
  var children: [ZooTree]
  var shape: ZooShape?
}

/// The first root: everything JSONDecoder decodes the same way (no FlexDecoder protocol that
/// changes decoding, no wrapper).
struct ZooDocument: Codable, Equatable {
  var title: String
  var count: Int
  var bigCount: Int64
  var ratio: Double
  var isActive: Bool
  var color: ZooColor
  var level: ZooLevel
  var mood: ZooMood
  var tags: [String]
  var colors: [ZooColor]
  var specials: ZooSpecials
  var optionals: ZooOptionals
  var dictionaries: ZooDictionaries
  var tree: ZooTree
  var shapes: [ZooShape]
}

// MARK: - Modelling protocols and wrappers

/// Validated: `low <= high`.
struct ZooRange: Codable, Equatable, FlexValidatable {
  var low: Int
  var high: Int

  struct Inverted: Error {}

  func validate() throws {
    guard low <= high else { throw Inverted() }
  }
}

/// Declared defaults.
struct ZooSettings: Codable, Equatable, FlexDeclaredDefaults {
  var retries = 3
  var mode = "auto"
  var limit: Int? = 10
}

/// A key map: `identifier` is read from `id`, else `identifier`; `caption` from `caption` or
/// `title`.
struct ZooMapped: Codable, Equatable, FlexKeyMapping {
  var identifier: Int
  var caption: String
  static let keyMapping: FlexKeyMap = ["identifier": ["id", "identifier"], "caption": ["caption", "title"]]
}

/// A point, element of a lossy array.
struct ZooPoint: Codable, Equatable {
  var x: Int
  var y: Int
}

/// The second root: FlexDecoder's wrappers and protocols.
struct ZooModelled: Codable, Equatable {
  @FlexDefaultZero var retries: Int = 0
  @FlexDefaultFalse var isEnabled: Bool = false
  @FlexDefaultEmptyString var heading: String = ""
  @FlexLossyArray var points: [ZooPoint] = []
  var range: ZooRange
  var ranges: [ZooRange]
  var optionalRange: ZooRange?
  var settings: ZooSettings
  var mapped: ZooMapped
  var mappedList: [ZooMapped]
}

// MARK: - Random values

/// Draws zoo values from a seeded generator.
struct ZooRandom {
  var random: SplitMix64

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + random.below(range.count)
  }

  mutating func bool() -> Bool {
    random.oneIn(2)
  }

  mutating func oneIn(_ n: Int) -> Bool {
    random.oneIn(n)
  }

  /// Words, and sometimes digit strings (which `digitStringToNumber` mutates).
  mutating func string() -> String {
    let words = ["alpha", "beta", "gamma", "delta", "", "a b", "ünï", "42", "7", "-3", "0"]
    return words[random.below(words.count)]
  }

  mutating func double() -> Double {
    Double(int(-100_000...100_000)) / 100
  }

  mutating func date() -> Date {
    Date(timeIntervalSince1970: Double(int(0...2_000_000_000)))
  }

  /// Dictionary keys: lower-case letters only, unchanged by the snake-case strategies.
  mutating func key() -> String {
    ["north", "south", "east", "west", "up"][random.below(5)]
  }

  mutating func array<T>(_ range: ClosedRange<Int> = 0...3, _ make: (inout ZooRandom) -> T) -> [T] {
    (0..<int(range)).map { _ in make(&self) }
  }

  mutating func optional<T>(_ make: (inout ZooRandom) -> T) -> T? {
    oneIn(3) ? nil : make(&self)
  }

  mutating func element<T>(_ values: [T]) -> T {
    values[random.below(values.count)]
  }
}

extension ZooShape {
  static func random(_ zoo: inout ZooRandom) -> ZooShape {
    switch zoo.int(0...3) {
    case 0: return .circle(radius: zoo.double())
    case 1: return .rectangle(width: zoo.int(0...99), height: zoo.int(0...99))
    case 2: return .point
    default: return .label(zoo.string())
    }
  }
}

extension ZooTree {
  static func random(_ zoo: inout ZooRandom, depth: Int = 0) -> ZooTree {
    ZooTree(
      label: zoo.string(), weight: zoo.int(-50...50), level: zoo.element(ZooLevel.allCases),
      children: depth >= 2 ? [] : zoo.array(0...2) { ZooTree.random(&$0, depth: depth + 1) },
      shape: zoo.optional { ZooShape.random(&$0) })
  }
}

extension ZooDocument {
  static func random(_ zoo: inout ZooRandom) -> ZooDocument {
    let specials = ZooSpecials(
      moment: zoo.date(), blob: Data(zoo.string().utf8),
      link: zoo.element([URL(string: "https://example.com/a?b=c")!, URL(string: "file:///tmp/x")!]),
      amount: Decimal(zoo.int(-99_999...99_999)) / 100,
      token: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, UInt8(zoo.int(0...255)))),
      laterMoment: zoo.optional { $0.date() })
    let optionals = ZooOptionals(
      nickname: zoo.optional { $0.string() }, score: zoo.optional { $0.double() },
      boxedCount: ZooBox(value: zoo.optional { $0.int(0...9) }), boxedName: ZooBox(value: zoo.string()),
      maybeNumbers: zoo.array { $0.optional { $0.int(-9...9) } },
      maybeLevels: zoo.array { $0.optional { $0.element(ZooLevel.allCases) } },
      mood: zoo.optional { $0.element([.calm, .cross]) })
    var dictionaries = ZooDictionaries(counts: [:], names: [:], byColor: [:], maybeValues: [:], lists: [:])
    for _ in 0..<zoo.int(0...3) {
      dictionaries.counts[zoo.key()] = zoo.int(0...99)
      dictionaries.names[zoo.int(-5...5)] = zoo.string()
      dictionaries.byColor[zoo.element(ZooColor.allCases)] = zoo.double()
      dictionaries.maybeValues[zoo.key()] = zoo.optional { $0.int(0...9) }
      dictionaries.lists[zoo.key()] = zoo.array { $0.int(0...9) }
    }
    return ZooDocument(
      title: zoo.string(), count: zoo.int(-1000...1000), bigCount: Int64(zoo.int(0...Int(Int32.max))) * 1000,
      ratio: zoo.double(), isActive: zoo.bool(), color: zoo.element(ZooColor.allCases),
      level: zoo.element(ZooLevel.allCases), mood: zoo.element([.calm, .cross]), tags: zoo.array { $0.string() },
      colors: zoo.array { $0.element(ZooColor.allCases) }, specials: specials, optionals: optionals,
      dictionaries: dictionaries, tree: ZooTree.random(&zoo), shapes: zoo.array { ZooShape.random(&$0) })
  }
}

extension ZooModelled {
  static func random(_ zoo: inout ZooRandom) -> ZooModelled {
    func range(_ zoo: inout ZooRandom) -> ZooRange {
      // Sometimes inverted: a validation failure.
      let low = zoo.int(0...9)
      return ZooRange(low: low, high: zoo.oneIn(6) ? low - 1 : low + zoo.int(0...9))
    }
    func mapped(_ zoo: inout ZooRandom) -> ZooMapped {
      ZooMapped(identifier: zoo.int(0...999), caption: zoo.string())
    }
    var value = ZooModelled(
      range: range(&zoo), ranges: zoo.array { range(&$0) }, optionalRange: zoo.optional { range(&$0) },
      settings: ZooSettings(retries: zoo.int(0...5), mode: zoo.string(), limit: zoo.optional { $0.int(0...99) }),
      mapped: mapped(&zoo), mappedList: zoo.array { mapped(&$0) })
    value.retries = zoo.int(0...9)
    value.isEnabled = zoo.bool()
    value.heading = zoo.string()
    value.points = zoo.array { ZooPoint(x: $0.int(-9...9), y: $0.int(-9...9)) }
    return value
  }
}

extension ZooModelled {
  /// All properties set at once (the wrappers have no memberwise labels of their own).
  init(
    range: ZooRange, ranges: [ZooRange], optionalRange: ZooRange?, settings: ZooSettings, mapped: ZooMapped,
    mappedList: [ZooMapped]
  ) {
    self.range = range
    self.ranges = ranges
    self.optionalRange = optionalRange
    self.settings = settings
    self.mapped = mapped
    self.mappedList = mappedList
  }
}
