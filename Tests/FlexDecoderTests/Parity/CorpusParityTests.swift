import CorpusModels
import FlexDecoder
import Foundation
import Testing

/// The corpus files decode to the same models with FlexJSONDecoder as with JSONDecoder.
@Suite("Corpus parity with JSONDecoder")
struct CorpusParityTests {
  private func expectSameDecode<T: Decodable & Equatable>(_ type: T.Type, _ file: CorpusFile) throws {
    let data = try file.load()
    let expected = try JSONDecoder().decode(type, from: data)
    let strict = try FlexJSONDecoder.strict().decode(type, from: data)
    let lenient = try FlexJSONDecoder().decode(type, from: data)
    #expect(strict == expected)
    #expect(lenient == expected)
  }

  @Test func twitterDecodesLikeJSONDecoder() throws { try expectSameDecode(TwitterTimeline.self, .twitter) }
  @Test func citmCatalogDecodesLikeJSONDecoder() throws { try expectSameDecode(CitmCatalog.self, .citmCatalog) }
  @Test func canadaDecodesLikeJSONDecoder() throws { try expectSameDecode(CanadaFeatureCollection.self, .canada) }
  @Test func githubEventsDecodeLikeJSONDecoder() throws { try expectSameDecode([GitHubEvent].self, .githubEvents) }
  @Test func apacheBuildsDecodeLikeJSONDecoder() throws { try expectSameDecode(ApacheBuilds.self, .apacheBuilds) }
  @Test func gsoc2018DecodesLikeJSONDecoder() throws { try expectSameDecode([String: GSoCProject].self, .gsoc2018) }
  @Test func instrumentsDecodeLikeJSONDecoder() throws { try expectSameDecode(TrackerModule.self, .instruments) }
  @Test func updateCenterDecodesLikeJSONDecoder() throws {
    try expectSameDecode(JenkinsUpdateCenter.self, .updateCenter)
  }
  @Test func meshDecodesLikeJSONDecoder() throws { try expectSameDecode(Mesh.self, .mesh) }
}
