import FlexDecoder
import Foundation
import Testing

/// `FlexDeclaredDefaults`: a type's declared initial values stand in for missing keys under every
/// policy, and for bad values under `.useDefaults`.
@Suite("Declared defaults")
struct DeclaredDefaultsTests {
  struct Settings: Codable, Equatable, FlexDeclaredDefaults {
    var retries = 3
    var name = "guest"
    var ratio = 0.5
    var enabled = true
    var tags = ["new"]
    var nickname: String? = "anon"
    var note: String?
  }

  struct Profile: Codable, Equatable, FlexDeclaredDefaults {
    var avatarURL = URL(string: "https://example.com/a.png")!
    var displayName = "someone"
    var settings = Settings(retries: 9)

    enum CodingKeys: String, CodingKey {
      case avatarURL = "avatar_url"
      case displayName = "display_name"
      case settings
    }
  }

  /// Decodable only: its defaults are read by property name.
  struct Limits: Decodable, Equatable, FlexDeclaredDefaults {
    var maximum = 100
    var unit = "items"
  }

  /// A type that declares nothing: a missing key is a problem as ever.
  struct Plain: Codable, Equatable {
    var retries = 3
  }

  final class Node: Codable, FlexDeclaredDefaults {
    var name = "root"
    var child: Leaf = Leaf()
    required init() {}
  }

  final class Leaf: Codable {
    var weight = 1
    init() {}
  }

