import Foundation

/// A conversion between what the JSON holds and what a ``FlexTransformed`` property holds.
///
/// ```swift
/// /// "3rd" ↔ 3
/// enum Ordinal: FlexValueTransformer {
///   static func value(from encoded: String) throws -> Int {
///     guard let number = Int(encoded.prefix { $0.isNumber }) else { throw OrdinalError() }
///     return number
///   }
///   static func encoded(from value: Int) throws -> String { "\(value)th" }
/// }
/// ```
public protocol FlexValueTransformer {
  /// What the JSON holds.
  associatedtype Encoded: Codable
  /// What the property holds.
  associatedtype Value
  /// The property's value for a decoded JSON value; an error thrown here is a `dataCorrupted`
  /// problem at the property's path (its `underlyingError`), under the decoder's error policy.
  static func value(from encoded: Encoded) throws -> Value
  /// The JSON value for the property's value.
  static func encoded(from value: Value) throws -> Encoded
}

/// A property read and written through a ``FlexValueTransformer``, under any decoder and
/// encoder.
///
/// ```swift
/// struct Standing: Codable {
///   @FlexTransformed<Ordinal> var place: Int
///   @FlexTransformed<FlexTransforms.Trimmed> var team: String
/// }
/// // {"place": "3rd", "team": "  Lyon "} decodes place 3, team "Lyon"
/// ```
///
/// Under FlexJSONDecoder the JSON value is read with the decoder's coercions like any other.
@propertyWrapper
public struct FlexTransformed<Transformer: FlexValueTransformer> {
  /// The transformed value.
  public var wrappedValue: Transformer.Value

  /// A property holding `wrappedValue`.
  public init(wrappedValue: Transformer.Value) {
    self.wrappedValue = wrappedValue
  }
}

// MARK: Codable

extension FlexTransformed: Codable {
  /// Decodes the JSON value and transforms it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let encoded = try container.decode(Transformer.Encoded.self)
    do {
      self.init(wrappedValue: try Transformer.value(from: encoded))
    } catch let error as DecodingError {
      throw error
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "\(Transformer.self) rejected the value: \(error)",
          underlyingError: error))
    }
  }

  /// Transforms the value back and encodes it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Transformer.encoded(from: wrappedValue))
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexTransformed: Equatable where Transformer.Value: Equatable {}
extension FlexTransformed: Hashable where Transformer.Value: Hashable {}
extension FlexTransformed: Sendable where Transformer.Value: Sendable {}
