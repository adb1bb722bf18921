/// A value inside a ``JSONSourceText``: where it is and what it is.
public struct JSONLocation: Sendable {
  /// What kind of JSON value is there.
  public enum Kind: Sendable, Hashable {
    case null, bool, number, string, array, object
  }

  /// The value's position in ``JSONSourceText/locations()`` (document order; 0 is the first value
  /// inside the top-level one).
  public let index: Int
  /// The steps from the top-level value, e.g. `[.index(3), .key("actor"), .key("id")]`.
  public let path: [JSONPathComponent]
  /// The kind of value.
  public let kind: Kind
  /// A scalar's text as written (`12`, `"a\nb"`, `true`); `nil` for arrays and objects.
  public let literal: String?
  /// The index of the first location after this value and everything inside it.
  public let end: Int

  /// Creates a location.
  public init(index: Int, path: [JSONPathComponent], kind: Kind, literal: String?, end: Int) {
    self.index = index
    self.path = path
    self.kind = kind
    self.literal = literal
    self.end = end
  }

  /// Whether the value is an object member (it has a key), as opposed to an array element.
  public var isObjectMember: Bool {
    if case .key = path.last { return true }
    return false
  }

  /// Whether `other` is this value or inside it.
  public func contains(_ other: JSONLocation) -> Bool {
    (index..<end).contains(other.index)
  }

  /// The path as text, e.g. `[3].actor.id`.
  public var pathDescription: String { path.pathDescription }
}
