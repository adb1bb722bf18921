import FlexDecoder
import Foundation
import Testing

/// `@FlexFlattened`: a nested value filled from its parent's own keys.
@Suite("FlexFlattened")
struct FlexFlattenedTests {
  struct Address: Codable, Equatable {
    var street: String
    var city: String
  }

  struct Geo: Codable, Equatable, FlexKeyMapping {
    var latitude: Double
    var longitude: Double
    static let keyMapping: FlexKeyMap = ["latitude": "lat", "longitude": "lng"]
  }

  struct User: Codable, Equatable {
    var name: String
    @FlexFlattened var address: Address
    @FlexFlattened var geo: Geo
  }

  @Test func theNestedValueIsReadFromTheParentsKeys() throws {
    let json = #"{"name": "Ann", "street": "1 Main St", "city": "Lyon", "lat": 45.76, "lng": 4.83}"#
    let result = try FlexJSONDecoder().decodeWithReport(User.self, from: Data(json.utf8))
    #expect(
      result.value
        == User(
          name: "Ann", address: Address(street: "1 Main St", city: "Lyon"), geo: Geo(latitude: 45.76, longitude: 4.83)))
    #expect(result.issues.isEmpty)
  }

  @Test func aNestedMemberUnderTheKeyIsReadAsWithoutTheWrapper() throws {
    let json = #"{"name": "Ann", "address": {"street": "2 Rue", "city": "Paris"}, "lat": 1, "lng": 2}"#
    let user = try FlexJSONDecoder().decode(User.self, from: Data(json.utf8))
    #expect(user.address == Address(street: "2 Rue", city: "Paris"))
  }

  @Test func encodingNestsTheValueAndDecodingReadsItBack() throws {
    let user = User(
      name: "Ann", address: Address(street: "1 Main St", city: "Lyon"), geo: Geo(latitude: 1, longitude: 2))
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = try encoder.encodeToString(user)
    #expect(text == #"{"address":{"city":"Lyon","street":"1 Main St"},"geo":{"lat":1,"lng":2},"name":"Ann"}"#)
    #expect(try FlexJSONDecoder().decode(User.self, from: Data(text.utf8)) == user)
    // JSONDecoder reads the nested form too.
    #expect(
      try JSONDecoder().decode(
        User.self,
        from: Data(
          #"{"address":{"city":"Lyon","street":"1 Main St"},"geo":{"latitude":1,"longitude":2},"name":"Ann"}"#.utf8)
      ).address == user.address)
  }

  @Test func aProblemInTheFlattenedValueIsAtTheParentsPath() throws {
    let json = #"{"users": [{"name": "Ann", "street": 5, "lat": 1, "lng": 2}]}"#
    struct Users: Codable { var users: [User] }
    let decoder = FlexJSONDecoder()
    decoder.coercions = []
    let error = try requireThrows(FlexDecodingError.self) { try decoder.decode(Users.self, from: Data(json.utf8)) }
    // (A missing key is ordered at its object, before the values in it.)
    #expect(error.issues.map(\.path) == ["users[0].city", "users[0].street"])
    decoder.errorPolicy = .useDefaults
    let repaired = try decoder.decodeWithReport(Users.self, from: Data(json.utf8))
    #expect(repaired.value.users.first?.address == Address(street: "", city: ""))
    #expect(repaired.value.users.first?.geo == Geo(latitude: 1, longitude: 2))
  }

  /// A model that reads a nested container, then a flattened value, by hand.
  struct Reading: Decodable {
    var unit: String
    var address: FlexFlattened<Address>
    var count: Int
    enum Key: CodingKey { case meta, address, count }
    enum MetaKey: CodingKey { case unit }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      unit = try container.nestedContainer(keyedBy: MetaKey.self, forKey: .meta).decode(String.self, forKey: .unit)
      address = try container.decode(FlexFlattened<Address>.self, forKey: .address)
      count = try container.decode(Int.self, forKey: .count)
    }
  }

  @Test func aProblemInAFlattenedValueReadAfterANestedContainerIsRepairedWhereItIs() throws {
    // The nested container's call must not be left as the requester of the next value decoded,
    // the flattened one: that is a call the pass never learns about, and the problem inside
    // would be repaired by replacing the whole document.
    struct Envelope: Decodable { var reading: Reading }
    let json = #"{"reading": {"meta": {"unit": "C"}, "street": 5, "city": "Oslo", "count": 2}}"#
    let decoder = FlexJSONDecoder()
    decoder.coercions = []
    decoder.errorPolicy = .useDefaults
    let repaired = try decoder.decodeWithReport(Envelope.self, from: Data(json.utf8))
    #expect(repaired.value.reading.unit == "C")
    #expect(repaired.value.reading.address.wrappedValue == Address(street: "", city: "Oslo"))
    #expect(repaired.value.reading.count == 2)
    #expect(repaired.issues.map(\.path) == ["reading.street"])
  }
}
