import Foundation

// Models shared by the encoder parity and round-trip tests. Property names have acronyms,
// digits and several words, so that key strategies have something to convert.

/// A library with nested structs, arrays, optionals, dictionaries and a URL.
struct ParityLibrary: Codable, Equatable, Sendable {
  var libraryName: String
  var openedIn: Int
  var homepageURL: URL?
  var closedOn: String?
  var books: [ParityBook]
  var shelfByGenre: [String: [Int]]
  var ratingsByBookID: [Int: Double]
  var favoriteColors: [ParityColor: Int]
  var shapes: [ParityShape]

  static let sample = ParityLibrary(
    libraryName: "Bibliothèque \"Centrale\"",
    openedIn: 1_901,
    homepageURL: URL(string: "https://example.org/library/"),
    closedOn: nil,
    books: [
      ParityBook(bookTitle: "Dune", pageCount: 412, averageRating: 4.25, tags: ["sf", "classic"], isbn13: nil),
      ParityBook(bookTitle: "", pageCount: 0, averageRating: nil, tags: [], isbn13: "978-0-00-000000-0"),
    ],
    shelfByGenre: ["scienceFiction": [1, 2], "poetry": [], "i18n/ü": [3]],
    ratingsByBookID: [7: 4.5, 10: 0.1, -1: 1e21],
    favoriteColors: [.darkRed: 2, .lightBlueGreen: 1],
    shapes: [.circle(radius: 0.5), .rectangle(2, 3), .point, .roundedRect(cornerRadius: 1, sideLengths: [1, 2])])
}

/// A book, nested in ``ParityLibrary``.
struct ParityBook: Codable, Equatable, Sendable {
  var bookTitle: String
  var pageCount: Int
  var averageRating: Double?
  var tags: [String]
  var isbn13: String?
}

/// Dictionary keys: a `CodingKeyRepresentable` enum encodes as an object.
enum ParityColor: String, Codable, CodingKeyRepresentable, Sendable {
  case darkRed, lightBlueGreen
}

/// An enum with associated values: synthesized `Codable` uses nested containers.
enum ParityShape: Codable, Equatable, Sendable {
  case circle(radius: Double)
  case rectangle(Double, Double)
  case point
  case roundedRect(cornerRadius: Double, sideLengths: [Double])
}

/// A keyed container with one member.
struct ParityWrapper<Inner> {
  var inner: Inner
}

extension ParityWrapper: Encodable where Inner: Encodable {}
extension ParityWrapper: Decodable where Inner: Decodable {}
extension ParityWrapper: Equatable where Inner: Equatable {}

/// A value written through a single-value container.
struct ParitySingleValue<Value> {
  var value: Value
}

extension ParitySingleValue: Encodable where Value: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

extension ParitySingleValue: Decodable where Value: Decodable {
  init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(Value.self)
  }
}

extension ParitySingleValue: Equatable where Value: Equatable {}
