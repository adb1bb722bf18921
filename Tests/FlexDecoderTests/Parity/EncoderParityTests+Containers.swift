import FlexDecoder
import Foundation
import Testing

// Containers: optionals, nested containers, super encoders, dictionaries, enums with
// associated values, empty values, values that encode nothing, and errors.

/// EncodedOptionals through `encodeIfPresent` (synthesized) and `encodeNil`.
private struct EncodedOptionals: Encodable {
  var present: Int? = 1
  var absent: Int?
  var doubleOptional: Int?? = .some(nil)
  var list: [String?] = ["a", nil]
  var map: [String: Bool?] = ["yes": true, "none": nil]

  enum CodingKeys: String, CodingKey {
    case present, absent, doubleOptional, list, map, explicitNull, ifPresentNil
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(present, forKey: .present)
    try container.encodeIfPresent(absent, forKey: .absent)
    try container.encodeIfPresent(doubleOptional, forKey: .doubleOptional)
    try container.encode(list, forKey: .list)
    try container.encode(map, forKey: .map)
    try container.encodeNil(forKey: .explicitNull)
    try container.encodeIfPresent(String?.none, forKey: .ifPresentNil)
  }
}

/// Every kind of nested container, several levels deep, including a container asked for twice
/// under the same key.
private struct Nesting: Encodable {
  func encode(to encoder: any Encoder) throws {
    var root = encoder.container(keyedBy: DynamicKey.self)
    var keyed = root.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("keyed"))
    try keyed.encode("x", forKey: DynamicKey("x"))
    var deeper = keyed.nestedUnkeyedContainer(forKey: DynamicKey("deeper"))
    try deeper.encode(1)
    var deepest = deeper.nestedContainer(keyedBy: DynamicKey.self)
    try deepest.encode(true, forKey: DynamicKey("deepest"))
    var innerList = deeper.nestedUnkeyedContainer()
    try innerList.encode(2.5)
    try innerList.encodeNil()
    _ = innerList.nestedUnkeyedContainer()
    _ = deeper.nestedContainer(keyedBy: DynamicKey.self)
    var list = root.nestedUnkeyedContainer(forKey: DynamicKey("list"))
    try list.encode("first")
    var element = list.nestedContainer(keyedBy: DynamicKey.self)
    try element.encode(Int8.min, forKey: DynamicKey("min"))
    try root.encode("after", forKey: DynamicKey("z"))
  }
}

/// A nested container asked for twice under the same key: JSONEncoder writes both into one.
private struct RepeatedNesting: Encodable {
  func encode(to encoder: any Encoder) throws {
    var root = encoder.container(keyedBy: DynamicKey.self)
    var first = root.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("object"))
    try first.encode(1, forKey: DynamicKey("a"))
    var second = root.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("object"))
    try second.encode(2, forKey: DynamicKey("b"))
    var firstList = root.nestedUnkeyedContainer(forKey: DynamicKey("list"))
    try firstList.encode(1)
    var secondList = root.nestedUnkeyedContainer(forKey: DynamicKey("list"))
    try secondList.encode(2)
  }
}

/// The same key encoded twice: the last value wins.
private struct RepeatedKey: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DynamicKey.self)
    try container.encode(1, forKey: DynamicKey("key"))
    try container.encode("b", forKey: DynamicKey("other"))
    try container.encode([2], forKey: DynamicKey("key"))
  }
}

/// A keyed container asked for twice on one encoder: one object.
private struct TwoKeyedContainers: Encodable {
  func encode(to encoder: any Encoder) throws {
    var first = encoder.container(keyedBy: DynamicKey.self)
    try first.encode(1, forKey: DynamicKey("first"))
    var second = encoder.container(keyedBy: DynamicKey.self)
    try second.encode(2, forKey: DynamicKey("second"))
  }
}

// MARK: Class inheritance

private class Vehicle: Encodable {
  var wheelCount = 4
  var modelName = "base/model"
}

/// Writes its superclass through `superEncoder()` (under `"super"`).
private final class Car: Vehicle {
  var topSpeedKPH: Double = 201.5

