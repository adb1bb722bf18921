import Foundation
import Testing

@testable import FlexDecoder

/// Decode sessions outlive their call (DecodeSessionPool.swift): the next call, from any decoder,
/// borrows one with warm caches. Nothing of one call may show in the next: not its options, its
/// key conversions, its notes, its document, nor a container a model kept.
@Suite("Decode session pool")
struct DecodeSessionPoolTests {
  @Test func aSessionIsLentAgainAfterItsCall() throws {
    let decoder = FlexJSONDecoder()
    _ = try decoder.decode(Point.self, from: Data(#"{"x": 1, "y": 2}"#.utf8))
    var first: DecodeSession? = DecodeSessionPool.shared.take(
      options: FlexJSONDecoder().makeOptions(), validations: ValidationLog(), configuration: nil)
    let identity = first.map(ObjectIdentifier.init)
    DecodeSessionPool.shared.recycle(&first)
    #expect(first == nil)
    var second: DecodeSession? = DecodeSessionPool.shared.take(
      options: FlexJSONDecoder().makeOptions(), validations: ValidationLog(), configuration: nil)
    #expect(second.map(ObjectIdentifier.init) == identity)
    DecodeSessionPool.shared.recycle(&second)
  }

  @Test func aSessionSomeoneStillHoldsIsNotLentAgain() throws {
    var session: DecodeSession? = DecodeSessionPool.shared.take(
      options: FlexJSONDecoder().makeOptions(), validations: ValidationLog(), configuration: nil)
    let holder = session
    DecodeSessionPool.shared.recycle(&session)
    var next: DecodeSession? = DecodeSessionPool.shared.take(
      options: FlexJSONDecoder().makeOptions(), validations: ValidationLog(), configuration: nil)
    #expect(next !== holder)
    DecodeSessionPool.shared.recycle(&next)
  }

  /// The converted-key cache is kept between calls of one strategy and dropped for another.
  @Test func keyStrategiesChangingBetweenCallsEachConvertTheirOwnWay() throws {
    let snake = Data(#"{"first_name": "Ada", "last_name": "Lovelace"}"#.utf8)
    let kebab = Data(#"{"first-name": "Grace", "last-name": "Hopper"}"#.utf8)
    let title = Data(#"{"FirstName": "Alan", "LastName": "Turing"}"#.utf8)
    let decoder = FlexJSONDecoder()
    for round in 0..<3 {
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      #expect(try decoder.decode(FullName.self, from: snake) == FullName(firstName: "Ada", lastName: "Lovelace"))
      decoder.keyDecodingStrategy = .convertFromKebabCase
      #expect(try decoder.decode(FullName.self, from: kebab) == FullName(firstName: "Grace", lastName: "Hopper"))
      decoder.keyDecodingStrategy = .convertFromTitleCase
      #expect(try decoder.decode(FullName.self, from: title) == FullName(firstName: "Alan", lastName: "Turing"))
      decoder.keyDecodingStrategy = .useDefaultKeys
      #expect(throws: (any Error).self, "round \(round)") { try decoder.decode(FullName.self, from: snake) }
      // A new decoder per call borrows the same sessions.
      let fresh = FlexJSONDecoder()
      fresh.keyDecodingStrategy = .convertFromSnakeCase
      #expect(try fresh.decode(FullName.self, from: snake) == FullName(firstName: "Ada", lastName: "Lovelace"))
    }
  }

  @Test func snakeCaseKeysDecodeAsJSONDecoderDoesCallAfterCall() throws {
    let json = Data(#"{"first_name": "Ada", "last_name": "Lovelace", "image_url": "a.png", "_private": 2}"#.utf8)
    let flex = FlexJSONDecoder()
    flex.keyDecodingStrategy = .convertFromSnakeCase
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    for _ in 0..<3 {
      #expect(try flex.decode(SnakeProbe.self, from: json) == foundation.decode(SnakeProbe.self, from: json))
    }
  }

  /// Unknown keys tracked under `.fail` in one call leave nothing for the next, `.ignore` call.
  @Test func oneCallsNotesAndTrackedContainersDoNotReachTheNext() throws {
    let json = Data(#"{"x": 1, "y": 2, "z": 3}"#.utf8)
    let strict = FlexJSONDecoder()
    strict.unknownKeyPolicy = .fail
    #expect(throws: (any Error).self) { try strict.decode(Point.self, from: json) }
    let report = try FlexJSONDecoder().decodeWithReport(Point.self, from: json)
    #expect(report.value == Point(x: 1, y: 2))
    #expect(report.issues.isEmpty)
    let noting = FlexJSONDecoder()
    noting.unknownKeyPolicy = .report
    #expect(try noting.decodeWithReport(Point.self, from: json).issues.map(\.path) == ["z"])
    #expect(try FlexJSONDecoder().decodeWithReport(Point.self, from: json).issues.isEmpty)
  }

  /// A model that keeps its keyed container: the container keeps reading its own document after
  /// later calls have decoded the same type from others.
  @Test func aContainerKeptByAModelReadsItsOwnDocumentAfterLaterCalls() throws {
    let document = Data(#"{"x": 1, "y": 2}"#.utf8)
    let first = try FlexJSONDecoder().decode(ContainerKeeper.self, from: document)
    for value in 10..<20 {
      let later = Data(#"{"x": \#(value), "y": 0}"#.utf8)
      #expect(
        try FlexJSONDecoder().decode(ContainerKeeper.self, from: later).container.decode(Int.self, forKey: .x) == value)
    }
    try withExtendedLifetime(document) { () throws -> Void in
      #expect(try first.container.decode(Int.self, forKey: .x) == 1)
      #expect(try first.container.decode(Int.self, forKey: .y) == 2)
      #expect(first.container.allKeys.map(\.stringValue).sorted() == ["x", "y"])
    }
  }

  /// A model that keeps its decoder sees that call's user info, whatever calls come after.
  @Test func aDecoderKeptByAModelKeepsItsCallsOptions() throws {
    let key = CodingUserInfoKey(rawValue: "call")!
    let decoder = FlexJSONDecoder()
    decoder.userInfo[key] = "first"
    let kept = try decoder.decode([DecoderKeeper].self, from: Data(#"[{"x": 1}]"#.utf8))
    decoder.userInfo[key] = "second"
    _ = try decoder.decode([DecoderKeeper].self, from: Data(#"[{"x": 2}, {"x": 3}]"#.utf8))
    #expect(kept[0].decoder.userInfo[key] as? String == "first")
  }
}

// MARK: - Models

private struct Point: Codable, Equatable {
  var x: Int
  var y: Int
}

private struct FullName: Codable, Equatable {
  var firstName: String
  var lastName: String
}

private struct SnakeProbe: Codable, Equatable {
  var firstName: String
  var lastName: String
  var imageUrl: String?
  var _private: Int?
}

private struct ContainerKeeper: Decodable {
  enum Key: CodingKey { case x, y }
  let container: KeyedDecodingContainer<Key>

  init(from decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: Key.self)
  }
}

private struct DecoderKeeper: Decodable {
  let decoder: any Decoder

  init(from decoder: any Decoder) throws {
    self.decoder = decoder
  }
}
