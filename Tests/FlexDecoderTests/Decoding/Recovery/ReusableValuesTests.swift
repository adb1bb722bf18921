import FlexDecoder
import Foundation
import Testing

/// Work recovery does not do twice: values finished before a failure are handed back when the
/// value around them is decoded again, and the elements the plain pass finished before one
/// failed are not decoded again by the recovery pass. The values and issue lists are exactly
/// those of decoding everything again.
@Suite("Reused values in recovery")
struct ReusableValuesTests {
  /// Counts `init(from:)` calls of one decode, through `userInfo` (tests run in parallel).
  final class Counter: @unchecked Sendable {
    var calls = 0
  }

  static let counterKey = CodingUserInfoKey(rawValue: "ReusableValuesTests.counter")!

  /// An element of a few calls; counts its decodes.
  struct Item: Decodable, Equatable {
    var id: Int
    var name: String
    var tags: [String]

    init(id: Int, name: String, tags: [String]) {
      self.id = id
      self.name = name
      self.tags = tags
    }

    init(from decoder: any Decoder) throws {
      (decoder.userInfo[ReusableValuesTests.counterKey] as? Counter)?.calls += 1
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      name = try container.decode(String.self, forKey: .name)
      tags = try container.decode([String].self, forKey: .tags)
    }

    enum CodingKeys: String, CodingKey {
      case id, name, tags
    }
  }

  /// A large array, then scalars whose problems are only met after it.
  struct Page: Decodable, Equatable {
    var items: [Item]
    var total: Int
    var next: Int
    var title: String
  }

  static func items(_ count: Int, stringIDsEvery step: Int? = nil) -> String {
    let elements = (0..<count).map { index -> String in
      let id = step.map { index % $0 == 0 } == true ? #""\#(index)""# : "\(index)"
      return #"{"id": \#(id), "name": "n\#(index)", "tags": ["a", "b"]}"#
    }
    return "[" + elements.joined(separator: ", ") + "]"
  }

  static func expectedItems(_ count: Int) -> [Item] {
    (0..<count).map { Item(id: $0, name: "n\($0)", tags: ["a", "b"]) }
  }

  static func decoder(_ policy: FlexJSONDecoder.ErrorPolicy, counter: Counter) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    decoder.userInfo[counterKey] = counter
    return decoder
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.collectAll, .useDefaults])
  func aLargeArrayBeforeLaterProblemsIsDecodedOnceInTheRecoveryPass(policy: FlexJSONDecoder.ErrorPolicy) throws {
    // Three problems of `Page` itself, each at a call the pass learns of only when it fails:
    // `Page` is decoded again three times; its 60 items, finished, are not.
    let json = Data(#"{"items": \#(Self.items(60)), "total": "60", "next": null, "title": {}}"#.utf8)
    let counter = Counter()
    let decoder = Self.decoder(policy, counter: counter)
    if policy == .collectAll {
      let error = try requireThrows(FlexDecodingError.self) { try decoder.decode(Page.self, from: json) }
      #expect(error.issues.map(\.path) == ["next", "title"])
    } else {
      let result = try decoder.decodeWithReport(Page.self, from: json)
      #expect(result.value == Page(items: Self.expectedItems(60), total: 60, next: 0, title: ""))
      #expect(result.issues.map(\.path) == ["next", "title"])
      #expect(result.issues.map(\.kind) == [.defaulted, .defaulted])
    }
    // 60 in the plain pass (it fails after the array), 60 in the recovery pass's first attempt.
    #expect(counter.calls == 120)
  }

  @Test func issuesInsideAReusedValueAreListedOnceInDocumentOrder() throws {
    // Every tenth id is a string (coerced, a note), and `name` of element 5 is null (a
    // problem), all inside the array; then problems after it make `Page` decode again.
    var items = Self.items(60, stringIDsEvery: 10)
    items = items.replacingOccurrences(of: #""name": "n5""#, with: #""name": null"#)
    let json = Data(#"{"items": \#(items), "total": "60", "next": null, "title": "t"}"#.utf8)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.reportsCoercions = true
    let result = try decoder.decodeWithReport(Page.self, from: json)
    var expected = Self.expectedItems(60)
    expected[5].name = ""
    #expect(result.value == Page(items: expected, total: 60, next: 0, title: "t"))
    let coercedIDs = stride(from: 0, to: 60, by: 10).map { "items[\($0)].id" }
    #expect(
      result.issues.map(\.path)
        == [coercedIDs[0], "items[5].name"] + coercedIDs.dropFirst() + ["total", "next"])
    #expect(result.issues.filter { $0.kind == .coerced }.count == 7)
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.collectAll, .useDefaults])
  func theRecoveryPassStartsAnArrayAtTheElementThePlainPassFailedAt(policy: FlexJSONDecoder.ErrorPolicy) throws {
    // Element 40 of 50 has a problem: the plain pass decodes 0…39 and fails at 40; the
    // recovery pass takes 0…39 from it and decodes 40…49.
    var elements = Self.items(50)
    elements = elements.replacingOccurrences(of: #""name": "n40""#, with: #""name": {}"#)
    let json = Data(elements.utf8)
    let counter = Counter()
    let decoder = Self.decoder(policy, counter: counter)
    if policy == .collectAll {
      let error = try requireThrows(DecodingError.self) { try decoder.decode([Item].self, from: json) }
      let jsonDecoderError = try requireThrows(DecodingError.self) {
        try JSONDecoder().decode([Item].self, from: json)
      }
      #expect(ErrorShape(error) == ErrorShape(jsonDecoderError))
    } else {
      let result = try decoder.decodeWithReport([Item].self, from: json)
      var expected = Self.expectedItems(50)
      expected[40].name = ""
      #expect(result.value == expected)
      #expect(result.issues.map(\.path) == ["[40].name"])
    }
    // 41 in the plain pass; in the recovery pass element 40 once (its failure is the plain
    // pass's, known to let its error through: repaired where it happens), then 41…49.
    #expect(counter.calls == 41 + 1 + 9)
  }

  @Test func elementsThePlainPassFinishedKeepTheirUnknownKeyNotes() throws {
    // Unknown keys are notes of the plain pass: their elements are decoded again, so that the
    // notes are taken again.
    var elements = Self.items(50)
    elements = elements.replacingOccurrences(of: #""name": "n3""#, with: #""name": "n3", "extra": 1"#)
    elements = elements.replacingOccurrences(of: #""name": "n40""#, with: #""name": {}"#)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.unknownKeyPolicy = .report
    let result = try decoder.decodeWithReport([Item].self, from: Data(elements.utf8))
    #expect(result.issues.map(\.path) == ["[3].extra", "[40].name"])
    #expect(result.issues.map(\.kind) == [.unknownKey, .defaulted])
  }
}
