import FlexDecoder
import Foundation
import Testing

/// Which documents the decoders accept (SPEC.md, "Strict mode is JSONDecoder", 2026-11-23):
/// everything `JSONDecoder` accepts, trailing commas included, and with
/// ``FlexJSONDecoder/requiresRFC8259`` exactly what RFC 8259 accepts.
@Suite("Accepted input")
struct AcceptedInputTests {
  /// The JSONTestSuite parsing files, shared with FlexCoreTests (copied there with their LICENSE).
  private static let testSuite: [(name: String, data: Data)] = {
    var tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while tests.lastPathComponent != "FlexDecoderTests" && tests.pathComponents.count > 1 {
      tests.deleteLastPathComponent()
    }
    let folder = tests.deletingLastPathComponent()
      .appendingPathComponent("FlexCoreTests/Resources/JSONTestSuite/test_parsing")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { name in
      (name, (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data())
    }
  }()

  private static func rfc8259Decoder() -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.requiresRFC8259 = true
    return decoder
  }

  /// Whether `decode` reads the whole document through `AnyJSON` without throwing.
  private static func accepts(_ data: Data, _ decode: (Data) throws -> AnyJSON) -> Bool {
    (try? decode(data)) != nil
  }

  // MARK: - JSONTestSuite

  @Test func defaultAndStrictDecodersAcceptWhatJSONDecoderAcceptsInJSONTestSuite() throws {
    let files = Self.testSuite
    try #require(files.count == 318)
    // The default options, but for the coercions: `AnyJSON` tries `String` before `Double`, and
    // `.numberToString` would read `1e400` as a string where both throw for a `Double`.
    let lenient = FlexJSONDecoder()
    lenient.coercions = []
    var differences: [String] = []
    for file in files {
      let foundation = Self.accepts(file.data) { try JSONDecoder().decode(AnyJSON.self, from: $0) }
      let lenient = Self.accepts(file.data) { try lenient.decode(AnyJSON.self, from: $0) }
      let strict = Self.accepts(file.data) { try FlexJSONDecoder.strict().decode(AnyJSON.self, from: $0) }
      if lenient != foundation || strict != foundation {
        differences.append("\(file.name): JSONDecoder \(foundation), Flex \(lenient), strict() \(strict)")
      }
    }
    // RFC 8259 zeros with an exponent, which Foundation rejects (Docs/MigratingFromJSONDecoder.md).
    #expect(
      differences == [
        "y_number_0e1.json: JSONDecoder false, Flex true, strict() true"
      ])
  }

  @Test func theThreeTrailingCommaFilesAreTheOnlyNFilesAccepted() {
    let accepted = Self.testSuite.filter { $0.name.hasPrefix("n_") }.filter { file in
      Self.accepts(file.data) { try FlexJSONDecoder.strict().decode(AnyJSON.self, from: $0) }
    }
    #expect(
      accepted.map(\.name) == [
        "n_array_extra_comma.json", "n_array_number_and_comma.json", "n_object_trailing_comma.json",
      ])
  }

  @Test func requiresRFC8259AcceptsEveryYFileAndRejectsEveryNFile() {
    let decoder = Self.rfc8259Decoder()
    var wrong: [String] = []
    for file in Self.testSuite where file.name.hasPrefix("y_") || file.name.hasPrefix("n_") {
      let accepted = Self.accepts(file.data) { try decoder.decode(AnyJSON.self, from: $0) }
      if accepted != file.name.hasPrefix("y_") { wrong.append(file.name) }
    }
    #expect(wrong == [])
  }

  // MARK: - Trailing commas

  @Test func trailingCommasDecodeUnderEveryPolicy() throws {
    let json = Data(#"{"ids": [1, 2, ], "name": "a", }"#.utf8)
    for policy in [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults] {
      let decoder = FlexJSONDecoder()
      decoder.errorPolicy = policy
      let value = try decoder.decode(Tagged.self, from: json)
      #expect(value == Tagged(ids: [1, 2], name: "a"))
    }
  }

  @Test func requiresRFC8259RejectsATrailingCommaWithItsLocation() throws {
    let decoder = Self.rfc8259Decoder()
    do {
      _ = try decoder.decode(Tagged.self, from: Data("{\"ids\": [1, 2,\n ], \"name\": \"a\"}".utf8))
      Issue.record("a trailing comma was accepted")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.isEmpty)
      let parseError = try #require(context.underlyingError as? JSONParseError)
      #expect(parseError.line == 2)
      #expect(parseError.column == 2)
      #expect(parseError.offset == 16)
    }
  }

  @Test func requiresRFC8259RejectsATrailingCommaInATopLevelDictionary() {
    let decoder = Self.rfc8259Decoder()
    decoder.assumesTopLevelDictionary = true
    #expect((try? decoder.decode([String: Int].self, from: Data(#""a": 1"#.utf8))) == ["a": 1])
    #expect(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: Data(#""a": 1,"#.utf8)) }
  }

  @Test func json5KeepsItsTrailingCommasUnderRequiresRFC8259() throws {
    let decoder = Self.rfc8259Decoder()
    decoder.allowsJSON5 = true
    #expect(try decoder.decode([Int].self, from: Data("[1, 2,]".utf8)) == [1, 2])
  }

  @Test func jsonValueParsingStaysRFC8259Strict() {
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1,]") }
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: #"{"a": 1,}"#) }
    let lenient = JSONParsingOptions(allowsTrailingCommas: true)
    #expect((try? JSONValue(parsing: "[1,]", options: lenient)) == [1])
    #expect((try? JSONValue(parsing: "[1,,]", options: lenient)) == nil)
  }
}

private struct Tagged: Decodable, Equatable {
  var ids: [Int]
  var name: String
}

/// Reads any JSON value to the end, numbers as `Double`, as a model would: a document is accepted
/// when this decodes.
private struct AnyJSON: Decodable {
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      while !array.isAtEnd { _ = try array.decode(AnyJSON.self) }
    } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
      for key in object.allKeys { _ = try object.decode(AnyJSON.self, forKey: key) }
    } else {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() { return }
      if (try? value.decode(Bool.self)) != nil { return }
      if (try? value.decode(String.self)) != nil { return }
      _ = try value.decode(Double.self)
    }
  }
}
