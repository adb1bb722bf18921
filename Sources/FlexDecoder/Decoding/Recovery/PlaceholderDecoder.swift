import Foundation

// Placeholders: the values that stand in for missing or bad ones so that decoding can go on.
//
// Standard scalars and collections have obvious ones. `FlexDefaultValue` types give their own.
// Any other Decodable is built by running its `init(from:)` against PlaceholderDecoder, which
// answers every request with an empty container, `nil` or a zero value and records nothing — so
// nothing below a missing value is ever reported.

/// A `Decoder` whose every value is empty, zero, `nil` or `false`.
final class PlaceholderDecoder: Decoder, SingleValueDecodingContainer {
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  /// The configuration of a `decode(_:from:configuration:)` call (see ConfiguredDecodable.swift).
  let carriedConfiguration: AnyObject?

  init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any], configuration: AnyObject? = nil) {
    self.codingPath = codingPath
    self.userInfo = userInfo
    self.carriedConfiguration = configuration
  }

  /// How a type's placeholder is made.
  private enum Route: Sendable {
    /// Asked of the type (``FlexDefaultValue``, ``FlexDeclaredDefaults``).
    case own
    /// One of ``scalarPlaceholder(_:)``'s.
    case scalar
    /// Its `init(from:)` run against a PlaceholderDecoder.
    case decoded
  }

  /// The route of each type: a model's placeholder is made of one per property, and the casts
  /// that find a route cost more than the rest of a scalar's.
  private static let routes = ProcessTypeCache<Route>()

  /// A placeholder of type `T`, or `nil` if `T` cannot be built from nothing (an enum without a
  /// default, a custom `init(from:)` that throws regardless). `codingPath` is built only for a
  /// type decoded from nothing.
  static func placeholder<T: Decodable>(
    _ type: T.Type, codingPath: @autoclosure () -> [any CodingKey], userInfo: [CodingUserInfoKey: Any],
    allowsAnyCase: Bool, configuration: AnyObject? = nil
  ) -> T? {
    let route = routes.value(for: ObjectIdentifier(type)) {
      if type is any FlexDefaultValue.Type || type is any FlexDeclaredDefaults.Type { return .own }
      return scalarPlaceholder(type) != nil ? .scalar : .decoded
    }
    switch route {
    case .own:
      if let defaultValue = (type as? any FlexDefaultValue.Type)?.flexDefault as? T { return defaultValue }
      if let declared = type as? any FlexDeclaredDefaults.Type, let value = declared.init() as? T { return value }
      if let scalar = scalarPlaceholder(type) { return scalar }
    case .scalar:
      return scalarPlaceholder(type)
    case .decoded:
      break
    }
    // A type whose `init(from:)` failed from nothing before fails again: nothing differs but the
    // coding path (kept only when no `userInfo` or configuration could make a difference).
    let knownFailures = allowsAnyCase ? failedAnyCase : failed
    let isRemembered = userInfo.isEmpty && configuration == nil
    if isRemembered && knownFailures.cachedValue(for: ObjectIdentifier(type)) != nil { return nil }
    let decoder = PlaceholderDecoder(codingPath: codingPath(), userInfo: userInfo, configuration: configuration)
    if let value = try? T(from: decoder) { return value }
    // Under `.collectAll` the value is discarded: any case of a CaseIterable enum will do.
    if allowsAnyCase, let cases = type as? any CaseIterable.Type, let first = firstCase(of: cases) as? T {
      return first
    }
    if isRemembered { knownFailures.keep(true, for: ObjectIdentifier(type)) }
    return nil
  }

  /// The types decoded from nothing in vain (a `RawRepresentable` enum without a case for `""`
  /// or `0`, a model with one): trying again builds the same errors, with type names in them
  /// (thousands of instructions each), on every failing decode. One table per `allowsAnyCase`.
  /// This assumes an `init(from:)` depends only on its decoder's answers, `userInfo` and
  /// configuration (those two are never remembered); one that reads its coding path or global
  /// state to decide whether to throw would be remembered by its first outcome.
  private static let failed = ProcessTypeCache<Bool>()
  private static let failedAnyCase = ProcessTypeCache<Bool>()

  private static func firstCase<C: CaseIterable>(of type: C.Type) -> Any? {
    type.allCases.first
  }

  static func scalarPlaceholder<T>(_ type: T.Type) -> T? {
    switch type {
    case is String.Type: return "" as? T
    case is Bool.Type: return false as? T
    case is Double.Type: return 0.0 as? T
    case is Float.Type: return Float(0) as? T
    case is Int.Type: return 0 as? T
    case is Int8.Type: return Int8(0) as? T
    case is Int16.Type: return Int16(0) as? T
    case is Int32.Type: return Int32(0) as? T
    case is Int64.Type: return Int64(0) as? T
    case is UInt.Type: return UInt(0) as? T
    case is UInt8.Type: return UInt8(0) as? T
    case is UInt16.Type: return UInt16(0) as? T
    case is UInt32.Type: return UInt32(0) as? T
    case is UInt64.Type: return UInt64(0) as? T
    // Date's own zero (2001-01-01), what the lenient libraries give, not 1970.
    case is Date.Type: return Date(timeIntervalSinceReferenceDate: 0) as? T
    case is UUID.Type: return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? T
    case is Data.Type: return Data() as? T
    case is Decimal.Type: return Decimal(0) as? T
    case is URL.Type: return URL(string: "about:blank") as? T
    case is JSONValue.Type: return JSONValue.null as? T
    default: return nil
    }
  }

  // MARK: Decoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(PlaceholderKeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    PlaceholderUnkeyedContainer(codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  // MARK: SingleValueDecodingContainer

  func decodeNil() -> Bool { true }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try Self.requiredPlaceholder(type, codingPath: codingPath, userInfo: userInfo)
  }

  /// A placeholder of type `T` for a value that must be there, or the error of a value at
  /// `codingPath` that has none. `codingPath` is built only when needed.
  static func requiredPlaceholder<T: Decodable>(
    _ type: T.Type, codingPath: @autoclosure () -> [any CodingKey], userInfo: [CodingUserInfoKey: Any]
  ) throws -> T {
    guard let value = placeholder(type, codingPath: codingPath(), userInfo: userInfo, allowsAnyCase: false) else {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: codingPath(), debugDescription: "No placeholder for \(type)."))
    }
    return value
  }
}

