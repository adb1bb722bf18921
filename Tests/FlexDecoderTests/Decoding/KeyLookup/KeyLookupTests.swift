import FlexDecoder
import Foundation
import Testing

/// How keyed containers find keys: the declaration-order hint, the scan of small objects and the
/// hash index of large ones (MemberIndex) must all answer exactly as `JSONDecoder` does, in any
/// lookup order, with duplicate keys (the first occurrence wins), escaped keys and absent keys.
@Suite("Key lookup")
struct KeyLookupTests {
  /// Sizes on both sides of the scan/index threshold (32 members) and of the hint limit (64).
  static let sizes = [3, 8, 9, 32, 33, 64, 65, 300]

  @Test(arguments: sizes)
  func keysAskedInDocumentOrderFindTheirValues(memberCount: Int) throws {
    let keys = (0..<memberCount).map { "key\($0)" }
    try expectParity(document: object(keys), order: keys, expected: Array(0..<memberCount))
  }

  @Test(arguments: sizes)
  func keysAskedInReverseOrderFindTheirValues(memberCount: Int) throws {
    let keys = (0..<memberCount).map { "key\($0)" }
    try expectParity(
      document: object(keys), order: keys.reversed(), expected: Array((0..<memberCount).reversed()))
  }

  @Test(arguments: sizes)
  func keysAskedInAShuffledOrderWithAbsentKeysFindTheirValuesOrNil(memberCount: Int) throws {
    let keys = (0..<memberCount).map { "key\($0)" }
    // A fixed permutation (multiplication by a number coprime with the count), with an absent
    // key after every present one.
    var order: [String] = []
    var expected: [Int?] = []
    let step = memberCount % 7 == 0 ? 5 : 7
    for position in 0..<memberCount {
      let ordinal = position * step % memberCount
      order += ["key\(ordinal)", "absent\(ordinal)"]
      expected += [ordinal, nil]
    }
    try expectParity(document: object(keys), order: order, expected: expected)
  }

  @Test(arguments: sizes)
  func theFirstOccurrenceOfADuplicatedKeyWinsInAnyLookupOrder(memberCount: Int) throws {
    // Every key twice: key0…keyN-1, then key0…keyN-1 again with other values.
    let keys = (0..<memberCount).map { "key\($0)" }
    let document = object(keys + keys)
    try expectParity(document: document, order: keys, expected: Array(0..<memberCount))
    try expectParity(
      document: document, order: keys.reversed(), expected: Array((0..<memberCount).reversed()))
    // The second half first: asked after the hint moved past the first occurrences.
    let half = memberCount / 2
    let rotated = Array(keys[half...] + keys[..<half])
    try expectParity(document: document, order: rotated, expected: Array(half..<memberCount) + Array(0..<half))
  }

  @Test(arguments: [5, 20, 100])
  func keysWrittenWithEscapesAreFoundByTheirUnescapedText(memberCount: Int) throws {
    // "key\u0031" is key1; "k\u0065y2" is key2, written once escaped and once plain (the escaped
    // one first, so it wins).
    let members = (0..<memberCount).map { ordinal -> String in
      switch ordinal {
      case 1: #""key\u0031": 1"#
      case 2: #""k\u0065y2": 2, "key2": 1002"#
      default: "\"key\(ordinal)\": \(ordinal)"
      }
    }
    let document = "{" + members.joined(separator: ", ") + "}"
    let keys = (0..<memberCount).map { "key\($0)" }
    try expectParity(document: document, order: keys.reversed(), expected: Array((0..<memberCount).reversed()))
  }

  @Test func containsAndAllKeysAgreeWithJSONDecoderInALargeObject() throws {
    let keys = (0..<40).map { "key\($0)" }
    let document = object(keys + ["key3"])
    let probe = try FlexJSONDecoder.strict().decode(KeyProbe.self, from: Data(document.utf8))
    let reference = try JSONDecoder().decode(KeyProbe.self, from: Data(document.utf8))
    // JSONDecoder lists them in its dictionary's order; FlexJSONDecoder in document order.
    #expect(Set(probe.allKeys) == Set(reference.allKeys))
    #expect(probe.allKeys == keys)
    #expect(probe.containsLast && reference.containsLast)
  }

