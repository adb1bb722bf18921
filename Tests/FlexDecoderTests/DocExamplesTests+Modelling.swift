import FlexDecoder
import Foundation
import Testing

/// The Swift samples of Docs/Modelling.md.
extension DocExamplesTests {
  // MARK: - Docs/Modelling.md

  /// Docs/Modelling.md, "Declared initial values are the defaults".
  struct ModellingSettings: Codable, Equatable, FlexDeclaredDefaults {
    var retries = 3
    var name = "guest"
    var tags: [String] = []
    var nickname: String? = "anon"
  }

  @Test func modellingDeclaredDefaults() throws {
    let settings = try FlexJSONDecoder().decode(ModellingSettings.self, from: Data(#"{"name": "ann"}"#.utf8))
    #expect(settings == ModellingSettings(retries: 3, name: "ann", tags: [], nickname: "anon"))
  }
}