/// Every key is absent-but-decodable: `decode` gives placeholders, `decodeIfPresent` gives `nil`.
struct PlaceholderKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: PlaceholderDecoder

  init(decoder: PlaceholderDecoder) {
    self.decoder = decoder
  }

  /// The empty object standing in for a missing one at `codingPath`.
  init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
    self.decoder = PlaceholderDecoder(codingPath: codingPath, userInfo: userInfo)
  }
  var codingPath: [any CodingKey] { decoder.codingPath }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { false }
  func decodeNil(forKey key: Key) throws -> Bool { true }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try PlaceholderDecoder.requiredPlaceholder(type, codingPath: codingPath + [key], userInfo: decoder.userInfo)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { nil }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    KeyedDecodingContainer(
      PlaceholderKeyedContainer<NestedKey>(
        decoder: PlaceholderDecoder(codingPath: codingPath + [key], userInfo: decoder.userInfo)))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    PlaceholderUnkeyedContainer(codingPath: codingPath + [key])
  }

  func superDecoder() throws -> any Decoder { decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    PlaceholderDecoder(codingPath: codingPath + [key], userInfo: decoder.userInfo)
  }
}

/// An empty array.
struct PlaceholderUnkeyedContainer: UnkeyedDecodingContainer {
  let codingPath: [any CodingKey]
  var count: Int? { 0 }
  var isAtEnd: Bool { true }
  var currentIndex: Int { 0 }

  private func atEnd(_ type: Any.Type) -> DecodingError {
    DecodingError.valueNotFound(
      type, DecodingError.Context(codingPath: codingPath, debugDescription: "Empty placeholder."))
  }

  mutating func decodeNil() throws -> Bool { throw atEnd(Any?.self) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw atEnd(type) }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  { throw atEnd(type) }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw atEnd([Any].self) }
  mutating func superDecoder() throws -> any Decoder { throw atEnd((any Decoder).self) }
}