  @Test func aKeyAbsentFromEarlierObjectsOfItsTypeIsFoundWhereverALaterObjectHasIt() throws {
    // The first objects leave out `b` (their first miss is an absent key, which the lookup
    // remembers for the next object of the type); later ones have it first, last, in the
    // middle, twice (the first occurrence wins), escaped, and alone.
    let members = (0..<12).map { "\"m\($0)\": \($0)" }.joined(separator: ", ")
    let objects = [
      "{\"a\": 1, \(members), \"c\": 3}",
      "{\"a\": 1, \(members), \"c\": 3}",
      "{\"b\": 2, \"a\": 1, \(members), \"c\": 3}",
      "{\"a\": 1, \(members), \"c\": 3}",
      "{\"a\": 1, \(members), \"c\": 3, \"b\": 2}",
      "{\"a\": 1, \"m0\": 0, \"b\": 2, \"m1\": 1, \"c\": 3, \"b\": 20}",
      "{\"a\": 1, \(members), \"c\": 3}",
      "{\"c\": 3, \"b\": 2, \(members), \"b\": 20, \"a\": 1}",
      "{\"a\": 1, \(members), \"\\u0062\": 2, \"c\": 3}",
      "{\"b\": 2}",
      "{}",
      "{\"a\": 1, \"c\": 3, \"b\": 2}",
    ]
    let data = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
    let expected = try JSONDecoder().decode([OptionalTriple].self, from: data)
    #expect(expected.map(\.b) == [nil, nil, 2, nil, 2, 2, nil, 2, 2, 2, nil, 2])
    #expect(try FlexJSONDecoder.strict().decode([OptionalTriple].self, from: data) == expected)
    let decoder = FlexJSONDecoder()
    #expect(try decoder.decode([OptionalTriple].self, from: data) == expected)
    // Again with the same decoder: its pooled session keeps the lookup's memory between calls.
    #expect(try decoder.decode([OptionalTriple].self, from: data) == expected)
  }

  // MARK: - Arrays of objects in another order than asked (LookupMemory)

  /// Sizes on both sides of the shuffled-index threshold (8) and of the memory's limit (64).
  static let arraySizes = [3, 9, 20, 64, 65]

  @Test(arguments: arraySizes)
  func objectsWithTheSameKeysInAnotherOrderThanAskedAreReadAlike(memberCount: Int) throws {
    let keys = (0..<memberCount).map { "key\($0)" }
    let objects = (0..<12).map { object(keys.reversed(), firstValue: $0 * 1_000) }
    try expectArrayParity(objects: objects, order: keys + ["absent"])
  }

  @Test(arguments: arraySizes)
  func anObjectThatDiffersFromThePreviousOnesIsLookedUpAfresh(memberCount: Int) throws {
    let keys = (0..<memberCount).map { "key\($0)" }
    let shuffled = Array(keys.reversed())
    var renamed = shuffled
    renamed[memberCount / 2] = "absent"  // same size, one key different: one the others lack
    var swapped = shuffled
    swapped.swapAt(0, memberCount - 1)  // same keys, another order
    let objects = [
      object(shuffled, firstValue: 0), object(shuffled, firstValue: 100), object(shuffled, firstValue: 200),
      object(renamed, firstValue: 300), object(shuffled, firstValue: 400), object(swapped, firstValue: 500),
      object(shuffled, firstValue: 600), object(shuffled + ["absent"], firstValue: 700),
      object(Array(shuffled.dropLast()), firstValue: 800), object(shuffled, firstValue: 900),
      object(shuffled, firstValue: 1_000),
    ]
    try expectArrayParity(objects: objects, order: ["absent"] + keys)
  }

  /// Objects that lack some members of the recorded one are replayed with those members
  /// missing: a key whose recorded member is missing is looked up afresh (a later duplicate may
  /// hold it), every other answer is the recording's.
  @Test(arguments: [4, 12, 40])
  func objectsMissingSomeOfTheRecordedMembersAreReadAlike(memberCount: Int) throws {
    let keys = (0..<memberCount).map { "key\($0)" }
    let shuffled = Array(keys.reversed())
    func without(_ positions: Int...) -> [String] {
      shuffled.enumerated().filter { !positions.contains($0.offset) }.map(\.element)
    }
    let objects = [
      object(shuffled), object(shuffled, firstValue: 100), object(without(0), firstValue: 200),
      object(shuffled, firstValue: 300), object(without(memberCount / 2), firstValue: 400),
      object(without(memberCount - 1), firstValue: 500), object(shuffled, firstValue: 600),
      object(without(1, memberCount - 2), firstValue: 700), object(shuffled, firstValue: 800),
      object(without(0, 1, 2), firstValue: 900), object(shuffled, firstValue: 1_000),
    ]
    try expectSubsetParity(objects: objects, order: keys + ["absent"])
  }

