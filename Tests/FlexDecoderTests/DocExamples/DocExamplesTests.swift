import FlexDecoder
import Foundation
import Testing

/// Every Swift sample in README.md and Docs/*.md, adapted as little as possible into a test that
/// checks what the text around it claims. Each test names the file and section it comes from;
/// when a sample changes, change its test (and the other way round). The samples of
/// Docs/ComingFromJSONModelAndYYModel.md are in DocExamplesTests+ComingFrom.swift, those of the
/// DocC catalog in DocExamplesTests+DocC.swift, and those of Docs/Ecosystem.md, of
/// Docs/MigratingFromJSONDecoder.md "Code that holds a JSONDecoder" and of Docs/Leniency.md
/// "Generic types" in DocExamplesTests+Interop.swift.
///
/// Manifest fragments (`.package(url:…)` in README.md "Try it" and Docs/GettingStarted.md
/// "Install") are not Swift that a test can compile; `Package.swift` itself is their check.
@Suite("Doc examples")
struct DocExamplesTests {
  // MARK: - README.md

  /// README.md, "Example".
  struct Book: Codable, FlexKeyMapping, Equatable {
    var bookID: Int
    var title: String
    var desc: String
    static let keyMapping: FlexKeyMap = ["bookID": ["id", "ID", "book_id"], "desc": "ext.desc"]
  }

  @Test func readmeExampleDecodesTheBook() throws {
    let json = #"{"ID": "100010", "title": "Harry Potter", "ext": {"desc": "A book"}}"#
    let book = try FlexJSONDecoder().decode(Book.self, from: Data(json.utf8))
    #expect(book == Book(bookID: 100010, title: "Harry Potter", desc: "A book"))
  }

