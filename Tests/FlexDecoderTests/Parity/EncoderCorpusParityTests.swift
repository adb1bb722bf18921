import CorpusModels
import FlexDecoder
import Foundation
import Testing

/// The corpus models encode to the same bytes as with JSONEncoder (`.sortedKeys`, where
/// JSONEncoder's output is deterministic), compact and pretty, and decode back to themselves.
@Suite("Encoder corpus parity with JSONEncoder")
struct EncoderCorpusParityTests {
  private func expectSameBytes<T: Codable & Equatable>(_ type: T.Type, _ file: CorpusFile) throws {
    let model = try JSONDecoder().decode(type, from: try file.load())
    for formatting: JSONEncoder.OutputFormatting in [
      [.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
    ] {
      let foundation = JSONEncoder()
      foundation.outputFormatting = formatting
      let flex = FlexJSONEncoder()
      flex.outputFormatting = FlexJSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
      let expected = try foundation.encode(model)
      let actual = try flex.encode(model)
      #expect(
        actual == expected,
        "\(file) \(formatting.rawValue): first difference at byte \(zip(actual, expected).prefix { $0 == $1 }.count)")
      #expect(try FlexJSONDecoder.strict().decode(type, from: actual) == model)
    }
  }

  @Test func twitterEncodesLikeJSONEncoder() throws { try expectSameBytes(TwitterTimeline.self, .twitter) }
  @Test func citmCatalogEncodesLikeJSONEncoder() throws { try expectSameBytes(CitmCatalog.self, .citmCatalog) }
  @Test func canadaEncodesLikeJSONEncoder() throws { try expectSameBytes(CanadaFeatureCollection.self, .canada) }
  @Test func githubEventsEncodeLikeJSONEncoder() throws { try expectSameBytes([GitHubEvent].self, .githubEvents) }
  @Test func apacheBuildsEncodeLikeJSONEncoder() throws { try expectSameBytes(ApacheBuilds.self, .apacheBuilds) }
  @Test func gsoc2018EncodesLikeJSONEncoder() throws { try expectSameBytes([String: GSoCProject].self, .gsoc2018) }
  @Test func instrumentsEncodeLikeJSONEncoder() throws { try expectSameBytes(TrackerModule.self, .instruments) }
  @Test func updateCenterEncodesLikeJSONEncoder() throws {
    try expectSameBytes(JenkinsUpdateCenter.self, .updateCenter)
  }
  @Test func meshEncodesLikeJSONEncoder() throws { try expectSameBytes(Mesh.self, .mesh) }

  /// mesh.json's arrays with default options too. (Not the whole document: without
  /// `.sortedKeys`, JSONEncoder orders an object's keys by hash, differently in each process.)
  @Test func meshArraysEncodeLikeJSONEncoderWithDefaultOptions() throws {
    let mesh = try JSONDecoder().decode(Mesh.self, from: try CorpusFile.mesh.load())
    func expectSameBytes(_ value: some Encodable, _ name: String) throws {
      // Compared outside `#expect`, which would diff two large `Data`s element by element.
      let actual = try FlexJSONEncoder().encode(value)
      let expected = try JSONEncoder().encode(value)
      let isSame = actual == expected
      #expect(isSame, "\(name): first difference at byte \(zip(actual, expected).prefix { $0 == $1 }.count)")
    }
    try expectSameBytes(mesh.positions, "positions")
    try expectSameBytes(mesh.tex0, "tex0")
    try expectSameBytes(mesh.normals, "normals")
    try expectSameBytes(mesh.colors, "colors")
    try expectSameBytes(mesh.indices, "indices")
    try expectSameBytes(mesh.influences, "influences")
  }

}
