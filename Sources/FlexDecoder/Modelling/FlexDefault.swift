/// Supplies the value of a ``FlexDefault`` property when its JSON value is missing, `null` or
/// unusable.
///
/// ```swift
/// enum UnknownStatus: FlexDefaultProvider {
///   static var defaultValue: Status { .unknown }
/// }
/// struct Order: Codable {
///   @FlexDefault<UnknownStatus> var status: Status
/// }
/// ```
///
/// A provider that also implements ``missingValue`` tells "no value" apart from "a bad value"
/// (MetaCodable's `@Default(ifMissing:forErrors:)`): the key missing or `null` gives
/// `missingValue`, a value that does not decode gives `defaultValue`.
public protocol FlexDefaultProvider {
  /// The type of the property.
  associatedtype Value: Codable
  /// The value used when the JSON has none that decodes.
  static var defaultValue: Value { get }
  /// The value used when the key is missing or its value is `null`; ``defaultValue`` unless the
  /// provider implements it.
  static var missingValue: Value { get }
}

extension FlexDefaultProvider {
  /// ``defaultValue``: a missing key or `null` is treated like a value that does not decode.
  public static var missingValue: Value { defaultValue }
}

/// A property that takes its provider's value when the key is missing, the value is `null`, or
/// the value cannot be decoded (BetterCodable's `@DefaultCodable`), under any decoder.
///
/// ```swift
/// struct Account: Codable {
///   @FlexDefaultFalse var isAdmin: Bool
///   @FlexDefaultEmptyArray<String> var roles: [String]
/// }
/// // {} decodes as isAdmin false, roles []
/// ```
///
/// Under FlexJSONDecoder the value is first read with the decoder's coercions (`"yes"` is
/// `true` under `.standard`), and a value that still fails is reported as a `.defaulted` issue in
/// `decodeWithReport`'s `issues` (never thrown). A missing key or a `null` is what the wrapper is
/// for: not reported, and it takes the provider's ``FlexDefaultProvider/missingValue`` (the same
/// as its `defaultValue` unless the provider says otherwise). Under Foundation's `JSONDecoder` the
/// same rules apply, silently. Encoding writes the wrapped value.
@propertyWrapper
public struct FlexDefault<Provider: FlexDefaultProvider> {
  /// The decoded value, or the provider's.
  public var wrappedValue: Provider.Value

  /// A property holding `wrappedValue`.
  public init(wrappedValue: Provider.Value) {
    self.wrappedValue = wrappedValue
  }

  /// A property holding the provider's value.
  public init() {
    self.wrappedValue = Provider.defaultValue
  }
}

// MARK: Codable

extension FlexDefault: Codable {
  /// Decodes the value; `null` takes the provider's `missingValue`, a value that cannot be
  /// decoded its `defaultValue`.
  public init(from decoder: any Decoder) throws {
    if try decoder.singleValueContainer().decodeNil() {
      self.init(wrappedValue: Provider.missingValue)
      return
    }
    do {
      self.init(wrappedValue: try WrapperDecoding.decodeValue(Provider.Value.self, from: decoder))
    } catch {
      WrapperDecoding.note(decoder, error, requested: Provider.Value.self, action: .substitute)
      self.init()
    }
  }

  /// Encodes the wrapped value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension KeyedDecodingContainer {
  /// A ``FlexDefault`` property whose key is missing or `null` takes its provider's
  /// `missingValue` (the synthesized `init(from:)` calls this overload, under any decoder).
  public func decode<Provider>(_ type: FlexDefault<Provider>.Type, forKey key: Key) throws -> FlexDefault<Provider> {
    try decodeIfPresent(type, forKey: key) ?? FlexDefault(wrappedValue: Provider.missingValue)
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexDefault: Equatable where Provider.Value: Equatable {}
extension FlexDefault: Hashable where Provider.Value: Hashable {}
extension FlexDefault: Sendable where Provider.Value: Sendable {}
