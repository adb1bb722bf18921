/// A type that checks itself right after it is decoded.
///
/// ``FlexJSONDecoder`` calls ``validate()`` on every decoded value of a conforming type, at any
/// depth, right after its `init(from:)` returns. A thrown error is a
/// ``FlexIssue/Kind/validationFailed`` issue at that value's path and follows the error policy:
/// `.failFast` throws `DecodingError.dataCorrupted` (the error underneath), `.collectAll` lists it,
/// `.useDefaults` drops an invalid array element, makes an invalid optional `nil` and replaces
/// another invalid value by its default.
///
/// ```swift
/// struct Price: Codable, FlexValidatable {
///   var amount: Double
///   func validate() throws {
///     guard amount >= 0 else { throw ValidationError("amount must not be negative") }
///   }
/// }
/// ```
public protocol FlexValidatable: _FlexTypeCustomization {
  /// Throws if the value is not valid.
  func validate() throws
}
