/// Conversions between the key spellings APIs use and Swift's `camelCase` property names.
///
/// ```swift
/// KeyCase.camelCase(fromTitleCase: "FirstName")   // "firstName"
/// KeyCase.camelCase(fromTitleCase: "URLString")   // "urlString"
/// KeyCase.camelCase(fromKebabCase: "first-name")  // "firstName"
/// KeyCase.looselyEqual("FIRST_NAME", "firstName") // true
/// ```
public enum KeyCase {
  /// `TitleCase` (PascalCase) to `camelCase`: the leading capital is lowered, a leading acronym
  /// is lowered up to the start of the next word (`URLString` → `urlString`), and a key that is
  /// all capitals is lowered whole (`ID` → `id`, and `IDs` → `ids`). Keys that start in lower
  /// case are unchanged.
  public static func camelCase(fromTitleCase key: String) -> String {
    let characters = Array(key)
    var capitals = 0
    while capitals < characters.count && characters[capitals].isUppercase { capitals += 1 }
    guard capitals > 0 else { return key }
    if capitals == characters.count { return key.lowercased() }
    // In "URLString" the run is "URLS": its last capital starts the next word. A plural
    // acronym ("IDs", "URLs") is one word.
    let isPluralAcronym = String(characters[capitals...]) == "s"
    let lowered = capitals > 1 && characters[capitals].isLowercase && !isPluralAcronym ? capitals - 1 : capitals
    return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
  }

  /// `camelCase` to `TitleCase`: the first letter is capitalized (`firstName` → `FirstName`,
  /// `id` → `Id`).
  public static func titleCase(fromCamelCase key: String) -> String {
    guard let first = key.first else { return key }
    return first.uppercased() + key.dropFirst()
  }

  /// `kebab-case` to `camelCase`: `first-name` → `firstName`, `user-id` → `userId`. Leading and
  /// trailing hyphens are kept; a key without inner hyphens is unchanged.
  public static func camelCase(fromKebabCase key: String) -> String {
    camelCase(key, separator: "-")
  }

  /// Words separated by `separator` to `camelCase`: the first word lowered, the others with a
  /// capital first letter and the rest lowered.
  static func camelCase(_ key: String, separator: Character) -> String {
    guard let first = key.firstIndex(where: { $0 != separator }) else { return key }
    let last = key.lastIndex(where: { $0 != separator })!
    let words = key[first...last].split(separator: separator)
    guard words.count > 1 else { return key }
    var result = String(key[..<first]) + words[0].lowercased()
    for word in words.dropFirst() {
      result += word.prefix(1).uppercased() + word.dropFirst().lowercased()
    }
    return result + String(key[key.index(after: last)...])
  }

  /// Whether two keys are equal once both are lowercased (ASCII) and stripped of `_` and `-`:
  /// `first_name`, `FirstName`, `first-name` and `FIRST_NAME` all equal `firstName`.
  public static func looselyEqual(_ lhs: String, _ rhs: String) -> Bool {
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { left in
      rhs.withUTF8 { right in looselyEqual(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) }
    }
  }

  /// ``looselyEqual(_:_:)`` on UTF-8 bytes, without allocating.
  public static func looselyEqual(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
    var left = 0
    var right = 0
    while true {
      while left < lhs.count && isSeparator(lhs[left]) { left += 1 }
      while right < rhs.count && isSeparator(rhs[right]) { right += 1 }
      if left == lhs.count || right == rhs.count { return left == lhs.count && right == rhs.count }
      guard lowered(lhs[left]) == lowered(rhs[right]) else { return false }
      left += 1
      right += 1
    }
  }

  @inline(__always)
  private static func isSeparator(_ byte: UInt8) -> Bool { byte == ._underscore || byte == ._minus }

  @inline(__always)
  private static func lowered(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
}
