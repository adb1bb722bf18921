import FlexCore
import Foundation
import Testing

/// JSONObject's storage and index, and the object building of `JSONValue(parsing:)`: small
/// objects (scanned) and large ones (indexed), in every way they are made and changed.
@Suite("JSONObject")
struct JSONObjectTests {
  /// `{"k0": 0, "k1": 1, …}` with `count` members, in order.
  private static func numberedObjectText(_ count: Int, prefix: String = "k") -> String {
    "{" + (0..<count).map { #""\#(prefix)\#($0)": \#($0)"# }.joined(separator: ", ") + "}"
  }

  private static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

  // MARK: - Repeated keys

  @Test(arguments: [1, 11, 12, 13, 40, 300])
  func keepsTheFirstOfRepeatedKeysWrittenPlainOrEscaped(size: Int) throws {
    // `size` distinct keys, then "a" again in two spellings, then a key repeated with a subtree.
    let filler = (0..<size).map { #""f\#($0)": \#($0)"# }.joined(separator: ", ")
    let text = #"{"a": "first", \#(filler), "\u0061": "escaped", "a": "plain", "t": [1], "t": {"x": [2]}}"#
    let object = try #require(try JSONValue(parsing: text).objectValue)
    #expect(object.count == size + 2)
    #expect(object.keys == ["a"] + (0..<size).map { "f\($0)" } + ["t"])
    #expect(object["a"] == "first")
    #expect(object["t"] == [1])
    #expect(object.index(forKey: "t") == size + 1)
  }

  @Test(arguments: [2, 30])
  func keepsTheFirstOfRepeatedKeysWhenTheFirstIsEscaped(size: Int) throws {
    let filler = (0..<size).map { #""f\#($0)": null"# }.joined(separator: ", ")
    let text = #"{"\u00e9\n": 1, \#(filler), "é\n": 2, "\u00E9\u000a": 3}"#
    let object = try #require(try JSONValue(parsing: text).objectValue)
    #expect(object.count == size + 1)
    #expect(object[0].key == "é\n")
    #expect(object["é\n"] == 1)
  }

  @Test(arguments: [0, 20])
  func treatsCanonicallyEquivalentKeysAsOneKeyLikeJSONDecoder(size: Int) throws {
    // "é" precomposed and decomposed; KELVIN SIGN and "K"; GREEK QUESTION MARK and ";".
    let filler = (0..<size).map { #""f\#($0)": 0, "# }.joined()
    let text = #"{\#(filler)"\u00e9": 1, "e\u0301": 2, "K": 3, "\u212a": 4, "x\u037e": 5, "x;": 6, "\u212b": 7}"#
    let object = try #require(try JSONValue(parsing: text).objectValue)
    #expect(object.count == size + 4)
    #expect(Array(object.keys.suffix(4)) == ["\u{E9}", "K", "x\u{37E}", "\u{212B}"])
    #expect(object["e\u{301}"] == 1)
    #expect(object["\u{E9}"] == 1)
    #expect(object["\u{212A}"] == 3)
    #expect(object["K"] == 3)
    #expect(object["x;"] == 5)
    #expect(object["\u{C5}"] == 7)  // Å: U+212B ANGSTROM SIGN is canonically U+00C5
    #expect(object["k"] == nil)
  }

  @Test func keepsTheFirstOfRepeatedKeysInLiteralsAndSequences() {
    let pairs = (0..<40).map { ("k\($0 % 25)", Self.number($0)) }
    let object = JSONObject(pairs)
    #expect(object.count == 25)
    #expect(object.keys == (0..<25).map { "k\($0)" })
    #expect(object.values == (0..<25).map { Self.number($0) })
    let literal: JSONObject = ["b": 1, "a": 2, "b": 3]
    #expect(literal.keys == ["b", "a"])
    #expect(literal["b"] == 1)
  }

  // MARK: - Order and lookups

  @Test func keepsTheDocumentOrderOfALargeObject() throws {
    let keys = (0..<500).map { "key-\(($0 * 7919) % 500)" }
    let text = "{" + keys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ",") + "}"
    let value = try JSONValue(parsing: text)
    let object = try #require(value.objectValue)
    #expect(object.keys == keys)
    #expect(object.values == (0..<500).map { Self.number($0) })
    for (position, key) in keys.enumerated() {
      #expect(object.index(forKey: key) == position)
      #expect(object[position].key == key)
    }
    #expect(value.description == text.replacingOccurrences(of: " ", with: ""))
  }

  @Test func findsEveryKeyOfALargeObjectAndNoOther() throws {
    let keys =
      (0..<2000).map { "k\($0)" } + ["", " ", "é", "e\u{301}x", "😀", "a\u{0}b", String(repeating: "long", count: 40)]
    let text = "{" + keys.enumerated().map { "\(JSONValue.string($1)): \($0)" }.joined(separator: ",") + "}"
    let object = try #require(try JSONValue(parsing: text).objectValue)
    #expect(object.count == keys.count)
    var allFound = true
    for (position, key) in keys.enumerated() {
      allFound = allFound && object[key] == Self.number(position) && object.index(forKey: key) == position
    }
    #expect(allFound)
    #expect(object["\u{E9}x"] == Self.number(2003))  // canonically equivalent to "e\u{301}x"
    for missing in ["k2000", "k-1", "K1", "k01", "longlong", "a", "a\u{0}", String(repeating: "long", count: 39)] {
      #expect(object[missing] == nil, "\(missing.debugDescription)")
    }
  }

  @Test func distinguishesKeysThatShareLongPrefixesOrSuffixes() throws {
    let stem = String(repeating: "x", count: 23)
    let keys = ["\(stem)a", "\(stem)b", "a\(stem)", "b\(stem)", stem, "\(stem)xx", "\(stem)ab", "\(stem)ba"]
    for count in [keys.count, 40] {
      let all = Array((keys + (0..<count).map { "\(stem)\($0)" }).prefix(count))
      let text = "{" + all.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ",") + "}"
      let object = try #require(try JSONValue(parsing: text).objectValue)
      #expect(object.keys == all)
      #expect(all.enumerated().allSatisfy { object[$1] == Self.number($0) })
    }
  }

  @Test func readsTheSameKeysAcrossSiblingObjectsOfDifferentShapes() throws {
    // Sibling objects whose keys differ at the same positions, in length or in bytes.
    let text = #"""
      [{"ab": 1, "cd": 2, "ef": {"ab": 3, "cd": 4}}, {"ab": 5, "ce": 6}, {"abc": 7, "cd": 8},
       {"xy": 9}, {"ab": 10, "cd": 11, "ef": {"ab": 12, "cx": 13}}, {"a\u0062": 14, "c\u0064": 15}]
      """#
    let value = try JSONValue(parsing: text)
    #expect(
      value.description
        == #"[{"ab":1,"cd":2,"ef":{"ab":3,"cd":4}},{"ab":5,"ce":6},{"abc":7,"cd":8},{"xy":9},"#
        + #"{"ab":10,"cd":11,"ef":{"ab":12,"cx":13}},{"ab":14,"cd":15}]"#)
    #expect(value[5]?["ab"] == 14)
    #expect(value[4]?["ef"]?["cx"] == 13)
  }

  @Test func readsManyDistinctKeysOfTheSameLengthAcrossObjects() throws {
    // More distinct keys than any cache of them holds, each key's value derived from the key.
    var text = "["
    var expected: [JSONValue] = []
    for object in 0..<400 {
      var members: [(String, JSONValue)] = []
      for member in 0..<(object % 17) {
        let key = String(format: "key%05d", (object * 31 + member * 977) % 5000)
        if !members.contains(where: { $0.0 == key }) { members.append((key, .string(key))) }
      }
      text += (object == 0 ? "" : ",") + "{" + members.map { #""\#($0.0)":"\#($0.0)""# }.joined(separator: ",") + "}"
      expected.append(.object(JSONObject(members)))
    }
    text += "]"
    let value = try JSONValue(parsing: text)
    #expect(value == .array(expected))
    #expect(value.description == text)
  }

  @Test func parsesAMillionKeysIntoAnIndexedObject() throws {
    var text = "{"
    text.reserveCapacity(16_000_000)
    for index in 0..<1_000_000 {
      if index > 0 { text += "," }
      text += "\"k\(index)\":\(index)"
    }
    text += ",\"k5\":\"again\"}"
    let object = try #require(try JSONValue(parsing: text).objectValue)
    #expect(object.count == 1_000_000)
    #expect(object["k999999"] == 999_999)
    #expect(object["k5"] == 5)
    #expect(object.index(forKey: "k123456") == 123_456)
    #expect(object["k1000000"] == nil)
  }

  // MARK: - Mutation

  @Test func editsKeepOrderAndIndexConsistentAcrossTheThreshold() throws {
    var object = JSONObject()
    var reference: [(String, Int)] = []
    func check(_ note: String) {
      #expect(object.count == reference.count, "\(note)")
      #expect(object.keys == reference.map(\.0), "\(note)")
      #expect(object.values == reference.map { Self.number($0.1) }, "\(note)")
      for (position, (key, value)) in reference.enumerated() {
        #expect(object.index(forKey: key) == position, "\(note): \(key)")
        #expect(object[key] == Self.number(value), "\(note): \(key)")
      }
    }
    for index in 0..<40 {
      object["k\(index)"] = Self.number(index)
      reference.append(("k\(index)", index))
      if index == 11 || index == 12 || index == 13 || index == 39 { check("append \(index)") }
    }
    for index in stride(from: 0, to: 40, by: 5) {
      object["k\(index)"] = Self.number(-index)
      reference[index].1 = -index
    }
    check("replace")
    for index in stride(from: 1, to: 40, by: 3) {
      let position = try #require(reference.firstIndex { $0.0 == "k\(index)" })
      #expect(object.removeValue(forKey: "k\(index)") == Self.number(reference[position].1))
      reference.remove(at: position)
    }
    check("remove")
    #expect(object.removeValue(forKey: "k1") == nil)
    object["k1"] = 100
    reference.append(("k1", 100))
    check("re-append")
    while let first = reference.first {
      object[first.0] = nil
      reference.removeFirst()
      if reference.count % 7 == 0 { check("drain \(reference.count)") }
    }
    #expect(object.isEmpty)
    #expect(object == JSONObject())
    object["again"] = true
    #expect(object.keys == ["again"])
  }

  @Test(arguments: [3, 30])
  func copiesAreIndependent(size: Int) throws {
    let original = try #require(try JSONValue(parsing: Self.numberedObjectText(size)).objectValue)
    var copy = original
    copy["k0"] = "changed"
    copy["new"] = nil
    copy["added"] = 1
    copy.removeValue(forKey: "k1")
    #expect(original.keys == (0..<size).map { "k\($0)" })
    #expect(original["k0"] == 0)
    #expect(original["k1"] == 1)
    #expect(original["added"] == nil)
    #expect(copy.keys == ["k0"] + (2..<size).map { "k\($0)" } + ["added"])
    #expect(copy["k0"] == "changed")
    #expect(copy.index(forKey: "added") == size - 1)

    var reserved = original
    reserved.reserveCapacity(100)
    reserved["z"] = nil
    #expect(reserved == original)
    for index in 0..<80 { reserved["r\(index)"] = Self.number(index) }
    #expect(reserved.count == size + 80)
    #expect(reserved["r79"] == 79)
    #expect(reserved["k2"] == 2)
    #expect(original.count == size)
  }

  @Test func reservesCapacityBeforeAppending() {
    var object = JSONObject()
    object.reserveCapacity(0)
    object.reserveCapacity(50)
    #expect(object.isEmpty)
    for index in 0..<50 { object["k\(index)"] = Self.number(index) }
    #expect(object.keys == (0..<50).map { "k\($0)" })
    #expect(object["k49"] == 49)
    #expect(object["k50"] == nil)
  }

  // MARK: - Shared blocks

  /// `[{"id": 0, "name": "n0", "tags": ["t0"]}, …]`: objects that hold no other object, which
  /// parsing packs into shared blocks.
  private static func leafObjectsText(_ count: Int) -> String {
    "["
      + (0..<count).map { #"{"id": \#($0), "name": "name number \#($0)", "tags": ["t\#($0)"]}"# }
      .joined(separator: ",") + "]"
  }

  @Test func keepsObjectsThatShareABlockAliveAfterTheirDocument() throws {
    var kept: [JSONObject] = []
    do {
      let value = try JSONValue(parsing: Self.leafObjectsText(100))
      for index in stride(from: 3, to: 100, by: 7) { kept.append(try #require(value[index]?.objectValue)) }
    }
    for (position, object) in kept.enumerated() {
      let index = 3 + position * 7
      #expect(object.keys == ["id", "name", "tags"])
      #expect(object["id"] == Self.number(index))
      #expect(object["name"] == .string("name number \(index)"))
      #expect(object["tags"] == [.string("t\(index)")])
    }
  }

  @Test func changesAnObjectThatSharesABlockWithoutTouchingItsNeighbours() throws {
    let value = try JSONValue(parsing: Self.leafObjectsText(40))
    var first = try #require(value[0]?.objectValue)
    var second = try #require(value[1]?.objectValue)
    first["id"] = "changed"
    second["extra"] = true
    second.removeValue(forKey: "name")
    var third = try #require(value[2]?.objectValue)
    third.reserveCapacity(30)
    for index in 0..<30 { third["k\(index)"] = Self.number(index) }
    #expect(first.keys == ["id", "name", "tags"])
    #expect(first["id"] == "changed")
    #expect(second.keys == ["id", "tags", "extra"])
    #expect(third.count == 33)
    #expect(third["k29"] == 29)
    #expect(third["name"] == "name number 2")
    #expect(value == (try JSONValue(parsing: Self.leafObjectsText(40))))
    #expect(value[0]?["id"] == 0)
    #expect(value[1]?["name"] == "name number 1")
    #expect(value[2]?.objectValue?.count == 3)
  }

  @Test func comparesObjectsOfTheSameAndOfDifferentBlocks() throws {
    let value = try JSONValue(parsing: #"[{"a": 1}, {"a": 1}, {"a": 2}, {"b": 1}]"#)
    let objects = try (0..<4).map { try #require(value[$0]?.objectValue) }
    #expect(objects[0] == objects[0])
    #expect(objects[0] == objects[1])
    #expect(objects[0] != objects[2])
    #expect(objects[0] != objects[3])
    #expect(objects[1] == ["a": 1])
  }

  // MARK: - Equality

  @Test(arguments: [2, 25])
  func comparesMembersInAnyOrder(size: Int) throws {
    let forward = try JSONValue(parsing: Self.numberedObjectText(size))
    let members = (0..<size).reversed().map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
    let backward = try JSONValue(parsing: "{\(members)}")
    #expect(forward == backward)
    #expect(backward.objectValue?.keys.first == "k\(size - 1)")
    var changed = try #require(backward.objectValue)
    changed["k0"] = 1
    #expect(JSONValue.object(changed) != forward)
    changed["k0"] = 0
    #expect(JSONValue.object(changed) == forward)
    changed["extra"] = nil
    changed.removeValue(forKey: "k1")
    changed["k1x"] = 1
    #expect(JSONValue.object(changed) != forward)
    #expect(JSONValue.object(JSONObject((0..<size).map { ("k\($0)", Self.number($0)) })) == forward)
  }

  // MARK: - Building

  @Test func buildsObjectsNestedAThousandDeep() throws {
    let depth = 1_000
    var text = ""
    for level in 0..<depth { text += #"{"n": \#(level), "a": [true], "c": "# }
    text += "null"
    for _ in 0..<depth { text += #", "n": "repeated"}"# }
    var value = try JSONValue(parsing: text, options: JSONParsingOptions(maxDepth: 2 * depth + 2))
    var levels = 0
    while case .object(let object) = value {
      guard object.keys == ["n", "a", "c"], object["n"] == Self.number(levels), object["a"] == [true] else { break }
      levels += 1
      value = object["c"] ?? "missing"
    }
    #expect(levels == depth)
    #expect(value == nil)
  }

  @Test func buildsScalarsEmptyContainersAndSubtreesAlone() throws {
    #expect(try JSONValue(parsing: #""s""#) == "s")
    #expect(try JSONValue(parsing: "12345678901234567890").numberValue?.text == "12345678901234567890")
    #expect(try JSONValue(parsing: "{}") == .object(JSONObject()))
    #expect(try JSONValue(parsing: "[]") == [])
    #expect(try JSONValue(parsing: #"[{}, [], {"a": {}}, [[]]]"#).description == #"[{},[],{"a":{}},[[]]]"#)
  }

  // MARK: - Codable

  @Test(arguments: [4, 40])
  func roundTripsLargeAndSmallObjectsThroughCodable(size: Int) throws {
    let text =
      "{" + (0..<size).map { #""m\#($0)": {"s": "v\#($0)", "l": [\#($0), 1.5, null]}"# }.joined(separator: ",") + "}"
    let value = try JSONValue(parsing: text)
    let encoded = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: encoded)
    #expect(decoded == value)
    #expect(decoded["m\(size - 1)"]?["l"]?[0] == Self.number(size - 1))
    let sorted = JSONEncoder()
    sorted.outputFormatting = .sortedKeys
    #expect(try JSONValue(parsing: Array(sorted.encode(value))) == value)
  }
}