  private func decoder(_ policy: FlexJSONDecoder.ErrorPolicy) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    return decoder
  }

  private func decodeWithReport<T: Decodable>(
    _ type: T.Type, _ json: String, policy: FlexJSONDecoder.ErrorPolicy = .collectAll
  ) throws -> FlexDecoded<T> {
    try decoder(policy).decodeWithReport(type, from: Data(json.utf8))
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults])
  func missingKeysTakeTheDeclaredValuesWithoutIssues(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let result = try decodeWithReport(Settings.self, #"{"name": "ann"}"#, policy: policy)
    #expect(result.value == Settings(name: "ann"))
    #expect(result.issues.isEmpty)
  }

  @Test func theStrictDecoderUsesDeclaredValuesForMissingKeys() throws {
    let value = try FlexJSONDecoder.strict().decode(Settings.self, from: Data(#"{"retries": 5}"#.utf8))
    #expect(value == Settings(retries: 5))
  }

  @Test func presentValuesWinOverDeclaredOnes() throws {
    let json = #"{"retries":1,"name":"x","ratio":2,"enabled":false,"tags":[],"nickname":"n","note":"m"}"#
    let result = try decodeWithReport(Settings.self, json)
    #expect(
      result.value
        == Settings(retries: 1, name: "x", ratio: 2, enabled: false, tags: [], nickname: "n", note: "m"))
    // Parity: the same document, every key present, decodes as JSONDecoder decodes it.
    #expect(result.value == (try JSONDecoder().decode(Settings.self, from: Data(json.utf8))))
  }

  @Test func nullForANonOptionalTakesTheDeclaredValue() throws {
    let result = try decodeWithReport(Settings.self, #"{"retries": null, "name": null}"#, policy: .failFast)
    #expect(result.value == Settings())
    #expect(result.issues.isEmpty)
  }

  @Test func anOptionalKeepsAnExplicitNullAndTakesTheDeclaredValueWhenMissing() throws {
    #expect(try decodeWithReport(Settings.self, #"{"nickname": null}"#).value.nickname == nil)
    #expect(try decodeWithReport(Settings.self, #"{}"#).value.nickname == "anon")
    #expect(try decodeWithReport(Settings.self, #"{}"#).value.note == nil)
  }

  @Test func aBadValueUnderUseDefaultsTakesTheDeclaredValueAndIsReported() throws {
    let result = try decodeWithReport(
      Settings.self, #"{"retries": "many", "name": 7, "nickname": [1]}"#, policy: .useDefaults)
    #expect(result.value == Settings(name: "7"))
    #expect(
      result.issues == [
        FlexIssue(
          kind: .defaulted, path: "retries", message: #"expected Int but found the string "many"; used the default"#),
        FlexIssue(
          kind: .defaulted, path: "nickname", message: "expected String but found an array; used the default"),
      ])
  }

  @Test func aBadValueUnderCollectAllIsAProblem() throws {
    let error = try requireThrows(DecodingError.self) {
      try decodeWithReport(Settings.self, #"{"retries": "many"}"#)
    }
    #expect(FlexDecodingError.issues(in: error).map(\.path) == ["retries"])
    guard case .typeMismatch = error else {
      Issue.record("expected a type mismatch, got \(error)")
      return
    }
  }

  @Test func aBadValueUnderFailFastThrowsWhatJSONDecoderThrows() throws {
    let json = Data(#"{"retries": "many", "name":"a","ratio":1,"enabled":true,"tags":[]}"#.utf8)
    let flexError = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode(Settings.self, from: json)
    }
    let foundationError = try requireThrows(DecodingError.self) {
      try JSONDecoder().decode(Settings.self, from: json)
    }
    #expect(ErrorSignature(flexError) == ErrorSignature(foundationError))
  }

  @Test func codingKeysWithRawValuesFindTheirDeclaredValues() throws {
    let result = try decodeWithReport(Profile.self, #"{"display_name": "ann"}"#, policy: .failFast)
    #expect(result.value.displayName == "ann")
    #expect(result.value.avatarURL == URL(string: "https://example.com/a.png")!)
    #expect(result.value.settings == Settings(retries: 9))
  }

  @Test func aDecodableOnlyTypeIsReadByPropertyName() throws {
    #expect(try decodeWithReport(Limits.self, #"{"unit": "kg"}"#).value == Limits(maximum: 100, unit: "kg"))
  }

  @Test func aTypeThatDoesNotOptInStillReportsMissingKeys() throws {
    let error = try requireThrows(DecodingError.self) { try decodeWithReport(Plain.self, "{}") }
    guard case .keyNotFound(let key, _) = error else {
      Issue.record("expected keyNotFound, got \(error)")
      return
    }
    #expect(key.stringValue == "retries")
  }

  @Test func aMissingNestedValueOfAnOptingInTypeIsItsInitUnderUseDefaults() throws {
    struct Wrapper: Codable, Equatable {
      var settings: Settings
    }
    let result = try decodeWithReport(Wrapper.self, "{}", policy: .useDefaults)
    #expect(result.value == Wrapper(settings: Settings()))
    #expect(result.issues.map(\.kind) == [.defaulted])
  }

  @Test func classInstancesAreNotSharedBetweenDecodedValues() throws {
    let nodes = try decodeWithReport([Node].self, #"[{"name": "a"}, {"name": "b"}]"#).value
    #expect(nodes.map(\.name) == ["a", "b"])
    #expect(nodes.map(\.child.weight) == [1, 1])
    #expect(nodes[0].child !== nodes[1].child)
  }

  @Test func arrayElementsEachTakeTheDeclaredValues() throws {
    let result = try decodeWithReport([Settings].self, #"[{"retries": 1}, {}, {"name": "b"}]"#)
    #expect(result.value == [Settings(retries: 1), Settings(), Settings(name: "b")])
    #expect(result.issues.isEmpty)
  }

  // MARK: - Without reflection metadata

  /// `Mirror` sees nothing, as in an app built without reflection metadata (`CustomReflectable`
  /// gives the same empty `Mirror` as Xcode's "Reflection Metadata Level" = None).
  struct StrippedSettings: Decodable, Equatable, FlexDeclaredDefaults, CustomReflectable {
    var retries = 3
    var name = "guest"
    var customMirror: Mirror { Mirror(self, children: [:]) }
  }

  /// The same, `Encodable` too: its values are read through `encode(to:)`.
  struct StrippedCodableSettings: Codable, Equatable, FlexDeclaredDefaults, CustomReflectable {
    var retries = 3
    var name = "guest"
    var customMirror: Mirror { Mirror(self, children: [:]) }
  }

  @Test func anEncodableTypeKeepsItsDefaultsWithoutReflectionMetadata() throws {
    let value = try FlexJSONDecoder.strict().decode(StrippedCodableSettings.self, from: Data(#"{"name":"ann"}"#.utf8))
    #expect(value == StrippedCodableSettings(retries: 3, name: "ann"))
  }

  @Test func aDecodableOnlyTypeWithoutReflectionMetadataSaysWhyInItsKeyNotFound() throws {
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode(StrippedSettings.self, from: Data(#"{"name":"ann"}"#.utf8))
    }
    guard case .keyNotFound(let key, let context) = error else {
      Issue.record("expected keyNotFound, got \(error)")
      return
    }
    #expect(key.stringValue == "retries")
    #expect(context.codingPath.isEmpty)
    #expect(
      context.debugDescription
        == #"No value associated with key CodingKeys(stringValue: "retries", intValue: nil) ("retries")."#
        + #" (FlexDeclaredDefaults found no declared values in StrippedSettings: Mirror sees no stored properties,"#
        + #" as in an app built without reflection metadata (Xcode build setting "Reflection Metadata Level" set to"#
        + #" None); make StrippedSettings Encodable too, and its values are read through encode(to:))"#)
  }
}
