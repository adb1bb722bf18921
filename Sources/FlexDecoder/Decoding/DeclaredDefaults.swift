// The declared initial values of a ``FlexDeclaredDefaults`` type, read once per type and process.
//
// One value is built with `init()` and read two ways, both plain Swift: `Mirror` gives every
// stored property by name (a property wrapper's storage as `_name`), and, for an `Encodable`
// type, `encode(to:)` run against a recorder gives each value under its JSON key, which
// differs from the property name when `CodingKeys` has raw values. The recorded keys win.

/// The defaults of one type, by JSON key (a coding key's `stringValue`).
///
/// `@unchecked Sendable`: the table is never mutated after `init`, and a value that is a class
/// instance is never handed out (each use builds a new one), so what is shared between threads
/// is only copied.
final class DeclaredDefaults: @unchecked Sendable {
  private let make: () -> Any
  private let values: [String: Any]
  /// Keys whose value is a class instance: read from a new value each time.
  private let freshKeys: Set<String>
  /// Why no values were found, when the type has some that could not be read: it is not
  /// `Encodable` and `Mirror` sees no stored properties, as in an app built without reflection
  /// metadata. Added to the type's `keyNotFound` messages.
  let unreadableReason: String?

  /// The defaults of `type`.
  init(_ type: any FlexDeclaredDefaults.Type) {
    make = { type.init() }
    let instance = type.init()
    let values = Self.values(of: instance)
    self.values = values
    self.freshKeys = Set(values.filter { Swift.type(of: $0.value) is AnyClass }.keys)
    self.unreadableReason =
      values.isEmpty && !(instance is any Encodable) && Self.reflectionIsMissing(in: instance)
      ? "FlexDeclaredDefaults found no declared values in \(type): Mirror sees no stored properties, as in an app"
        + " built without reflection metadata (Xcode build setting \"Reflection Metadata Level\" set to None);"
        + " make \(type) Encodable too, and its values are read through encode(to:)"
      : nil
  }

  /// Whether `Mirror` sees none of the stored properties that `instance` has: a struct with a
  /// size but no children, or a class with no children in its whole hierarchy (a type with
  /// declared defaults and no stored property at all has nothing to declare).
  private static func reflectionIsMissing<T>(in instance: T) -> Bool {
    Mirror(reflecting: instance).hierarchyHasNoChildren && (T.self is AnyClass || MemoryLayout<T>.size > 0)
  }

  /// The default for `key` as a `T`, if there is one of that type (a `nil` optional is none).
  func value<T>(_ type: T.Type, forKey key: String) -> T? {
    guard let value = values[key] else { return nil }
    guard freshKeys.contains(key) else { return value as? T }
    // A class instance: read from a new value (rare: a type's defaults are mostly values).
    return (Self.values(of: make())[key] ?? value) as? T
  }

  /// The properties of `instance` by JSON key: by name through `Mirror`, superclasses included,
  /// then, for an `Encodable` instance, what `encode(to:)` writes under each key.
  private static func values(of instance: Any) -> [String: Any] {
    var values: [String: Any] = [:]
    var mirror: Mirror? = Mirror(reflecting: instance)
    while let current = mirror {
      for case (let label?, let value) in current.children where values[label] == nil {
        values[label] = value
        // A wrapped property is stored as `_name` and decoded under `name`.
        if label.hasPrefix("_"), values[String(label.dropFirst())] == nil {
          values[String(label.dropFirst())] = value
        }
      }
      mirror = current.superclassMirror
    }
    if let encodable = instance as? any Encodable {
      values.merge(DefaultsRecorder.record(encodable)) { _, recorded in recorded }
    }
    return values
  }
}