  @Test func aMissingFirstOccurrenceOfADuplicatedKeyFindsTheLaterOne() throws {
    let full = ["d", "a", "c", "b", "a", "e"]
    let objects = [
      object(full), object(full, firstValue: 10), object(["d", "c", "b", "a", "e"], firstValue: 20),
      object(full, firstValue: 30), object(["d", "a", "c", "b", "e"], firstValue: 40),
      object(["d", "c", "b", "e"], firstValue: 50), object(full, firstValue: 60),
      #"{"d": 70, "\u0061": 71, "c": 72, "b": 73, "e": 75}"#, object(full, firstValue: 80),
    ]
    try expectSubsetParity(objects: objects, order: ["a", "b", "c", "d", "e", "f"])
  }

  /// ``expectArrayParity(objects:order:flexDecoder:sourceLocation:)`` through ``IsolatedProbe``,
  /// whose key type no other test uses: its lookups' memory is in the state these objects
  /// leave, whichever tests ran before.
  private func expectSubsetParity(
    objects: [String], order: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
    let key = CodingUserInfoKey(rawValue: "order")!
    let reference = JSONDecoder()
    reference.userInfo[key] = order
    let expected = try reference.decode([IsolatedProbe<SubsetTag>].self, from: data).map(\.values)
    let decoder = FlexJSONDecoder()
    decoder.userInfo[key] = order
    for _ in 0..<2 {
      #expect(
        try decoder.decode([IsolatedProbe<SubsetTag>].self, from: data).map(\.values) == expected,
        sourceLocation: sourceLocation)
    }
  }

  @Test func aDuplicatedKeyRepeatedInEachObjectKeepsItsFirstOccurrence() throws {
    let keys = ["d", "c", "b", "a", "c", "e", "a"]
    let objects = (0..<8).map { object(keys, firstValue: $0 * 10) }
    try expectArrayParity(objects: objects, order: ["a", "b", "c", "d", "e", "f"])
  }

  @Test func aKeyWrittenWithEscapesInOneObjectIsStillFound() throws {
    let objects = [
      #"{"c": 1, "b": 2, "a": 3}"#, #"{"c": 11, "b": 12, "a": 13}"#, #"{"c": 21, "b": 22, "a": 23}"#,
      #"{"c": 31, "\u0062": 32, "a": 33}"#, #"{"c": 41, "b": 42, "a": 43}"#,
      #"{"c": 51, "b": 52, "\u0061": 53}"#, #"{"c": 61, "b": 62, "a": 63}"#,
    ]
    try expectArrayParity(objects: objects, order: ["a", "b", "c"])
  }

  @Test func objectsWhoseInitAsksForOtherKeysByKindAreReadAlike() throws {
    // The same keys in every object, but the keys asked depend on `kind`: a replay meets a
    // lookup for another key than recorded, or for another absent key.
    let kinds = ["x", "x", "x", "y", "x", "y", "y", "y", "x", "z", "x", "x"]
    let objects = kinds.enumerated().map { index, kind in
      #"{"c": \#(index), "b": \#(index * 10), "a": \#(index * 100), "kind": "\#(kind)"}"#
    }
    let data = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
    let expected = try JSONDecoder().decode([KindProbe].self, from: data)
    #expect(expected[3].values == [3, nil, 300])
    #expect(try FlexJSONDecoder.strict().decode([KindProbe].self, from: data) == expected)
    let decoder = FlexJSONDecoder()
    #expect(try decoder.decode([KindProbe].self, from: data) == expected)
    #expect(try decoder.decode([KindProbe].self, from: data) == expected)
  }

  @Test func objectsThatKeepDifferingAreReadAlikeCallAfterCall() throws {
    // Optional keys left out of some objects: the memory gives up on the type, and the
    // decoder's pooled session remembers that for the next call.
    let keys = (0..<12).map { "key\($0)" }
    let objects = (0..<30).map { index in
      object(keys.reversed().filter { key in key != "key\(index % 12)" }, firstValue: index * 100)
    }
    let decoder = FlexJSONDecoder()
    for _ in 0..<3 {
      try expectArrayParity(objects: objects, order: keys, flexDecoder: decoder)
    }
  }

  @Test func objectsInAnotherOrderWithNumbersAsStringsAreReadAlikeCallAfterCall() throws {
    // The recovery pass leaves some objects partway (it decodes a value again once it learns
    // where an error came from): the lookups' memory must not take that for differing objects.
    let keys = (0..<12).map { "key\($0)" }
    let clean = (0..<30).map { object(keys.reversed(), firstValue: $0 * 100) }
    let messy = clean.enumerated().map { index, object in
      index % 3 == 0
        ? object.replacingOccurrences(of: ": \(index * 100 + 5),", with: ": \"\(index * 100 + 5)\",") : object
    }
    let order = keys + ["absent"]
    let userInfoKey = CodingUserInfoKey(rawValue: "order")!
    let reference = JSONDecoder()
    reference.userInfo[userInfoKey] = order
    let expected = try reference.decode(
      [OrderedProbe].self, from: Data(("[" + clean.joined(separator: ", ") + "]").utf8))
    let decoder = FlexJSONDecoder()
    decoder.userInfo[userInfoKey] = order
    for _ in 0..<3 {
      let decoded = try decoder.decode(
        [OrderedProbe].self, from: Data(("[" + messy.joined(separator: ", ") + "]").utf8))
      #expect(decoded.map(\.values) == expected.map(\.values))
      try expectArrayParity(objects: clean, order: order, flexDecoder: decoder)
    }
  }

  /// One object per call, as API responses come: the lookups' memory is kept with the pooled
  /// session, so from the second call on the object is compared with the previous call's and
  /// replayed. Calls whose object differs (another order, a key renamed, added, removed,
  /// written with an escape, or repeated) must read exactly what JSONDecoder reads, and so must
  /// the calls after them.
  @Test(arguments: [4, 15, 64])
  func singleObjectsReplayedFromCallToCallAreReadAlike(memberCount: Int) throws {
    let keys = (0..<memberCount).map { "member\($0)" }
    let shuffled = keys.enumerated().sorted { ($0.offset * 7) % memberCount < ($1.offset * 7) % memberCount }.map(
      \.element)
    var swapped = shuffled
    swapped.swapAt(0, memberCount - 1)
    var renamed = shuffled
    renamed[memberCount / 2] = "other"
    var escaped = shuffled.map { "\"\($0)\"" }
    escaped[1] = "\"\\u006d" + shuffled[1].dropFirst() + "\""  // the same key, written with an escape
    let documents = [
      object(shuffled), object(shuffled, firstValue: 10), object(shuffled, firstValue: 20), object(swapped),
      object(shuffled, firstValue: 30), object(renamed), object(shuffled, firstValue: 40),
      object(shuffled + ["absent"]), object(Array(shuffled.dropLast())), object(shuffled + [shuffled[0]]),
      "{" + escaped.enumerated().map { "\($1): \($0)" }.joined(separator: ", ") + "}", object(shuffled, firstValue: 50),
    ]
    let order = keys + ["absent"]
    let decoder = FlexJSONDecoder()
    let key = CodingUserInfoKey(rawValue: "order")!
    decoder.userInfo[key] = order
    let reference = JSONDecoder()
    reference.userInfo[key] = order
    for _ in 0..<2 {
      for document in documents {
        let data = Data(document.utf8)
        let expected = try reference.decode(IsolatedProbe<CallTag>.self, from: data).values
        #expect(try decoder.decode(IsolatedProbe<CallTag>.self, from: data).values == expected, "\(document)")
        // A decoder made per call borrows the same pooled session, with its memory.
        let fresh = FlexJSONDecoder()
        fresh.userInfo[key] = order
        #expect(try fresh.decode(IsolatedProbe<CallTag>.self, from: data).values == expected, "\(document)")
      }
    }
  }

  // MARK: - Helpers

  /// `{"k0": 0, "k1": 1, …}`: each member's value is its position (plus `firstValue`).
  private func object(_ keys: [String], firstValue: Int = 0) -> String {
    "{" + keys.enumerated().map { "\"\($1)\": \(firstValue + $0)" }.joined(separator: ", ") + "}"
  }

  /// Decodes the array of `objects` asking each for the keys in `order`, with FlexJSONDecoder
  /// (strict, and `flexDecoder` or a new default one) and JSONDecoder, and expects the same
  /// values from all three.
  private func expectArrayParity(
    objects: [String], order: [String], flexDecoder: FlexJSONDecoder = FlexJSONDecoder(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(("[" + objects.joined(separator: ", ") + "]").utf8)
    let key = CodingUserInfoKey(rawValue: "order")!
    let reference = JSONDecoder()
    reference.userInfo[key] = order
    let expected = try reference.decode([OrderedProbe].self, from: data).map(\.values)
    let strict = FlexJSONDecoder.strict()
    strict.userInfo[key] = order
    flexDecoder.userInfo[key] = order
    #expect(
      try strict.decode([OrderedProbe].self, from: data).map(\.values) == expected, sourceLocation: sourceLocation)
    #expect(
      try flexDecoder.decode([OrderedProbe].self, from: data).map(\.values) == expected, sourceLocation: sourceLocation)
  }

  /// Decodes `document` asking for the keys in `order`, with FlexJSONDecoder (strict and
  /// defaults) and JSONDecoder, and expects the same values from all three.
  private func expectParity(document: String, order: [String], expected: [Int?]) throws {
    let data = Data(document.utf8)
    let key = CodingUserInfoKey(rawValue: "order")!
    let reference = JSONDecoder()
    reference.userInfo[key] = order
    let strict = FlexJSONDecoder.strict()
    strict.userInfo[key] = order
    let lenient = FlexJSONDecoder()
    lenient.userInfo[key] = order
    #expect(try reference.decode(OrderedProbe.self, from: data).values == expected)
    #expect(try strict.decode(OrderedProbe.self, from: data).values == expected)
    #expect(try lenient.decode(OrderedProbe.self, from: data).values == expected)
  }
}

