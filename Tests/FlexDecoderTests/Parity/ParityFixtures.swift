import Foundation

// Types decoded by the parity tables. Each is Equatable so that the two decoders' results can be
// compared; the ones with a hand-written init(from:) record what the decoder showed them
// (coding paths, keys, counts) in their value, so that comparing values compares those too.

// MARK: - Keys

/// A key that accepts any string or integer.
struct AnyKey: CodingKey, Hashable {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension CodingUserInfoKey {
  static let parityFlag = CodingUserInfoKey(rawValue: "parityFlag")!
}

/// `"[a, Index 0(0)]"`: a coding path with the integer values that are set.
func render(_ path: [any CodingKey]) -> String {
  "["
    + path.map { key in key.intValue.map { "\(key.stringValue)(\($0))" } ?? key.stringValue }
    .joined(separator: ", ") + "]"
}

/// Succeeds on any JSON value without reading it: skips an element in a lossy array.
struct Discard: Decodable {
  init(from decoder: any Decoder) throws {}
}

// MARK: - Plain models

struct Person: Codable, Equatable, Sendable {
  var name: String
  var age: Int
  var email: String?
}

struct Team: Codable, Equatable, Sendable {
  var name: String
  var members: [Person]
  var lead: Person?
}

/// `{"value": …}`: puts a value under a key, so errors carry a path.
struct Box<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
  var value: Value
}

struct Optionals: Codable, Equatable, Sendable {
  var plain: Int?
  var double: Int??
}

/// Every fixed-width integer type, as properties (the keyed container's integer methods).
struct Integers: Codable, Equatable, Sendable {
  var int: Int
  var int8: Int8
  var int16: Int16
  var int32: Int32
  var int64: Int64
  var uint: UInt
  var uint8: UInt8
  var uint16: UInt16
  var uint32: UInt32
  var uint64: UInt64
}

/// The 128-bit integers, as properties.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct WideIntegers: Codable, Equatable, Sendable {
  var signed: Int128
  var unsigned: UInt128
}

struct Scalars: Codable, Equatable, Sendable {
  var flag: Bool
  var text: String
  var float: Float
  var double: Double
}

enum Suit: String, Codable, Sendable {
  case hearts, spades
}

enum Level: Int, Codable, Sendable {
  case low = 1
  case high = 2
}

/// Synthesized Codable for an enum with associated values.
enum Shape: Codable, Equatable, Sendable {
  case circle(radius: Double)
  case rect(width: Double, height: Double)
  case point
  case labeled(String)
}

enum Color: String, Codable, CodingKeyRepresentable, Sendable {
  case red, green
}

enum Slot: Int, Codable, CodingKeyRepresentable, Sendable {
  case first = 1
  case second = 2
}

struct Card: Codable, Equatable, Sendable {
  var suit: Suit
  var level: Level?
}

/// Keys of Foundation's snake-case edge cases, each in its converted form (the underscores are
/// the point).
// swift-format-ignore: AlwaysUseLowerCamelCase
struct SnakeKeys: Codable, Equatable, Sendable {
  var firstName: String?
  var _leading: Int?
  var trailing_: Int?
  var __doubleLeading: Int?
  var aB: Int?
  var urlString: Int?
  var firstPlace: Int?
  var allCaps: Int?
  var alreadyCamel: Int?
  var counts: [String: Int]?
  var colors: [Color: Int]?
  var person: Person?

  enum CodingKeys: String, CodingKey {
    case firstName, _leading, trailing_, __doubleLeading, aB, urlString
    case firstPlace = "1StPlace"
    case allCaps, alreadyCamel, counts, colors, person
  }
}

/// Keys under `.custom`: the test strategy lowercases JSON keys.
struct LowercaseKeys: Codable, Equatable, Sendable {
  var name: String
  var id: Int
}

// MARK: - Classes and super decoders

class Animal: Decodable, Equatable, @unchecked Sendable {
  let name: String

