/// An array property whose elements that do not decode as they are, without the decoder's
/// coercions, are left out: BetterCodable's `@LossyArray` to the element.
///
/// ```swift
/// struct Feed: Codable {
///   @FlexLossyArray var ids: [Int]         // [1, "2", "x"] → [1, 2] under FlexJSONDecoder's .standard
///   @FlexStrictLossyArray var codes: [Int] // [1, "2", "x"] → [1], as BetterCodable and JSONDecoder
/// }
/// ```
///
/// Everything else is ``FlexLossyArray``'s: elements dropped whole and reported as
/// `.droppedElement` issues, a missing key or `null` an empty array, a value that is not an
/// array a problem, the elements written back as they are. Under another decoder the two are the
/// same. Only the coercions are left out: key maps and strategies still find an element's keys.
/// They are left out of the elements, which is what decides a drop; the array itself is read as
/// any array, so under `.singleToArray` a single value is an array of one, whose element is then
/// read strictly (`{"codes": 7}` is `[7]`, `{"codes": "7"}` is `[]`).
@propertyWrapper
public struct FlexStrictLossyArray<Element: Codable> {
  /// The elements that decoded.
  public var wrappedValue: [Element]

  /// A property holding `wrappedValue`.
  public init(wrappedValue: [Element]) {
    self.wrappedValue = wrappedValue
  }
}

// MARK: Codable

extension FlexStrictLossyArray: Codable {
  /// Decodes the elements that decode without coercions.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try LossyCollection.elements(StrictLossyElement<Element>.self, from: decoder))
  }

  /// Encodes the elements.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension KeyedDecodingContainer {
  /// A ``FlexStrictLossyArray`` property whose key is missing is empty.
  public func decode<Element>(
    _ type: FlexStrictLossyArray<Element>.Type, forKey key: Key
  ) throws -> FlexStrictLossyArray<Element> {
    try decodeIfPresent(type, forKey: key) ?? FlexStrictLossyArray(wrappedValue: [])
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexStrictLossyArray: Equatable where Element: Equatable {}
extension FlexStrictLossyArray: Hashable where Element: Hashable {}
extension FlexStrictLossyArray: Sendable where Element: Sendable {}

/// A dictionary property whose values that do not decode as they are, without the decoder's
/// coercions, are left out: BetterCodable's `@LossyDictionary` to the value.
///
/// ```swift
/// struct Prices: Codable {
///   @FlexStrictLossyDictionary var byCurrency: [String: Double]
/// }
/// // {"byCurrency": {"EUR": 2.5, "USD": "3"}} decodes ["EUR": 2.5]
/// ```
///
/// The rules of ``FlexStrictLossyArray`` apply to each value.
@propertyWrapper
public struct FlexStrictLossyDictionary<Key: Codable & Hashable, Value: Codable> {
  /// The members whose values decoded.
  public var wrappedValue: [Key: Value]

  /// A property holding `wrappedValue`.
  public init(wrappedValue: [Key: Value]) {
    self.wrappedValue = wrappedValue
  }
}

// MARK: Codable

extension FlexStrictLossyDictionary: Codable {
  /// Decodes the members whose values decode without coercions.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try LossyCollection.members(Key.self, StrictLossyElement<Value>.self, from: decoder))
  }

  /// Encodes the members.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension KeyedDecodingContainer {
  /// A ``FlexStrictLossyDictionary`` property whose key is missing is empty.
  public func decode<DictionaryKey, Value>(
    _ type: FlexStrictLossyDictionary<DictionaryKey, Value>.Type, forKey key: Key
  ) throws -> FlexStrictLossyDictionary<DictionaryKey, Value> {
    try decodeIfPresent(type, forKey: key) ?? FlexStrictLossyDictionary(wrappedValue: [:])
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexStrictLossyDictionary: Equatable where Value: Equatable {}
extension FlexStrictLossyDictionary: Hashable where Value: Hashable {}
extension FlexStrictLossyDictionary: Sendable where Key: Sendable, Value: Sendable {}

/// One element of a strict lossy collection: read without the decoder's coercions.
struct StrictLossyElement<Value: Decodable>: LossyCollectionElement {
  let value: Value?

  init(from decoder: any Decoder) throws {
    value = LossyElement<Value>.read(from: decoder, strict: true)
  }
}
