import FlexCore
import FlexDecoder
import Foundation
import Testing

/// A document read while it arrives: every prefix gives a value, complete paths never change,
/// strings only grow, and the end is exactly a plain decode.
@Suite("Partial documents")
struct PartialDecoderTests {
  /// Documents with nesting, escapes (one cut anywhere), UTF-8 of 2 to 4 bytes, numbers of every
  /// form, literals, empty containers, and whitespace.
  static let documents = [
    #"{"city": "Lisbon", "days": [1, 2, 3], "notes": {"a": null, "b": true}, "t": -12.5e-3}"#,
    #"[{"id": 0, "name": "a\"b\\c\u00e9\ud83d\ude00"}, {"id": 10, "name": "é€😀"}, [], {}, false]"#,
    " { \"x\" : [ { } , [ [ 7 ] ] , \"\\n\" ] , \"y\" : 0.5 } ",
    #""a long string at the top""#,
  ]

  /// Every value in `value` by its path (`""` for the root; keys and indexes joined by dots).
  static func paths(of value: JSONValue, at path: String = "", into result: inout [String: JSONValue]) {
    result[path] = value
    let prefix = path.isEmpty ? "" : path + "."
    switch value {
    case .object(let object):
      for (key, member) in object { paths(of: member, at: prefix + key, into: &result) }
    case .array(let array):
      for (index, element) in array.enumerated() { paths(of: element, at: prefix + "\(index)", into: &result) }
    default:
      break
    }
  }

  @Test(arguments: documents)
  func everyPrefixGivesAValueWhoseCompletePathsAreFinal(document: String) throws {
    let bytes = Array(document.utf8)
    let final = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    var finalPaths: [String: JSONValue] = [:]
    Self.paths(of: final, into: &finalPaths)
    var partial = FlexPartialDecoder(of: JSONValue.self)
    var completeBefore: Set<String> = []
    var lastStrings: [String: String] = [:]
    for (offset, byte) in bytes.enumerated() {
      try partial.append([byte])
      let value = try partial.value()
      var seen: [String: JSONValue] = [:]
      Self.paths(of: value, into: &seen)
      for (path, expected) in finalPaths where partial.isComplete(path) {
        #expect(seen[path] == expected, "prefix of \(offset + 1) bytes, path \"\(path)\"")
        completeBefore.insert(path)
      }
      // Once complete, always complete.
      for path in completeBefore { #expect(partial.isComplete(path), "\"\(path)\" after \(offset + 1) bytes") }
      // Strings only grow.
      for (path, member) in seen {
        guard case .string(let text) = member else { continue }
        if let last = lastStrings[path] { #expect(text.hasPrefix(last), "\"\(path)\": \(last) then \(text)") }
        lastStrings[path] = text
      }
    }
    #expect(try partial.finish() == final)
    #expect(partial.isComplete)
    #expect(completeBefore == Set(finalPaths.keys))
  }

  /// Its declared initial values are its defaults (`FlexDeclaredDefaults`).
  struct ToolCall: Decodable, Equatable, FlexDeclaredDefaults {
    var city = ""
    var days: [Int] = []
    var units: String?
    var note = "none"
  }

  @Test func aModelShowsWhatHasArrivedAndDefaultsTheRest() throws {
    var partial = FlexPartialDecoder(of: ToolCall.self)
    try partial.append(#"{"city": "Lis"#.utf8)
    let first = try partial.value()
    #expect(first == ToolCall(city: "Lis", days: [], units: nil, note: "none"), "\(first)")
    #expect(!partial.isComplete("city"))
    try partial.append(#"bon", "days": [3, 1"#.utf8)
    // `1` may still become `12`: not shown.
    #expect(try partial.value() == ToolCall(city: "Lisbon", days: [3], units: nil, note: "none"))
    #expect(partial.isComplete("city"))
    #expect(partial.isComplete("days.0"))
    #expect(!partial.isComplete("days.1"))
    #expect(!partial.isComplete("days"))
    try partial.append(#"2], "units": "C", "note": "x"}"#.utf8)
    #expect(partial.isComplete)
    #expect(try partial.finish() == ToolCall(city: "Lisbon", days: [3, 12], units: "C", note: "x"))
    #expect(try partial.value() == partial.finish())
  }

  @Test func aStringIsShownOnlyWholeWhenAsked() throws {
    var partial = FlexPartialDecoder(of: ToolCall.self)
    partial.showsPartialStrings = false
    try partial.append(#"{"city": "Lis"#.utf8)
    #expect(try partial.value().city == "")
    try partial.append(#"bon""#.utf8)
    #expect(try partial.value().city == "Lisbon")
  }

  @Test func anEscapeOrACharacterIsShownOnlyWhole() throws {
    var partial = FlexPartialDecoder(of: [String].self)
    try partial.append(#"["a\u00"#.utf8)
    #expect(try partial.value() == ["a"])
    try partial.append(#"e9"#.utf8)
    #expect(try partial.value() == ["aé"])
    try partial.append([0xE2, 0x82])  // the first two bytes of €
    #expect(try partial.value() == ["aé"])
    try partial.append([0xAC])
    #expect(try partial.value() == ["aé€"])
  }

  @Test func malformedBytesThrowAtOnceAndTheBytesBeforeThemAreKept() throws {
    var partial = FlexPartialDecoder(of: [Int].self)
    try partial.append("[1, 2".utf8)
    let error = try requireThrows(DecodingError.self) { try partial.append(" }3".utf8) }
    guard case .dataCorrupted(let context) = error, let parseError = context.underlyingError as? JSONParseError else {
      Issue.record("expected dataCorrupted with a JSONParseError, got \(error)")
      return
    }
    #expect(parseError.offset == 6)
    try partial.append("]".utf8)
    #expect(try partial.finish() == [1, 2])
  }

  @Test func finishingEarlyThrowsAsATruncatedDocumentDoes() throws {
    var partial = FlexPartialDecoder(of: [Int].self)
    try partial.append("[1, 2".utf8)
    #expect(!partial.isComplete)
    let flex = ErrorShape { _ = try partial.finish() }
    let foundation = ErrorShape { _ = try JSONDecoder().decode([Int].self, from: Data("[1, 2".utf8)) }
    #expect(flex?.description == foundation?.description)
  }

  @Test func everyByteIsReadOnce() throws {
    let document = Array(Self.documents[1].utf8)
    var partial = FlexPartialDecoder(of: JSONValue.self)
    for start in stride(from: 0, to: document.count, by: 4) {
      try partial.append(document[start..<min(document.count, start + 4)])
    }
    #expect(partial.bytesScanned == document.count)
  }
}
