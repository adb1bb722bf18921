import FlexCore

/// The text of a valid JSON document with the place of every value in it, so that values can be
/// replaced and members removed while every other byte stays as it was: whitespace, escapes,
/// number spellings, key order.
///
/// ```swift
/// let source = try JSONSourceText(Array(#"{"id": 12, "tags": ["a"]}"#.utf8))
/// let id = source.locations()[0]                         // path [.key("id")], literal "12"
/// let text = source.rewritten([id.index: .replace(Array(#""12""#.utf8))])
/// // {"id": "12", "tags": ["a"]}
/// ```
public struct JSONSourceText: Sendable {
  /// The document's bytes.
  public let bytes: [UInt8]
  /// Every value, in document order: each container before the values inside it. `nodes[0]` is
  /// the top-level value.
  private var nodes: [Node] = []

  /// One value of the document and the bytes around it.
  private struct Node {
    /// What kind of value.
    var kind: JSONLocation.Kind
    /// The key or index that leads to it from its container; `nil` for the top-level value.
    var component: JSONPathComponent?
    /// The index of its container's node; -1 for the top-level value.
    var parent: Int
    /// The value's bytes.
    var value: Range<Int>
    /// Where the member starts (its key's opening quote), or the value's start for an element.
    var start: Int
    /// The whitespace between the separator before it (`{`, `[` or `,`) and ``start``.
    var leading: Range<Int>
    /// The whitespace between the value and the separator after it (`,`, `]` or `}`).
    var trailing: Range<Int>
    /// The index of the first node after this value's subtree.
    var end: Int
  }

  /// What becomes of one value in ``rewritten(_:)``.
  public enum Edit: Sendable {
    /// The value's bytes become these (JSON text).
    case replace([UInt8])
    /// The member or element is left out, with its key and separator.
    case remove
  }

  /// A document that is not JSON, or not JSON this type can split.
  public struct InvalidDocument: Error, CustomStringConvertible {
    /// What is wrong.
    public let description: String
  }

  /// Splits `bytes`, which must be a valid RFC 8259 document in UTF-8.
  ///
  /// - Throws: ``InvalidDocument`` (with the parse error's message) if it is not one.
  public init(_ bytes: [UInt8]) throws(InvalidDocument) {
    do {
      _ = try JSONValue(parsing: bytes)
    } catch {
      throw InvalidDocument(description: "\(error)")
    }
    self.bytes = bytes
    var position = skipWhitespace(from: 0)
    position = parseValue(at: position, component: nil, parent: -1, start: position, leading: position..<position)
    precondition(skipWhitespace(from: position) == bytes.count, "text after the top-level value")
  }

  /// The number of values, the top-level value included.
  public var valueCount: Int { nodes.count }

  /// The values inside the top-level value, in document order, with their paths.
  public func locations() -> [JSONLocation] {
    var paths: [[JSONPathComponent]] = [[]]
    paths.reserveCapacity(nodes.count)
    var locations: [JSONLocation] = []
    locations.reserveCapacity(nodes.count - 1)
    for index in nodes.indices.dropFirst() {
      let node = nodes[index]
      // A container comes before what is inside it, so its path is already there.
      let path = paths[node.parent] + [node.component!]
      paths.append(path)
      locations.append(location(index, path: path))
    }
    return locations
  }

  /// The value at `index` (1..<``valueCount``) with `path` as its path.
  private func location(_ index: Int, path: [JSONPathComponent]) -> JSONLocation {
    let node = nodes[index]
    let literal: String? =
      switch node.kind {
      case .array, .object: nil
      case .null, .bool, .number, .string: String(decoding: bytes[node.value], as: UTF8.self)
      }
    return JSONLocation(index: index, path: path, kind: node.kind, literal: literal, end: node.end)
  }

  /// Calls `visit` with each value inside the top-level one, in document order, as its index,
  /// kind, whether it is an object member, and its bytes. `visit` returns whether to look inside
  /// the value (when it is a container).
  public func forEachValue(
    _ visit: (_ index: Int, _ kind: JSONLocation.Kind, _ isObjectMember: Bool, _ text: ArraySlice<UInt8>) -> Bool
  ) {
    var index = 1
    while index < nodes.count {
      let node = nodes[index]
      let isMember = if case .key = node.component { true } else { false }
      index = visit(index, node.kind, isMember, bytes[node.value]) ? index + 1 : node.end
    }
  }

