import FlexDecoder
import Foundation
import Testing

/// `.failFast`, `.collectAll` and `.useDefaults` on payloads with several problems at once.
@Suite("Error policies")
struct ErrorPolicyTests {
  struct Author: Codable, Equatable {
    var id: Int
    var name: String
  }

  enum Status: String, Codable, Equatable, FlexDefaultValue {
    case open, shipped, unknown
    static let flexDefault = Status.unknown
  }

  struct Item: Codable, Equatable {
    var sku: String
    var quantity: Int
    var price: Double
  }

  struct Order: Codable, Equatable {
    var id: Int
    var status: Status
    var author: Author
    var items: [Item]
    var note: String?
    var tags: [String]
  }

  private func decoder(_ policy: FlexJSONDecoder.ErrorPolicy) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    decoder.coercions = []
    return decoder
  }

  /// Six problems at different depths.
  private let messyOrder = #"""
    {
      "id": "A17",
      "status": "lost",
      "author": {"id": 7},
      "items": [
        {"sku": "a-1", "quantity": 2, "price": 9.5},
        {"quantity": 1, "price": 3},
        {"sku": "c-3", "quantity": "many", "price": null}
      ],
      "note": 12,
      "tags": ["x", 2, "z"]
    }
    """#

  @Test func collectAllListsEveryProblemInDocumentOrder() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Order.self, from: Data(messyOrder.utf8))
    }
    #expect(
      error.issues.map(\.kind) == [
        .typeMismatch, .dataCorrupted, .keyNotFound, .keyNotFound, .typeMismatch, .valueNotFound, .typeMismatch,
        .typeMismatch,
      ])
    #expect(
      error.issues.map(\.path) == [
        "id", "status", "author.name", "items[1].sku", "items[2].quantity", "items[2].price", "note", "tags[1]",
      ])
    #expect(error.decodingErrors.count == 8)
    print(error)
  }

  @Test func useDefaultsReturnsTheValueAndTheReport() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Order.self, from: Data(messyOrder.utf8))
    #expect(result.value.id == 0)
    #expect(result.value.status == .unknown)
    #expect(result.value.author == Author(id: 7, name: ""))
    #expect(
      result.value.items == [
        Item(sku: "a-1", quantity: 2, price: 9.5), Item(sku: "", quantity: 1, price: 3),
        Item(sku: "c-3", quantity: 0, price: 0),
      ])
    #expect(result.value.note == nil)
    #expect(result.value.tags == ["x", "z"])
    print(result.issues.map(\.description).joined(separator: "\n"))
  }

  @Test func failFastThrowsTheFirstDecodingError() throws {
    #expect(throws: DecodingError.self) {
      try decoder(.failFast).decode(Order.self, from: Data(messyOrder.utf8))
    }
  }
}

// MARK: - Many problems at many depths

extension ErrorPolicyTests {
  struct Address: Codable, Equatable {
    var street: String
    var zip: Int
  }

  enum Tier: String, Codable, Equatable, FlexDefaultValue {
    case free, pro, unknown
    static let flexDefault = Tier.unknown
  }

  struct Member: Codable, Equatable {
    var name: String
    var age: Int
    var address: Address?
    var scores: [Int]
  }

  struct Team: Codable, Equatable {
    var id: Int
    var name: String
    var tier: Tier
    var lead: Member
    var members: [Member]
    var offices: [String: Address]
    var motto: String?
    var budget: Double
    var flags: [Bool]
  }

  /// Eighteen problems: top-level fields, a nested struct and its optional struct, arrays of
  /// structs and of scalars, a dictionary of structs, an optional, an enum.
  static let messyTeam = #"""
    {
      "id": "T-1",
      "name": null,
      "tier": "gold",
      "lead": {
        "name": "Ada",
        "age": "old",
        "address": {"street": 5},
        "scores": [1, "two", 3]
      },
      "members": [
        {"name": "Bo", "age": 30, "scores": []},
        {"age": 41, "address": null, "scores": [null]},
        {"name": "Cy", "age": true, "address": {"street": "Elm", "zip": "x"}, "scores": [2]},
        "oops"
      ],
      "offices": {
        "north": {"street": "Main", "zip": 1000},
        "south": {"street": "Side"},
        "east": 7
      },
      "motto": ["a"],
      "flags": [true, "no", null]
    }
    """#

  @Test func collectAllListsEighteenProblemsAtEveryDepthInDocumentOrder() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Team.self, from: Data(Self.messyTeam.utf8))
    }
    // A missing key is placed where its object starts, so it comes before the object's members.
    #expect(
      error.issues.map(\.description) == [
        "budget: key not found",
        "id: expected Int but found the string \"T-1\"",
        "name: expected String but found null",
        "tier: cannot initialize Tier from invalid String value gold",
        "lead.age: expected Int but found the string \"old\"",
        "lead.address.zip: key not found",
        "lead.address.street: expected String but found the number 5",
        "lead.scores[1]: expected Int but found the string \"two\"",
        "members[1].name: key not found",
        "members[1].scores[0]: expected Int but found null",
        "members[2].age: expected Int but found true",
        "members[2].address.zip: expected Int but found the string \"x\"",
        "members[3]: expected Member but found the string \"oops\"",
        "offices.south.zip: key not found",
        "offices.east: expected Address but found the number 7",
        "motto: expected String but found an array",
        "flags[1]: expected Bool but found the string \"no\"",
        "flags[2]: expected Bool but found null",
      ])
    #expect(
      error.issues.map(\.kind) == [
        .keyNotFound, .typeMismatch, .valueNotFound, .dataCorrupted, .typeMismatch, .keyNotFound, .typeMismatch,
        .typeMismatch, .keyNotFound, .valueNotFound, .typeMismatch, .typeMismatch, .typeMismatch, .keyNotFound,
        // The last: null into Bool is a type mismatch, as in JSONDecoder.
        .typeMismatch, .typeMismatch, .typeMismatch, .typeMismatch,
      ])
  }

  @Test func useDefaultsRepairsEighteenProblemsAndReportsEachOnce() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Team.self, from: Data(Self.messyTeam.utf8))
    #expect(
      result.value
        == Team(
          id: 0, name: "", tier: .unknown,
          lead: Member(name: "Ada", age: 0, address: Address(street: "", zip: 0), scores: [1, 3]),
          members: [
            Member(name: "Bo", age: 30, address: nil, scores: []),
            Member(name: "", age: 41, address: nil, scores: []),
            Member(name: "Cy", age: 0, address: Address(street: "Elm", zip: 0), scores: [2]),
          ],
          offices: ["north": Address(street: "Main", zip: 1000), "south": Address(street: "Side", zip: 0)],
          motto: nil, budget: 0, flags: [true]))
    #expect(
      result.issues.map(\.path) == [
        "budget", "id", "name", "tier", "lead.age", "lead.address.zip", "lead.address.street", "lead.scores[1]",
        "members[1].name", "members[1].scores[0]", "members[2].age", "members[2].address.zip", "members[3]",
        "offices.south.zip", "offices.east", "motto", "flags[1]", "flags[2]",
      ])
    #expect(
      result.issues.map(\.kind) == [
        .defaulted, .defaulted, .defaulted, .defaulted, .defaulted, .defaulted, .defaulted, .droppedElement,
        .defaulted, .droppedElement, .defaulted, .defaulted, .droppedElement, .defaulted, .droppedElement,
        .defaulted, .droppedElement, .droppedElement,
      ])
    #expect(result.issues[0].message == "key not found; used the default")
    #expect(result.issues[7].message == #"expected Int but found the string "two"; dropped"#)
    #expect(result.issues[15].message == "expected String but found an array; used nil")
  }

  @Test func useDefaultsWithoutAReportStillReturnsTheRepairedValue() throws {
    let team = try decoder(.useDefaults).decode(Team.self, from: Data(Self.messyTeam.utf8))
    #expect(team.members.count == 3)
    #expect(team.offices.keys.sorted() == ["north", "south"])
  }

  @Test func failFastThrowsTheFirstProblemInDeclarationOrder() throws {
    let error = try requireThrows(DecodingError.self) {
      try decoder(.failFast).decode(Team.self, from: Data(Self.messyTeam.utf8))
    }
    #expect(
      ErrorShape(error)
        == ErrorShape(
          DecodingError.typeMismatch(
            Int.self, .init(codingPath: [ExpectedPathKey("id")], debugDescription: ""))))
  }

  @Test func theDecodingErrorsAreTheProblemsAsJSONDecoderWouldThrowThem() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Team.self, from: Data(Self.messyTeam.utf8))
    }
    let errors = error.decodingErrors
    #expect(errors.count == 18)
    #expect(
      errors.map { ErrorShape($0).kind }.prefix(4) == [
        "keyNotFound(budget)", "typeMismatch(Int)", "valueNotFound(String)", "dataCorrupted",
      ])
    #expect(
      ErrorShape(errors[9])
        == ErrorShape(
          DecodingError.valueNotFound(
            Int.self,
            .init(
              codingPath: [
                ExpectedPathKey("members"), ExpectedPathKey(1), ExpectedPathKey("scores"), ExpectedPathKey(0),
              ], debugDescription: ""))))
    #expect(ErrorShape(errors[14]).path == "offices.east")
  }
}

// MARK: - Nothing below a missing value

extension ErrorPolicyTests {
  struct Coordinates: Codable, Equatable {
    var latitude: Double
    var longitude: Double
  }

  struct Venue: Codable, Equatable {
    var name: String
    var capacity: Int
    var location: Coordinates
    var tags: [String]
    var tier: Tier
    var website: String?
  }

  struct Event: Codable, Equatable {
    var title: String
    var venue: Venue
  }

  @Test(arguments: [
    (#"{"title": "Gala"}"#, FlexIssue.Kind.keyNotFound, "key not found"),
    (#"{"title": "Gala", "venue": null}"#, .valueNotFound, "expected [String: Any] but found null"),
  ])
  func aMissingNestedStructIsOneProblem(json: String, kind: FlexIssue.Kind, message: String) throws {
    let error = try requireThrows(DecodingError.self) {
      try decoder(.collectAll).decode(Event.self, from: Data(json.utf8))
    }
    #expect(ErrorShape(error) == ErrorShape { _ = try JSONDecoder().decode(Event.self, from: Data(json.utf8)) })
    #expect(FlexDecodingError.issues(in: error) == [FlexIssue(kind: kind, path: "venue", message: message)])
  }

  @Test func aMissingNestedStructBecomesItsOwnDefaultsUnderUseDefaults() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Event.self, from: Data(#"{"title": "Gala"}"#.utf8))
    #expect(
      result.value
        == Event(
          title: "Gala",
          venue: Venue(
            name: "", capacity: 0, location: Coordinates(latitude: 0, longitude: 0), tags: [], tier: .unknown,
            website: nil)))
    #expect(result.issues == [FlexIssue(kind: .defaulted, path: "venue", message: "key not found; used the default")])
  }

  @Test func aMissingStructInsideArrayElementsIsOneProblemPerElement() throws {
    let json =
      #"[{"title": "A"}, {"title": "B", "venue": {"name": "Hall", "capacity": 10, "location": {"latitude": 1, "longitude": 2}, "tags": [], "tier": "pro"}}, {"title": "C"}]"#
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode([Event].self, from: Data(json.utf8))
    }
    #expect(error.issues.map(\.description) == ["[0].venue: key not found", "[2].venue: key not found"])
  }
}

/// A coding key made from a string or an index, to build expected coding paths.
struct ExpectedPathKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ string: String) {
    stringValue = string
    intValue = nil
  }

  init(_ index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  init(stringValue: String) { self.init(stringValue) }
  init(intValue: Int) { self.init(intValue) }
}

// MARK: - Enums with unknown raw values

extension ErrorPolicyTests {
  /// No ``FlexDefaultValue``: under `.useDefaults` a bad value cannot be replaced here.
  enum Role: String, Codable, Equatable {
    case admin, member
  }

  struct Seat: Codable, Equatable {
    var user: String
    var role: Role
  }

  struct Board: Codable, Equatable {
    var name: String
    var chair: Seat?
    var seats: [Seat]
    var desks: [String: Seat]
    var tier: Tier
    var fallbackRole: Role?
  }

  static let messyBoard = #"""
    {
      "name": "Board",
      "chair": {"user": "ann", "role": "boss"},
      "seats": [{"user": "bob", "role": "member"}, {"user": "cat", "role": "guest"}],
      "desks": {"d1": {"user": "dan", "role": "root"}},
      "tier": "platinum",
      "fallbackRole": "nobody"
    }
    """#

  @Test func collectAllListsEveryUnknownRawValueWhereItIs() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Board.self, from: Data(Self.messyBoard.utf8))
    }
    #expect(
      error.issues.map(\.description) == [
        "chair.role: cannot initialize Role from invalid String value boss",
        "seats[1].role: cannot initialize Role from invalid String value guest",
        "desks.d1.role: cannot initialize Role from invalid String value root",
        "tier: cannot initialize Tier from invalid String value platinum",
        "fallbackRole: cannot initialize Role from invalid String value nobody",
      ])
    #expect(error.issues.allSatisfy { $0.kind == .dataCorrupted })
  }

  @Test func useDefaultsUsesTheDefaultCaseOrRepairsTheNearestOptionalOrDroppableLevel() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Board.self, from: Data(Self.messyBoard.utf8))
    #expect(
      result.value
        == Board(
          name: "Board", chair: nil, seats: [Seat(user: "bob", role: .member)], desks: [:], tier: .unknown,
          fallbackRole: nil))
    #expect(
      result.issues.map(\.description) == [
        "chair: cannot initialize Role from invalid String value boss; used nil",
        "seats[1]: cannot initialize Role from invalid String value guest; dropped",
        "desks.d1: cannot initialize Role from invalid String value root; dropped",
        "tier: cannot initialize Tier from invalid String value platinum; used the default",
        "fallbackRole: cannot initialize Role from invalid String value nobody; used nil",
      ])
    #expect(result.issues.map(\.kind) == [.defaulted, .droppedElement, .droppedElement, .defaulted, .defaulted])
  }

  @Test func useDefaultsThrowsWhenNoLevelAboveABadRawValueCanBeRepaired() throws {
    let json = Data(#"{"user": "ann", "role": "boss"}"#.utf8)
    let error = try requireThrows(DecodingError.self) {
      try decoder(.useDefaults).decode(Seat.self, from: json)
    }
    #expect(ErrorShape(error).description == #"dataCorrupted at "role""#)
    #expect(ErrorShape(error) == ErrorShape { _ = try JSONDecoder().decode(Seat.self, from: json) })
    #expect(
      FlexDecodingError.issues(in: error) == [
        FlexIssue(kind: .dataCorrupted, path: "role", message: "cannot initialize Role from invalid String value boss")
      ])
  }

  /// Each bad raw value sits next to another problem in the same seat.
  static let messierBoard = #"""
    {
      "name": "Board",
      "chair": {"user": true, "role": "boss"},
      "seats": [{"user": 1, "role": "guest"}, {"user": "bob", "role": "member"}],
      "desks": {},
      "tier": "free"
    }
    """#

  @Test func collectAllListsABadRawValueNextToAnotherProblemInTheSameValue() throws {
    let decoder = decoder(.collectAll)
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder.decode(Board.self, from: Data(Self.messierBoard.utf8))
    }
    #expect(
      error.issues.map(\.description) == [
        "chair.user: expected String but found true",
        "chair.role: cannot initialize Role from invalid String value boss",
        "seats[0].user: expected String but found the number 1",
        "seats[0].role: cannot initialize Role from invalid String value guest",
      ])
  }

  @Test func useDefaultsReportsTheOptionalOrElementGivenUpForABadRawValue() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Board.self, from: Data(Self.messierBoard.utf8))
    #expect(
      result.value
        == Board(
          name: "Board", chair: nil, seats: [Seat(user: "bob", role: .member)], desks: [:], tier: .free,
          fallbackRole: nil))
    #expect(
      result.issues.map(\.description) == [
        "chair: cannot initialize Role from invalid String value boss; used nil",
        "chair.user: expected String but found true; used the default",
        "seats[0]: cannot initialize Role from invalid String value guest; dropped",
        "seats[0].user: expected String but found the number 1; used the default",
      ])
  }

  @Test func failFastThrowsDataCorruptedAtTheEnumsPath() throws {
    let error = try requireThrows(DecodingError.self) {
      try decoder(.failFast).decode(Board.self, from: Data(Self.messyBoard.utf8))
    }
    #expect(ErrorShape(error).description == #"dataCorrupted at "chair.role""#)
  }
}

// MARK: - Strict mode throws what JSONDecoder throws

extension ErrorPolicyTests {
  /// `messyTeam` and variants of a valid team, each with problems deeper down.
  static let teamPayloads: [String] = [
    messyTeam,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"address":{"street":"S"},"scores":[1]},"members":[],"offices":{},"budget":2.5,"flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"scores":[1,"2"]},"members":[],"offices":{},"budget":2.5,"flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"scores":[]},"members":[{"name":"Bo","age":30,"scores":[]},"oops"],"offices":{},"budget":2.5,"flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"scores":[]},"members":[{"name":"Bo","age":30,"scores":[null]}],"offices":{},"budget":2.5,"flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"scores":[]},"members":[],"offices":{"south":{"street":"Side"}},"budget":2.5,"flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"scores":[]},"members":[],"offices":{"east":7},"budget":2.5,"flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"scores":[]},"members":[],"offices":{},"motto":["a"],"budget":2.5,"flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"scores":[]},"members":[],"offices":{},"budget":"2.5","flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"scores":[]},"members":[],"offices":{},"budget":2.5,"flags":[true,1]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":22.5,"scores":[]},"members":[],"offices":{},"budget":2.5,"flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":1e30,"scores":[]},"members":[],"offices":{},"budget":2.5,"flags":[]}"#,
    #"{"id":1,"name":"T","tier":"pro","lead":{"name":"Ada","age":40,"scores":[]},"members":[],"offices":{},"budget":2.5,"flags":[]}"#,
  ]

  @Test(arguments: teamPayloads)
  func strictThrowsTheSameDecodingErrorAsJSONDecoder(json: String) throws {
    let data = Data(json.utf8)
    let expected = ErrorShape { _ = try JSONDecoder().decode(Team.self, from: data) }
    let actual = ErrorShape { _ = try FlexJSONDecoder.strict().decode(Team.self, from: data) }
    #expect(actual == expected)
  }

  @Test func strictThrowsTheSameDecodingErrorAsJSONDecoderForOrdersAndBoards() throws {
    let order = Data(messyOrder.utf8)
    #expect(
      ErrorShape { _ = try FlexJSONDecoder.strict().decode(Order.self, from: order) }
        == ErrorShape { _ = try JSONDecoder().decode(Order.self, from: order) })
    let board = Data(Self.messyBoard.utf8)
    #expect(
      ErrorShape { _ = try FlexJSONDecoder.strict().decode(Board.self, from: board) }
        == ErrorShape { _ = try JSONDecoder().decode(Board.self, from: board) })
  }
}

// MARK: - A model's own error

extension ErrorPolicyTests {
  enum MyError: Error, Equatable {
    case bad
  }

  /// Throws its own error for a negative count.
  struct Counter: Decodable, Equatable {
    var count: Int

    enum CodingKeys: String, CodingKey { case count }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      count = try container.decode(Int.self, forKey: .count)
      guard count >= 0 else { throw MyError.bad }
    }
  }

  @Test func aModelsOwnErrorCanBeCaughtAsItsTypeUnderTheDefaultPolicy() throws {
    let data = Data(#"{"count": -1}"#.utf8)
    func caught(_ decode: () throws -> Counter) -> MyError? {
      do {
        _ = try decode()
        return nil
      } catch let error as MyError {
        return error
      } catch {
        Issue.record("expected MyError, got \(type(of: error)): \(error)")
        return nil
      }
    }
    #expect(FlexJSONDecoder().errorPolicy == .collectAll)
    #expect(caught { try FlexJSONDecoder().decode(Counter.self, from: data) } == .bad)
    #expect(caught { try JSONDecoder().decode(Counter.self, from: data) } == .bad)
    #expect(try FlexJSONDecoder().decode(Counter.self, from: Data(#"{"count": 2}"#.utf8)).count == 2)
    let error = try requireThrows(MyError.self) { try FlexJSONDecoder().decode(Counter.self, from: data) }
    #expect(FlexDecodingError.issues(in: error) == [FlexIssue(kind: .dataCorrupted, path: "", message: "bad")])
  }
}

// MARK: - Describing the error

extension ErrorPolicyTests {
  @Test func descriptionCountsTheProblemsNamesTheTypeAndListsOneIndentedLinePerIssue() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Order.self, from: Data(messyOrder.utf8))
    }
    #expect(
      error.description == """
        8 problems decoding Order:
          id: expected Int but found the string "A17"
          status: cannot initialize Status from invalid String value lost
          author.name: key not found
          items[1].sku: key not found
          items[2].quantity: expected Int but found the string "many"
          items[2].price: expected Double but found null
          note: expected String but found the number 12
          tags[1]: expected String but found the number 2
        """)
    #expect(error.typeName == "Order")
  }

  @Test func descriptionOfOneProblemIsSingular() throws {
    let error = try requireThrows(DecodingError.self) {
      try decoder(.collectAll).decode(Event.self, from: Data(#"{"title": "Gala"}"#.utf8))
    }
    #expect(ErrorShape(error).description == #"keyNotFound(venue) at """#)
    let single = FlexDecodingError(issues: FlexDecodingError.issues(in: error), typeName: "Event")
    #expect(single.description == "1 problem decoding Event:\n  venue: key not found")
  }

  @Test func aProblemWithTheTopLevelValueHasNoPath() throws {
    let json = Data(#"{"a": 1}"#.utf8)
    let error = try requireThrows(DecodingError.self) {
      try decoder(.collectAll).decode([Int].self, from: json)
    }
    #expect(ErrorShape(error).description == #"typeMismatch(Array<Any>) at """#)
    #expect(ErrorShape(error) == ErrorShape { _ = try JSONDecoder().decode([Int].self, from: json) })
    let issues = FlexDecodingError.issues(in: error)
    #expect(issues == [FlexIssue(kind: .typeMismatch, path: "", message: "expected [Any] but found an object")])
    #expect(
      FlexDecodingError(issues: issues, typeName: "Array<Int>").description
        == "1 problem decoding Array<Int>:\n  expected [Any] but found an object")
  }

  @Test func localizedDescriptionIsTheDescription() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Order.self, from: Data(messyOrder.utf8))
    }
    #expect(error.localizedDescription == error.description)
    #expect(
      error.localizedDescription.hasPrefix(
        "8 problems decoding Order:\n  id: expected Int but found the string \"A17\"\n"))
    let made = FlexDecodingError(
      issues: [FlexIssue(kind: .keyNotFound, path: "a", message: "key not found")], typeName: "Thing")
    #expect((made as any Error).localizedDescription == "1 problem decoding Thing:\n  a: key not found")
  }

  @Test func decodingErrorsKeepEachProblemsCaseAndCodingPath() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Order.self, from: Data(messyOrder.utf8))
    }
    #expect(
      error.decodingErrors.map { ErrorShape($0).description } == [
        #"typeMismatch(Int) at "id""#,
        #"dataCorrupted at "status""#,
        #"keyNotFound(name) at "author""#,
        #"keyNotFound(sku) at "items.1""#,
        #"typeMismatch(Int) at "items.2.quantity""#,
        #"valueNotFound(Double) at "items.2.price""#,
        #"typeMismatch(String) at "note""#,
        #"typeMismatch(String) at "tags.1""#,
      ])
  }
}