  private enum CodingKeys: String, CodingKey {
    case name
  }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
  }

  static func == (lhs: Animal, rhs: Animal) -> Bool {
    type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
  }

  func isEqual(to other: Animal) -> Bool { name == other.name }
}

/// Its superclass is decoded from `"super"` with `superDecoder()`.
final class Dog: Animal, @unchecked Sendable {
  let breed: String

  private enum CodingKeys: String, CodingKey {
    case breed
  }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    breed = try container.decode(String.self, forKey: .breed)
    try super.init(from: try container.superDecoder())
  }

  override func isEqual(to other: Animal) -> Bool {
    guard let other = other as? Dog else { return false }
    return breed == other.breed && super.isEqual(to: other)
  }
}

/// Its superclass is decoded from `"animal"` with `superDecoder(forKey:)`.
final class Cat: Animal, @unchecked Sendable {
  let lives: Int

  private enum CodingKeys: String, CodingKey {
    case lives, animal
  }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    lives = try container.decode(Int.self, forKey: .lives)
    try super.init(from: try container.superDecoder(forKey: .animal))
  }

  override func isEqual(to other: Animal) -> Bool {
    guard let other = other as? Cat else { return false }
    return lives == other.lives && super.isEqual(to: other)
  }
}

/// Its superclass reads the same object (the decoder is passed on).
final class Bird: Animal, @unchecked Sendable {
  let wingspan: Double

  private enum CodingKeys: String, CodingKey {
    case wingspan
  }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    wingspan = try container.decode(Double.self, forKey: .wingspan)
    try super.init(from: decoder)
  }

  override func isEqual(to other: Animal) -> Bool {
    guard let other = other as? Bird else { return false }
    return wingspan == other.wingspan && super.isEqual(to: other)
  }
}

/// `[{person}, 2]`: the first element through the unkeyed container's `superDecoder()`.
struct PersonAndRank: Decodable, Equatable, Sendable {
  var person: Person
  var rank: Int
  var superPath: String

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    let superDecoder = try container.superDecoder()
    superPath = render(superDecoder.codingPath)
    person = try Person(from: superDecoder)
    rank = try container.decode(Int.self)
  }
}

// MARK: - Property wrappers

/// Missing key or null: `[]`, through an overload of `KeyedDecodingContainer.decode`.
@propertyWrapper
struct DefaultEmpty: Decodable, Equatable, Sendable {
  var wrappedValue: [String]

  init(wrappedValue: [String]) { self.wrappedValue = wrappedValue }

  init(from decoder: any Decoder) throws {
    wrappedValue = try decoder.singleValueContainer().decode([String].self)
  }
}

extension KeyedDecodingContainer {
  func decode(_ type: DefaultEmpty.Type, forKey key: Key) throws -> DefaultEmpty {
    try decodeIfPresent(type, forKey: key) ?? DefaultEmpty(wrappedValue: [])
  }
}

/// Whitespace around the string is dropped.
@propertyWrapper
struct Trimmed: Decodable, Equatable, Sendable {
  var wrappedValue: String

  init(from decoder: any Decoder) throws {
    wrappedValue = try decoder.singleValueContainer().decode(String.self)
      .trimmingCharacters(in: .whitespaces)
  }
}

/// A value that is not an Int becomes nil (the key must still be present).
@propertyWrapper
struct LossyInt: Decodable, Equatable, Sendable {
  var wrappedValue: Int?

  init(from decoder: any Decoder) throws {
    wrappedValue = try? decoder.singleValueContainer().decode(Int.self)
  }
}

struct Article: Decodable, Equatable, Sendable {
  @DefaultEmpty var tags: [String]
  @Trimmed var title: String
  @LossyInt var views: Int?
}

/// Synthesized Codable for a recursive enum with unlabeled associated values.
indirect enum Tree: Codable, Equatable, Sendable {
  case leaf(Int)
  case pair(Tree, Tree)
  case node([Tree])
}

/// A property whose coding key is the empty string.
struct EmptyKey: Codable, Equatable, Sendable {
  var value: Int

  enum CodingKeys: String, CodingKey {
    case value = ""
  }
}
