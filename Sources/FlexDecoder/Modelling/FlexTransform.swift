/// A conversion between what the JSON holds and what a ``FlexTransformed`` property holds.
///
/// ```swift
/// /// "3rd" ↔ 3
/// enum Ordinal: FlexTransform {
///   static func value(from encoded: String) throws -> Int {
///     guard let number = Int(encoded.prefix { $0.isNumber }) else { throw OrdinalError() }
///     return number
///   }
///   static func encoded(from value: Int) throws -> String { "\(value)th" }
/// }
/// ```
public protocol FlexTransform {
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

/// Renamed ``FlexTransform``.
@available(*, unavailable, renamed: "FlexTransform")
public typealias FlexValueTransformer = FlexTransform
