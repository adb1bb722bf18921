// The keys a FlexTaggedEnum reads and writes, and how a tag key path is followed and written.

/// The keys a ``FlexTaggedEnum`` reads and writes itself.
struct TagCodingKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ stringValue: String) { self.stringValue = stringValue }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

// MARK: Tag paths

extension TagCodingKey {
  /// The keys of a tag key path (``FlexKeyPath`` syntax), one for a plain key.
  static func keys(ofTagPath text: String) -> [TagCodingKey] {
    // Most tags are one plain key: no parsing.
    guard text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "\\") }) else {
      return [TagCodingKey(text)]
    }
    return FlexKeyPath(text).components.map { TagCodingKey($0.key) }
  }

  /// The container that holds the tag at `text` (a key or a key path) in `container`, and the
  /// tag's key in it. A path whose first key is absent is read as one literal key when the object
  /// has that key (`"a.b"` finds `{"a.b": "video"}`), as ``FlexKeyMap`` candidates are.
  static func tagLocation(_ text: String, in container: KeyedDecodingContainer<TagCodingKey>) throws -> (
    KeyedDecodingContainer<TagCodingKey>, TagCodingKey
  ) {
    let keys = keys(ofTagPath: text)
    guard keys.count > 1 else { return (container, keys[0]) }
    let path = FlexKeyPath(text)
    if let literal = path.literal, !container.contains(keys[0]), container.contains(TagCodingKey(literal.key)) {
      return (container, TagCodingKey(literal.key))
    }
    var current = container
    for key in keys.dropLast() {
      current = try current.nestedContainer(keyedBy: TagCodingKey.self, forKey: key)
    }
    return (current, keys[keys.count - 1])
  }

  /// Writes `tag` at `keys` in `container`: nested objects for a path.
  static func encode(
    _ tag: String, at keys: ArraySlice<TagCodingKey>, in container: inout KeyedEncodingContainer<TagCodingKey>
  ) throws {
    guard let first = keys.first else { return }
    guard keys.count > 1 else {
      try container.encode(tag, forKey: first)
      return
    }
    var nested = container.nestedContainer(keyedBy: TagCodingKey.self, forKey: first)
    try encode(tag, at: keys.dropFirst(), in: &nested)
  }
}
