import Foundation

extension SnakeCaseConversion {
  /// `convertToSnakeCase`, with `JSONEncoder`'s exact results: `myURLProperty` →
  /// `my_url_property`, `iOSVersion` → `i_os_version`, `a1b2C3` → `a1b2_c3`.
  ///
  /// Words start at an upper-case letter (Unicode's, as Foundation's `CharacterSet`); in a run of
  /// capitals followed by a lower-case letter, the last capital starts the next word. Words are
  /// lowercased and joined with `separator`. (As in Foundation, a key that starts with capitals
  /// splits after its first letter: `URLString` → `u_rl_string`.)
  ///
  /// Letters are found scalar by scalar, but the steps next to a capital or a lower-case letter
  /// are whole characters, as in Foundation: a capital with a combining accent is one letter
  /// (`aB\u{301}c` → `a_b\u{301}c`, `aBC\u{301}d` → `a_b_c\u{301}d`).
  static func snakeCase(fromCamelCase key: String, separator: String = "_") -> String {
    guard !key.isEmpty else { return key }
    let scalars = key.unicodeScalars
    let uppercase = CharacterSet.uppercaseLetters
    let lowercase = CharacterSet.lowercaseLetters
    var words: [Range<String.Index>] = []
    var wordStart = key.startIndex
    var searchStart = key.index(after: wordStart)
    while let capital = scalars[searchStart...].firstIndex(where: uppercase.contains) {
      words.append(wordStart..<capital)
      guard let lower = scalars[capital...].firstIndex(where: lowercase.contains) else {
        wordStart = capital
        break
      }
      if lower == key.index(after: capital) {
        wordStart = capital
      } else {
        let beforeLower = key.index(before: lower)
        words.append(capital..<beforeLower)
        wordStart = beforeLower
      }
      searchStart = scalars.index(after: lower)
    }
    words.append(wordStart..<key.endIndex)
    return words.map { key[$0].lowercased() }.joined(separator: separator)
  }
}
