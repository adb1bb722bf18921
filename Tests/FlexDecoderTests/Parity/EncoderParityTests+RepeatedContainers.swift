import FlexDecoder
import Foundation
import Testing

// A place written twice: a second container, a value or a super encoder for a key that has one
// already, and a second container or single value on one encoder. Where JSONEncoder writes
// something, FlexJSONEncoder writes the same bytes (the cases where JSONEncoder stops with a
// precondition failure are in RepeatedContainerRulesTests.swift). Each case is streamed first,
// then handed to the tree encoder.

/// A value that writes key `"k"` (or its one encoder) twice, as `scenario` says.
private struct WrittenTwice: Encodable, Sendable, CustomTestStringConvertible {
  enum Scenario: String, CaseIterable, Sendable {
    // Two containers of one kind: one container.
    case keyedThenKeyed, keyedThenKeyedInterleaved, unkeyedThenUnkeyed, snakeCaseKeysThatMeet
    // A value, then a container of its kind: the container writes into the value.
    case structThenKeyed, emptyStructThenKeyed, dictionaryThenKeyed
    case integersThenUnkeyed, stringsThenUnkeyed, structsThenUnkeyed
    // A container, then a value: the value replaces it, and what is written into the container
    // after that is lost.
    case keyedThenValue, keyedThenValueThenMoreKeyed, unkeyedThenValue
    // Two values: the last one.
    case valueThenValue, valueThenNil
    // Super encoders: the value lands when the super encoder is released.
    case liveSuperThenValue, releasedSuperThenValue, valueThenSuper, valueThenEmptySuper
    case keyedThenSuper, keyedThenSuperKeyed, superThenKeyed, superKeyedThenKeyed
    case releasedSuperKeyedThenKeyed, superThenSuper, superKeyedThenSuperKeyed, superWithNothing
    case keyedThenSuperWithNothing, plainSuperThenValue
    // One encoder: a second container of its kind is the first; a single value after a
    // container is dropped; a container after a single value that is an object takes it over.
    case encoderKeyedThenKeyed, encoderKeyedThenSingleValue, encoderUnkeyedThenUnkeyed
    case encoderSingleObjectThenKeyed, encoderSingleArrayThenUnkeyed
  }

  let scenario: Scenario

  var testDescription: String { scenario.rawValue }

  /// A nested value that encodes as an object.
  private struct Inner: Encodable { var x = 1 }
  /// A nested value that encodes as an empty object.
  private struct Empty: Encodable {}

  /// A value whose encoder is given two things: the `encoder…` scenarios.
  private struct OneEncoder: Encodable {
    let scenario: Scenario

