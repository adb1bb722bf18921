/// A type that carries its customizations in one conformance: its candidate keys
/// (``FlexKeyMapping``), its check (``FlexValidatable``) and its adjustment after decoding
/// (``FlexDidDecode``). Implement the ones the type needs; the others do nothing.
///
/// ```swift
/// struct Book: Codable, FlexModel {
///   var id: Int
///   var title: String
///   static let keyMapping: FlexKeyMap = ["id": ["id", "ID", "book_id"]]
///   mutating func didDecode() { title = title.trimmingCharacters(in: .whitespaces) }
///   func validate() throws {
///     guard id > 0 else { throw ValidationError("id must be positive") }
///   }
/// }
/// ```
///
/// `FlexModel` is the three protocols with a default for each requirement, so a `FlexModel`
/// type is also a `FlexKeyMapping`, a `FlexValidatable` and a `FlexDidDecode`, and code written
/// against those protocols sees it as such. The defaults are an empty key map, a `validate()`
/// that accepts every value and a `didDecode()` that changes nothing.
///
/// Write the types of the requirements out, as above: `static let keyMapping = ["id": "ID"]`
/// infers a `[String: String]`, which is a property of its own, and the type keeps the empty
/// default map. (A type that adopts ``FlexKeyMapping`` itself gets a compile error for that
/// instead.)
///
/// The customizations that have no "nothing" to default to keep their own protocols and combine
/// with this one: ``FlexDefaultValue`` (the type's default value), ``FlexDeclaredDefaults`` (its
/// declared initial values), ``FlexTypeErrorPolicy`` (its error policy) and
/// ``FlexPolymorphicClass``.
///
/// A `FlexModel` type that does not implement `validate()` or `didDecode()` still has them
/// called for each of its values, as any conforming type has; each call returns at once. On a
/// 15-property struct that is about 5% of its decode (instructions); a type in a hot path that
/// needs only a key map can adopt ``FlexKeyMapping`` alone.
public protocol FlexModel: FlexKeyMapping, FlexValidatable, FlexDidDecode {}

extension FlexModel {
  /// No candidate keys: the type's coding keys are read as the decoder's key strategy says.
  public static var keyMapping: FlexKeyMap { [:] }

  /// Accepts every value.
  public func validate() throws {}

  /// Changes nothing.
  public mutating func didDecode() {}
}
