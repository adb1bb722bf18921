/// One candidate of a ``FlexKeyMap``: a literal key, or a dotted path into nested values.
///
/// Components are split on `.`; `\.` is a literal dot. A component made of digits indexes an
/// array (and is an ordinary key when it meets an object): `"images.0.url"`. A path that leads
/// nowhere is tried as one literal key too (`"a.b"` finds `{"a.b": 1}`), and a candidate with an
/// empty component (`".ext"`, `"a..b"`, `"a."`) is only a literal key, as YYModel reads them.
struct FlexKeyPath: Sendable, Hashable, CustomStringConvertible {
  /// One step of the path.
  struct Component: Sendable, Hashable {
    /// The key, unescaped.
    let key: String
    /// The key's UTF-8 bytes, compared against the document's raw key bytes.
    let utf8: [UInt8]
    /// The array index, when the component is all digits.
    let index: Int?

    init(_ key: String) {
      self.key = key
      self.utf8 = Array(key.utf8)
      self.index = !key.isEmpty && key.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? Int(key) : nil
    }
  }

  /// The text as written in the map.
  let text: String
  /// The steps, at least one.
  let components: [Component]
  /// For a path of several steps: the whole candidate as one key (dots included), tried when the
  /// path finds nothing.
  let literal: Component?

  /// Parses `text`; a candidate without an unescaped `.` is a single literal key.
  init(_ text: String) {
    self.text = text
    var components: [Component] = []
    var current = ""
    var escaping = false
    for character in text {
      if escaping {
        if character != "." { current.append("\\") }
        current.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == "." {
        components.append(Component(current))
        current = ""
      } else {
        current.append(character)
      }
    }
    if escaping { current.append("\\") }
    components.append(Component(current))
    guard components.count > 1 else {
      self.components = components
      self.literal = nil
      return
    }
    let literal = Component(components.map(\.key).joined(separator: "."))
    if components.contains(where: { $0.key.isEmpty }) {
      self.components = [literal]
      self.literal = nil
    } else {
      self.components = components
      self.literal = literal
    }
  }

  /// Whether the candidate is a single key rather than a path.
  var isSingleKey: Bool { components.count == 1 }

  var description: String { text }
}
