import FlexDecoder
import Foundation
import Testing

/// Per-type key maps (``FlexKeyMapping``), the decoder's global `keyMapping`, key paths, and
/// `decode(_:from:at:)`.
@Suite("Key mapping")
struct KeyMappingTests {
  // MARK: - Candidates

  @Test(arguments: [
    (#"{"id": 1, "ID": 2, "user_id": 3}"#, 1),
    (#"{"user_id": 3, "ID": 2}"#, 2),
    (#"{"user_id": 3}"#, 3),
    (#"{"id": null, "ID": 2}"#, 2),
    (#"{"id": null, "ID": null, "user_id": 3}"#, 3),
  ])
  func candidatesAreTriedInMapOrderAndTheFirstPresentNonNullWins(json: String, id: Int) throws {
    let account = try decode(Account.self, json)
    #expect(account.id == id)
  }

  @Test func presentNullWithNoOtherCandidateDecodesIfPresentAsNil() throws {
    let account = try decode(Account.self, #"{"id": 1, "name": null}"#)
    #expect(account == Account(id: 1, name: nil))
    let nicknamed = try decode(Account.self, #"{"id": 1, "name": null, "nick": "Bo"}"#)
    #expect(nicknamed == Account(id: 1, name: "Bo"))
  }

  @Test(arguments: [#"{"id": null}"#, #"{"ID": null, "user_id": null}"#])
  func presentNullWithNoOtherCandidateThrowsValueNotFoundForDecode(json: String) throws {
    let error = try decodingError(Holder.self, #"{"owner": \#(json)}"#)
    #expect(error.kind == .valueNotFound)
    #expect(error.path == ["owner", "id"])
  }

  @Test func allCandidatesMissingThrowsKeyNotFoundWithTheSwiftKeyAndContainerPath() throws {
    let error = try decodingError(Holder.self, #"{"owner": {"name": "x", "Id": 1}}"#)
    #expect(error.kind == .keyNotFound)
    #expect(error.key == "id")
    #expect(error.path == ["owner"])
    #expect(error.message.contains(#"tried "id", "ID", "user_id""#))
  }

  @Test func propertyNameIsNotTriedUnlessListed() throws {
    let error = try decodingError(Member.self, #"{"id": 1, "name": "Ann"}"#)
    #expect(error.kind == .keyNotFound)
    #expect(error.key == "id")
    #expect(error.path == [])
    #expect(error.message.contains(#"tried "member_id""#))
  }

  @Test func unmappedPropertiesUseTheirOwnKeys() throws {
    let member = try decode(Member.self, #"{"member_id": 7, "name": "Ann"}"#)
    #expect(member == Member(id: 7, name: "Ann"))
  }

  // MARK: - Key paths

  @Test func dottedKeyPathsReachIntoNestedObjectsAndArrays() throws {
    let json = #"""
      {"meta": {"title": "Dune", "author": {"name": "Frank Herbert"}},
       "images": [{"url": "front.jpg"}, {"url": "back.jpg"}]}
      """#
    let article = try decode(Article.self, json)
    #expect(article == Article(title: "Dune", author: "Frank Herbert", cover: "front.jpg", back: "back.jpg"))
  }

  @Test func arrayIndexPastTheEndIsMissing() throws {
    let json = #"{"meta": {"title": "T", "author": {"name": "A"}}, "images": [{"url": "only.jpg"}]}"#
    let article = try decode(Article.self, json)
    #expect(article.cover == "only.jpg")
    #expect(article.back == nil)
  }

  @Test func digitComponentIsAnOrdinaryKeyInAnObject() throws {
    let json = #"{"meta": {"title": "T", "author": {"name": "A"}}, "images": {"0": {"url": "keyed.jpg"}}}"#
    let article = try decode(Article.self, json)
    #expect(article.cover == "keyed.jpg")
  }

  @Test func escapedDotIsALiteralDotInAKey() throws {
    let json = #"""
      {"app": {"version": "wrong"}, "app.version": "1.2",
       "meta": {"build": {"number": "wrong"}, "build.number": "7"}}
      """#
    let release = try decode(Release.self, json)
    #expect(release == Release(version: "1.2", build: "7"))
  }

  @Test(arguments: [
    (#"{"price": 1.5}"#, 1.5),
    (#"{"pricing": {"amount": 2.5}}"#, 2.5),
    (#"{"offers": [{"price": 3.5}]}"#, 3.5),
    (#"{"offers": [{"price": 3.5}], "pricing": {"amount": 2.5}, "price": 1.5}"#, 1.5),
    (#"{"price": null, "pricing": {"amount": null}, "offers": [{"price": 4.5}]}"#, 4.5),
    (#"{"pricing": "n/a", "offers": [{"price": 5.5}]}"#, 5.5),
  ])
  func candidatesMixKeysAndKeyPaths(json: String, price: Double) throws {
    #expect(try decode(Listing.self, json).price == price)
  }

  @Test(arguments: [
    (#"{"ext": "A book."}"#, #""ext" is a string, not an object"#),
    (#"{"ext": 42}"#, #""ext" is a number, not an object"#),
    (#"{"ext": ["A book."]}"#, #""ext" has no element desc"#),
    (#"{"ext": {}}"#, #"no "desc" in "ext""#),
    (#"{}"#, #"no "ext""#),
  ])
  func keyPathThatStopsEarlyThrowsKeyNotFoundThatSaysWhere(json: String, reason: String) throws {
    let error = try decodingError(Described.self, json)
    #expect(error.kind == .keyNotFound)
    #expect(error.key == "desc")
    #expect(error.path == [])
    #expect(error.message.contains(#""ext.desc" (\#(reason))"#), "\(error)")
  }

  @Test func mapCandidatesCompareExactlyWhateverTheKeyStrategy() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let json = #"{"member_id": 3, "name": "Ann"}"#
    #expect(try decode(Member.self, json, with: decoder) == Member(id: 3, name: "Ann"))
  }

  // MARK: - Where the map applies

  @Test func typeMapReachesNestedValuesArraysDictionariesAndOptionals() throws {
    let json = #"""
      {"featured": {"ID": 1}, "maybe": {"user_id": 2}, "absent": null,
       "all": [{"ID": 3}, {"user_id": 4}], "byName": {"a": {"ID": 5}},
       "gaps": [null, {"id": 6, "nick": "Six"}]}
      """#
    let shelf = try decode(Shelf.self, json)
    #expect(shelf.featured == Account(id: 1))
    #expect(shelf.maybe == Account(id: 2))
    #expect(shelf.absent == nil)
    #expect(shelf.all == [Account(id: 3), Account(id: 4)])
    #expect(shelf.byName == ["a": Account(id: 5)])
    #expect(shelf.gaps == [nil, Account(id: 6, name: "Six")])
  }

  @Test func typeMapAppliesAtTheTopLevelToo() throws {
    #expect(try decode([Account].self, #"[{"ID": 1}, {"user_id": 2}]"#) == [Account(id: 1), Account(id: 2)])
    #expect(try decode(Account?.self, #"{"ID": 1}"#) == Account(id: 1))
    #expect(try decode([String: Account].self, #"{"x": {"ID": 1}}"#) == ["x": Account(id: 1)])
  }

  @Test func subclassMapServesItsSuperclassThroughSuperDecoder() throws {
    let json = #"{"dog_breed": "corgi", "super": {"animal_name": "Rex"}}"#
    let dog = try decode(Dog.self, json)
    #expect(dog.breed == "corgi")
    #expect(dog.name == "Rex")
  }

  @Test func superclassMapAppliesWhenDecodedAlone() throws {
    #expect(try decode(Animal.self, #"{"animal_name": "Tom"}"#).name == "Tom")
    #expect(try decode(Animal.self, #"{"name": "Tom"}"#).name == "Tom")
  }

  @Test func subclassMapServesItsSuperclassThroughTheSameDecoder() throws {
    let cat = try decode(Cat.self, #"{"fur": "black", "animal_name": "Tom"}"#)
    #expect(cat.color == "black")
    #expect(cat.name == "Tom")
  }

  @Test func typeMapAppliesToEveryKeyedContainerItsInitializerAsksFor() throws {
    let pair = try decode(TwoContainers.self, #"{"first_id": 1, "second_id": 2}"#)
    #expect(pair.first == 1)
    #expect(pair.second == 2)
  }

  @Test func containersWithOtherKeysGetTheMapUnchecked() throws {
    let split = try decode(SplitKeys.self, #"{"ID": 1, "version": 2}"#)
    #expect(split.id == 1)
    #expect(split.version == 2)
  }

  @Test func strictDecoderKeepsTypeMaps() throws {
    #expect(try decode(Account.self, #"{"ID": 1}"#, with: .strict()) == Account(id: 1))
  }

  @Test(arguments: [false, true])
  func typeMapDoesNotReachIntoItsDictionaryProperties(snakeCase: Bool) throws {
    let decoder = FlexJSONDecoder()
    if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
    let tagged = try decode(Tagged.self, #"{"ID": 1, "extra": {"ID": 2, "id": 3}}"#, with: decoder)
    #expect(tagged.id == 1)
    #expect(tagged.extra == ["ID": 2, "id": 3])
  }

  // MARK: - Generic types

  @Test func genericTypeWithAComputedKeyMappingDecodes() throws {
    // `static let` is not allowed in a generic type; a computed `static var` is the map there.
    let number = try decode(Envelope<Int>.self, #"{"data": 1, "meta": {"request_id": "r1"}}"#)
    #expect(number == Envelope(payload: 1, requestID: "r1"))
    let words = try decode(Envelope<[String]>.self, #"{"result": ["a", "b"], "meta": {"request_id": "r2"}}"#)
    #expect(words == Envelope(payload: ["a", "b"], requestID: "r2"))
    let error = try decodingError(Envelope<Int>.self, #"{"payload": 1, "meta": {"request_id": "r3"}}"#)
    #expect(error.kind == .keyNotFound)
    #expect(error.key == "payload")
    #expect(error.message.contains(#"tried "data", "result""#))
  }

  // MARK: - Global map

  @Test func globalMapAppliesToEveryType() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyMapping = ["id": ["id", "ID", "_id"]]
    let json = #"{"_id": 1, "items": [{"ID": 2, "title": "a"}, {"id": 3, "title": "b"}]}"#
    let list = try decode(PlainList.self, json, with: decoder)
    #expect(list == PlainList(id: 1, items: [Plain(id: 2, title: "a"), Plain(id: 3, title: "b")]))
  }

  @Test func typeMapWinsOverTheGlobalMap() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyMapping = ["id": "_id", "name": "display_name"]
    let json = #"{"_id": 9, "member_id": 1, "name": "wrong", "display_name": "Bo"}"#
    #expect(try decode(Member.self, json, with: decoder) == Member(id: 1, name: "Bo"))
  }

  @Test func globalMapLeavesDictionaryKeysAlone() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyMapping = ["id": "ID"]
    let json = #"{"ID": 1, "other": 2}"#
    #expect(try decode([String: Int].self, json, with: decoder) == ["ID": 1, "other": 2])
    let values = try decode([String: Plain].self, #"{"ID": {"ID": 3, "title": "t"}}"#, with: decoder)
    #expect(values == ["ID": Plain(id: 3, title: "t")])
  }

  @Test func globalMapNamingAKeyTheTypeLacksIsIgnored() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyMapping = ["nothing": "here", "title": "name"]
    #expect(try decode(Plain.self, #"{"id": 1, "name": "n"}"#, with: decoder) == Plain(id: 1, title: "n"))
  }

  // MARK: - Programmer errors

  @Test func mappingANameNotInCodingKeysThrowsDataCorrupted() throws {
    let error = try decodingError(Misspelled.self, #"{"n": "x"}"#)
    #expect(error.kind == .dataCorrupted)
    #expect(error.path == [])
    #expect(error.message.contains("Misspelled"))
    #expect(error.message.contains(#""nmae""#))
    #expect(error.message.contains("not one of its coding keys"))
  }

  @Test func mappingANameNotInCodingKeysIsReportedAtTheNestedValuesPath() throws {
    let error = try decodingError([String: [Misspelled]].self, #"{"x": [{"n": "x"}]}"#)
    #expect(error.kind == .dataCorrupted)
    #expect(error.path == ["x", "Index 0"])
  }

  @Test func mapNamesAreCodingKeyStringValues() throws {
    #expect(try decode(RenamedKey.self, #"{"ID": 5}"#).bookID == 5)
  }

  // MARK: - allKeys and contains

  @Test(arguments: [
    (#"{"ID": 1, "info": {"name": "x"}, "extra": true, "unknown": 3}"#, ["id", "name", "extra"]),
    (#"{"id": 1, "name": "direct"}"#, ["id"]),
    (#"{"id": null, "info": {}, "missing": 1}"#, ["id", "missing"]),
    (#"{"info": "not an object", "Extra": 1}"#, []),
  ])
  func allKeysAndContainsAgreeWithTheLookup(json: String, expected: [String]) throws {
    let probe = try decode(KeyProbe.self, json)
    #expect(probe.allKeys == Set(expected))
    #expect(probe.contained == Set(expected))
  }

  // MARK: - decode(_:from:at:)

  private static let envelope = Data(
    #"""
    {"code": 0, "msg": "ok",
     "data": {"list": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}], "total": 2,
              "page.size": 20}}
    """#.utf8)

  @Test func decodesTheValueAtAKeyPath() throws {
    let decoder = FlexJSONDecoder()
    #expect(
      try decoder.decode([Plain].self, from: Self.envelope, at: "data.list") == [
        Plain(id: 1, title: "a"), Plain(id: 2, title: "b"),
      ])
    #expect(try decoder.decode(Plain.self, from: Self.envelope, at: "data.list.1") == Plain(id: 2, title: "b"))
    #expect(try decoder.decode(Int.self, from: Self.envelope, at: "data.total") == 2)
    #expect(try decoder.decode(Int.self, from: Self.envelope, at: "code") == 0)
    #expect(try decoder.decode(Int.self, from: Self.envelope, at: #"data.page\.size"#) == 20)
  }

  @Test(arguments: [
    ("result.list", "result", [String]()),
    ("data.items", "items", ["data"]),
    ("data.list.5.id", "5", ["data", "list"]),
    ("data.list.0.name", "name", ["data", "list", "Index 0"]),
  ])
  func missingStepThrowsKeyNotFoundAtThatStepsPath(keyPath: String, key: String, path: [String]) throws {
    let error = try requireDecodingError {
      try FlexJSONDecoder().decode(String.self, from: Self.envelope, at: keyPath)
    }
    let summary = DecodingErrorSummary(error)
    #expect(summary.kind == .keyNotFound)
    #expect(summary.key == key)
    #expect(summary.path == path)
  }

  @Test func stepIntoAScalarThrowsTypeMismatch() throws {
    let error = try requireDecodingError {
      try FlexJSONDecoder().decode(Int.self, from: Self.envelope, at: "msg.length")
    }
    let summary = DecodingErrorSummary(error)
    #expect(summary.kind == .typeMismatch)
    #expect(summary.path == ["msg"])
  }

  @Test func errorsInsideTheValueCarryTheFullPath() throws {
    let data = Data(#"{"data": {"list": [{"id": 1, "title": "a"}, {"id": "x", "title": "b"}]}}"#.utf8)
    let error = try requireDecodingError {
      try FlexJSONDecoder().decode([Plain].self, from: data, at: "data.list")
    }
    let summary = DecodingErrorSummary(error)
    #expect(summary.kind == .typeMismatch)
    #expect(summary.path == ["data", "list", "Index 1", "id"])
  }

  @Test func keyPathStepsCompareExactlyWhateverTheKeyStrategy() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let data = Data(#"{"result_data": {"item_list": [{"item_id": 4}]}}"#.utf8)
    let items = try decoder.decode([SnakeItem].self, from: data, at: "result_data.item_list")
    #expect(items == [SnakeItem(itemId: 4)])
  }

  @Test func typeMapsApplyBelowTheKeyPath() throws {
    let data = Data(#"{"data": [{"ID": 1}, {"user_id": 2}]}"#.utf8)
    #expect(try FlexJSONDecoder().decode([Account].self, from: data, at: "data") == [Account(id: 1), Account(id: 2)])
  }

  // MARK: - Helpers

  private func decode<T: Decodable>(
    _ type: T.Type, _ json: String, with decoder: FlexJSONDecoder = FlexJSONDecoder()
  ) throws -> T {
    try decoder.decode(type, from: Data(json.utf8))
  }

  private func decodingError<T: Decodable>(
    _ type: T.Type, _ json: String, with decoder: FlexJSONDecoder = FlexJSONDecoder(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> DecodingErrorSummary {
    let error = try requireDecodingError(sourceLocation: sourceLocation) {
      try decoder.decode(type, from: Data(json.utf8))
    }
    return DecodingErrorSummary(error)
  }
}

// MARK: - Fixtures

extension KeyMappingTests {
  struct Account: Decodable, Equatable, FlexKeyMapping {
    var id: Int
    var name: String?
    static let keyMapping: FlexKeyMap = ["id": ["id", "ID", "user_id"], "name": ["name", "nick"]]

    init(id: Int, name: String? = nil) {
      self.id = id
      self.name = name
    }
  }

  struct Holder: Decodable {
    var owner: Account
  }

  struct Member: Decodable, Equatable, FlexKeyMapping {
    var id: Int
    var name: String
    static let keyMapping: FlexKeyMap = ["id": "member_id"]
  }

  struct Article: Decodable, Equatable, FlexKeyMapping {
    var title: String
    var author: String
    var cover: String?
    var back: String?
    static let keyMapping: FlexKeyMap = [
      "title": "meta.title", "author": "meta.author.name", "cover": "images.0.url", "back": "images.1.url",
    ]
  }

  struct Release: Decodable, Equatable, FlexKeyMapping {
    var version: String
    var build: String
    static let keyMapping: FlexKeyMap = ["version": #"app\.version"#, "build": #"meta.build\.number"#]
  }

  struct Listing: Decodable, FlexKeyMapping {
    var price: Double
    static let keyMapping: FlexKeyMap = ["price": ["price", "pricing.amount", "offers.0.price"]]
  }

  struct Described: Decodable, FlexKeyMapping {
    var desc: String
    static let keyMapping: FlexKeyMap = ["desc": "ext.desc"]
  }

  struct Shelf: Decodable {
    var featured: Account
    var maybe: Account?
    var absent: Account?
    var all: [Account]
    var byName: [String: Account]
    var gaps: [Account?]
  }

  class Animal: Decodable, FlexKeyMapping {
    let name: String
    class var keyMapping: FlexKeyMap { ["name": ["animal_name", "name"]] }

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
    }
  }

  /// Hands its superclass a `superDecoder()`.
  final class Dog: Animal {
    let breed: String
    override class var keyMapping: FlexKeyMap { FlexKeyMap(["breed": ["dog_breed"]]).merging(Animal.keyMapping) }

    private enum CodingKeys: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      breed = try container.decode(String.self, forKey: .breed)
      try super.init(from: container.superDecoder())
    }
  }

  /// Hands its superclass its own decoder.
  final class Cat: Animal {
    let color: String
    override class var keyMapping: FlexKeyMap { FlexKeyMap(["color": ["fur"]]).merging(Animal.keyMapping) }

    private enum CodingKeys: String, CodingKey { case color }

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      color = try container.decode(String.self, forKey: .color)
      try super.init(from: decoder)
    }
  }

  /// Reads each property from its own keyed container.
  struct TwoContainers: Decodable, FlexKeyMapping {
    var first: Int
    var second: Int
    static let keyMapping: FlexKeyMap = ["first": "first_id", "second": "second_id"]

    private enum CodingKeys: String, CodingKey { case first, second }

    init(from decoder: any Decoder) throws {
      first = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .first)
      second = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .second)
    }
  }

  /// Asks for a second keyed container with keys its map does not name.
  struct SplitKeys: Decodable, FlexKeyMapping {
    var id: Int
    var version: Int
    static let keyMapping: FlexKeyMap = ["id": "ID"]

    private enum CodingKeys: String, CodingKey { case id }
    private enum MetaKeys: String, CodingKey { case version }

    init(from decoder: any Decoder) throws {
      id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
      version = try decoder.container(keyedBy: MetaKeys.self).decode(Int.self, forKey: .version)
    }
  }

  struct Tagged: Decodable, FlexKeyMapping {
    var id: Int
    var extra: [String: Int]
    static let keyMapping: FlexKeyMap = ["id": "ID"]
  }

  struct Plain: Decodable, Equatable {
    var id: Int
    var title: String
  }

  /// A generic envelope: its map is a computed `static var`.
  struct Envelope<Payload: Decodable & Equatable>: Decodable, Equatable, FlexKeyMapping {
    var payload: Payload
    var requestID: String
    static var keyMapping: FlexKeyMap { ["payload": ["data", "result"], "requestID": "meta.request_id"] }
  }

  struct PlainList: Decodable, Equatable {
    var id: Int
    var items: [Plain]
  }

  struct SnakeItem: Decodable, Equatable {
    var itemId: Int
  }

  struct Misspelled: Decodable, FlexKeyMapping {
    var name: String
    static let keyMapping: FlexKeyMap = ["nmae": "n"]
  }

  struct RenamedKey: Decodable, FlexKeyMapping {
    var bookID: Int
    static let keyMapping: FlexKeyMap = ["book_id": ["book_id", "ID"]]

    private enum CodingKeys: String, CodingKey { case bookID = "book_id" }
  }

  /// Records what its keyed container says about each of its keys.
  struct KeyProbe: Decodable, FlexKeyMapping {
    var allKeys: Set<String>
    var contained: Set<String>
    static let keyMapping: FlexKeyMap = ["id": ["id", "ID"], "name": "info.name"]

    private enum CodingKeys: String, CodingKey, CaseIterable { case id, name, extra, missing }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      allKeys = Set(container.allKeys.map(\.stringValue))
      contained = Set(CodingKeys.allCases.filter(container.contains).map(\.stringValue))
    }
  }
}

@Suite("Key mapping programmer errors")
struct KeyMappingProgrammerErrorTests {
  struct Misnamed: Decodable, FlexKeyMapping {
    var bookID: Int
    static let keyMapping: FlexKeyMap = ["bookId": "id"]
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults])
  func aMapNamingAMissingPropertyThrowsUnderEveryPolicy(policy: FlexJSONDecoder.ErrorPolicy) throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    let error = try requireThrows(DecodingError.self) {
      try decoder.decode(Misnamed.self, from: Data(#"{"id": 1}"#.utf8))
    }
    #expect(ErrorShape(error).description == #"dataCorrupted at """#)
    let issues = FlexDecodingError.issues(in: error)
    #expect(issues.map(\.kind) == [.dataCorrupted])
    #expect(issues.contains { $0.message.contains(#"maps "bookId", which is not one of its coding keys"#) })
  }
}

/// Dotted candidates: a path that finds nothing is tried as one literal key; a candidate with an
/// empty component is only a literal key (YYModel's reading).
@Suite("Dotted keys")
struct DottedKeyTests {
  struct Record: Codable, Equatable, FlexKeyMapping {
    var version: String
    var ext: String
    var size: Int
    static let keyMapping: FlexKeyMap = ["version": "meta.version", "ext": ".ext", "size": "a..b"]
  }

  @Test func aPathThatFindsNothingTriesTheLiteralKey() throws {
    let json = #"{"meta.version": "2", ".ext": "png", "a..b": 3}"#
    let result = try FlexJSONDecoder().decodeWithReport(Record.self, from: Data(json.utf8))
    #expect(result.value == Record(version: "2", ext: "png", size: 3))
    #expect(result.issues.isEmpty)
  }

  @Test func thePathWinsOverTheLiteralKey() throws {
    let json = #"{"meta.version": "literal", "meta": {"version": "path"}, ".ext": "png", "a..b": 3}"#
    #expect(try FlexJSONDecoder().decode(Record.self, from: Data(json.utf8)).version == "path")
  }

  @Test func aCandidateWithAnEmptyComponentIsNotAPath() throws {
    // {"": {"ext": …}} would be the path reading of ".ext".
    let json = #"{"meta": {"version": "1"}, "": {"ext": "png"}, "a": {"": {"b": 3}}}"#
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode(Record.self, from: Data(json.utf8))
    }
    #expect(error.issues.map(\.path) == ["ext", "size"])
    #expect(error.issues.map(\.kind) == [.keyNotFound, .keyNotFound])
  }

  @Test func encodingWritesALiteralKeyForAnEmptyComponent() throws {
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = try encoder.encodeToString(Record(version: "2", ext: "png", size: 3))
    #expect(text == #"{".ext":"png","a..b":3,"meta":{"version":"2"}}"#)
  }
}
