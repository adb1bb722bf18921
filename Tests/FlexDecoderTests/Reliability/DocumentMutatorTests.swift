import CorpusModels
import FlexDecoder
import Foundation
import Testing

/// The seeded mutations that flex-bench's messy mode and the recovery mutation tests share
/// (`CorpusModels`): they change the mutated values and nothing else.
@Suite("Document mutator")
struct DocumentMutatorTests {
  private let files: [CorpusFile] = [.githubEvents, .apacheBuilds]

  @Test func rewritingWithoutEditsGivesBackTheSameBytes() throws {
    for file in files {
      let bytes = Array(try file.load())
      let source = try JSONSourceText(bytes)
      #expect(source.rewritten([:]) == bytes, "\(file)")
    }
  }

  @Test func eachMutationChangesOnlyItsValue() throws {
    let source = try JSONSourceText(Array(try CorpusFile.githubEvents.load()))
    let original = try JSONValue(parsing: source.bytes)
    let locations = source.locations()
    var random = SplitMix64(seed: 1, label: "eachMutationChangesOnlyItsValue")
    for kind in JSONMutation.allCases {
      let candidates = locations.filter(kind.applies)
      try #require(!candidates.isEmpty, "\(kind)")
      for _ in 0..<5 {
        let location = candidates[random.below(candidates.count)]
        let mutated = try JSONValue(parsing: DocumentMutator.apply([AppliedMutation(kind, at: location)], to: source))
        let path = location.path[...]
        let before = try #require(Self.value(at: path, in: original))
        let context = Comment(rawValue: "\(kind) at \(location.pathDescription)")
        guard kind != .memberRemoved else {
          #expect(mutated == Self.replacing(path, in: original, with: nil), context)
          continue
        }
        // Nothing else changed: putting the value back gives the original document.
        #expect(Self.replacing(path, in: mutated, with: before) == original, context)
        let after = try #require(Self.value(at: path, in: mutated))
        if kind == .objectToString {
          // A string holding the object's text as written.
          let text = try #require(after.stringValue)
          #expect(try JSONValue(parsing: text) == before, context)
        } else {
          #expect(after == (try Self.expectedValue(of: kind, replacing: before)), context)
        }
      }
    }
  }

  @Test func removingMembersAndElementsKeepsTheRestAsWritten() throws {
    let source = try JSONSourceText(Array(#" { "a" : 1,"b": [1, 2 ,3], "c": {"d": true, "e": null} } "#.utf8))
    let index = Dictionary(uniqueKeysWithValues: source.locations().map { ($0.pathDescription, $0.index) })
    func text(removing paths: [String]) throws -> String {
      var edits: [Int: JSONSourceText.Edit] = [:]
      for path in paths { edits[try #require(index[path], "\(path)")] = .remove }
      return String(decoding: source.rewritten(edits), as: UTF8.self)
    }
    // Each member keeps the whitespace before and after it; "b" had none before.
    #expect(try text(removing: ["a"]) == #" {"b": [1, 2 ,3], "c": {"d": true, "e": null} } "#)
    #expect(try text(removing: ["a", "b"]) == #" { "c": {"d": true, "e": null} } "#)
    #expect(try text(removing: ["c"]) == #" { "a" : 1,"b": [1, 2 ,3]} "#)
    #expect(try text(removing: ["b[1]", "b[2]", "c.d", "c.e"]) == #" { "a" : 1,"b": [1], "c": {} } "#)
    #expect(try text(removing: ["a", "b", "c"]) == " {} ")
  }

  @Test func numbersToStringsEverywhereLeavesNoNumber() throws {
    let source = try JSONSourceText(Array(try CorpusFile.apacheBuilds.load()))
    let numbers = source.locations().filter { $0.kind == .number }.count
    var mutator = DocumentMutator(seed: 3)
    let (bytes, count) = mutator.mutateEach(source, .numberToString, oneIn: 1)
    #expect(count == numbers)
    #expect(try JSONSourceText(bytes).locations().allSatisfy { $0.kind != .number })
  }

  @Test func theSameSeedMakesTheSameDocument() throws {
    let source = try JSONSourceText(Array(try CorpusFile.githubEvents.load()))
    var first = DocumentMutator(seed: 42)
    var second = DocumentMutator(seed: 42)
    let a = first.mutate(source, count: 6, kinds: JSONMutation.allCases)
    let b = second.mutate(source, count: 6, kinds: JSONMutation.allCases)
    #expect(a.document == b.document)
    #expect(a.mutations.map(\.description) == b.mutations.map(\.description))
    #expect(a.mutations.count == 6)
    #expect(a.mutations.map(\.location.index) == a.mutations.map(\.location.index).sorted())
  }

  // MARK: - The same edits on JSONValue

  /// What `kind` (not `.memberRemoved` or `.objectToString`) makes of `value`.
  private static func expectedValue(of kind: JSONMutation, replacing value: JSONValue) throws -> JSONValue {
    switch kind {
    case .numberToString: return .string(try #require(value.numberValue).text)
    case .digitStringToNumber:
      let text = try #require(value.stringValue)
      return .number(try #require(JSONNumber(text: text)))
    case .scalarToNull: return .null
    case .scalarToEmptyArray: return []
    case .scalarToEmptyObject: return [:]
    case .memberRemoved, .objectToString:
      Issue.record("no single expected value for \(kind)")
      return value
    }
  }

  private static func value(at path: ArraySlice<JSONPathComponent>, in value: JSONValue) -> JSONValue? {
    guard let first = path.first else { return value }
    let child: JSONValue? =
      switch first {
      case .key(let key): value[key]
      case .index(let index): value[index]
      }
    return child.flatMap { Self.value(at: path.dropFirst(), in: $0) }
  }

  /// `value` with the value at `path` replaced by `replacement`, or removed when it is `nil`.
  private static func replacing(
    _ path: ArraySlice<JSONPathComponent>, in value: JSONValue, with replacement: JSONValue?
  ) -> JSONValue? {
    guard let first = path.first else { return replacement }
    switch (first, value) {
    case (.key(let key), .object(let object)):
      var members: [(String, JSONValue)] = []
      for member in object {
        if member.key != key {
          members.append((member.key, member.value))
        } else if let new = replacing(path.dropFirst(), in: member.value, with: replacement) {
          members.append((member.key, new))
        }
      }
      return .object(JSONObject(members))
    case (.index(let index), .array(var elements)):
      elements[index] = replacing(path.dropFirst(), in: elements[index], with: replacement) ?? .null
      return .array(elements)
    default:
      return value
    }
  }
}