  @Test func readmeExampleFailsWithJSONDecoderAndStrictMode() throws {
    let data = Data(#"{"ID": "100010", "title": "Harry Potter", "ext": {"desc": "A book"}}"#.utf8)
    #expect(
      ErrorShape { _ = try JSONDecoder().decode(Book.self, from: data) }?.description == #"keyNotFound(bookID) at """#)
    // strict() keeps the type's own map (it is part of the type), so "ID" is found, but the
    // string "100010" is not coerced.
    #expect(
      ErrorShape { _ = try FlexJSONDecoder.strict().decode(Book.self, from: data) }?.description
        == #"typeMismatch(Int) at "bookID""#)
  }

  /// README.md, "Example" (the error listing).
  struct Order: Decodable {
    var items: [Item]

    struct Item: Decodable, FlexKeyMapping {
      var sku: String
      var quantity: Int
      static let keyMapping: FlexKeyMap = ["sku": ["sku", "SKU"]]
    }
  }

  @Test func readmeErrorListing() throws {
    let json = #"""
      {"items": [{"sku": "a-1", "quantity": 1}, {"quantity": 2}, {"SKU": "c-3", "quantity": "two"}]}
      """#
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode(Order.self, from: Data(json.utf8))
    }
    #expect(
      error.description == """
        2 problems decoding Order:
          items[1].sku: key not found (tried "sku", "SKU")
          items[2].quantity: expected Int but found the string "two"
        """)
  }

  // MARK: - Docs/GettingStarted.md

  /// Docs/GettingStarted.md, "Decode".
  struct User: Codable, Equatable {
    var id: Int
    var firstName: String
    var isAdmin: Bool
  }

  @Test func gettingStartedDecode() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromAnyCase
    let user = try decoder.decode(User.self, from: #"{"ID": "7", "First_Name": "Ada", "is_admin": 1}"#)
    #expect(user == User(id: 7, firstName: "Ada", isAdmin: true))
  }

  @Test func gettingStartedInputs() throws {
    let json = #"{"id": 1, "firstName": "Ada", "isAdmin": false}"#
    let expected = User(id: 1, firstName: "Ada", isAdmin: false)
    let decoder = FlexJSONDecoder()
    #expect(try decoder.decode(User.self, from: Data(json.utf8)) == expected)
    #expect(try decoder.decode(User.self, from: json) == expected)
    #expect(try decoder.decode(User.self, from: Array(json.utf8)) == expected)
    #expect(try decoder.decode(User.self, from: JSONValue(parsing: json)) == expected)
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    #expect(try decoder.decode(User.self, fromJSONObject: object) == expected)
  }

  /// Docs/GettingStarted.md, "Work with raw JSON".
  @Test func gettingStartedRawJSON() throws {
    let value = try JSONValue(parsing: #"{"id": 12345678901234567890, "tags": ["a", "b"]}"#)
    #expect(value["tags"]?[1]?.stringValue == "b")
    #expect(value["id"]?.numberValue?.text == "12345678901234567890")
    #expect(
      value.formatted([.prettyPrinted, .sortedKeys]) == """
        {
          "id" : 12345678901234567890,
          "tags" : [
            "a",
            "b"
          ]
        }
        """)
  }

  /// Docs/GettingStarted.md, "Work with raw JSON" (the parse error).
  @Test func gettingStartedParseError() throws {
    let error = try requireThrows(JSONParseError.self) {
      try JSONValue(parsing: "{\n  \"a\": 1,\n  \"b\" }")
    }
    #expect(error.description == "Unexpected character '}' at line 3, column 7 (expected ':' after an object key)")
  }

  // MARK: - Docs/ErrorsAndReports.md

  /// Docs/ErrorsAndReports.md, "Error policies".
  struct PolicyOrder: Decodable {
    var id: Int
    var items: [Item]

    struct Item: Decodable {
      var sku: String
      var price: Double
    }
  }

  @Test func errorsAndReportsErrorPolicies() throws {
    let data = Data(
      #"""
      {"id": "A-1", "items": [{"sku": "a", "price": 1}, {"price": 2}, {"sku": "c", "price": null}]}
      """#.utf8)
    do {
      _ = try FlexJSONDecoder().decode(PolicyOrder.self, from: data)
      Issue.record("expected a FlexDecodingError")
    } catch let error as FlexDecodingError {
      #expect(
        error.description.replacingOccurrences(of: "PolicyOrder", with: "Order") == """
          3 problems decoding Order:
            id: expected Int but found the string "A-1"
            items[1].sku: key not found
            items[2].price: expected Double but found null
          """)
      #expect(error.issues.map(\.kind) == [.typeMismatch, .keyNotFound, .valueNotFound])
      #expect(
        error.decodingErrors.map { ErrorShape($0).description } == [
          #"typeMismatch(Int) at "id""#, #"keyNotFound(sku) at "items.1""#,
          #"valueNotFound(Double) at "items.2.price""#,
        ])
    }
  }

  @Test func errorsAndReportsFailFastAndMalformedJSON() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .failFast
    let data = Data(#"{"id": "A-1", "items": []}"#.utf8)
    #expect(
      ErrorShape { _ = try decoder.decode(PolicyOrder.self, from: data) }?.description == #"typeMismatch(Int) at "id""#)

    for policy in [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults] {
      decoder.errorPolicy = policy
      let error = try requireThrows(DecodingError.self) {
        try decoder.decode(PolicyOrder.self, from: Data("{\"id\": 1,\n \"items\": [}".utf8))
      }
      guard case .dataCorrupted(let context) = error else {
        Issue.record("expected dataCorrupted, got \(error)")
        continue
      }
      let parseError = try #require(context.underlyingError as? JSONParseError)
      #expect((parseError.line, parseError.column) == (2, 12))
    }
  }

  /// Docs/ErrorsAndReports.md, "Error policies" (the paragraph after the sample) and "One
  /// problem, or several".
  struct Venue: Decodable {
    var name: String
    var city: String
  }

  struct Event: Decodable {
    var title: String
    var venue: Venue
  }

  @Test func errorsAndReportsMissingNestedStructIsOneIssue() throws {
    let data = Data(#"{"title": "Gala"}"#.utf8)
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder().decode(Event.self, from: data)
    }
    #expect(ErrorShape(error).description == #"keyNotFound(venue) at """#)
    #expect(ErrorShape(error) == ErrorShape { _ = try JSONDecoder().decode(Event.self, from: data) })
    #expect(FlexDecodingError.issues(in: error).map(\.description) == ["venue: key not found"])
  }

  @Test func errorsAndReportsOneProblemOrSeveral() throws {
    // One problem: its own DecodingError, as JSONDecoder throws it.
    do {
      _ = try FlexJSONDecoder().decode(Event.self, from: Data(#"{"title": "Gala"}"#.utf8))
      Issue.record("expected a DecodingError")
    } catch let error as DecodingError {
      #expect(ErrorShape(error).description == #"keyNotFound(venue) at """#)
      #expect(
        FlexDecodingError.issues(in: error) == [FlexIssue(kind: .keyNotFound, path: "venue", message: "key not found")])
    }

    // One path for logging, whatever was thrown.
    var logged: [String] = []
    func log(_ issue: FlexIssue) { logged.append("\(issue)") }
    for json in [#"{"id": 1, "items": [{"price": 2}]}"#, #"{"id": "A-1", "items": [{"price": 2}]}"#] {
      do {
        _ = try FlexJSONDecoder().decode(PolicyOrder.self, from: Data(json.utf8))
        Issue.record("decoded \(json)")
      } catch {
        for issue in FlexDecodingError.issues(in: error) { log(issue) }
      }
    }
    #expect(
      logged == [
        "items[0].sku: key not found", #"id: expected Int but found the string "A-1""#, "items[0].sku: key not found",
      ])

    // Your own error: kind .dataCorrupted, no path, its description as the message.
    let priceError = try requireThrows(PriceError.self) {
      try FlexJSONDecoder().decode(Line.self, from: #"{"name": "Lamp", "price": {"amount": -1}}"#)
    }
    #expect(
      FlexDecodingError.issues(in: priceError) == [FlexIssue(kind: .dataCorrupted, path: "", message: "negative")])

    // A LocalizedError: localizedDescription is the description.
    let several = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode(PolicyOrder.self, from: #"{"id": "A-1", "items": [{"price": 2}]}"#)
    }
    #expect(several.localizedDescription == several.description)
    #expect(several.localizedDescription.hasPrefix("2 problems decoding PolicyOrder:\n"))
  }

  /// Docs/ErrorsAndReports.md, "Reports".
  struct ReportOrder: Decodable, Equatable {
    var id: Int
    var items: [Item]

    struct Item: Decodable, Equatable {
      var sku: String
      var quantity: Int
    }
  }

  @Test func errorsAndReportsReports() throws {
    let data = Data(
      #"""
      {"id": "42", "legacy_flag": true,
       "items": [{"sku": "a", "quantity": 1}, {"sku": "b", "quantity": 2}, {"sku": "c", "quantity": "many"}]}
      """#.utf8)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.reportsCoercions = true
    decoder.unknownKeyPolicy = .report
    let result = try decoder.decodeWithReport(ReportOrder.self, from: data)
    #expect(
      result.value
        == ReportOrder(
          id: 42, items: [.init(sku: "a", quantity: 1), .init(sku: "b", quantity: 2), .init(sku: "c", quantity: 0)]))
    #expect(
      result.issues.map(\.description) == [
        #"id: coerced string "42" to Int"#,
        #"legacy_flag: unknown key "legacy_flag""#,
        #"items[2].quantity: expected Int but found the string "many"; used the default"#,
      ])
    #expect(result.issues.map(\.kind) == [.coerced, .unknownKey, .defaulted])
    #expect(result.issues.map(\.kind.isProblem) == [false, false, false])
  }

  @Test func errorsAndReportsUnknownKeysCanFail() throws {
    let decoder = FlexJSONDecoder()
    decoder.unknownKeyPolicy = .fail
    // One unknown key: thrown alone, as a DecodingError at its path.
    let error = try requireThrows(DecodingError.self) {
      try decoder.decode(ReportOrder.self, from: #"{"id": 1, "items": [], "legacy_flag": true}"#)
    }
    #expect(ErrorShape(error).description == #"dataCorrupted at "legacy_flag""#)
    #expect(
      FlexDecodingError.issues(in: error) == [
        FlexIssue(kind: .dataCorrupted, path: "legacy_flag", message: #"unknown key "legacy_flag""#)
      ])
    // Several: listed as unknown keys.
    let several = try requireThrows(FlexDecodingError.self) {
      try decoder.decode(ReportOrder.self, from: #"{"id": 1, "items": [], "legacy_flag": true, "v": 2}"#)
    }
    #expect(several.issues.map(\.kind) == [.unknownKey, .unknownKey])
    #expect(several.issues.map(\.path) == ["legacy_flag", "v"])
  }

  /// Docs/ErrorsAndReports.md, "Defaults".
  enum Status: String, Codable, FlexDefaultValue {
    case active, suspended, unknown
    static let flexDefault = Status.unknown
  }

  struct Account: Decodable, Equatable {
    var name: String
    var age: Int
    var admin: Bool
    var tags: [String]
    var nickname: String?
    var status: Status
  }

  @Test func errorsAndReportsDefaults() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Account.self, from: Data(#"{"status": "banned", "nickname": []}"#.utf8))
    #expect(result.value == Account(name: "", age: 0, admin: false, tags: [], nickname: nil, status: .unknown))
    #expect(result.issues.allSatisfy { $0.kind == .defaulted })
  }

  @Test func errorsAndReportsUndefaultableElementIsDropped() throws {
    enum Role: String, Decodable { case admin, member }
    struct Team: Decodable { var roles: [Role] }
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Team.self, from: Data(#"{"roles": ["admin", "boss", "member"]}"#.utf8))
    #expect(result.value.roles == [.admin, .member])
    #expect(result.issues.map(\.kind) == [.droppedElement])
  }

  /// Docs/ErrorsAndReports.md, "Validation".
  enum PriceError: Error, Equatable { case negative }

  struct Price: Codable, FlexValidatable {
    var amount: Double
    func validate() throws {
      guard amount >= 0 else { throw PriceError.negative }
    }
  }

  struct Line: Decodable {
    var name: String
    var price: Price
  }

  @Test func errorsAndReportsValidation() throws {
    // Next to another problem: a validationFailed issue at the value's path.
    let several = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode(Line.self, from: #"{"name": true, "price": {"amount": -1}}"#)
    }
    #expect(several.issues.map(\.kind) == [.typeMismatch, .validationFailed])
    #expect(several.issues.map(\.path) == ["name", "price"])

    // The only problem: the error validate() threw, itself.
    let data = Data(#"{"name": "Lamp", "price": {"amount": -1}}"#.utf8)
    var caught = false
    do {
      _ = try FlexJSONDecoder().decode(Line.self, from: data)
    } catch PriceError.negative {
      caught = true
    }
    #expect(caught)

    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .failFast
    #expect(throws: PriceError.negative) { try decoder.decode(Line.self, from: data) }
    #expect(throws: PriceError.negative) { try FlexJSONDecoder.strict().decode(Line.self, from: data) }
  }

  // MARK: - Docs/Leniency.md

  /// Docs/Leniency.md, "Several candidate keys".
  struct CandidateBook: Codable, FlexKeyMapping {
    var bookID: Int
    static let keyMapping: FlexKeyMap = ["bookID": ["id", "ID", "book_id"]]
  }

  @Test func leniencyCandidateKeys() throws {
    let decoder = FlexJSONDecoder()
    #expect(try decoder.decode(CandidateBook.self, from: #"{"ID": 100010}"#).bookID == 100010)
    #expect(try decoder.decode(CandidateBook.self, from: #"{"book_id": 100010}"#).bookID == 100010)
    #expect(try decoder.decode(CandidateBook.self, from: #"{"id": null, "ID": 7}"#).bookID == 7)
  }

  /// Docs/Leniency.md, "How a property's JSON key is found" (renamed coding keys).
  struct RenamedBook: Codable, FlexKeyMapping {
    var bookID: Int
    enum CodingKeys: String, CodingKey { case bookID = "book_id" }
    static let keyMapping: FlexKeyMap = ["book_id": ["book_id", "id"]]
  }

  @Test func leniencyMapEntriesAreNamedByCodingKeys() throws {
    #expect(try FlexJSONDecoder().decode(RenamedBook.self, from: #"{"id": 3}"#).bookID == 3)
  }

  /// Docs/Leniency.md, "Key paths".
  struct PathBook: Codable, FlexKeyMapping, Equatable {
    var desc: String
    var cover: String
    var version: String
    static let keyMapping: FlexKeyMap = [
      "desc": "ext.desc",
      "cover": "images.0.url",
      "version": #"meta.v\.1"#,
    ]
  }

  @Test func leniencyKeyPaths() throws {
    let json = #"""
      {"ext": {"desc": "A book"}, "images": [{"url": "a.png"}, {"url": "b.png"}], "meta": {"v.1": "first"}}
      """#
    #expect(
      try FlexJSONDecoder().decode(PathBook.self, from: json)
        == PathBook(desc: "A book", cover: "a.png", version: "first"))
  }

  @Test func leniencyMissingKeyPathMessage() throws {
    struct Described: Decodable, FlexKeyMapping {
      var desc: String
      static let keyMapping: FlexKeyMap = ["desc": "ext.desc"]
    }
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode(Described.self, from: #"{"ext": "none"}"#)
    }
    guard case .keyNotFound(_, let context) = error else {
      Issue.record("expected keyNotFound, got \(error)")
      return
    }
    #expect(
      context.debugDescription
        == #"No value associated with key CodingKeys(stringValue: "desc", intValue: nil) ("desc"); "#
        + #"tried "ext.desc" ("ext" is a string, not an object)."#)
  }

  @Test func leniencyMappingAnUnknownPropertyIsAProgrammerError() throws {
    struct Book: Decodable, FlexKeyMapping {
      var bookID: Int
      static let keyMapping: FlexKeyMap = ["bookId": "id"]
    }
    let json = #"{"id": 1, "bookID": 1}"#
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode(Book.self, from: json)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(
      context.debugDescription == #"The FlexKeyMapping of Book maps "bookId", which is not one of its coding keys."#)
    for policy in [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults] {
      let decoder = FlexJSONDecoder()
      decoder.errorPolicy = policy
      let thrown = try requireThrows(DecodingError.self) { try decoder.decode(Book.self, from: json) }
      guard case .dataCorrupted(let thrownContext) = thrown else {
        Issue.record("expected dataCorrupted under \(policy), got \(thrown)")
        continue
      }
      #expect(thrownContext.codingPath.isEmpty)
      #expect(thrownContext.debugDescription == context.debugDescription)
      #expect(FlexDecodingError.issues(in: thrown).map(\.kind) == [.dataCorrupted])
    }
  }

  /// Docs/Leniency.md, "The global map".
  @Test func leniencyGlobalMap() throws {
    struct Thing: Decodable { var id: Int }
    let decoder = FlexJSONDecoder()
    decoder.keyMapping = ["id": ["id", "ID", "_id"]]
    #expect(try decoder.decode(Thing.self, from: #"{"_id": 9}"#).id == 9)
    #expect(try decoder.decode([Thing].self, from: #"[{"ID": 1}, {"id": 2}]"#).map(\.id) == [1, 2])
  }

  /// Docs/Leniency.md, "Decoding at a key path".
  struct Item: Decodable, Equatable { var name: String }

  @Test func leniencyDecodingAtAKeyPath() throws {
    let decoder = FlexJSONDecoder()
    let data = Data(#"{"code": 0, "data": {"list": [{"name": "a"}, {"name": "b"}]}}"#.utf8)
    let items = try decoder.decode([Item].self, from: data, at: "data.list")
    #expect(items == [Item(name: "a"), Item(name: "b")])
    let collected = try requireThrows(DecodingError.self) {
      try decoder.decode([Item].self, from: data, at: "data.items")
    }
    #expect(ErrorShape(collected).description == #"keyNotFound(items) at "data""#)
    #expect(FlexDecodingError.issues(in: collected).map(\.description) == ["data.items: key not found"])
    decoder.errorPolicy = .failFast
    #expect(
      ErrorShape { _ = try decoder.decode([Item].self, from: data, at: "data.items") }?.description
        == #"keyNotFound(items) at "data""#)
    #expect(
      ErrorShape { _ = try decoder.decode([Item].self, from: data, at: "code.list") }?.kind.hasPrefix("typeMismatch")
        == true)
  }

  /// Docs/Leniency.md, "Key strategies" (the table).
  struct Person: Decodable, Equatable { var firstName: String }

  @Test(arguments: [
    (FlexJSONDecoder.KeyDecodingStrategy.convertFromSnakeCase, "first_name"),
    (.convertFromTitleCase, "FirstName"),
    (.convertFromKebabCase, "first-name"),
    (.convertFromAnyCase, "first_name"),
    (.convertFromAnyCase, "FirstName"),
    (.convertFromAnyCase, "first-name"),
    (.convertFromAnyCase, "FIRST_NAME"),
  ])
  func leniencyKeyStrategies(strategy: FlexJSONDecoder.KeyDecodingStrategy, key: String) throws {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = strategy
    #expect(try decoder.decode(Person.self, from: #"{"\#(key)": "Ada"}"#) == Person(firstName: "Ada"))
  }

  @Test func leniencyTitleCaseAcronyms() throws {
    struct Link: Decodable, Equatable {
      var id: Int
      var urlString: String
    }
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromTitleCase
    #expect(try decoder.decode(Link.self, from: #"{"ID": 1, "URLString": "u"}"#) == Link(id: 1, urlString: "u"))
  }

  @Test func leniencyAnyCaseExactMatchWins() throws {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromAnyCase
    #expect(try decoder.decode(Person.self, from: #"{"first_name": "A", "firstName": "B"}"#) == Person(firstName: "B"))
    #expect(try decoder.decode(Person.self, from: #"{"first_name": "A", "FirstName": "B"}"#) == Person(firstName: "A"))
    #expect(try decoder.decode([String: Int].self, from: #"{"first_name": 1}"#) == ["first_name": 1])
  }

  /// Docs/Leniency.md, "Coercions" (the table and the sample).
  @Test func leniencyCoercions() throws {
    let decoder = FlexJSONDecoder()
    #expect(decoder.coercions == .standard)
    #expect(try decoder.decode([String].self, from: "[42, 1.50]") == ["42", "1.50"])
    #expect(try decoder.decode([Double].self, from: #"["42", " 42 ", "1e3", "-0.5"]"#) == [42, 42, 1000, -0.5])
    #expect(try decoder.decode([Int].self, from: #"["1.0"]"#) == [1])
    // Out of range or not whole: a type mismatch (the only problem, so its DecodingError).
    #expect(
      ErrorShape { _ = try decoder.decode([UInt8].self, from: #"["300"]"#) }?.description
        == #"typeMismatch(UInt8) at "0""#)
    #expect(
      ErrorShape { _ = try decoder.decode([Int].self, from: #"["1.5"]"#) }?.description == #"typeMismatch(Int) at "0""#)
    #expect(
      try decoder.decode([Bool].self, from: #"["true", "false", "YES", "no", "1", "0", 0, 1, 1.0]"#)
        == [true, false, true, false, true, false, false, true, true])
    #expect(
      ErrorShape { _ = try decoder.decode([Bool].self, from: "[2]") }?.description == #"typeMismatch(Bool) at "0""#)
    #expect(
      ErrorShape { _ = try decoder.decode([Int].self, from: "[true]") }?.description == #"typeMismatch(Int) at "0""#)

    decoder.coercions = .all
    #expect(try decoder.decode([Int].self, from: "[true]") == [1])
    #expect(try decoder.decode([String: [String: Int]].self, from: #"{"x": "{\"a\":1}"}"#) == ["x": ["a": 1]])
    #expect(try decoder.decode([String: [String]].self, from: #"{"x": "a"}"#) == ["x": ["a"]])

    decoder.coercions = []
    let uncoerced = try requireThrows(DecodingError.self) { try decoder.decode([Int].self, from: #"["42"]"#) }
    #expect(
      ErrorShape(uncoerced) == ErrorShape { _ = try JSONDecoder().decode([Int].self, from: Data(#"["42"]"#.utf8)) })
    #expect(
      FlexDecodingError.issues(in: uncoerced).map(\.description) == [#"[0]: expected Int but found the string "42""#])
  }

  /// Docs/Leniency.md, "Dates: `.flexible`".
  @Test func leniencyFlexibleDates() throws {
    let decoder = FlexJSONDecoder()
    decoder.dateDecodingStrategy = .flexible
    let noon = Date(timeIntervalSince1970: 1_714_566_600)  // 2024-05-01T12:30:00Z
    let dates = try decoder.decode(
      [Date].self,
      from: #"""
        ["2024-05-01T12:30:00Z", "2024-05-01T14:30:00.250+02:00", "2024-05-01", "2024-05-01 12:30:00",
         1714566600, "1714566600", 1714566600000]
        """#)
    #expect(
      dates == [
        noon, noon.addingTimeInterval(0.25), Date(timeIntervalSince1970: 1_714_521_600), noon, noon, noon, noon,
      ])
  }

  /// Docs/Leniency.md, "JSON5".
  @Test func leniencyJSON5() throws {
    struct Config: Decodable, Equatable {
      var name: String
      var mask: Int
      var ratio: Double
      var limit: Double
    }
    let decoder = FlexJSONDecoder()
    decoder.allowsJSON5 = true
    let text = "// settings\n{name: 'flex', mask: 0xFF, ratio: .5, limit: Infinity,}"
    let config = try decoder.decode(Config.self, from: text)
    #expect(config == Config(name: "flex", mask: 255, ratio: 0.5, limit: .infinity))
    decoder.assumesTopLevelDictionary = true
    #expect(try decoder.decode(Config.self, from: "name: 'x', mask: 1, ratio: +1., limit: 2").ratio == 1)
  }

  // MARK: - Docs/MigratingFromJSONDecoder.md

  /// Docs/MigratingFromJSONDecoder.md, "What changes by default".
  @Test func migratingDefaults() throws {
    let decoder = FlexJSONDecoder()
    #expect(decoder.coercions == .standard)
    #expect(decoder.errorPolicy == .collectAll)
    #expect(decoder.keyMapping.isEmpty)
    #expect(decoder.unknownKeyPolicy == .ignore)
    #expect(decoder.reportsCoercions == false)
  }

  @Test func migratingCatchingBothErrors() throws {
    var logged: [String] = []
    func log(_ error: any Error) { logged.append("\(error)") }
    let decoder = FlexJSONDecoder()

    let several = Data(#"{"id": "x", "items": [{}]}"#.utf8)
    let one = Data(#"{"id": "x", "items": []}"#.utf8)
    let malformed = Data(#"{"id": 1,"#.utf8)
    for data in [several, one, malformed] {
      do {
        let order = try decoder.decode(PolicyOrder.self, from: data)
        Issue.record("decoded \(order)")
      } catch let error as FlexDecodingError {
        log(error)
        let first = error.decodingErrors.first
        #expect(first.map { ErrorShape($0).description } == #"typeMismatch(Int) at "id""#)
      } catch let error as DecodingError {
        log(error)
        if data == one {
          // One problem: the DecodingError JSONDecoder throws.
          #expect(ErrorShape(error) == ErrorShape { _ = try JSONDecoder().decode(PolicyOrder.self, from: data) })
          #expect(ErrorShape(error).description == #"typeMismatch(Int) at "id""#)
        } else {
          guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted")
            continue
          }
          #expect(context.underlyingError is JSONParseError)
        }
      }
    }
    #expect(logged.count == 3)
    #expect(logged[0].hasPrefix("3 problems decoding PolicyOrder:\n  id: expected Int but found the string \"x\"\n"))
  }

  /// Docs/MigratingFromJSONDecoder.md, "What changes by default" (reading the issues of any
  /// error, and `LocalizedError`).
  @Test func migratingIssuesOfAnyError() throws {
    var logged: [String] = []
    func log(_ issue: FlexIssue) { logged.append("\(issue)") }
    let decoder = FlexJSONDecoder()
    for json in [#"{"id": 1, "items": [{"sku": "a", "price": 1}, {"price": 2}]}"#, #"{"id": "x", "items": [{}]}"#] {
      do {
        let order = try decoder.decode(PolicyOrder.self, from: Data(json.utf8))
        Issue.record("decoded \(order)")
      } catch {
        for issue in FlexDecodingError.issues(in: error) { log(issue) }
      }
    }
    #expect(
      logged == [
        "items[1].sku: key not found",
        #"id: expected Int but found the string "x""#, "items[0].sku: key not found", "items[0].price: key not found",
      ])

    let error = try requireThrows(FlexDecodingError.self) {
      try decoder.decode(PolicyOrder.self, from: #"{"id": "x", "items": [{}]}"#)
    }
    #expect(error.localizedDescription == error.description)
  }

  /// Docs/MigratingFromJSONDecoder.md, "Getting exactly JSONDecoder's behaviour".
  @Test func migratingStrict() throws {
    let decoder = FlexJSONDecoder.strict()
    #expect(decoder.coercions == [])
    #expect(decoder.errorPolicy == .failFast)
    let data = Data(#"{"id": "1", "items": []}"#.utf8)
    #expect(
      ErrorShape { _ = try decoder.decode(PolicyOrder.self, from: data) }
        == ErrorShape { _ = try JSONDecoder().decode(PolicyOrder.self, from: data) })
    // A type's own map still applies in strict mode.
    #expect(try decoder.decode(CandidateBook.self, from: #"{"book_id": 5}"#).bookID == 5)
  }

  /// Docs/MigratingFromJSONDecoder.md, "Known differences from Foundation's JSONDecoder".
  @Test func migratingKnownDifferences() throws {
    let strict = FlexJSONDecoder.strict()
    #expect(try strict.decode([Int].self, from: "[1,]") == [1])
    #expect(try strict.decode([String: Int].self, from: #"{"a":1,}"#) == ["a": 1])
    #expect(throws: DecodingError.self) { try strict.decode([Int].self, from: "[1,,]") }
    let validator = FlexJSONDecoder.strict()
    validator.requiresRFC8259 = true
    #expect(throws: DecodingError.self) { try validator.decode([Int].self, from: "[1,]") }
    #expect((try? JSONValue(parsing: "[1,]", options: JSONParsingOptions(allowsTrailingCommas: true))) == [1])
    #expect(try strict.decode([Double].self, from: "[0e1]") == [0])
    let json5 = FlexJSONDecoder.strict()
    json5.allowsJSON5 = true
    #expect(try json5.decode([String].self, from: #"['\0', '\x00', '\u0000']"#) == ["\u{0}", "\u{0}", "\u{0}"])
  }

  @Test func migratingQuirksMatchFoundation() throws {
    let strict = FlexJSONDecoder.strict()
    for (json, type) in [
      ("[300]", [UInt8].self as any Decodable.Type), ("[1.5]", [Int].self), ("[1e400]", [Double].self),
    ] {
      #expect(ErrorShape { _ = try strict.decode(type, from: Data(json.utf8)) }?.description == #"dataCorrupted at """#)
    }
    #expect(try strict.decode([String: Int].self, from: #"{"a": 1, "a": 2}"#) == ["a": 1])
    #expect(try strict.decode([Int].self, from: Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == [1])
    #expect(throws: DecodingError.self) { try strict.decode([String].self, from: #"["\uD800"]"#) }
    #expect(throws: DecodingError.self) {
      try strict.decode([String].self, from: Data([0x5B, 0x22, 0xFF, 0x22, 0x5D]))
    }
    #expect(try strict.decode([UInt64].self, from: "[12345678901234567890]") == [12_345_678_901_234_567_890])
    #expect(
      try strict.decode([Double].self, from: "[0.1]")
        == (try JSONDecoder().decode([Double].self, from: Data("[0.1]".utf8))))
  }
}
