import FlexDecoder
import Foundation
import Testing

/// `FlexDidDecode`: called once on every decoded value of a conforming type, before validation.
@Suite("didDecode hook")
struct FlexDidDecodeTests {
  struct TooShort: Error, Equatable {}

  struct User: Codable, Equatable, FlexDidDecode, FlexValidatable {
    var email: String
    var firstName: String
    var lastName: String
    var fullName = ""

    enum CodingKeys: String, CodingKey {
      case email, firstName, lastName
    }

    mutating func didDecode() {
      email = email.lowercased()
      fullName = firstName + " " + lastName
    }

    func validate() throws {
      // Sees the adjusted value: "A B" is 3 characters.
      guard fullName.count > 3 else { throw TooShort() }
    }
  }

  struct Team: Codable, Equatable {
    var lead: User
    var members: [User]
    var byRole: [String: User]
  }

  final class Counter: Codable, FlexDidDecode {
    var hits: Int
    var doubled = 0
    enum CodingKeys: String, CodingKey {
      case hits
    }
    func didDecode() { doubled = hits * 2 }
  }

  @Test func everyDecodedValueIsAdjustedAtAnyDepth() throws {
    let json = #"""
      {"lead": {"email": "ANN@X.ORG", "firstName": "Ann", "lastName": "Lee"},
       "members": [{"email": "Bo@X.org", "firstName": "Bo", "lastName": "Kay"}],
       "byRole": {"qa": {"email": "CY@x.org", "firstName": "Cy", "lastName": "Moe"}}}
      """#
    let team = try FlexJSONDecoder().decode(Team.self, from: Data(json.utf8))
    #expect(team.lead == User(email: "ann@x.org", firstName: "Ann", lastName: "Lee", fullName: "Ann Lee"))
    #expect(team.members.map(\.fullName) == ["Bo Kay"])
    #expect(team.byRole["qa"]?.email == "cy@x.org")
  }

  @Test func validationRunsOnTheAdjustedValue() throws {
    let json = Data(#"{"email": "a@b.c", "firstName": "A", "lastName": "B"}"#.utf8)
    #expect(throws: TooShort.self) { try FlexJSONDecoder().decode(User.self, from: json) }
  }

  @Test func valuesOfTheRecoveryPassAreAdjustedOnce() throws {
    let json = #"""
      [{"email": "ANN@X.ORG", "firstName": "Ann", "lastName": [7]},
       {"email": "BO@X.ORG", "firstName": "Bo", "lastName": "Kay"}]
      """#
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([User].self, from: Data(json.utf8))
    #expect(result.value.map(\.fullName) == ["Ann ", "Bo Kay"])
    #expect(result.value.map(\.email) == ["ann@x.org", "bo@x.org"])
    #expect(result.issues.map(\.path) == ["[0].lastName"])
  }

  @Test func classesAreAdjustedInPlace() throws {
    let counter = try FlexJSONDecoder().decode(Counter.self, from: Data(#"{"hits": 21}"#.utf8))
    #expect(counter.doubled == 42)
  }

  @Test func jsonDecoderDoesNotCallTheHook() throws {
    let json = Data(#"{"email": "ANN@X.ORG", "firstName": "Ann", "lastName": "Lee"}"#.utf8)
    #expect(try JSONDecoder().decode(User.self, from: json).email == "ANN@X.ORG")
  }
}
