import Foundation

extension SnakeCaseConversion {
  /// `convertToSnakeCase`, with `JSONEncoder`'s exact results: `myURLProperty` →
  /// `my_url_property`, `iOSVersion` → `i_os_version`, `a1b2C3` → `a1b2_c3`.
  ///
  /// Words start at an upper-case letter (Unicode's, as Foundation's `CharacterSet`); in a run of
  /// capitals followed by a lower-case letter, the last capital starts the next word. Words are
  /// lowercased and joined with `separator`. (As in Foundation, a key that starts with capitals
  /// splits after its first letter: `URLString` → `u_rl_string`.)
  static func snakeCase(fromCamelCase key: String, separator: String = "_") -> String {
    let scalars = Array(key.unicodeScalars)
    guard !scalars.isEmpty else { return key }
    let uppercase = CharacterSet.uppercaseLetters
    let lowercase = CharacterSet.lowercaseLetters
    func firstIndex(from start: Int, in set: CharacterSet) -> Int? {
      var index = start
      while index < scalars.count {
        if set.contains(scalars[index]) { return index }
        index += 1
      }
      return nil
    }
    var words: [Range<Int>] = []
    var wordStart = 0
    var searchStart = 1
    while let capital = firstIndex(from: searchStart, in: uppercase) {
      words.append(wordStart..<capital)
      guard let lower = firstIndex(from: capital, in: lowercase) else {
        wordStart = capital
        break
      }
      if lower == capital + 1 {
        wordStart = capital
      } else {
        words.append(capital..<(lower - 1))
        wordStart = lower - 1
      }
      searchStart = lower + 1
    }
    words.append(wordStart..<scalars.count)
    return words.map { range in
      var word = String.UnicodeScalarView()
      word.append(contentsOf: scalars[range])
      return String(word).lowercased()
    }.joined(separator: separator)
  }
}
