import Foundation

/// `convertFromSnakeCase`, with `JSONDecoder`'s exact results.
///
/// Leading and trailing underscores are kept; the part between them is split on `_`, empty
/// parts are dropped, the first part is lowercased and the others capitalized (Foundation's
/// `capitalized`, which also starts a new word after a digit: `1st` → `1St`). A key without
/// inner underscores is returned unchanged, since it may already be camel case.
enum SnakeCaseConversion {
  static func camelCase(fromSnakeCase key: String) -> String {
    let scalars = key.unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != "_" }) else { return key }
    var last = scalars.index(before: scalars.endIndex)
    while last > first && scalars[last] == "_" { last = scalars.index(before: last) }
    let core = String(scalars[first...last])
    let parts = core.split(separator: "_")
    let body: String
    if parts.count <= 1 {
      body = core
    } else {
      body = parts[0].lowercased() + parts.dropFirst().map(\.capitalized).joined()
    }
    return String(scalars[..<first]) + body + String(scalars[scalars.index(after: last)...])
  }
}