  enum CodingKeys: String, CodingKey { case topSpeedKPH }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(topSpeedKPH, forKey: .topSpeedKPH)
    try super.encode(to: container.superEncoder())
  }
}

/// Writes its superclass through `superEncoder(forKey:)`.
private final class Truck: Vehicle {
  var payloadTons = 12

  enum CodingKeys: String, CodingKey { case payloadTons, vehicleBase }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(payloadTons, forKey: .payloadTons)
    try super.encode(to: container.superEncoder(forKey: .vehicleBase))
  }
}

/// Writes its superclass into the same container (no super encoder).
private final class Bus: Vehicle {
  var seatCount = 50

  enum CodingKeys: String, CodingKey { case seatCount }

  override func encode(to encoder: any Encoder) throws {
    try super.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(seatCount, forKey: .seatCount)
  }
}

/// Super encoders that encode nothing, a scalar, or are filled after later siblings.
private struct SuperEncoders: Encodable {
  func encode(to encoder: any Encoder) throws {
    var keyed = encoder.container(keyedBy: DynamicKey.self)
    _ = keyed.superEncoder(forKey: DynamicKey("emptySuper"))
    let late = keyed.superEncoder()
    try keyed.encode(1, forKey: DynamicKey("afterSuper"))
    var lateContainer = late.singleValueContainer()
    try lateContainer.encode("filled late")
    var list = keyed.nestedUnkeyedContainer(forKey: DynamicKey("list"))
    try list.encode(1)
    let elementSuper = list.superEncoder()
    try list.encode(3)
    var elementContainer = elementSuper.container(keyedBy: DynamicKey.self)
    try elementContainer.encode(2, forKey: DynamicKey("two"))
    _ = list.superEncoder()
  }
}

/// A non-finite float inside nested containers.
private struct FailingNestedContainers: Encodable {
  let nesting: Int

  func encode(to encoder: any Encoder) throws {
    var root = encoder.container(keyedBy: DynamicKey.self)
    switch nesting {
    case 0:
      try root.encode(Double.nan, forKey: DynamicKey("value"))
    case 1:
      var keyed = root.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("keyed"))
      try keyed.encode(Double.nan, forKey: DynamicKey("value"))
    default:
      var list = root.nestedUnkeyedContainer(forKey: DynamicKey("list"))
      try list.encode(1)
      var keyed = list.nestedContainer(keyedBy: DynamicKey.self)
      try keyed.encode([Float.infinity], forKey: DynamicKey("values"))
    }
  }
}

/// Writes the coding path of a super encoder of a nested unkeyed container.
private struct NestedSuperEncoderPath: Encodable {
  func encode(to encoder: any Encoder) throws {
    var root = encoder.container(keyedBy: DynamicKey.self)
    var list = root.nestedUnkeyedContainer(forKey: DynamicKey("list"))
    try list.encode(1)
    let superEncoder = list.superEncoder()
    var container = superEncoder.singleValueContainer()
    try container.encode(superEncoder.codingPath.map(\.stringValue))
  }
}

/// An unkeyed top level with super encoders.
private struct UnkeyedSuperEncoders: Encodable {
  func encode(to encoder: any Encoder) throws {
    var list = encoder.unkeyedContainer()
    try list.encode("before")
    try Vehicle().encode(to: list.superEncoder())
    _ = list.superEncoder()
    try list.encode("after")
  }
}

/// A non-conforming float thrown from inside a super encoder.
private struct FailingSuperEncoder: Encodable {
  func encode(to encoder: any Encoder) throws {
    var keyed = encoder.container(keyedBy: DynamicKey.self)
    var inner = keyed.superEncoder(forKey: DynamicKey("baseValue")).container(keyedBy: DynamicKey.self)
    try inner.encode(Double.infinity, forKey: DynamicKey("speedLimit"))
  }
}

// MARK: Empty values and values that encode nothing

private struct EmptyStruct: Codable {}

private struct EncodesNothing: Encodable {
  func encode(to encoder: any Encoder) throws {}
}

/// Asks for a single-value container and encodes nothing into it.
private struct EncodesNothingThroughSingleValue: Encodable {
  func encode(to encoder: any Encoder) throws { _ = encoder.singleValueContainer() }
}

