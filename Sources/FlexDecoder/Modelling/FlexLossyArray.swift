/// An array property whose elements that cannot be decoded are left out, under any decoder.
///
/// ```swift
/// struct Feed: Codable {
///   @FlexLossyArray var posts: [Post]
/// }
/// // {"posts": [{"id": 1}, {"id": "x"}, {"id": 3}]} decodes the posts 1 and 3
/// ```
///
/// Each element is read whole: an element object with one bad field is dropped, not kept with a
/// default in that field, whatever the decoder's error policy. Under FlexJSONDecoder an element
/// is first read with the decoder's coercions (`{"id": "2"}` decodes under `.standard`), and each
/// dropped element is a `.droppedElement` issue in `decodeWithReport`'s `issues` (never thrown).
/// A missing key or `null` is an empty array; a value that is not an array is a problem as for
/// any array. Encoding writes the elements.
@propertyWrapper
public struct FlexLossyArray<Element: Codable> {
  /// The elements that decoded.
  public var wrappedValue: [Element]

  /// A property holding `wrappedValue`.
  public init(wrappedValue: [Element]) {
    self.wrappedValue = wrappedValue
  }
}

// MARK: Codable

extension FlexLossyArray: Codable {
  /// Decodes the elements that can be decoded.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try LossyCollection.elements(LossyElement<Element>.self, from: decoder))
  }

  /// Encodes the elements.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension KeyedDecodingContainer {
  /// A ``FlexLossyArray`` property whose key is missing is empty.
  public func decode<Element>(_ type: FlexLossyArray<Element>.Type, forKey key: Key) throws -> FlexLossyArray<Element> {
    try decodeIfPresent(type, forKey: key) ?? FlexLossyArray(wrappedValue: [])
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexLossyArray: Equatable where Element: Equatable {}
extension FlexLossyArray: Hashable where Element: Hashable {}
extension FlexLossyArray: Sendable where Element: Sendable {}

/// A dictionary property whose values that cannot be decoded are left out, under any decoder
/// (keys are kept as written, as for any dictionary).
///
/// ```swift
/// struct Prices: Codable {
///   @FlexLossyDictionary var byCurrency: [String: Double]
/// }
/// // {"byCurrency": {"EUR": 2.5, "USD": "n/a"}} decodes ["EUR": 2.5]
/// ```
///
/// The rules of ``FlexLossyArray`` apply to each value.
@propertyWrapper
public struct FlexLossyDictionary<Key: Codable & Hashable, Value: Codable> {
  /// The members whose values decoded.
  public var wrappedValue: [Key: Value]

  /// A property holding `wrappedValue`.
  public init(wrappedValue: [Key: Value]) {
    self.wrappedValue = wrappedValue
  }
}

// MARK: Codable

extension FlexLossyDictionary: Codable {
  /// Decodes the members whose values can be decoded.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try LossyCollection.members(Key.self, LossyElement<Value>.self, from: decoder))
  }

  /// Encodes the members.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension KeyedDecodingContainer {
  /// A ``FlexLossyDictionary`` property whose key is missing is empty.
  public func decode<DictionaryKey, Value>(
    _ type: FlexLossyDictionary<DictionaryKey, Value>.Type, forKey key: Key
  ) throws -> FlexLossyDictionary<DictionaryKey, Value> {
    try decodeIfPresent(type, forKey: key) ?? FlexLossyDictionary(wrappedValue: [:])
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexLossyDictionary: Equatable where Value: Equatable {}
extension FlexLossyDictionary: Hashable where Value: Hashable {}
extension FlexLossyDictionary: Sendable where Key: Sendable, Value: Sendable {}

/// One element of a lossy collection: its value, or `nil` (reported) when it did not decode.
/// Never throws, so the collection around it decodes by the decoder's own fast paths.
struct LossyElement<Value: Decodable>: LossyCollectionElement {
  let value: Value?

  init(from decoder: any Decoder) throws {
    value = Self.read(from: decoder, strict: false)
  }

  /// The value at `decoder`'s position, or `nil` after reporting why it was dropped.
  static func read(from decoder: any Decoder, strict: Bool) -> Value? {
    do {
      return try WrapperDecoding.decodeValue(Value.self, from: decoder, strict: strict)
    } catch {
      WrapperDecoding.note(decoder, error, requested: Value.self, action: .drop)
      return nil
    }
  }
}

/// An element of a lossy collection, as the collection's wrapper reads it.
protocol LossyCollectionElement: Decodable, NamedInMessagesAs {
  associatedtype Value
  /// The element's value, or `nil` when it was dropped.
  var value: Value? { get }
}

// Issue messages name the user's type, not these internal ones: `expected [String: Int] but
// found the number 3`, not `[String: StrictLossyElement<Int>]` (see IssueMessage.typeName).

extension LossyCollectionElement {
  static var typeInMessages: Any.Type { Value.self }
}

extension Array: NamedInMessagesAs where Element: LossyCollectionElement {
  static var typeInMessages: Any.Type { [Element.Value].self }
}

extension Dictionary: NamedInMessagesAs where Value: LossyCollectionElement {
  static var typeInMessages: Any.Type { [Key: Value.Value].self }
}

/// The decoding shared by the lossy wrappers.
enum LossyCollection {
  /// The values of the array at `decoder`'s position that decoded, each read as an `Element`;
  /// none for `null`.
  static func elements<Element: LossyCollectionElement>(
    _ type: Element.Type, from decoder: any Decoder
  ) throws -> [Element.Value] {
    if try decoder.singleValueContainer().decodeNil() { return [] }
    return try decoder.singleValueContainer().decode([Element].self).compactMap(\.value)
  }

  /// The members of the object at `decoder`'s position whose values decoded, each read as an
  /// `Element`; none for `null`.
  static func members<Key: Decodable & Hashable, Element: LossyCollectionElement>(
    _ keyType: Key.Type, _ type: Element.Type, from decoder: any Decoder
  ) throws -> [Key: Element.Value] {
    if try decoder.singleValueContainer().decodeNil() { return [:] }
    return try decoder.singleValueContainer().decode([Key: Element].self).compactMapValues(\.value)
  }
}
