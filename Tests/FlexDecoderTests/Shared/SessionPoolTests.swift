import Foundation
import Testing

@testable import FlexDecoder

/// Decode and streaming encode sessions outlive their call (SessionPool.swift): the next call,
/// from any coder, borrows one with warm caches. Nothing of one call may show in the next: not
/// its options, its key conversions, its notes, its document or output, nor a container a model
/// kept.
@Suite("Session pool")
struct SessionPoolTests {
  @Test func aSessionIsLentAgainAfterItsCall() throws {
    let decoder = FlexJSONDecoder()
    _ = try decoder.decode(Point.self, from: Data(#"{"x": 1, "y": 2}"#.utf8))
    var first: DecodeSession? = DecodeSession.lent(
      options: FlexJSONDecoder().makeOptions(), validations: ValidationLog(), configuration: nil)
    let identity = first.map(ObjectIdentifier.init)
    decodeSessionPool.recycle(&first)
    #expect(first == nil)
    var second: DecodeSession? = DecodeSession.lent(
      options: FlexJSONDecoder().makeOptions(), validations: ValidationLog(), configuration: nil)
    #expect(second.map(ObjectIdentifier.init) == identity)
    decodeSessionPool.recycle(&second)
  }

  @Test func aSessionSomeoneStillHoldsIsNotLentAgain() throws {
    var session: DecodeSession? = DecodeSession.lent(
      options: FlexJSONDecoder().makeOptions(), validations: ValidationLog(), configuration: nil)
    let holder = session
    decodeSessionPool.recycle(&session)
    var next: DecodeSession? = DecodeSession.lent(
      options: FlexJSONDecoder().makeOptions(), validations: ValidationLog(), configuration: nil)
    #expect(next !== holder)
    decodeSessionPool.recycle(&next)
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
    // Each document's bytes are gone when its decode returns: what was kept reads a copy.
    let first = try FlexJSONDecoder().decode(ContainerKeeper.self, from: Data(#"{"x": 1, "y": 2}"#.utf8))
    var later: [ContainerKeeper] = []
    for value in 10..<20 {
      later.append(try FlexJSONDecoder().decode(ContainerKeeper.self, from: Data(#"{"x": \#(value), "y": 0}"#.utf8)))
      _ = [UInt8](repeating: 0xFF, count: 64)  // reuse freed memory, if it were still read
    }
    for (offset, kept) in later.enumerated() {
      #expect(try kept.container.decode(Int.self, forKey: .x) == 10 + offset)
    }
    #expect(try first.container.decode(Int.self, forKey: .x) == 1)
    #expect(try first.container.decode(Int.self, forKey: .y) == 2)
    #expect(first.container.allKeys.map(\.stringValue).sorted() == ["x", "y"])
  }

  /// A model that keeps its decoder sees that call's user info and document, whatever calls
  /// come after.
  @Test func aDecoderKeptByAModelKeepsItsCallsOptions() throws {
    let key = CodingUserInfoKey(rawValue: "call")!
    let decoder = FlexJSONDecoder()
    decoder.userInfo[key] = "first"
    let kept = try decoder.decode([DecoderKeeper].self, from: Data(#"[{"x": 1}]"#.utf8))
    decoder.userInfo[key] = "second"
    _ = try decoder.decode([DecoderKeeper].self, from: Data(#"[{"x": 2}, {"x": 3}]"#.utf8))
    #expect(kept[0].decoder.userInfo[key] as? String == "first")
    // The top-level decoder of a call reads that call's document after it returned. (Flex has
    // one decoder per call, its cursor back at the top when the call returns: a kept decoder of
    // a nested value reads the top-level value, where JSONDecoder's reads the nested one.)
    let top = try decoder.decode(DecoderKeeper.self, from: Data(#"{"x": 4}"#.utf8))
    _ = try decoder.decode(DecoderKeeper.self, from: Data(#"{"x": 5}"#.utf8))
    #expect(try top.decoder.container(keyedBy: PointKey.self).decode(Int.self, forKey: .x) == 4)
  }

  // MARK: Encoding

  /// The key bytes cache is kept between calls of one output formatting and dropped for
  /// another; converted keys likewise per key strategy.
  @Test func formattingAndKeyStrategiesChangingBetweenCallsEncodeAsJSONEncoderDoes() throws {
    let value = SnakeProbe(firstName: "Ada", lastName: "Lovelace", imageUrl: "a/b.png", _private: 2)
    let formattings: [(JSONEncoder.OutputFormatting, FlexJSONEncoder.OutputFormatting)] = [
      ([.sortedKeys], [.sortedKeys]), ([.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted]),
      ([.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes]), ([.sortedKeys], [.sortedKeys]),
    ]
    let flex = FlexJSONEncoder()
    for _ in 0..<2 {
      for (foundationFormatting, formatting) in formattings {
        for snakeCase in [false, true, false] {
          flex.outputFormatting = formatting
          flex.keyEncodingStrategy = snakeCase ? .convertToSnakeCase : .useDefaultKeys
          let foundation = JSONEncoder()
          foundation.outputFormatting = foundationFormatting
          foundation.keyEncodingStrategy = snakeCase ? .convertToSnakeCase : .useDefaultKeys
          let expected = try foundation.encode(value)
          #expect(try flex.encode(value) == expected)
          let fresh = FlexJSONEncoder()
          fresh.outputFormatting = formatting
          fresh.keyEncodingStrategy = snakeCase ? .convertToSnakeCase : .useDefaultKeys
          #expect(try fresh.encode(value) == expected)
        }
      }
    }
  }

  /// A session's key bytes cache holds 1,024 keys; the call after the one that filled it starts
  /// it again empty. Keys written before, during and after come out as JSONEncoder writes them.
  @Test func keysWrittenAfterTheKeyCacheFilledUpEncodeAsJSONEncoderDoes() throws {
    let flex = FlexJSONEncoder()
    flex.outputFormatting = .sortedKeys
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let model = SnakeProbe(firstName: "Ada", lastName: "Lovelace", imageUrl: "a/b.png", _private: 2)
    for round in 0..<4 {
      let members = Dictionary(uniqueKeysWithValues: (0..<700).map { ("key\(round)-\($0)", $0) })
      #expect(try flex.encode(members) == foundation.encode(members))
      #expect(try flex.encode(model) == foundation.encode(model))
    }
  }

  @Test func kebabThenTitleThenSnakeCaseKeysEachConvertTheirOwnWay() throws {
    let value = FullName(firstName: "Grace", lastName: "Hopper")
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for _ in 0..<2 {
      encoder.keyEncodingStrategy = .convertToKebabCase
      #expect(try encoder.encodeToString(value) == #"{"first-name":"Grace","last-name":"Hopper"}"#)
      encoder.keyEncodingStrategy = .convertToTitleCase
      #expect(try encoder.encodeToString(value) == #"{"FirstName":"Grace","LastName":"Hopper"}"#)
      encoder.keyEncodingStrategy = .convertToSnakeCase
      #expect(try encoder.encodeToString(value) == #"{"first_name":"Grace","last_name":"Hopper"}"#)
    }
  }

  /// A call that throws half-way leaves open containers and written bytes behind; the session
  /// that served it must start the next call clean.
  @Test func anEncodeThatThrowsHalfWayLeavesNothingForTheNext() throws {
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for _ in 0..<3 {
      #expect(throws: EncodingError.self) {
        try encoder.encode([Point(x: 1, y: 2), Point(x: .max, y: 0)].map(Thrower.init))
      }
      #expect(try encoder.encodeToString([Point(x: 1, y: 2)]) == #"[{"x":1,"y":2}]"#)
    }
  }

  /// A value that keeps its encoder: the session it holds is not lent again while it does.
  @Test func anEncoderKeptByAValueDoesNotShareItsSession() throws {
    let keeper = EncoderKeeper()
    let encoder = FlexJSONEncoder()
    #expect(try encoder.encodeToString(keeper) == #"{"x":1}"#)
    #expect(keeper.encoder != nil)
    for value in 0..<5 {
      #expect(try encoder.encodeToString(Point(x: value, y: value)).contains(#""x":\#(value)"#))
    }
    #expect(keeper.encoder?.codingPath.isEmpty == true)
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

private enum PointKey: CodingKey { case x }

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

/// Throws from its `encode(to:)` when `x` is `Int.max`, after writing a member.
private struct Thrower: Encodable {
  let point: Point

  init(_ point: Point) { self.point = point }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(point.y, forKey: .y)
    guard point.x != .max else {
      throw EncodingError.invalidValue(
        point.x, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "too large"))
    }
    try container.encode(point.x, forKey: .x)
  }

  enum CodingKeys: CodingKey { case x, y }
}

private final class EncoderKeeper: Encodable, @unchecked Sendable {
  var encoder: (any Encoder)?

  func encode(to encoder: any Encoder) throws {
    self.encoder = encoder
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(1, forKey: .x)
  }

  enum Key: CodingKey { case x }
}
