import Foundation
import Testing

@testable import FlexDecoder

/// `[String: Value]` dictionaries written by the streaming encoder itself
/// (StreamEncoder+Dictionaries.swift): JSONEncoder's bytes and errors in every position and
/// formatting, their keys as they are under key strategies.
@Suite("Dictionaries written directly")
struct DirectDictionaryEncodingTests {
  private struct Inner: Encodable {
    let firstName: String
    let scores: [String: Double]
  }

  private struct Outer: Encodable {
    let labelsByLocale: [String: String]
    let people: [String: Inner]
    let empty: [String: Int]
    let nested: [String: [String: [Int]]]
  }

  private static let sample = Outer(
    labelsByLocale: ["en_US": "Hello", "pt_PT": "Olá", "zh": "你好", "with \"quote\"": "a/b"],
    people: [
      "first_person": Inner(firstName: "Ada", scores: ["math": 9.5, "art": 7]),
      "secondPerson": Inner(firstName: "Alan", scores: [:]),
    ],
    empty: [:],
    nested: ["a": ["b": [1, 2], "c": []], "d": [:]])

  @Test func theStreamingEncoderWritesStringKeyedDictionariesItself() {
    #expect(EncodingTraits.of([String: Int].self).directDictionaryType != nil)
    #expect(EncodingTraits.of([Int: Int].self).directDictionaryType == nil)
  }

  @Test(arguments: ParityFormatting.allCases)
  func dictionariesEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytesInEveryPosition(Self.sample)
    try encoders.expectSameBytesInEveryPosition(["k": 1, "1": 2, "-3": 3])
    try encoders.expectSameBytesInEveryPosition([String: Int]())
  }

  /// Under a key strategy a dictionary's keys are written as they are, the keys of the models in
  /// it converted.
  @Test(arguments: ParityFormatting.allCases)
  func aKeyStrategyLeavesDictionaryKeysAsTheyAre(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    encoders.foundation.keyEncodingStrategy = .convertToSnakeCase
    encoders.flex.keyEncodingStrategy = .convertToSnakeCase
    let text = try encoders.expectSameBytes(Self.sample)
    #expect(text.contains("\"secondPerson\""))
    #expect(text.contains("\"first_name\""))
  }

  /// A value that cannot be encoded inside a dictionary: the same error at the same path (a key
  /// that reads as an integer has that `intValue`, as the standard library's key has).
  @Test(arguments: ["inf", "7"])
  func anErrorInsideADictionaryHasJSONEncodersPath(key: String) throws {
    let encoders = ParityEncoders()
    let summary = try encoders.expectSameError(["outer": [key: Double.infinity]])
    #expect(summary.path.count == 2)
  }
}
