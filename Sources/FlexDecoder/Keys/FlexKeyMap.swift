/// Where to find each property's value in JSON: candidate keys and key paths, by property name.
///
/// Written as a dictionary literal from property names (the `CodingKey` string values) to one
/// candidate or an array of candidates, tried in order; the first present and non-null wins (when
/// its value does not decode, the next candidate whose value does, reported as `.defaulted`). A
/// candidate is a literal JSON key or a key path: components split on `.`, a component of digits
/// indexes an array (`"images.0.url"`), and `\.` is a literal dot.
///
/// ```swift
/// struct Book: Codable, FlexKeyMapping {
///   var bookID: Int
///   var desc: String
///   var cover: URL?
///   static let keyMapping: FlexKeyMap = [
///     "bookID": ["id", "ID", "book_id"],   // candidates
///     "desc": "ext.desc",                  // key path
///     "cover": "images.0.url",             // through an array
///   ]
/// }
/// ```
///
/// A mapped property's own name is not tried unless it is listed.
public struct FlexKeyMap: Sendable, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
  /// One candidate or several, as the value of a map entry.
  public struct Candidates: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// The candidate keys or key paths, in the order they are tried.
    public let keys: [String]

    /// Candidates from an array of keys or key paths.
    public init(_ keys: [String]) { self.keys = keys }

    /// One candidate.
    public init(stringLiteral value: String) { self.keys = [value] }

    /// Several candidates, tried in order.
    public init(arrayLiteral elements: String...) { self.keys = elements }
  }

  /// Parsed candidates by property name.
  let entries: [String: [FlexKeyPath]]

  /// A map from a dictionary of property names to candidate lists.
  public init(_ candidates: [String: [String]]) {
    entries = candidates.mapValues { $0.map(FlexKeyPath.init) }
  }

  /// A map from a literal; a property listed twice keeps its first entry.
  public init(dictionaryLiteral elements: (String, Candidates)...) {
    var entries: [String: [FlexKeyPath]] = [:]
    for (property, candidates) in elements where entries[property] == nil {
      entries[property] = candidates.keys.map(FlexKeyPath.init)
    }
    self.entries = entries
  }

  /// The empty map.
  public static let empty = FlexKeyMap([:])

  /// Whether the map has no entries.
  public var isEmpty: Bool { entries.isEmpty }

  /// The candidates for `property`, or `nil` if the map does not mention it.
  public subscript(property: String) -> [String]? {
    entries[property]?.map(\.text)
  }

  /// The mapped property names.
  public var properties: [String] { entries.keys.sorted() }

  /// This map with the entries of `other` added for properties it does not mention.
  public func merging(_ other: FlexKeyMap) -> FlexKeyMap {
    FlexKeyMap(entries: entries.merging(other.entries) { mine, _ in mine })
  }

  private init(entries: [String: [FlexKeyPath]]) {
    self.entries = entries
  }

  /// `["bookID": ["id", "ID"], "desc": ["ext.desc"]]`, properties sorted.
  public var description: String {
    let members = entries.keys.sorted().map { property in
      "\"\(property)\": [" + entries[property]!.map { "\"\($0.text)\"" }.joined(separator: ", ") + "]"
    }
    return "[" + members.joined(separator: ", ") + "]"
  }
}

/// A type that says where its properties are found in JSON. ``FlexJSONDecoder`` reads the map
/// when it decodes the type (at any depth: nested values, array elements, dictionary values,
/// optionals, superclass decoders) and ``FlexJSONEncoder`` writes each property under its first
/// candidate.
///
/// ```swift
/// struct User: Codable, FlexKeyMapping {
///   var id: Int
///   var name: String
///   static let keyMapping: FlexKeyMap = ["id": ["id", "user_id", "ID"], "name": "profile.name"]
/// }
/// ```
///
/// Map only names of the type's `CodingKeys`; a name the type's keys lack is a programmer error,
/// reported as `DecodingError.dataCorrupted` when the type is first decoded (classes excepted,
/// whose map is shared with their subclasses).
public protocol FlexKeyMapping: _FlexTypeCustomization {
  /// The type's map. The decoder reads it once per type and keeps it for the life of the
  /// process, so it should not change: a `static let` is ideal.
  ///
  /// A generic type cannot have a `static let` (static stored properties are not supported in
  /// generic types): write a computed `static var` there. It is read once per concrete type.
  ///
  /// ```swift
  /// struct Response<T: Decodable>: Decodable, FlexKeyMapping {
  ///   var payload: T
  ///   static var keyMapping: FlexKeyMap { ["payload": ["data", "result"]] }
  /// }
  /// ```
  static var keyMapping: FlexKeyMap { get }
}

extension FlexKeyMap {
  /// The map `type` declares through ``FlexKeyMapping``, or `nil` if it declares none or an
  /// empty one (a ``FlexModel`` that maps nothing), so that such a type takes the same paths as
  /// one without a map.
  static func declared(by type: Any.Type) -> FlexKeyMap? {
    guard let map = (type as? any FlexKeyMapping.Type)?.keyMapping, !map.isEmpty else { return nil }
    return map
  }
}
