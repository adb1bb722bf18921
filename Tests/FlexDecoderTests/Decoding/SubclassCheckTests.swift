import FlexDecoder
import Foundation
import Testing

/// A subclass without its own `init(from:)` loses its properties (Swift's rule): Flex decodes as
/// JSONDecoder does and says so in the report.
@Suite("Subclass check")
struct SubclassCheckTests {
  class Animal: Codable {
    var name = ""
  }

  /// No `init(from:)`: `breed` and `isGood` are never decoded.
  final class Dog: Animal {
    var breed = "unknown"
    var isGood = true
  }

  /// The pattern that fixes it.
  final class Cat: Animal {
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

  /// No stored properties of its own: nothing is lost.
  final class Puppy: Animal {}

  struct Shelter: Codable {
    var dogs: [Dog]
    var cat: Cat
    var puppy: Puppy
  }

  private static let json = #"""
    {"dogs": [{"name": "Rex", "breed": "collie", "isGood": false}, {"name": "Max", "breed": "pug"}],
     "cat": {"name": "Tom", "lives": 3}, "puppy": {"name": "Bit"}}
    """#

  @Test func aSubclassThatInheritsInitFromIsReportedOnceWithItsLostProperties() throws {
    let result = try FlexJSONDecoder().decodeWithReport(Shelter.self, from: Data(Self.json.utf8))
    #expect(result.value.dogs.map(\.name) == ["Rex", "Max"])
    #expect(result.value.dogs.map(\.breed) == ["unknown", "unknown"])
    #expect(result.value.cat.lives == 3)
    #expect(
      result.issues == [
        FlexIssue(
          kind: .unknownKey, path: "dogs[0]",
          message:
            #"Dog has no init(from:) of its own: Animal's decoded it, and its properties "breed", "isGood" kept their initial values (give Dog an init(from:) that calls super.init(from:))"#
        )
      ])
  }

  @Test func theValuesAreThoseOfJSONDecoder() throws {
    let flex = try FlexJSONDecoder().decode(Shelter.self, from: Data(Self.json.utf8))
    let foundation = try JSONDecoder().decode(Shelter.self, from: Data(Self.json.utf8))
    #expect(flex.dogs.map(\.breed) == foundation.dogs.map(\.breed))
    #expect(flex.cat.lives == foundation.cat.lives)
    #expect(flex.cat.name == foundation.cat.name)
  }

  @Test func aSubclassWithItsOwnInitFromIsNotReported() throws {
    let result = try FlexJSONDecoder().decodeWithReport(Cat.self, from: Data(#"{"name": "Tom", "lives": 3}"#.utf8))
    #expect(result.value.lives == 3)
    #expect(result.value.name == "Tom")
    #expect(result.issues.isEmpty)
  }

  /// Cats and dogs alternating: each value's containers are told apart by its own key types,
  /// remembered for the last pair of types asked about.
  @Test func alternatingSubclassesAreEachCheckedByTheirOwnKeys() throws {
    struct Pets: Codable {
      var cats: [Cat]
      var dogs: [Dog]
    }
    let cats = (0..<300).map { #"{"name": "C\#($0)", "lives": \#($0 % 9)}"# }
    let dogs = (0..<300).map { #"{"name": "D\#($0)", "breed": "b"}"# }
    let json = #"{"cats": [\#(cats.joined(separator: ","))], "dogs": [\#(dogs.joined(separator: ","))]}"#
    let result = try FlexJSONDecoder().decodeWithReport(Pets.self, from: Data(json.utf8))
    #expect(result.value.cats.map(\.lives) == (0..<300).map { $0 % 9 })
    #expect(result.issues.map(\.path) == ["dogs[0]"])
  }

  /// Subclass values whose decoding fails leave nothing behind that hides a later report, however
  /// many there are (their notes are dropped, oldest first).
  @Test func manyFailedSubclassValuesDoNotHideALaterReport() throws {
    struct Kennel: Codable {
      var cats: [Cat?]
      var dogs: [Dog]
    }
    // A cat without `lives` fails; `.useDefaults` leaves it nil and decodes the rest.
    let cats = (0..<600).map { #"{"name": "C\#($0)"}"# }
    let json = #"{"cats": [\#(cats.joined(separator: ","))], "dogs": [{"name": "Rex", "breed": "b"}]}"#
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Kennel.self, from: Data(json.utf8))
    #expect(result.value.cats.count == 600)
    #expect(result.issues.filter { $0.kind == .unknownKey }.map(\.path) == ["dogs[0]"])
  }

  // MARK: - Without reflection metadata

  /// `Animal` and `Dog` as an app built without reflection metadata sees them: `Mirror` finds no
  /// stored property in either class (`CustomReflectable` gives the same empty `Mirror`).
  class StrippedAnimal: Codable, CustomReflectable {
    var name = ""
    var customMirror: Mirror { Mirror(self, children: [:]) }
  }

  final class StrippedDog: StrippedAnimal {
    var breed = "unknown"
    override var customMirror: Mirror {
      Mirror(self, children: [:], ancestorRepresentation: .customized { super.customMirror })
    }
  }

  @Test func withoutReflectionMetadataTheReportSaysThePropertiesAreUnknown() throws {
    let result = try FlexJSONDecoder().decodeWithReport(
      [StrippedDog].self, from: Data(#"[{"name": "Rex", "breed": "collie"}]"#.utf8))
    #expect(result.value.map(\.breed) == ["unknown"])
    #expect(
      result.issues == [
        FlexIssue(
          kind: .unknownKey, path: "[0]",
          message:
            "StrippedDog has no init(from:) of its own: StrippedAnimal's decoded it, and any properties it declares"
            + " kept their initial values (their names are unknown: the app is built without reflection metadata)"
            + " (give StrippedDog an init(from:) that calls super.init(from:))")
      ])
  }
}