    func encode(to encoder: any Encoder) throws {
      switch scenario {
      case .encoderKeyedThenKeyed:
        var first = encoder.container(keyedBy: DynamicKey.self)
        try first.encode(1, forKey: DynamicKey("a"))
        var second = encoder.container(keyedBy: DynamicKey.self)
        try second.encode(2, forKey: DynamicKey("b"))
      case .encoderKeyedThenSingleValue:
        var keyed = encoder.container(keyedBy: DynamicKey.self)
        try keyed.encode(2, forKey: DynamicKey("b"))
        var single = encoder.singleValueContainer()
        try single.encode(1)
      case .encoderUnkeyedThenUnkeyed:
        var first = encoder.unkeyedContainer()
        try first.encode(1)
        var second = encoder.unkeyedContainer()
        try second.encode(2)
      case .encoderSingleObjectThenKeyed:
        var single = encoder.singleValueContainer()
        try single.encode(Inner())
        var keyed = encoder.container(keyedBy: DynamicKey.self)
        try keyed.encode(2, forKey: DynamicKey("b"))
      case .encoderSingleArrayThenUnkeyed:
        var single = encoder.singleValueContainer()
        try single.encode([7, 8])
        var unkeyed = encoder.unkeyedContainer()
        try unkeyed.encode(9)
      default:
        Issue.record("\(scenario) is not a one-encoder scenario")
      }
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DynamicKey.self)
    let key = DynamicKey("k")
    let a = DynamicKey("a")
    let b = DynamicKey("b")
    switch scenario {
    case .keyedThenKeyed:
      var first = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try first.encode(1, forKey: a)
      var second = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try second.encode(2, forKey: b)
    case .keyedThenKeyedInterleaved:
      var first = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      var second = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try second.encode(2, forKey: b)
      try first.encode(1, forKey: a)
      try first.encode(3, forKey: b)
    case .unkeyedThenUnkeyed:
      var first = container.nestedUnkeyedContainer(forKey: key)
      try first.encode(1)
      var second = container.nestedUnkeyedContainer(forKey: key)
      try second.encode(2)
    case .snakeCaseKeysThatMeet:
      // `fooBar` and `foo_bar` are one JSON key under `.convertToSnakeCase`.
      var first = container.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("fooBar"))
      try first.encode(1, forKey: a)
      var second = container.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("foo_bar"))
      try second.encode(2, forKey: b)
    case .structThenKeyed:
      try container.encode(Inner(), forKey: key)
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(2, forKey: b)
    case .emptyStructThenKeyed:
      try container.encode(Empty(), forKey: key)
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(2, forKey: b)
    case .dictionaryThenKeyed:
      try container.encode(["z": 9], forKey: key)
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(2, forKey: b)
    case .integersThenUnkeyed:
      try container.encode([7, 8], forKey: key)
      var nested = container.nestedUnkeyedContainer(forKey: key)
      try nested.encode(2)
    case .stringsThenUnkeyed:
      try container.encode(["p"], forKey: key)
      var nested = container.nestedUnkeyedContainer(forKey: key)
      try nested.encode(2)
    case .structsThenUnkeyed:
      try container.encode([Inner()], forKey: key)
      var nested = container.nestedUnkeyedContainer(forKey: key)
      try nested.encode(2)
    case .keyedThenValue:
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(1, forKey: a)
      try container.encode(5, forKey: key)
    case .keyedThenValueThenMoreKeyed:
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(1, forKey: a)
      try container.encode(5, forKey: key)
      try nested.encode(3, forKey: b)
    case .unkeyedThenValue:
      var nested = container.nestedUnkeyedContainer(forKey: key)
      try nested.encode(1)
      try container.encode(5, forKey: key)
    case .valueThenValue:
      try container.encode(5, forKey: key)
      try container.encode("six", forKey: key)
    case .valueThenNil:
      try container.encode(5, forKey: key)
      try container.encodeNil(forKey: key)
    case .liveSuperThenValue:
      // The super encoder lives to the end of the scope: its value lands last.
      let superEncoder = container.superEncoder(forKey: key)
      var single = superEncoder.singleValueContainer()
      try single.encode(1)
      try container.encode(5, forKey: key)
    case .releasedSuperThenValue:
      do {
        let superEncoder = container.superEncoder(forKey: key)
        var single = superEncoder.singleValueContainer()
        try single.encode(1)
      }
      try container.encode(5, forKey: key)
    case .valueThenSuper:
      try container.encode(5, forKey: key)
      let superEncoder = container.superEncoder(forKey: key)
      var single = superEncoder.singleValueContainer()
      try single.encode(1)
    case .valueThenEmptySuper:
      try container.encode(5, forKey: key)
      _ = container.superEncoder(forKey: key)
    case .keyedThenSuper:
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(1, forKey: a)
      let superEncoder = container.superEncoder(forKey: key)
      var single = superEncoder.singleValueContainer()
      try single.encode(1)
    case .keyedThenSuperKeyed:
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(1, forKey: a)
      let superEncoder = container.superEncoder(forKey: key)
      var superContainer = superEncoder.container(keyedBy: DynamicKey.self)
      try superContainer.encode(2, forKey: b)
    case .superThenKeyed:
      // The super encoder is alive: the key is empty when the nested container is asked for.
      let superEncoder = container.superEncoder(forKey: key)
      var single = superEncoder.singleValueContainer()
      try single.encode(1)
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(1, forKey: a)
    case .superKeyedThenKeyed:
      let superEncoder = container.superEncoder(forKey: key)
      var superContainer = superEncoder.container(keyedBy: DynamicKey.self)
      try superContainer.encode(2, forKey: b)
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(1, forKey: a)
    case .releasedSuperKeyedThenKeyed:
      // Released first, the super encoder's object is there for the nested container.
      do {
        let superEncoder = container.superEncoder(forKey: key)
        var superContainer = superEncoder.container(keyedBy: DynamicKey.self)
        try superContainer.encode(2, forKey: b)
      }
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(1, forKey: a)
    case .superThenSuper:
      let first = container.superEncoder(forKey: key)
      var firstSingle = first.singleValueContainer()
      try firstSingle.encode(1)
      let second = container.superEncoder(forKey: key)
      var secondSingle = second.singleValueContainer()
      try secondSingle.encode(2)
    case .superKeyedThenSuperKeyed:
      let first = container.superEncoder(forKey: key)
      var firstContainer = first.container(keyedBy: DynamicKey.self)
      try firstContainer.encode(1, forKey: a)
      let second = container.superEncoder(forKey: key)
      var secondContainer = second.container(keyedBy: DynamicKey.self)
      try secondContainer.encode(2, forKey: b)
    case .superWithNothing:
      _ = container.superEncoder(forKey: key)
    case .keyedThenSuperWithNothing:
      var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
      try nested.encode(1, forKey: a)
      _ = container.superEncoder(forKey: key)
    case .plainSuperThenValue:
      let superEncoder = container.superEncoder()
      var single = superEncoder.singleValueContainer()
      try single.encode(1)
      try container.encode(5, forKey: DynamicKey("super"))
    case .encoderKeyedThenKeyed, .encoderKeyedThenSingleValue, .encoderUnkeyedThenUnkeyed,
      .encoderSingleObjectThenKeyed, .encoderSingleArrayThenUnkeyed:
      try container.encode(OneEncoder(scenario: scenario), forKey: key)
    }
  }

  /// What JSONEncoder writes, with `.sortedKeys`.
  var expected: String {
    switch scenario {
    case .keyedThenKeyed: #"{"k":{"a":1,"b":2}}"#
    case .keyedThenKeyedInterleaved: #"{"k":{"a":1,"b":3}}"#
    case .unkeyedThenUnkeyed: #"{"k":[1,2]}"#
    case .snakeCaseKeysThatMeet: #"{"foo_bar":{"a":1,"b":2}}"#
    case .structThenKeyed: #"{"k":{"b":2,"x":1}}"#
    case .emptyStructThenKeyed: #"{"k":{"b":2}}"#
    case .dictionaryThenKeyed: #"{"k":{"b":2,"z":9}}"#
    case .integersThenUnkeyed: #"{"k":[7,8,2]}"#
    case .stringsThenUnkeyed: #"{"k":["p",2]}"#
    case .structsThenUnkeyed: #"{"k":[{"x":1},2]}"#
    case .keyedThenValue, .keyedThenValueThenMoreKeyed, .unkeyedThenValue: #"{"k":5}"#
    case .valueThenValue: #"{"k":"six"}"#
    case .valueThenNil: #"{"k":null}"#
    case .liveSuperThenValue, .valueThenSuper, .keyedThenSuper, .superThenKeyed, .superThenSuper: #"{"k":1}"#
    case .releasedSuperThenValue: #"{"k":5}"#
    case .valueThenEmptySuper, .superWithNothing, .keyedThenSuperWithNothing: #"{"k":{}}"#
    case .keyedThenSuperKeyed, .superKeyedThenKeyed: #"{"k":{"b":2}}"#
    case .releasedSuperKeyedThenKeyed: #"{"k":{"a":1,"b":2}}"#
    case .superKeyedThenSuperKeyed: #"{"k":{"a":1}}"#
    case .plainSuperThenValue: #"{"super":1}"#
    case .encoderKeyedThenKeyed: #"{"k":{"a":1,"b":2}}"#
    case .encoderKeyedThenSingleValue: #"{"k":{"b":2}}"#
    case .encoderUnkeyedThenUnkeyed: #"{"k":[1,2]}"#
    case .encoderSingleObjectThenKeyed: #"{"k":{"b":2,"x":1}}"#
    case .encoderSingleArrayThenUnkeyed: #"{"k":[7,8,9]}"#
    }
  }
}

