@_spi(Engine) import FlexCore
import Testing

@testable import FlexDecoder

/// `MemberFinder`: a tape, an object, key bytes in, the first member with that key out; no
/// decoder. Each answer is checked against a plain scan of the unescaped keys, through the
/// finder's shortcuts: the hint, signatures, the member index, and the memory of the previous
/// object.
@Suite("Member finder")
struct MemberFinderTests {
  /// The tape of `json`, and the tape indices of its top-level array's objects (or of the
  /// document, if it is an object).
  private static func objects(_ json: String) throws -> (JSONTape, [Int]) {
    let tape = try JSONTape.scan(copying: Array(json.utf8), options: .strict)
    guard tape[0].kind == .array else { return (tape, [0]) }
    var indices: [Int] = []
    var index = 1
    for _ in 0..<Int(tape[0].length) {
      indices.append(index)
      index = tape.next(after: index)
    }
    return (tape, indices)
  }

  /// The first member of the object at `objectIndex` whose key (unescaped) is `key`; with
  /// `loosely`, when none is, the first whose key is loosely equal.
  private static func scanned(_ key: String, in tape: JSONTape, at objectIndex: Int, loosely: Bool = false) -> Int? {
    var keyIndex = objectIndex + 1
    for _ in 0..<Int(tape[objectIndex].length) {
      if tape.string(at: keyIndex) == key { return keyIndex + 1 }
      keyIndex = tape.next(after: keyIndex + 1)
    }
    guard loosely else { return nil }
    keyIndex = objectIndex + 1
    for _ in 0..<Int(tape[objectIndex].length) {
      if KeyCase.looselyEqual(tape.string(at: keyIndex), key) { return keyIndex + 1 }
      keyIndex = tape.next(after: keyIndex + 1)
    }
    return nil
  }

  private static func find(_ key: String, _ finder: MemberFinder) -> Int? {
    var key = key
    return key.withUTF8 { finder.valueIndex(forKey: UnsafeRawBufferPointer($0)) }
  }