  /// The bytes of the value at `index`.
  public func text(at index: Int) -> ArraySlice<UInt8> {
    bytes[nodes[index].value]
  }

  /// The document with `edits` applied (by value index); every other byte is as it was. An edit
  /// inside a value that is itself edited is ignored; the top-level value cannot be removed.
  public func rewritten(_ edits: [Int: Edit]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 4)
    let root = nodes[0]
    output += bytes[..<root.value.lowerBound]
    write(0, edits, into: &output)
    output += bytes[root.value.upperBound...]
    return output
  }

  /// Writes the value at `index` with `edits` applied.
  private func write(_ index: Int, _ edits: [Int: Edit], into output: inout [UInt8]) {
    let node = nodes[index]
    if index > 0, case .replace(let replacement) = edits[index] {
      output += replacement
      return
    }
    guard node.kind == .array || node.kind == .object, node.end > index + 1 else {
      output += bytes[node.value]
      return
    }
    output.append(bytes[node.value.lowerBound])
    var child = index + 1
    var wroteOne = false
    while child < node.end {
      let member = nodes[child]
      if case .remove = edits[child] {
        child = member.end
        continue
      }
      if wroteOne { output.append(UInt8(ascii: ",")) }
      wroteOne = true
      output += bytes[member.leading]
      output += bytes[member.start..<member.value.lowerBound]  // a key, a colon and whitespace
      write(child, edits, into: &output)
      output += bytes[member.trailing]
      child = member.end
    }
    output.append(bytes[node.value.upperBound - 1])
  }

  // MARK: - Splitting

  private func skipWhitespace(from position: Int) -> Int {
    var position = position
    while position < bytes.count,
      bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09
    {
      position += 1
    }
    return position
  }

  /// The position after the string literal starting at `position` (its opening quote).
  private func skipString(from position: Int) -> Int {
    var position = position + 1
    while bytes[position] != UInt8(ascii: "\"") {
      position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
    }
    return position + 1
  }

  /// The string the literal `bytes[range]` holds.
  private func string(_ range: Range<Int>) -> String {
    let literal = bytes[range]
    if !literal.contains(UInt8(ascii: "\\")) {
      return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
    }
    // A document that parsed as a whole has valid string literals.
    return (try? JSONValue(parsing: literal))?.stringValue ?? ""
  }

  /// Adds the node of the value at `position` and its subtree; returns the position after it.
  private mutating func parseValue(
    at position: Int, component: JSONPathComponent?, parent: Int, start: Int, leading: Range<Int>
  ) -> Int {
    let index = nodes.count
    nodes.append(
      Node(
        kind: .null, component: component, parent: parent, value: position..<position, start: start,
        leading: leading, trailing: position..<position, end: index + 1))
    var position = position
    let first = bytes[position]
    let kind: JSONLocation.Kind
    switch first {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let isObject = first == UInt8(ascii: "{")
      kind = isObject ? .object : .array
      let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      position += 1
      var count = 0
      while true {
        let separatorEnd = position
        position = skipWhitespace(from: position)
        if bytes[position] == close {
          position += 1
          break
        }
        let memberStart = position
        let childComponent: JSONPathComponent
        if isObject {
          let keyEnd = skipString(from: position)
          childComponent = .key(string(position..<keyEnd))
          position = skipWhitespace(from: keyEnd)
          precondition(bytes[position] == UInt8(ascii: ":"), "a colon after a key")
          position = skipWhitespace(from: position + 1)
        } else {
          childComponent = .index(count)
        }
        let child = nodes.count
        position = parseValue(
          at: position, component: childComponent, parent: index, start: memberStart,
          leading: separatorEnd..<memberStart)
        let valueEnd = position
        position = skipWhitespace(from: position)
        nodes[child].trailing = valueEnd..<position
        count += 1
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
        } else {
          precondition(bytes[position] == close, "a comma or the end of the container")
          position += 1
          break
        }
      }
    case UInt8(ascii: "\""):
      kind = .string
      position = skipString(from: position)
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      kind = .bool
      position += first == UInt8(ascii: "t") ? 4 : 5
    case UInt8(ascii: "n"):
      kind = .null
      position += 4
    default:
      kind = .number
      while position < bytes.count, Self.isNumberByte(bytes[position]) {
        position += 1
      }
    }
    nodes[index].kind = kind
    nodes[index].value = nodes[index].value.lowerBound..<position
    nodes[index].end = nodes.count
    return position
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default:
      false
    }
  }
}
