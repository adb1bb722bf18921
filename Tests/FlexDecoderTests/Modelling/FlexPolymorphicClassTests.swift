import FlexDecoder
import Foundation
import Testing

/// `FlexPolymorphicClass`: the subclass named by a tag is decoded, and the encoded JSON (the tag
/// is a stored property) decodes back to the same subclasses.
@Suite("Polymorphic classes")
struct FlexPolymorphicClassTests {
  class Media: Codable, FlexPolymorphicClass {
    var type: String
    var url: String
    class var tagKey: String { "type" }
    class var subclassesByTag: [String: any Decodable.Type] { ["video": Video.self, "photo": Photo.self] }
  }

  final class Video: Media {
    var seconds = 0
    private enum CodingKeys: String, CodingKey { case seconds }
    required init(from decoder: any Decoder) throws {
      seconds = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .seconds)
      try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(seconds, forKey: .seconds)
      try super.encode(to: encoder)
    }
  }

  final class Photo: Media {
    var width = 0
    private enum CodingKeys: String, CodingKey { case width }
    required init(from decoder: any Decoder) throws {
      width = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .width)
      try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(width, forKey: .width)
      try super.encode(to: encoder)
    }
  }

  struct Album: Codable {
    var cover: Media
    var items: [Media]
  }

  private static let json = #"""
    {"cover": {"type": "photo", "url": "c.png", "width": 10},
     "items": [{"type": "video", "url": "a.mp4", "seconds": 3}, {"type": "photo", "url": "b.png", "width": 640},
               {"type": "audio", "url": "d.mp3"}]}
    """#

  @Test func theTagChoosesTheSubclassAndAnUnknownTagTheBase() throws {
    let album = try FlexJSONDecoder().decode(Album.self, from: Data(Self.json.utf8))
    #expect(album.cover is Photo)
    #expect((album.cover as? Photo)?.width == 10)
    #expect(album.items.map { "\(type(of: $0))" } == ["Video", "Photo", "Media"])
    #expect((album.items[0] as? Video)?.seconds == 3)
    #expect(album.items.map(\.url) == ["a.mp4", "b.png", "d.mp3"])
  }

  @Test func encodedJSONDecodesBackToTheSameSubclasses() throws {
    let album = try FlexJSONDecoder().decode(Album.self, from: Data(Self.json.utf8))
    let again = try FlexJSONDecoder().decode(Album.self, from: try FlexJSONEncoder().encode(album))
    #expect(again.items.map { "\(type(of: $0))" } == ["Video", "Photo", "Media"])
    #expect((again.items[1] as? Photo)?.width == 640)
  }

  @Test func aBadSubclassValueFollowsTheErrorPolicyAtItsPath() throws {
    let json = Data(#"{"cover": {"type": "photo", "url": "c.png", "width": "wide"}, "items": []}"#.utf8)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.coercions = []
    let result = try decoder.decodeWithReport(Album.self, from: json)
    #expect(result.issues.map(\.path) == ["cover.width"])
    #expect((result.value.cover as? Photo)?.width == 0)
  }

  @Test func jsonDecoderDecodesTheBaseClass() throws {
    let album = try JSONDecoder().decode(Album.self, from: Data(Self.json.utf8))
    #expect(album.items.map { "\(type(of: $0))" } == ["Media", "Media", "Media"])
  }
}
