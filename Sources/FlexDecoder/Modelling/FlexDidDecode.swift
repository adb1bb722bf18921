/// A type that adjusts itself once decoded: normalises values, derives fields (SmartCodable's
/// `didFinishMapping`, ReerCodable's `didDecode`, YYModel's `modelCustomTransformFromDictionary:`).
///
/// ```swift
/// struct User: Codable, FlexDidDecode {
///   var email: String
///   var firstName: String
///   var lastName: String
///   var fullName = ""
///   mutating func didDecode() {
///     email = email.lowercased()
///     fullName = firstName + " " + lastName
///   }
/// }
/// ```
///
/// ``FlexJSONDecoder`` calls ``didDecode()`` on every decoded value of a conforming type, at any
/// depth, right after its `init(from:)` returns and before ``FlexValidatable/validate()`` (so the
/// check sees the adjusted value). Values that stand in for missing or bad ones (placeholders,
/// defaults) are not adjusted. Foundation's `JSONDecoder` does not call it: a type decoded by
/// both calls it at the end of its own `init(from:)` instead.
public protocol FlexDidDecode: _FlexTypeCustomization {
  /// Adjusts the freshly decoded value.
  mutating func didDecode()
}