@Suite("Decoding at a key path under the error policies")
struct KeyPathPolicyTests {
  @Test func aMissingStepIsReportedWithItsKey() throws {
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder().decode([Int].self, from: Data(#"{"data": {}}"#.utf8), at: "data.items")
    }
    #expect(ErrorShape(error).description == #"keyNotFound(items) at "data""#)
    #expect(FlexDecodingError.issues(in: error).map(\.description) == ["data.items: key not found"])
  }
}

@Suite("Issue paths spell keys as the JSON does")
struct IssuePathSpellingTests {
  struct LineItem: Decodable {
    var unitPrice: Double
  }

  struct Order: Decodable {
    var lineItems: [LineItem]
    var customerNotes: [String: Int]
  }

  @Test func snakeCaseKeysAppearAsInTheDocument() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let json = #"{"line_items": [{"unit_price": 1}, {"unit_price": "x"}], "customer_notes": {"someKey": "y"}}"#
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder.decode(Order.self, from: Data(json.utf8))
    }
    #expect(error.issues.map(\.path) == ["line_items[1].unit_price", "customer_notes.someKey"])
  }
}

/// The default of a missing or bad `Date` under `.useDefaults`: `Date`'s own zero, 2001-01-01.
@Suite("Date defaults")
struct DateDefaultTests {
  struct Post: Codable, Equatable {
    var title: String
    var publishedAt: Date
    var updated: [Date]
  }

