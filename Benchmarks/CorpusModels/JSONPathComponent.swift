/// One step from a JSON container to a value in it: an object member's key or an array index.
public enum JSONPathComponent: Hashable, Sendable, CustomStringConvertible {
  /// The member named by this key.
  case key(String)
  /// The element at this position.
  case index(Int)

  /// `.key` or `[3]`, as written in a path.
  public var description: String {
    switch self {
    case .key(let key): ".\(key)"
    case .index(let index): "[\(index)]"
    }
  }
}

extension [JSONPathComponent] {
  /// The path as text, e.g. `[3].actor.id` (`""` for the top-level value).
  public var pathDescription: String {
    var text = map(\.description).joined()
    if text.hasPrefix(".") { text.removeFirst() }
    return text
  }
}