  @Test func keysInDocumentOrderAreEachOneComparisonAtTheHint() throws {
    let (tape, objects) = try Self.objects(#"{"id": 1, "name": "a", "tags": [], "extra": {"id": 2}}"#)
    let finder = MemberFinder(tape: tape, objectIndex: objects[0], loosely: false)
    for key in ["id", "name", "tags", "extra"] {
      #expect(Self.find(key, finder) == Self.scanned(key, in: tape, at: 0), "\(key)")
    }
    #expect(finder.hasMissed == false)
    #expect(finder.claimedMask == 0b1111)
    #expect(Self.find("missing", finder) == nil)
    #expect(finder.hasMissed)
  }

  @Test func aDuplicatedKeyAnswersItsFirstOccurrenceWhateverTheOrderOfLookups() throws {
    let (tape, _) = try Self.objects(#"{"a": 1, "b": 2, "a": 3, "c": 4, "b": 5}"#)
    for order in [["a", "b", "c"], ["c", "b", "a"], ["b", "a", "c", "a", "b"]] {
      let finder = MemberFinder(tape: tape, objectIndex: 0, loosely: false)
      for key in order {
        #expect(Self.find(key, finder) == Self.scanned(key, in: tape, at: 0), "\(order): \(key)")
      }
    }
    let finder = MemberFinder(tape: tape, objectIndex: 0, loosely: false)
    #expect(Self.find("b", finder) == 4)
  }

  @Test func aKeyWrittenWithEscapesIsFoundByItsUnescapedBytes() throws {
    let (tape, _) = try Self.objects(#"{"x": 0, "a\u0062": 1, "\u00e9t\u00e9": 2}"#)
    let finder = MemberFinder(tape: tape, objectIndex: 0, loosely: false)
    #expect(Self.find("été", finder) == Self.scanned("été", in: tape, at: 0))
    #expect(Self.find("ab", finder) == Self.scanned("ab", in: tape, at: 0))
    #expect(Self.find("a\\u0062", finder) == nil)
  }

  @Test func looseMatchingAppliesOnlyWhenNoKeyIsEqual() throws {
    let (tape, _) = try Self.objects(#"{"USER_ID": 1, "user-name": 2, "userName": 3}"#)
    let finder = MemberFinder(tape: tape, objectIndex: 0, loosely: true)
    #expect(Self.find("userId", finder) == 2)
    #expect(Self.find("userName", finder) == 6)
    #expect(Self.find("username", finder) == 4)
    let exact = MemberFinder(tape: tape, objectIndex: 0, loosely: false)
    #expect(Self.find("userId", exact) == nil)
  }

  @Test func everyAnswerIsAPlainScansThroughRunsOfObjectsOfEverySize() throws {
    var random = SeededGenerator(seed: 0x4D45_4D42_4552)
    let names = (0..<90).map { "key\($0)" } + ["", "a", "é", "a_b"]
    for round in 0..<60 {
      // One run of objects: a shape (keys in the payload's order), repeated with an optional key
      // left out now and then, a duplicate now and then, asked in the model's order.
      let memberCount = [0, 1, 5, 9, 20, 33, 64, 70][round % 8]
      let shape = Array(names.shuffled(using: &random).prefix(memberCount))
      let model = random.oneIn(3) ? shape : shape.shuffled(using: &random)
      let asked = model + ["absent", "key999"].prefix(random.below(3))
      var json = "["
      for object in 0..<12 {
        var keys = shape
        if !keys.isEmpty, random.oneIn(4) { keys.remove(at: random.below(keys.count)) }
        if !keys.isEmpty, random.oneIn(6) { keys.append(keys[random.below(keys.count)]) }
        json +=
          (object == 0 ? "" : ",") + "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + "}"
      }
      json += "]"
      let (tape, objects) = try Self.objects(json)
      let finder = MemberFinder(tape: tape, objectIndex: objects[0], loosely: false)
      for (number, objectIndex) in objects.enumerated() {
        finder.point(at: objectIndex, of: tape, loosely: false, leftPartway: random.oneIn(10))
        for key in asked where !(number % 5 == 4 && random.oneIn(2)) {
          let expected = Self.scanned(key, in: tape, at: objectIndex)
          #expect(Self.find(key, finder) == expected, "round \(round), object \(number), \"\(key)\"")
        }
      }
    }
  }

  @Test func aRunInAnotherOrderThanTheModelIsReplayedFromTheSecondObjectOn() throws {
    let keys = (0..<12).map { "field\($0)" }
    let object = "{" + keys.reversed().map { "\"\($0)\": 0" }.joined(separator: ",") + "}"
    let (tape, objects) = try Self.objects("[" + Array(repeating: object, count: 5).joined(separator: ",") + "]")
    let finder = MemberFinder(tape: tape, objectIndex: objects[0], loosely: false)
    var phases: [LookupMemory.Phase] = []
    for objectIndex in objects {
      finder.point(at: objectIndex, of: tape, loosely: false, leftPartway: false)
      for key in keys { #expect(Self.find(key, finder) == Self.scanned(key, in: tape, at: objectIndex)) }
      phases.append(finder.lookupMemory.phase)
    }
    #expect(phases == [.inactive, .recording, .replaying, .replaying, .replaying])
  }

  @Test func whatAnotherDocumentTaughtNeverChangesAnAnswer() throws {
    let keys = (0..<10).map { "k\($0)" }
    let first = "{" + keys.reversed().map { "\"\($0)\": 1" }.joined(separator: ",") + "}"
    let (firstTape, firstObjects) = try Self.objects(
      "[" + Array(repeating: first, count: 4).joined(separator: ",") + "]")
    let finder = MemberFinder(tape: firstTape, objectIndex: firstObjects[0], loosely: false)
    for objectIndex in firstObjects {
      finder.point(at: objectIndex, of: firstTape, loosely: false, leftPartway: false)
      for key in keys { _ = Self.find(key, finder) }
    }
    #expect(finder.lookupMemory.phase == .replaying)
    // The same key bytes at other positions, one missing, and one key written with an escape.
    let second = #"{"k9": 1, "k7": 2, "k8": 3, "k6": 4, "k5": 5, "k4": 6, "k3": 7, "k2": 8, "k\u0031": 9}"#
    let (secondTape, _) = try Self.objects(second)
    finder.park(on: try JSONTape.scan(copying: Array("{}".utf8), options: .strict), leftPartway: false)
    #expect(finder.memberCount == 0)
    finder.point(at: 0, of: secondTape, loosely: false, leftPartway: false)
    for key in keys { #expect(Self.find(key, finder) == Self.scanned(key, in: secondTape, at: 0), "\(key)") }
  }

  @Test func aLargeObjectIsAnsweredThroughItsIndex() throws {
    let keys = (0..<200).map { "member\($0)" }
    let (tape, _) = try Self.objects("{" + keys.map { "\"\($0)\": 0" }.joined(separator: ",") + "}")
    let finder = MemberFinder(tape: tape, objectIndex: 0, loosely: false)
    for key in keys.reversed() + ["member200", "member"] {
      #expect(Self.find(key, finder) == Self.scanned(key, in: tape, at: 0), "\(key)")
    }
    #expect(finder.hasMemberIndex)
  }
}
