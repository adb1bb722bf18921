import FlexDecoder
import Foundation
import Testing

/// `@FlexTransformed`: a property read and written through a transform, under both decoders.
@Suite("FlexTransformed")
struct FlexTransformedTests {
  struct NotAnOrdinal: Error, Equatable {}

  /// "3rd" ↔ 3.
  enum Ordinal: FlexTransform {
    static func value(from encoded: String) throws -> Int {
      guard let number = Int(encoded.prefix { $0.isNumber }) else { throw NotAnOrdinal() }
      return number
    }
    static func encoded(from value: Int) throws -> String { "\(value)th" }
  }

  /// A path resolved against the API's base URL.
  enum APIURL: FlexTransform {
    static let base = URL(string: "https://api.example.com/v1/")!
    static func value(from encoded: String) throws -> URL {
      guard let url = URL(string: encoded, relativeTo: base)?.absoluteURL else { throw NotAnOrdinal() }
      return url
    }
    static func encoded(from value: URL) throws -> String { value.absoluteString }
  }

  struct Standing: Codable, Equatable {
    @FlexTransformed<Ordinal> var place: Int
    @FlexTransformed<FlexTransforms.Trimmed> var team: String
    @FlexTransformed<APIURL> var logo: URL
  }

  private static let json = #"{"place": "3rd", "team": "  Lyon \n", "logo": "teams/lyon.png"}"#

  @Test func valuesAreTransformedUnderBothDecoders() throws {
    let flex = try FlexJSONDecoder().decode(Standing.self, from: Data(Self.json.utf8))
    #expect(flex.place == 3)
    #expect(flex.team == "Lyon")
    #expect(flex.logo == URL(string: "https://api.example.com/v1/teams/lyon.png")!)
    #expect(try JSONDecoder().decode(Standing.self, from: Data(Self.json.utf8)) == flex)
  }

  @Test func aRejectedValueIsDataCorruptedAtItsPathWithTheTransformsError() throws {
    let json = Data(Self.json.replacingOccurrences(of: "3rd", with: "first").utf8)
    let error = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode(Standing.self, from: json) }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["place"])
    #expect(context.underlyingError as? NotAnOrdinal == NotAnOrdinal())
    #expect(FlexDecodingError.issues(in: error).map(\.path) == ["place"])
  }

  @Test func encodingWritesTheTransformedBackValue() throws {
    let standing = try FlexJSONDecoder().decode(Standing.self, from: Data(Self.json.utf8))
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    #expect(
      try encoder.encodeToString(standing)
        == #"{"logo":"https://api.example.com/v1/teams/lyon.png","place":"3th","team":"Lyon"}"#)
  }

  @Test func theDecodersCoercionsApplyToTheJSONValue() throws {
    let json = Data(#"{"place": 3, "team": "Lyon", "logo": "x.png"}"#.utf8)
    #expect(try FlexJSONDecoder().decode(Standing.self, from: json).place == 3)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Standing.self, from: json) }
  }
}
