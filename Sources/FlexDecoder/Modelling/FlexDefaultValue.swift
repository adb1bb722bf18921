/// A type that names the value to use when its JSON value is missing or bad, under
/// `.collectAll` (as the placeholder that lets decoding go on) and `.useDefaults` (as the
/// value kept).
///
/// ```swift
/// enum Status: String, Codable, FlexDefaultValue {
///   case active, suspended, unknown
///   static let flexDefault = Status.unknown
/// }
/// ```
public protocol FlexDefaultValue: _FlexTypeCustomization {
  /// The default value.
  static var flexDefault: Self { get }
}
