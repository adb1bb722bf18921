/// A type decoded under its own error policy, whatever the decoder's: a lenient part of a strict
/// document, or a strict part of a lenient one.
///
/// ```swift
/// struct Feed: Codable {
///   var id: Int
///   var items: [Item]          // Item is lenient: a bad field takes its default
/// }
/// struct Item: Codable, FlexTypeErrorPolicy {
///   static var errorPolicy: FlexJSONDecoder.ErrorPolicy { .useDefaults }
///   var title: String
///   var views: Int
/// }
/// // Under FlexJSONDecoder.strict(), {"id": 1, "items": [{"title": "a", "views": "n/a"}]}
/// // decodes with views 0 (reported); a bad "id" still throws.
/// ```
///
/// The policy applies to the problems inside a value of the type: its own keys and everything
/// below them, down to a nested type that declares its own. `.useDefaults` repairs and reports
/// them; `.collectAll` lets decoding go on and makes the decode throw them at the end (with any
/// other problems); `.failFast` makes the first of them end the decode with its error, even under
/// a lenient decoder. The decoder's coercions apply under every policy.
public protocol FlexTypeErrorPolicy: _FlexTypeCustomization {
  /// The policy for the problems inside a value of this type.
  static var errorPolicy: FlexJSONDecoder.ErrorPolicy { get }
}