  @Test func missingAndBadDatesDefaultToTheReferenceDate() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.dateDecodingStrategy = .iso8601
    let result = try decoder.decodeWithReport(Post.self, from: Data(#"{"title": "a", "updated": ["soon"]}"#.utf8))
    #expect(result.value == Post(title: "a", publishedAt: Date(timeIntervalSinceReferenceDate: 0), updated: []))
    #expect(result.value.publishedAt == Date(timeIntervalSince1970: 978_307_200))
    #expect(result.issues.map(\.path) == ["publishedAt", "updated[0]"])
  }
}

/// `dropsElementsWithDefaults`: under `.useDefaults`, an element in which a default replaced a
/// value is kept with it by default, dropped whole with the option.
@Suite("Elements with defaults")
struct ElementsWithDefaultsTests {
  struct Comment: Codable, Equatable {
    var text: String
  }

  struct Post: Codable, Equatable {
    var id: Int
    var title: String
    var comments: [Comment]
  }

  struct Feed: Codable, Equatable {
    var posts: [Post]
    var pinned: [String: Post]
  }

  private static let json = #"""
    {"posts": [{"id": 1, "title": "a", "comments": [{"text": "ok"}, {"text": 5}, {}]},
               {"id": "x", "title": "b", "comments": []},
               {"id": 3, "title": "c", "comments": []}],
     "pinned": {"top": {"id": 4, "comments": []}, "next": {"id": 5, "title": "e", "comments": []}}}
    """#

  private func decoder(drops: Bool) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.coercions = []
    decoder.dropsElementsWithDefaults = drops
    return decoder
  }

  @Test func byDefaultAnElementKeepsItsDefaults() throws {
    let result = try decoder(drops: false).decodeWithReport(Feed.self, from: Data(Self.json.utf8))
    #expect(result.value.posts.map(\.id) == [1, 0, 3])
    #expect(result.value.posts[0].comments == [Comment(text: "ok"), Comment(text: ""), Comment(text: "")])
    #expect(result.value.pinned["top"]?.title == "")
    #expect(result.issues.allSatisfy { $0.kind == .defaulted })
  }

  @Test func withTheOptionTheInnermostElementIsDroppedWhole() throws {
    let result = try decoder(drops: true).decodeWithReport(Feed.self, from: Data(Self.json.utf8))
    #expect(result.value.posts.map(\.id) == [1, 3])
    // The bad comments are dropped; the post that holds them is kept.
    #expect(result.value.posts[0].comments == [Comment(text: "ok")])
    #expect(result.value.pinned.keys.sorted() == ["next"])
    #expect(
      result.issues.map(\.description) == [
        "posts[0].comments[1].text: expected String but found the number 5; dropped the element",
        "posts[0].comments[2].text: key not found; dropped the element",
        #"posts[1].id: expected Int but found the string "x"; dropped the element"#,
        "pinned.top.title: key not found; dropped the element",
      ])
    #expect(result.issues.allSatisfy { $0.kind == .droppedElement })
  }

  @Test func theOptionChangesNothingUnderCollectAll() throws {
    let decoder = decoder(drops: true)
    decoder.errorPolicy = .collectAll
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder.decode(Feed.self, from: Data(Self.json.utf8))
    }
    #expect(error.issues.count == 4)
    #expect(error.issues.allSatisfy { $0.kind.isProblem })
  }

  @Test func flexBackedJSONDecoderCarriesTheOption() throws {
    let decoder = FlexBackedJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.coercions = []
    decoder.dropsElementsWithDefaults = true
    #expect(try decoder.decode(Feed.self, from: Data(Self.json.utf8)).posts.map(\.id) == [1, 3])
  }
}
