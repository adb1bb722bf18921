// Models written with the Codable idioms apps use beyond plain structs: a type-erased JSON value
// (`AnyCodable`), enums with associated values, String raw-value enums, UUIDs, Decimals and
// Dates, a hand-written `init(from:)` that flattens a nested object, and a class hierarchy with
// `superDecoder()`.

import Foundation

/// Any JSON value, decoded by trying each type in turn, as `AnyCodable`-style types do.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum AnyJSON: Codable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([AnyJSON])
  case object([String: AnyJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([AnyJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: AnyJSON].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

/// An enum with associated values, coded the way Swift synthesizes it:
/// `{"circle": {"radius": 1.5}}`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum Shape: Codable, Equatable {
  case circle(radius: Double)
  case rectangle(width: Double, height: Double)
  case label(String)
}

/// An account whose state and roles are String raw-value enums, as most APIs send them.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct Account: Codable, Equatable {
  /// Where the account stands.
  enum Status: String, Codable {
    case active, suspended, pending, closed
  }

  /// What the account may do.
  enum Role: String, Codable {
    case viewer, editor, admin, billing
  }

  let id: Int
  let status: Status
  let roles: [Role]
}

/// An order as a shop's API sends it: a UUID, a Date, Decimal amounts, optional URLs.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ShopOrder: Codable, Equatable {
  /// An amount of money in a currency.
  struct Money: Codable, Equatable {
    let amount: Decimal
    let currency: String
  }

  /// One line of the order.
  struct Line: Codable, Equatable {
    let sku: String
    let quantity: Int
    let unitPrice: Decimal
    let productUrl: URL?
  }

  let id: UUID
  let createdAt: Date
  let total: Money
  let lines: [Line]
  let note: String?
}

/// A venue whose `init(from:)` flattens `{"location": {"lat": …, "lng": …}}` and reads a flag
/// leniently, as hand-written decoders do.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct Venue: Decodable, Equatable {
  let id: Int
  let name: String
  let tags: [String]
  let latitude: Double
  let longitude: Double
  let isOpen: Bool

  private enum CodingKeys: String, CodingKey { case id, name, tags, location, open }
  private enum LocationKeys: String, CodingKey { case lat, lng }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
    tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
    latitude = try location.decode(Double.self, forKey: .lat)
    longitude = try location.decode(Double.self, forKey: .lng)
    isOpen = (try? container.decode(Bool.self, forKey: .open)) ?? false
  }
}

/// The base of a class hierarchy.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
class Animal: Codable {
  let id: Int
  let name: String
}

/// A subclass that decodes its superclass's part through `superDecoder()`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
final class Dog: Animal, Equatable {
  let breed: String

  private enum CodingKeys: String, CodingKey { case breed }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    breed = try container.decode(String.self, forKey: .breed)
    try super.init(from: container.superDecoder())
  }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(breed, forKey: .breed)
    try super.encode(to: container.superEncoder())
  }

  static func == (lhs: Dog, rhs: Dog) -> Bool {
    lhs.id == rhs.id && lhs.name == rhs.name && lhs.breed == rhs.breed
  }
}
