import FlexDecoder
import Foundation
import Testing

/// `update(_:from:)`: a document laid over an existing value as a JSON Merge Patch.
@Suite("Update in place")
struct UpdateInPlaceTests {
  struct Settings: Codable, Equatable {
    var theme: String
    var fontSize: Int
  }

  struct Profile: Codable, Equatable {
    var id: Int
    var displayName: String
    var bio: String?
    var tags: [String]
    var settings: Settings
    var joinedAt: Date
  }

  private static let original = Profile(
    id: 7, displayName: "Ann", bio: "hello", tags: ["a", "b"], settings: Settings(theme: "light", fontSize: 12),
    joinedAt: Date(timeIntervalSince1970: 1_714_566_600))

  @Test func onlyWhatTheDocumentHoldsChanges() throws {
    var profile = Self.original
    try FlexJSONDecoder().update(&profile, from: Data(#"{"displayName": "Bo", "settings": {"theme": "dark"}}"#.utf8))
    var expected = Self.original
    expected.displayName = "Bo"
    expected.settings.theme = "dark"
    #expect(profile == expected)
  }

  @Test func arraysAreReplacedAndNullRemovesAnOptional() throws {
    var profile = Self.original
    try FlexJSONDecoder().update(&profile, from: Data(#"{"tags": ["z"], "bio": null}"#.utf8))
    #expect(profile.tags == ["z"])
    #expect(profile.bio == nil)
    #expect(profile.settings == Self.original.settings)
  }

  @Test func theDecodersStrategiesAndCoercionsApply() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .secondsSince1970
    var profile = Self.original
    try decoder.update(
      &profile, from: Data(#"{"display_name": "Cy", "settings": {"font_size": "14"}, "joined_at": 0}"#.utf8))
    #expect(profile.displayName == "Cy")
    #expect(profile.settings == Settings(theme: "light", fontSize: 14))
    #expect(profile.joinedAt == Date(timeIntervalSince1970: 0))
    #expect(profile.id == 7)
  }

  @Test func aFailedUpdateLeavesTheValueUnchanged() throws {
    var profile = Self.original
    #expect(throws: DecodingError.self) {
      try FlexJSONDecoder().update(&profile, from: Data(#"{"id": "seven", "displayName": "Dee"}"#.utf8))
    }
    #expect(profile == Self.original)
    #expect(throws: DecodingError.self) { try FlexJSONDecoder().update(&profile, from: Data("{".utf8)) }
    #expect(profile == Self.original)
  }

  @Test func anEmptyDocumentChangesNothing() throws {
    var profile = Self.original
    try FlexJSONDecoder().update(&profile, from: Data("{}".utf8))
    #expect(profile == Self.original)
  }
}
