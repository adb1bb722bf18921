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

  /// The message of a missing key, as JSONDecoder words it after `opening`:
  /// `No value associated with key CodingKeys(stringValue: "id", intValue: nil) ("id")`.
  ///
  /// Written into one string: each `+` of the pieces allocated a string of its own, and the
  /// message is built for every missing key the recovery pass meets (some 60 per decode of a
  /// messy github_events.json, 10% of it at 8,000 instructions each).
  static func missingKeyMessage(_ opening: String, _ key: any CodingKey) -> String {
    writeMissingKeyMessage(opening, key, stringValue: key.stringValue, closing: "\")").text
  }

  /// The `keyNotFound` message of JSONDecoder for `key`:
  /// `No value associated with key CodingKeys(stringValue: "id", intValue: nil) ("id").`
  ///
  /// Kept per key type and key once written (a messy document misses the same few keys again
  /// and again): a lookup costs a tenth of writing the message. Only keys described the standard
  /// way are kept (their description is their type's name and values; a type's own description
  /// may say anything, and is asked every time). At most `keptMessageLimit` are kept, so keys
  /// made up at run time cannot grow the cache without bound.
  static func keyNotFoundMessage(_ key: any CodingKey) -> String {
    let stringValue = key.stringValue
    let cacheKey = MessageKey(
      keyType: ObjectIdentifier(Swift.type(of: key)), stringValue: stringValue, intValue: key.intValue)
    if let kept = keptMessages.withLock({ $0[cacheKey] }) { return kept }
    let (message, isStandard) = writeMissingKeyMessage(
      "No value associated with key ", key, stringValue: stringValue, closing: "\").")
    if isStandard {
      keptMessages.withLock { messages in
        if messages.count < keptMessageLimit { messages[cacheKey] = message }
      }
    }
    return message
  }

  /// A key of one key type, by its values.
  private struct MessageKey: Hashable, Sendable {
    let keyType: ObjectIdentifier
    let stringValue: String
    let intValue: Int?
  }

  /// The kept messages, by key (shared between threads only through `withLock`).
  nonisolated(unsafe) private static let keptMessages = LockedState.make([MessageKey: String]())
  /// The most messages kept, about 100 kB.
  static let keptMessageLimit = 1024

  /// How many messages are kept now.
  static var keptMessageCount: Int { keptMessages.withLock { $0.count } }

  /// `opening`, the key's description, its string value quoted in parentheses, then `closing`;
  /// and whether the description is the standard one.
  private static func writeMissingKeyMessage(
    _ opening: String, _ key: any CodingKey, stringValue: String, closing: String
  ) -> (text: String, isStandard: Bool) {
    var text = opening
    text.reserveCapacity(opening.utf8.count &+ 2 &* stringValue.utf8.count &+ 64)
    let isStandard = append(key, stringValue: stringValue, to: &text)
    text += " (\""
    text += stringValue
    text += closing
    return (text, isStandard)
  }

  /// Appends `key`'s description; `stringValue` is its `stringValue`. Returns whether it is the
  /// standard one.
  private static func append(_ key: any CodingKey, stringValue: String, to text: inout String) -> Bool {
    let type = Swift.type(of: key)
    let name = typeNames.value(for: ObjectIdentifier(type)) {
      let name = String(describing: type)
      var standardText = ""
      appendStandard(key, typeName: name, stringValue: stringValue, to: &standardText)
      return key.description == standardText ? name : nil
    }
    guard let name else {
      text += key.description
      return false
    }
    appendStandard(key, typeName: name, stringValue: stringValue, to: &text)
    return true
  }

  /// Appends the standard library's description of a coding key of the type named `typeName`.
  private static func appendStandard(
    _ key: any CodingKey, typeName: String, stringValue: String, to text: inout String
  ) {
    text += typeName
    text += "(stringValue: \""
    text += stringValue
    text += "\", intValue: "
    if let intValue = key.intValue { text += String(intValue) } else { text += "nil" }
    text += ")"
  }
}
