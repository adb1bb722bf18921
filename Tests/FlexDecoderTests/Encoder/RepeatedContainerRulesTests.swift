import Foundation
import Testing

@testable import FlexDecoder

/// The decisions behind a place written twice (RepeatedContainerRules.swift). Where JSONEncoder
/// stops with a precondition failure, so does FlexJSONEncoder; a test cannot survive that, so
/// the decision itself is tested here. The cases JSONEncoder writes are compared byte for byte
/// in EncoderParityTests+RepeatedContainers.swift.
@Suite("Repeated container rules")
struct RepeatedContainerRulesTests {
  /// A container asked for where `existing` was encoded, and what JSONEncoder does.
  struct ContainerCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let isObject: Bool
    let existing: @Sendable () -> EncodedValue?
    let expected: RepeatedContainerRules.ContainerOutcome
  }

  static let containerCases: [ContainerCase] = [
    // Nothing there.
    ContainerCase(testDescription: "keyed, first", isObject: true, existing: { nil }, expected: .create),
    ContainerCase(testDescription: "unkeyed, first", isObject: false, existing: { nil }, expected: .create),
    // The same kind: JSONEncoder writes into it.
    ContainerCase(
      testDescription: "keyed after keyed, or after an object value", isObject: true,
      existing: { .object(EncodedObject()) }, expected: .reuse),
    ContainerCase(
      testDescription: "unkeyed after unkeyed, or after an array value", isObject: false,
      existing: { .array(EncodedArray()) }, expected: .reuse),
    // Another kind: JSONEncoder stops.
    ContainerCase(
      testDescription: "unkeyed after keyed, or after an object value", isObject: false,
      existing: { .object(EncodedObject()) }, expected: .conflict),
    ContainerCase(
      testDescription: "keyed after unkeyed, or after an array value", isObject: true,
      existing: { .array(EncodedArray()) }, expected: .conflict),
    ContainerCase(
      testDescription: "keyed after a number", isObject: true, existing: { .number("5") }, expected: .conflict),
    ContainerCase(
      testDescription: "unkeyed after a number", isObject: false, existing: { .number("5") }, expected: .conflict),
    ContainerCase(testDescription: "keyed after null", isObject: true, existing: { .null }, expected: .conflict),
    ContainerCase(testDescription: "unkeyed after null", isObject: false, existing: { .null }, expected: .conflict),
    ContainerCase(
      testDescription: "keyed after a string", isObject: true, existing: { .string("x") }, expected: .conflict),
    ContainerCase(
      testDescription: "unkeyed after a bool", isObject: false, existing: { .bool(true) }, expected: .conflict),
  ]

  @Test(arguments: containerCases)
  func containerAskedForWhereAValueIsFollowsJSONEncoder(_ containerCase: ContainerCase) {
    #expect(
      RepeatedContainerRules.container(isObject: containerCase.isObject, over: containerCase.existing())
        == containerCase.expected)
  }

  @Test func secondSingleValueConflictsAndOneAfterAContainerIsDropped() {
    #expect(RepeatedContainerRules.singleValue(hasSingleValue: false, hasContainer: false) == .store)
    #expect(RepeatedContainerRules.singleValue(hasSingleValue: false, hasContainer: true) == .ignore)
    #expect(RepeatedContainerRules.singleValue(hasSingleValue: true, hasContainer: false) == .conflict)
    #expect(RepeatedContainerRules.singleValue(hasSingleValue: true, hasContainer: true) == .conflict)
  }

  @Test func nestedContainerForAKeyWritesIntoWhatIsThere() throws {
    let object = EncodedObject()
    guard case .object(let first) = object.nestedContainer(isObject: true, forKey: "k", codingPath: []),
      case .object(let second) = object.nestedContainer(isObject: true, forKey: "k", codingPath: [])
    else {
      Issue.record("not objects")
      return
    }
    #expect(first === second)
    object.set(.array(EncodedArray()), forKey: "list")
    guard case .array(let list) = object.nestedContainer(isObject: false, forKey: "list", codingPath: []) else {
      Issue.record("not an array")
      return
    }
    #expect(object.keys == ["k", "list"])
    guard case .array(let stored) = object.values[1] else {
      Issue.record("not an array")
      return
    }
    #expect(stored === list)
  }
}
