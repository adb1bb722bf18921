/// A class whose JSON names, in a tag, which subclass to decode (YYModel's
/// `modelCustomClassForDictionary:`): decoding `[Media]` gives `Video` and `Photo` instances.
///
/// ```swift
/// class Media: Codable, FlexPolymorphicClass {
///   var type: String
///   var url: String
///   class var tagKey: String { "type" }
///   class var subclassesByTag: [String: any Decodable.Type] { ["video": Video.self, "photo": Photo.self] }
/// }
/// final class Video: Media { var seconds = 0 /* + init(from:) and encode(to:) */ }
/// ```
///
/// When FlexJSONDecoder decodes a value of the class (or of a subclass that names others), it
/// reads the tag from the object and decodes the subclass it maps to instead; a missing or
/// unknown tag decodes the class itself. Keep the tag a stored property of the base class: it is
/// then encoded like any other, so the encoded JSON decodes back to the same subclasses. Each
/// subclass needs its own `init(from:)` (see "Subclasses" in Docs/Modelling.md).
///
/// A JSON without a tag can choose the subclass by the keys it has (YYModel's
/// `modelCustomClassForDictionary:` returning `YYCircle` when the dictionary has `"radius"`):
///
/// ```swift
/// class Shape: Codable, FlexPolymorphicClass {
///   var name = ""
///   class var subclassesByKey: KeyValuePairs<String, any Decodable.Type> {
///     ["radius": Circle.self, "width": Rectangle.self]
///   }
/// }
/// // {"name": "c", "radius": 2} decodes a Circle, {"name": "r", "width": 3, "height": 4} a Rectangle
/// ```
///
/// Foundation's `JSONDecoder` cannot do this (an initializer cannot return a subclass): there the
/// base class is decoded.
public protocol FlexPolymorphicClass: AnyObject, Decodable, _FlexTypeCustomization {
  /// The key of the tag: `"type"` (the default).
  static var tagKey: String { get }
  /// The subclass to decode for each tag; none by default.
  static var subclassesByTag: [String: any Decodable.Type] { get }
  /// The subclass to decode when the object has a key, for objects whose tag is missing or names
  /// no subclass: the first key listed that the object has wins (its value may be anything,
  /// `null` included), among the entries that name the class being decoded or a subclass of it
  /// (a `Rectangle` asked for stays one, whatever other keys it has). None by default.
  static var subclassesByKey: KeyValuePairs<String, any Decodable.Type> { get }
}

extension FlexPolymorphicClass {
  /// `"type"`.
  public static var tagKey: String { "type" }
  /// None: the subclass is not chosen by a tag.
  public static var subclassesByTag: [String: any Decodable.Type] { [:] }
  /// None: the subclass is not chosen by the keys present.
  public static var subclassesByKey: KeyValuePairs<String, any Decodable.Type> { [:] }
}

/// A ``FlexPolymorphicClass``'s tag key and subclasses, read once per type and process.
struct PolymorphicClassTraits: Sendable {
  let tagKey: [UInt8]
  /// `@unchecked`: metatypes are immutable and shared by the process.
  nonisolated(unsafe) let subclassesByTag: [String: any Decodable.Type]
  /// The keys of ``FlexPolymorphicClass/subclassesByKey`` as UTF-8, in their order, for the
  /// entries that name the class itself or one of its subclasses: the keys choose among those
  /// only. A class asked for by name (`Rectangle`) is not replaced by a sibling whose key the
  /// object also has, and lists that name each other (a subclass's override naming a sibling)
  /// cannot send decoding round in circles.
  nonisolated(unsafe) let subclassesByKey: [(key: [UInt8], subclass: any Decodable.Type)]

  init(_ type: any FlexPolymorphicClass.Type) {
    tagKey = Array(type.tagKey.utf8)
    subclassesByTag = type.subclassesByTag
    subclassesByKey = type.subclassesByKey.compactMap { entry in
      Self.isClass(entry.value, orSubclassOf: type) ? (Array(entry.key.utf8), entry.value) : nil
    }
  }

  /// Whether `candidate` is the class `base` or a class below it.
  static func isClass(_ candidate: Any.Type, orSubclassOf base: Any.Type) -> Bool {
    guard var current = candidate as? AnyClass, let base = base as? AnyClass else { return false }
    while ObjectIdentifier(current) != ObjectIdentifier(base) {
      guard let superclass = _getSuperclass(current) else { return false }
      current = superclass
    }
    return true
  }
}