/// Reads the keys listed in `userInfo["order"]`, in that order, as optional integers.
private struct OrderedProbe: Decodable {
  var values: [Int?]

  init(from decoder: any Decoder) throws {
    let order = decoder.userInfo[CodingUserInfoKey(rawValue: "order")!] as? [String] ?? []
    let container = try decoder.container(keyedBy: DynamicKey.self)
    values = try order.map { try container.decodeIfPresent(Int.self, forKey: DynamicKey($0)) }
  }
}

/// ``OrderedProbe`` with a key type of its own for each `Tag`: the lookups' memory of that key
/// type is in the state its test leaves, whichever tests ran before or run alongside.
private struct IsolatedProbe<Tag>: Decodable {
  var values: [Int?]

  init(from decoder: any Decoder) throws {
    let order = decoder.userInfo[CodingUserInfoKey(rawValue: "order")!] as? [String] ?? []
    let container = try decoder.container(keyedBy: Key.self)
    values = try order.map { try container.decodeIfPresent(Int.self, forKey: Key(stringValue: $0)) }
  }

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

/// The tags of the ``IsolatedProbe``s of single objects from call to call, and of objects
/// missing members of the recorded one.
private enum CallTag {}
private enum SubsetTag {}

/// Reads `kind`, then `a`, `b`, `c` as optional integers for kind `x`, else `c`, `d` (absent)
/// and `a`.
private struct KindProbe: Decodable, Equatable {
  var values: [Int?]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DynamicKey.self)
    let kind = try container.decode(String.self, forKey: DynamicKey("kind"))
    let order = kind == "x" ? ["a", "b", "c"] : ["c", "d", "a"]
    values = try order.map { try container.decodeIfPresent(Int.self, forKey: DynamicKey($0)) }
  }
}

/// Three optional members, asked for in the order `a`, `b`, `c`.
private struct OptionalTriple: Decodable, Equatable {
  var a: Int?
  var b: Int?
  var c: Int?
}

/// The container's `allKeys`, and whether it contains the last key of a 40-member object.
private struct KeyProbe: Decodable {
  var allKeys: [String]
  var containsLast: Bool

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DynamicKey.self)
    allKeys = container.allKeys.map(\.stringValue)
    containsLast = container.contains(DynamicKey("key39"))
  }
}