extension EncoderParityTests {
  @Test(arguments: WrittenTwice.Scenario.allCases)
  fileprivate func placeWrittenTwiceEncodesLikeJSONEncoder(_ scenario: WrittenTwice.Scenario) throws {
    let value = WrittenTwice(scenario: scenario)
    let encoders = ParityEncoders()
    if scenario == .snakeCaseKeysThatMeet {
      encoders.foundation.keyEncodingStrategy = .convertToSnakeCase
      encoders.flex.keyEncodingStrategy = .convertToSnakeCase
    }
    #expect(try encoders.expectSameBytes(value) == value.expected)
    // The tree encoder alone (behind `encodeToJSONValue`) builds the same (its members in the
    // order they were written: sorted here by encoding the JSONValue).
    let tree = try encoders.flex.encodeToJSONValue(value)
    #expect(try encoders.flex.encodeToString(tree) == value.expected)
    // Nested one level down, and pretty-printed.
    try encoders.expectSameBytes(["outer": [value]])
    let pretty = ParityEncoders(.pretty)
    pretty.foundation.keyEncodingStrategy = encoders.foundation.keyEncodingStrategy
    pretty.flex.keyEncodingStrategy = encoders.flex.keyEncodingStrategy
    try pretty.expectSameBytes(value)
  }
}
