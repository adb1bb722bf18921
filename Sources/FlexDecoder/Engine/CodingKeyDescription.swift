// A coding key as JSONDecoder's error messages write it, without a type-name lookup per error.

/// `String(describing: key)` for a coding key: `CodingKeys(stringValue: "id", intValue: nil)`,
/// as JSONDecoder's `keyNotFound` messages write it.
///
/// The standard library's `CodingKey.description` names the key's type with `type(of: self)`,
/// which the runtime demangles on every call: about 4,000 instructions, paid by the error of each
/// missing key (the recovery pass of instruments.json with 2% of its members removed: 5% of the
/// decode). The type's name is kept per key type instead. It is used only if the type's own
/// description of the first key met was the standard one; a type that describes its keys its
/// own way is asked every time.
enum CodingKeyDescription {
  /// The name of each key type, or `nil` for a type with a description of its own.
  private static let typeNames = ProcessTypeCache<String?>()

  /// `key`'s description.
  static func describe(_ key: any CodingKey) -> String {
    let type = Swift.type(of: key)
    let name = typeNames.value(for: ObjectIdentifier(type)) {
      let name = String(describing: type)
      return key.description == standard(key, typeName: name) ? name : nil
    }
    guard let name else { return key.description }
    return standard(key, typeName: name)
  }

  /// The standard library's description of a coding key of the type named `typeName`.
  private static func standard(_ key: any CodingKey, typeName: String) -> String {
    let intValue = key.intValue.map { String($0) } ?? "nil"
    return typeName + "(stringValue: \"" + key.stringValue + "\", intValue: " + intValue + ")"
  }
}
