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

  /// Docs/Modelling.md, "A default for one property".
  enum ModellingStatus: String, Codable { case active, suspended, unknown }
  enum ModellingUnknownStatus: FlexDefaultProvider {
    static var defaultValue: ModellingStatus { .unknown }
  }
  struct ModellingAccount: Codable {
    var id: Int
    @FlexDefaultFalse var isAdmin: Bool
    @FlexDefaultEmptyArray<String> var roles: [String]
    @FlexDefault<ModellingUnknownStatus> var status: ModellingStatus
  }

  @Test func modellingFlexDefault() throws {
    let json = Data(#"{"id": 1, "status": "deleted"}"#.utf8)
    let account = try FlexJSONDecoder().decodeWithReport(ModellingAccount.self, from: json)
    #expect(account.value.isAdmin == false)
    #expect(account.value.roles == [])
    #expect(account.value.status == .unknown)
    #expect(
      account.issues.map(\.description) == [
        "status: cannot initialize ModellingStatus from invalid String value deleted; used the default"
      ])
  }

  /// Docs/Modelling.md, "Lossy collections".
  struct ModellingPost: Codable, Equatable {
    var id: Int
    var title: String
  }
  struct ModellingFeed: Codable {
    @FlexLossyArray var posts: [ModellingPost]
    @FlexLossyDictionary var prices: [String: Double]
  }

  @Test func modellingLossyCollections() throws {
    let json = #"""
      {"posts": [{"id": 1, "title": "a"}, {"id": "x", "title": "b"}], "prices": {"EUR": 2.5, "USD": "n/a"}}
      """#
    let feed = try FlexJSONDecoder().decode(ModellingFeed.self, from: Data(json.utf8))
    #expect(feed.posts == [ModellingPost(id: 1, title: "a")])
    #expect(feed.prices == ["EUR": 2.5])
  }

  /// Docs/Modelling.md, "A date format for one property".
  enum ModellingDayFormat: FlexDatePattern { static var pattern: String { "dd/MM/yyyy" } }
  struct ModellingEvent: Codable {
    @FlexDate<FlexDateFormats.ISO8601> var startsAt: Date
    @FlexDate<FlexDateFormats.MillisecondsSince1970> var createdAt: Date
    @FlexDate<ModellingDayFormat> var day: Date
    @FlexOptionalDate<FlexDateFormats.Flexible> var endsAt: Date?
  }

  @Test func modellingFlexDate() throws {
    let json = #"{"startsAt": "2024-05-01T12:30:00Z", "createdAt": 1714566600000, "day": "01/05/2024"}"#
    let event = try FlexJSONDecoder().decode(ModellingEvent.self, from: Data(json.utf8))
    #expect(event.startsAt == Date(timeIntervalSince1970: 1_714_566_600))
    #expect(event.createdAt == Date(timeIntervalSince1970: 1_714_566_600))
    #expect(event.day == Date(timeIntervalSince1970: 1_714_521_600))
    #expect(event.endsAt == nil)
  }

  /// Docs/Modelling.md, "A custom transform".
  struct ModellingNotAnOrdinal: Error {}
  enum ModellingOrdinal: FlexTransform {
    static func value(from encoded: String) throws -> Int {
      guard let number = Int(encoded.prefix { $0.isNumber }) else { throw ModellingNotAnOrdinal() }
      return number
    }
    static func encoded(from value: Int) throws -> String { "\(value)th" }
  }
  struct ModellingStanding: Codable {
    @FlexTransformed<ModellingOrdinal> var place: Int
    @FlexTransformed<FlexTransforms.Trimmed> var team: String
  }

  @Test func modellingFlexTransformed() throws {
    let standing = try FlexJSONDecoder().decode(
      ModellingStanding.self, from: Data(#"{"place": "3rd", "team": "  Lyon "}"#.utf8))
    #expect(standing.place == 3)
    #expect(standing.team == "Lyon")
  }

  /// Docs/Modelling.md, "A policy per type".
  struct ModellingFeed2: Codable {
    var id: Int
    var items: [ModellingItem]
  }
  struct ModellingItem: Codable, FlexTypeErrorPolicy {
    static var errorPolicy: FlexJSONDecoder.ErrorPolicy { .useDefaults }
    var title: String
    var views: Int
  }

  @Test func modellingTypeErrorPolicy() throws {
    let json = #"{"id": 1, "items": [{"title": "a", "views": "n/a"}]}"#
    let feed = try FlexJSONDecoder.strict().decodeWithReport(ModellingFeed2.self, from: Data(json.utf8))
    #expect(feed.value.items.map(\.views) == [0])
    #expect(
      feed.issues.map(\.description) == [#"items[0].views: expected Int but found the string "n/a"; used the default"#])
    #expect(throws: DecodingError.self) {
      try FlexJSONDecoder.strict().decode(
        ModellingFeed2.self, from: Data(#"{"id": "1", "items": [{"title": "a", "views": "n/a"}]}"#.utf8))
    }
  }

  /// Docs/Modelling.md, "After decoding".
  struct ModellingUser: Codable, FlexDidDecode {
    var email: String
    var firstName: String
    var lastName: String
    var fullName = ""
    enum CodingKeys: String, CodingKey { case email, firstName, lastName }

    mutating func didDecode() {
      email = email.lowercased()
      fullName = firstName + " " + lastName
    }
  }

  @Test func modellingDidDecode() throws {
    let user = try FlexJSONDecoder().decode(
      ModellingUser.self, from: Data(#"{"email": "ANN@X.ORG", "firstName": "Ann", "lastName": "Lee"}"#.utf8))
    #expect(user.email == "ann@x.org")
    #expect(user.fullName == "Ann Lee")
  }

  /// Docs/Modelling.md, "Update in place".
  struct ModellingSettings2: Codable, Equatable {
    var theme: String
    var fontSize: Int
  }
  struct ModellingProfile: Codable, Equatable {
    var id: Int
    var displayName: String
    var tags: [String]
    var settings: ModellingSettings2
  }

  @Test func modellingUpdateInPlace() throws {
    var profile = ModellingProfile(
      id: 7, displayName: "Ann", tags: ["a"], settings: ModellingSettings2(theme: "light", fontSize: 12))
    try FlexJSONDecoder().update(
      &profile, from: Data(#"{"displayName": "Bo", "settings": {"theme": "dark"}}"#.utf8))
    #expect(
      profile
        == ModellingProfile(
          id: 7, displayName: "Bo", tags: ["a"], settings: ModellingSettings2(theme: "dark", fontSize: 12)))
  }

  /// Docs/Modelling.md, "Subclasses".
  class ModellingAnimal: Codable {
    var name = ""
  }
  final class ModellingCat: ModellingAnimal {
    var lives = 9
    private enum CodingKeys: String, CodingKey { case lives }

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      lives = try container.decode(Int.self, forKey: .lives)
      try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(lives, forKey: .lives)
      try super.encode(to: encoder)
    }
  }

  @Test func modellingSubclasses() throws {
    let cat = try FlexJSONDecoder().decodeWithReport(
      ModellingCat.self, from: Data(#"{"name": "Tom", "lives": 3}"#.utf8))
    #expect(cat.value.name == "Tom")
    #expect(cat.value.lives == 3)
    #expect(cat.issues.isEmpty)
  }

  /// Docs/Modelling.md, "Flattening".
  struct ModellingAddress: Codable, Equatable {
    var street: String
    var city: String
  }
  struct ModellingFlatUser: Codable {
    var name: String
    @FlexFlattened var address: ModellingAddress
  }

  @Test func modellingFlattening() throws {
    let user = try FlexJSONDecoder().decode(
      ModellingFlatUser.self, from: Data(#"{"name": "Ann", "street": "1 Main St", "city": "Lyon"}"#.utf8))
    #expect(user.address == ModellingAddress(street: "1 Main St", city: "Lyon"))
  }

  /// Docs/Modelling.md, "Polymorphism by a discriminator".
  struct ModellingVideo: Codable, Equatable {
    var url: String
    var seconds: Int
  }
  struct ModellingPhoto: Codable, Equatable {
    var url: String
    var width: Int
  }
  enum ModellingMedia: FlexTaggedEnum, Equatable {
    case video(ModellingVideo)
    case photo(ModellingPhoto)
    static var tagKey: String { "type" }
    static let taggedCases: [FlexTaggedCase<ModellingMedia>] = [
      .init("video", ModellingMedia.video), .init("photo", ModellingMedia.photo),
    ]
  }

  @Test func modellingTaggedEnum() throws {
    let json = #"""
      [{"type": "video", "url": "a.mp4", "seconds": 3}, {"type": "photo", "url": "b.png", "width": 640}]
      """#
    let media = try FlexJSONDecoder().decode([ModellingMedia].self, from: Data(json.utf8))
    #expect(
      media == [
        .video(ModellingVideo(url: "a.mp4", seconds: 3)), .photo(ModellingPhoto(url: "b.png", width: 640)),
      ])
  }

  /// Docs/Modelling.md, "Other spellings of enum cases".
  enum ModellingStatus2: String, Codable, FlexCaseAliases {
    case active, suspended
    static let caseAliases: [String: ModellingStatus2] = ["enabled": .active, "on": .active, "banned": .suspended]
  }

  @Test func modellingCaseAliases() throws {
    let statuses = try FlexJSONDecoder().decode(
      [ModellingStatus2].self, from: Data(#"["active", "on", "banned"]"#.utf8))
    #expect(statuses == [.active, .active, .suspended])
  }

  /// Docs/Modelling.md, "Class hierarchies".
  class ModellingMediaBase: Codable, FlexPolymorphicClass {
    var type: String
    var url: String
    class var tagKey: String { "type" }
    class var subclassesByTag: [String: any Decodable.Type] { ["video": ModellingVideoClass.self] }
  }
  final class ModellingVideoClass: ModellingMediaBase {
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

  @Test func modellingPolymorphicClasses() throws {
    let media = try FlexJSONDecoder().decode(
      [ModellingMediaBase].self, from: Data(#"[{"type": "video", "url": "a.mp4", "seconds": 3}]"#.utf8))
    #expect((media.first as? ModellingVideoClass)?.seconds == 3)
  }
}