private struct Empties: Encodable {
  var emptyStruct = EmptyStruct()
  var emptyArray: [Int] = []
  var emptyDictionary: [String: Int] = [:]
  var nestedEmpties: [[String: [Int]]] = [[:], ["a": []]]
  var nothing = EncodesNothing()
  var nothingInArray = [EncodesNothing(), EncodesNothing()]
  var nothingThroughSingleValue = EncodesNothingThroughSingleValue()
  var emptyString = ""
}

/// An error of its own, thrown from `encode(to:)`.
private struct Refusal: Error, Equatable {}

private struct Refuses: Encodable {
  func encode(to encoder: any Encoder) throws { throw Refusal() }
}

extension EncoderParityTests {
  // MARK: - EncodedOptionals

  @Test(arguments: ParityFormatting.allCases)
  func optionalsEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let written = try ParityEncoders(formatting).expectSameBytes(EncodedOptionals())
    #expect(!written.contains("absent") && !written.contains("ifPresentNil") && written.contains("explicitNull"))
  }

  // MARK: - Nested containers

  @Test(arguments: ParityFormatting.allCases)
  func nestedContainersEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    try ParityEncoders(formatting).expectSameBytes(Nesting())
    try ParityEncoders(formatting).expectSameBytes([Nesting()])
  }

  @Test func nestedContainersAskedForTwiceUnderOneKeyShareTheirValue() throws {
    #expect(try ParityEncoders().expectSameBytes(RepeatedNesting()) == #"{"list":[1,2],"object":{"a":1,"b":2}}"#)
  }

  @Test func keyEncodedTwiceKeepsTheLastValue() throws {
    #expect(try ParityEncoders().expectSameBytes(RepeatedKey()) == #"{"key":[2],"other":"b"}"#)
  }

  @Test func canonicallyEquivalentKeysAreOneMemberWithTheFirstSpelling() throws {
    // JSONEncoder's objects are Swift dictionaries: "e\u{301}" == "é", and the first key stays.
    for fillerCount in [0, 40] {
      let filler = (0..<fillerCount).map { "filler\($0)" }
      let written = try ParityEncoders().expectSameBytes(KeyedMembers(filler + ["e\u{301}", "k", "\u{E9}"]))
      #expect(written.hasPrefix("{\"e\u{301}\":\(fillerCount + 2),"))
    }
  }

  @Test func keysCanonicallyEqualToAnASCIIKeyAreOneMember() throws {
    // KELVIN SIGN is "K", GREEK QUESTION MARK is ";" and GREEK VARIA is "`" as Strings.
    for fillerCount in [0, 40] {
      let filler = (0..<fillerCount).map { "filler\($0)" }
      for (ascii, other) in [("K", "\u{212A}"), ("a;b", "a\u{37E}b"), ("`", "\u{1FEF}")] {
        let written = try ParityEncoders().expectSameBytes(KeyedMembers(filler + [ascii, "k", other]))
        #expect(written.contains("\"\(ascii)\":\(fillerCount + 2),") && written.utf8.allSatisfy { $0 < 0x80 })
        // The other spelling first: it stays, and collides with every later key.
        try ParityEncoders().expectSameBytes(KeyedMembers([other] + filler + ["k", ascii]))
      }
    }
  }

  @Test func aKeyBuiltTwiceIsOneMember() throws {
    // Equal keys in separate storage, and keys written with escapes.
    let long = (1...4).map { "segment\($0)" }.joined(separator: "/")
    let again = String(decoding: Array(long.utf8), as: UTF8.self)
    for fillerCount in [0, 40] {
      let filler = (0..<fillerCount).map { "filler\($0)" }
      let written = try ParityEncoders().expectSameBytes(KeyedMembers(filler + [long, "a\"b", again, "a\"b"]))
      #expect(written.contains(#""segment1\/segment2\/segment3\/segment4":\#(fillerCount + 2)"#))
      #expect(written.contains(#""a\"b":\#(fillerCount + 3)"#))
    }
  }

  @Test func keyedContainerAskedForTwiceIsOneObject() throws {
    #expect(try ParityEncoders().expectSameBytes(TwoKeyedContainers()) == #"{"first":1,"second":2}"#)
  }

  // MARK: - Super encoders

  @Test(arguments: ParityFormatting.allCases)
  func subclassesEncodeTheirSuperclassLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytes(Car())
    try encoders.expectSameBytes(Truck())
    try encoders.expectSameBytes(Bus())
    try encoders.expectSameBytes([Car(), Truck()] as [Vehicle])
  }

  @Test(arguments: ParityFormatting.allCases)
  func superEncodersEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    try ParityEncoders(formatting).expectSameBytes(SuperEncoders())
    try ParityEncoders(formatting).expectSameBytes(UnkeyedSuperEncoders())
  }

  @Test(arguments: [ParityKeyStrategy.convertToSnakeCase, .uppercased])
  func superEncoderKeysAreConvertedLikeJSONEncoder(_ strategy: ParityKeyStrategy) throws {
    let encoders = ParityEncoders()
    strategy.apply(to: encoders)
    try encoders.expectSameBytes(Car())
    try encoders.expectSameBytes(Truck())
    try encoders.expectSameBytes(SuperEncoders())
  }

  @Test func errorInsideASuperEncoderHasTheSamePath() throws {
    let summary = try ParityEncoders().expectSameError([FailingSuperEncoder()])
    #expect(summary.path.map(\.stringValue) == ["Index 0", "baseValue", "speedLimit"])
    let snakeCase = ParityEncoders()
    snakeCase.foundation.keyEncodingStrategy = .convertToSnakeCase
    snakeCase.flex.keyEncodingStrategy = .convertToSnakeCase
    try snakeCase.expectSameError([FailingSuperEncoder()])
  }

  /// A known difference: JSONEncoder leaves the keys of nested containers out of the coding
  /// path of what is encoded inside them (values, their errors, super encoders), though the
  /// containers' own `codingPath` has them. FlexJSONEncoder gives the full path, as
  /// `JSONDecoder` does.
  @Test func errorInsideNestedContainersHasTheFullPath() throws {
    let encoders = ParityEncoders()
    #expect(try encoders.expectSameError(FailingNestedContainers(nesting: 0)).path.map(\.stringValue) == ["value"])
    for (nesting, path) in [(1, ["keyed", "value"]), (2, ["list", "Index 1", "values", "Index 0"])] {
      let error = try requireThrows(EncodingError.self) {
        try encoders.flex.encode(FailingNestedContainers(nesting: nesting))
      }
      #expect(EncodingErrorSummary(error).path.map(\.stringValue) == path)
      withKnownIssue("JSONEncoder drops the nested containers' keys: \(path.suffix(nesting == 1 ? 1 : 2))") {
        try encoders.expectSameError(FailingNestedContainers(nesting: nesting))
      }
    }
  }

  @Test func superEncoderOfANestedContainerHasTheFullPath() throws {
    let encoders = ParityEncoders()
    let written = try encoders.flex.encodeToString(NestedSuperEncoderPath())
    #expect(written == #"{"list":[1,["list","Index 1"]]}"#)
    withKnownIssue("JSONEncoder writes [\"Index 1\"]") {
      try encoders.expectSameBytes(NestedSuperEncoderPath())
    }
  }

  // MARK: - Dictionaries

  @Test(arguments: ParityFormatting.allCases)
  func dictionariesEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytes(["b": 2, "a": 1, "A": 0, "a/b": 3, "": 4])
    try encoders.expectSameBytes([10: "ten", 9: "nine", -1: "minus one", Int.min: "min"])
    try encoders.expectSameBytes([.darkRed: [1], .lightBlueGreen: []] as [ParityColor: [Int]])
    // Keys that are neither strings nor integers: an array of alternating keys and values.
    try encoders.expectSameBytes([true: "yes"])
    try encoders.expectSameBytes([1.5: ["x": 1]])
    try encoders.expectSameBytes(["outer": [1: [ParityColor.darkRed: ["inner": nil as Int?]]]])
  }

  @Test func dictionariesWithManyKeysAreSortedLikeJSONEncoder() throws {
    let strings = Dictionary(uniqueKeysWithValues: (0..<300).map { ("key\($0 * 7919 % 1000)", $0) })
    try ParityEncoders().expectSameBytes(strings)
    let integers = Dictionary(uniqueKeysWithValues: (-150..<150).map { ($0 * 7919, $0) })
    try ParityEncoders(.pretty).expectSameBytes(integers)
    // Past the duplicate-key filter's capacity many times over (a dictionary's keys skip the
    // check), nested, and with keys that differ only past their first sixteen bytes.
    let nested = Dictionary(
      uniqueKeysWithValues: (0..<1500).map { index in
        ("\(index)", ["shared": index, "a long key, the same for sixteen bytes \(index % 7)": -index])
      })
    try ParityEncoders().expectSameBytes(nested)
    try ParityEncoders(.pretty).expectSameBytes(nested)
  }

  @Test func largeDocumentsOneAfterAnotherEncodeLikeJSONEncoder() throws {
    // Over the 1 MiB a pooled session keeps: the next call starts a buffer the size of the
    // last document, whatever the size of its own.
    let encoders = ParityEncoders()
    let large = (0..<40_000).map { "line \($0) with a \"quote\" and a / slash" }
    try encoders.expectSameBytes(large)
    try encoders.expectSameBytes(large + large)
    try encoders.expectSameBytes(["small": "value"])
    try encoders.expectSameBytes(large)
  }

  @Test func dictionaryKeysMadeEqualByTheKeyMappingAreOneMember() throws {
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.keyMapping = ["a": "b"]
    let written = String(decoding: try encoder.encode(["a": 1, "b": 2, "c": 3]), as: UTF8.self)
    #expect(written == #"{"b":1,"c":3}"# || written == #"{"b":2,"c":3}"#)
  }

  // MARK: - Enums with associated values

  @Test(arguments: ParityFormatting.allCases)
  func enumsWithAssociatedValuesEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytes(ParityLibrary.sample.shapes)
    encoders.foundation.keyEncodingStrategy = .convertToSnakeCase
    encoders.flex.keyEncodingStrategy = .convertToSnakeCase
    let written = try encoders.expectSameBytes(ParityLibrary.sample.shapes)
    #expect(written.contains("rounded_rect"))
  }

  @Test(arguments: ParityFormatting.allCases)
  func wholeModelsEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    try ParityEncoders(formatting).expectSameBytes(ParityLibrary.sample)
    let snakeCase = ParityEncoders(formatting)
    snakeCase.foundation.keyEncodingStrategy = .convertToSnakeCase
    snakeCase.flex.keyEncodingStrategy = .convertToSnakeCase
    try snakeCase.expectSameBytes(ParityLibrary.sample)
  }

  // MARK: - Empty values

  @Test(arguments: ParityFormatting.allCases)
  func emptyValuesEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytes(EmptyStruct())
    try encoders.expectSameBytes([Int]())
    try encoders.expectSameBytes([String: Int]())
    try encoders.expectSameBytes([[Int]()])
    try encoders.expectSameBytes(Empties())
  }

  @Test func nestedValueThatEncodesNothingIsAnEmptyObject() throws {
    #expect(try ParityEncoders().expectSameBytes(["a": EncodesNothing()]) == #"{"a":{}}"#)
    #expect(try ParityEncoders().expectSameBytes([EncodesNothingThroughSingleValue()]) == "[{}]")
  }

  @Test func topLevelValueThatEncodesNothingThrowsInvalidValue() throws {
    let expected = EncodingErrorSummary(invalidValueAt: [])
    #expect(try ParityEncoders().expectSameError(EncodesNothing()) == expected)
    #expect(try ParityEncoders().expectSameError(EncodesNothingThroughSingleValue()) == expected)
  }

  // MARK: - Errors

  @Test func errorsThrownByEncodeToPassThroughUnchanged() throws {
    let encoders = ParityEncoders()
    #expect(throws: Refusal()) { try encoders.foundation.encode(["a": [Refuses()]]) }
    #expect(throws: Refusal()) { try encoders.flex.encode(["a": [Refuses()]]) }
  }
}
