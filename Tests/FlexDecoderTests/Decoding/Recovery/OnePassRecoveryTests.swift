import FlexDecoder
import Foundation
import Testing

/// Recovery costs one decode, whatever the number of problems: many distinct problem sites,
/// thousands of problem paths, and the issue lists stay exact (one issue per problem, at its
/// path, in document order).
@Suite("One-pass recovery")
struct OnePassRecoveryTests {
  // MARK: - Many problems

  /// An object read key by key: `p0`…`p{count-1}`, each an `Int`. Every key is its own call
  /// site, like the properties of a wide model.
  struct Wide: Decodable, Equatable {
    static let count = 300
    var values: [Int]

    struct Key: CodingKey {
      let stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(values: [Int]) {
      self.values = values
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      values = try (0..<Self.count).map { try container.decode(Int.self, forKey: Key(stringValue: "p\($0)")) }
    }

    /// `{"p0": "0", "p1": "1", …}`: every value a string.
    static var allStrings: Data {
      Data(("{" + (0..<count).map { #""p\#($0)": "\#($0)""# }.joined(separator: ", ") + "}").utf8)
    }
  }

  @Test func threeHundredPropertiesSentAsStringsDecodeCoercedUnderTheDefaultPolicy() throws {
    let value = try FlexJSONDecoder().decode(Wide.self, from: Wide.allStrings)
    #expect(value == Wide(values: Array(0..<Wide.count)))
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Wide.self, from: Wide.allStrings) }
  }

  @Test func threeHundredCoercionsAreEachReported() throws {
    let decoder = FlexJSONDecoder()
    decoder.reportsCoercions = true
    let result = try decoder.decodeWithReport(Wide.self, from: Wide.allStrings)
    #expect(result.issues.count == Wide.count)
    #expect(result.issues.allSatisfy { $0.kind == .coerced })
    #expect(result.issues.first?.description == #"p0: coerced string "0" to Int"#)
    #expect(result.issues.last?.path == "p299")
  }

  struct Reading: Codable, Equatable {
    var sensor: String
    var value: Int
    var unit: String
  }

  /// `count` readings; element `i` has one problem of a kind that depends on `i % 3`: `value`
  /// null, `unit` missing, or `sensor` an object.
  private static func readings(_ count: Int) -> Data {
    let elements = (0..<count).map { index -> String in
      switch index % 3 {
      case 0: return #"{"sensor": "s\#(index)", "value": null, "unit": "C"}"#
      case 1: return #"{"sensor": "s\#(index)", "value": \#(index)}"#
      default: return #"{"sensor": {}, "value": \#(index), "unit": "C"}"#
      }
    }
    return Data(("[" + elements.joined(separator: ",") + "]").utf8)
  }

  @Test func tenThousandDistinctProblemPathsAreAllRepairedAndReportedUnderUseDefaults() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([Reading].self, from: Self.readings(10_000))
    #expect(result.value.count == 10_000)
    #expect(result.value[0] == Reading(sensor: "s0", value: 0, unit: "C"))
    #expect(result.value[1] == Reading(sensor: "s1", value: 1, unit: ""))
    #expect(result.value[2] == Reading(sensor: "", value: 2, unit: "C"))
    #expect(result.issues.count == 10_000)
    #expect(Set(result.issues.map(\.path)).count == 10_000)
    #expect(result.issues.allSatisfy { $0.kind == .defaulted })
    #expect(
      result.issues.prefix(3).map(\.description) == [
        "[0].value: expected Int but found null; used the default",
        "[1].unit: key not found; used the default",
        "[2].sensor: expected String but found an object; used the default",
      ])
  }

  @Test func tenThousandProblemsAreAllListedUnderCollectAll() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode([Reading].self, from: Self.readings(10_000))
    }
    #expect(error.issues.count == 10_000)
    #expect(error.issues.map(\.path).prefix(4) == ["[0].value", "[1].unit", "[2].sensor", "[3].value"])
  }

  // MARK: - Exact issue lists

  /// A model whose own logic rejects values: a placeholder must not make it report a problem
  /// the document does not have.
  struct Media: Decodable, Equatable {
    enum Kind: Equatable {
      case photo, video
    }

    struct UnknownKind: Error, Equatable {
      let kind: String
    }

    var kind: Kind
    var url: String

    enum CodingKeys: String, CodingKey {
      case kind, url
    }

    init(kind: Kind, url: String) {
      self.kind = kind
      self.url = url
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      switch try container.decode(String.self, forKey: .kind) {
      case "photo": kind = .photo
      case "video": kind = .video
      case let other: throw UnknownKind(kind: other)
      }
      url = try container.decode(String.self, forKey: .url)
    }
  }

  struct Album: Decodable, Equatable {
    var title: String
    var media: [Media]
  }

  private static let albumWithAMissingKind = Data(
    #"""
    {"title": null, "media": [
      {"kind": "photo", "url": "a"},
      {"url": "b"},
      {"kind": "video", "url": "c"},
      {"kind": "gif", "url": "d"}
    ]}
    """#.utf8)

  @Test func aPlaceholderReachingTheModelsOwnChecksIsNotAnotherProblem() throws {
    // `kind` is missing in media[1]: its placeholder "" makes the model throw its own error,
    // which is not a problem of the document. media[3]'s "gif" is one, at its path.
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode(Album.self, from: Self.albumWithAMissingKind)
    }
    #expect(
      error.issues.map(\.description) == [
        "title: expected String but found null",
        "media[1].kind: key not found",
        #"media[3]: UnknownKind(kind: "gif")"#,
      ])
    #expect(error.issues.map(\.kind) == [.valueNotFound, .keyNotFound, .dataCorrupted])
  }

  @Test func aModelThatCannotBeBuiltFromItsPlaceholderIsDroppedAndReportedOnce() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Album.self, from: Self.albumWithAMissingKind)
    #expect(result.value == Album(title: "", media: [Media(kind: .photo, url: "a"), Media(kind: .video, url: "c")]))
    #expect(
      result.issues.map(\.description) == [
        "title: expected String but found null; used the default",
        #"media[1].kind: key not found; used the default"#,
        #"media[1]: UnknownKind(kind: ""); dropped"#,
        #"media[3]: UnknownKind(kind: "gif"); dropped"#,
      ])
  }

  /// An identifier sent as a number or as a string.
  struct Identifier: Decodable, Equatable {
    var text: String

    init(_ text: String) {
      self.text = text
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        text = String(number)
      } else {
        text = try container.decode(String.self)
      }
    }
  }

  struct Account: Decodable, Equatable {
    var id: Identifier
    var name: String
  }

  @Test func aNullReadByAnIntOrStringHelperIsOneProblem() throws {
    let data = Data(#"[{"id": null, "name": "a"}, {"id": "x7", "name": null}, {"id": 9, "name": "c"}]"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode([Account].self, from: data)
    }
    #expect(
      error.issues.map(\.description) == [
        "[0].id: expected Identifier but found null",
        "[1].name: expected String but found null",
      ])
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([Account].self, from: data)
    // The helper's own fallbacks still run: "x7" and 9 as JSONDecoder reads them; the null's
    // placeholder is what the helper makes of nothing (its number branch).
    #expect(
      result.value == [
        Account(id: Identifier("0"), name: "a"), Account(id: Identifier("x7"), name: ""),
        Account(id: Identifier("9"), name: "c"),
      ])
    #expect(result.issues.map(\.path) == ["[0].id", "[1].name"])
  }

  enum Role: String, Decodable, Equatable {
    case admin, member
  }

  struct Badge: Decodable, Equatable {
    var id: UUID
    var level: Int
  }

  struct Profile: Decodable, Equatable {
    var name: String
    var badge: Badge
    var role: Role
    var age: Int
  }

  /// profiles[0] lacks its badge (a struct holding a UUID); profiles[1] has a role no
  /// placeholder can stand for; problems follow in the profiles after them.
  private static let profiles = Data(
    #"""
    [{"name": "a", "role": "admin", "age": "x"},
     {"name": "b", "badge": {"id": "0F5E1B6C-2B64-4B7E-9B76-3C1B2A0E9F10", "level": 1}, "role": "boss", "age": 2},
     {"name": null, "badge": {"id": "0F5E1B6C-2B64-4B7E-9B76-3C1B2A0E9F11", "level": 2}, "role": "admin", "age": 3},
     {"name": "d", "badge": {"id": "nope", "level": 3}, "role": "member", "age": 4}]
    """#.utf8)

  @Test func problemsAfterAValueWithoutPlaceholderAreStillReported() throws {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([Profile].self, from: Self.profiles)
    let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    #expect(
      result.value == [
        Profile(name: "a", badge: Badge(id: zero, level: 0), role: .admin, age: 0),
        Profile(
          name: "", badge: Badge(id: try #require(UUID(uuidString: "0F5E1B6C-2B64-4B7E-9B76-3C1B2A0E9F11")), level: 2),
          role: .admin, age: 3),
        Profile(name: "d", badge: Badge(id: zero, level: 3), role: .member, age: 4),
      ])
    #expect(
      result.issues.map(\.description) == [
        "[0].badge: key not found; used the default",
        "[0].age: expected Int but found the string \"x\"; used the default",
        "[1]: cannot initialize Role from invalid String value boss; dropped",
        "[2].name: expected String but found null; used the default",
        "[3].badge.id: attempted to decode UUID from invalid UUID string; used the default",
      ])
  }

  @Test func collectAllListsEveryProblemAroundAValueWithoutPlaceholder() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode([Profile].self, from: Self.profiles)
    }
    #expect(
      error.issues.map(\.description) == [
        "[0].badge: key not found",
        "[0].age: expected Int but found the string \"x\"",
        "[1].role: cannot initialize Role from invalid String value boss",
        "[2].name: expected String but found null",
        "[3].badge.id: attempted to decode UUID from invalid UUID string",
      ])
  }

  // MARK: - Validation runs once

  /// Counts `validate()` calls per label, across threads.
  final class ValidationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func count(_ label: String) {
      lock.lock()
      counts[label, default: 0] += 1
      lock.unlock()
    }

    func calls(_ label: String) -> Int {
      lock.lock()
      defer { lock.unlock() }
      return counts[label] ?? 0
    }
  }

  static let validations = ValidationCounter()

  struct Line: Decodable, FlexValidatable {
    var label: String
    var qty: Int
    var note: Note

    func validate() throws {
      OnePassRecoveryTests.validations.count(label)
      if qty < 0 { throw NegativeQuantity() }
    }
  }

  struct Note: Decodable, FlexValidatable {
    var label: String
    var text: String

    func validate() throws {
      OnePassRecoveryTests.validations.count(label)
    }
  }

  struct NegativeQuantity: Error {}

  @Test func validateRunsOncePerValueWhateverTheRecoveryDoes() throws {
    // Each line fails in a different way, so the pass learns several sites and decodes lines
    // again; every value is still validated once.
    let lines = (0..<6).map { index -> String in
      let label = "once-\(index)"
      switch index {
      case 1: return #"{"label": "\#(label)", "qty": "3", "note": {"label": "n\#(label)", "text": 1}}"#
      case 3: return #"{"label": "\#(label)", "qty": -1, "note": {"label": "n\#(label)", "text": "t"}}"#
      case 4: return #"{"label": "\#(label)", "note": {"label": "n\#(label)"}}"#
      default: return #"{"label": "\#(label)", "qty": 1, "note": {"label": "n\#(label)", "text": "t"}}"#
      }
    }
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([Line].self, from: Data(("[" + lines.joined(separator: ",") + "]").utf8))
    #expect(result.value.map(\.label) == ["once-0", "once-1", "once-2", "once-4", "once-5"])
    for index in 0..<6 {
      #expect(Self.validations.calls("once-\(index)") == 1, "line \(index)")
      #expect(Self.validations.calls("nonce-\(index)") == 1, "note \(index)")
    }
  }

  // MARK: - Values decoded again

  /// A level of nesting that counts its `init(from:)` calls under the label it reads.
  struct Nest<Inner: Decodable>: Decodable {
    var inner: Inner
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      OnePassRecoveryTests.validations.count(try container.decode(String.self, forKey: .label))
      inner = try container.decode(Inner.self, forKey: .inner)
    }
    enum Key: CodingKey { case label, inner }
  }

  @Test func aValueIsDecodedAgainOnlyWhenThatRepairsTheFailure() throws {
    // The first lid's failure is the plain pass's: it let its error through every call above
    // it, so the recovery pass repairs it where it happens. The second lid's is learned on the
    // way up: the lid fails again where it did until it and the jar's call for it (known from
    // the first) are known to let errors through; then the lid alone is decoded once more, and
    // its missing value is repaired there.
    func shelf(_ label: String, lid: String) -> String {
      let jar = #"{"label": "jar-\#(label)", "inner": \#(lid)}"#
      let box = #"{"label": "box-\#(label)", "inner": \#(jar)}"#
      return #"{"label": "shelf-\#(label)", "inner": \#(box)}"#
    }
    let whole = shelf("deep-0", lid: #"{"label": "lid-deep-0", "inner": 1}"#)
    let sizeless = shelf("deep-1", lid: #"{"label": "lid-deep-1"}"#)
    let alsoSizeless = shelf("deep-2", lid: #"{"label": "lid-deep-2"}"#)
    let data = Data("[\(whole), \(sizeless), \(alsoSizeless)]".utf8)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([Nest<Nest<Nest<Nest<Int>>>>].self, from: data)
    #expect(result.value.map(\.inner.inner.inner.inner) == [1, 0, 0])
    #expect(result.issues.map(\.path) == ["[1].inner.inner.inner.inner", "[2].inner.inner.inner.inner"])
    // The first: the plain pass and the recovery pass. The second (after the plain pass's
    // failure): the recovery pass, and the lid once more.
    let expected = [
      ("shelf-deep-1", 2), ("box-deep-1", 2), ("jar-deep-1", 2), ("lid-deep-1", 2),
      ("shelf-deep-2", 1), ("box-deep-2", 1), ("jar-deep-2", 1), ("lid-deep-2", 2),
    ]
    for (label, calls) in expected {
      #expect(Self.validations.calls(label) == calls, "\(label)")
    }
  }

  private func decoder(_ policy: FlexJSONDecoder.ErrorPolicy) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    return decoder
  }

  /// Reads its payload as an `A`, else as a `B`: both miss `id` with the same message and path
  /// (and nothing else), told apart only by their key types.
  enum Either: Decodable, Equatable {
    case a(A)
    case b(B)
    struct A: Decodable, Equatable {
      var id: Int
      var y: String
    }
    struct B: Decodable, Equatable {
      var id: Int
      var y: String
    }
    init(from decoder: any Decoder) throws {
      if let a = try? A(from: decoder) { self = .a(a) } else { self = .b(try B(from: decoder)) }
    }
  }

  @Test func anotherModelsFailureLikeThePlainPassesIsNotTakenForIt() throws {
    // The plain pass failed at B's `id` (A's failure was caught). A's has the same message and
    // path: the recovery pass must not take it for the plain pass's and repair it, which would
    // turn the value into an `A`.
    let json = Data(#"[{"y": "why"}]"#.utf8)
    let result = try decoder(.useDefaults).decodeWithReport([Either].self, from: json)
    #expect(result.value == [.b(Either.B(id: 0, y: "why"))])
    #expect(result.issues.map(\.path) == ["[0].id"])
    #expect(result.issues.map(\.kind) == [.defaulted])
  }

  /// Reads `id` as an `Int`, else as a `String` (then `name` too): a missing `id` fails both
  /// reads alike, and only the second one's error escapes.
  struct EitherID: Decodable, Equatable {
    enum ID: Equatable {
      case int(Int)
      case string(String)
    }
    var id: ID
    var name: String
    enum CodingKeys: String, CodingKey {
      case id, name
    }
    init(id: ID, name: String) {
      self.id = id
      self.name = name
    }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if let number = try? container.decode(Int.self, forKey: .id) {
        id = .int(number)
        name = "-"
      } else {
        id = .string(try container.decode(String.self, forKey: .id))
        name = try container.decode(String.self, forKey: .name)
      }
    }
  }

  @Test func aMissingKeyReadAsAnotherTypeFirstIsNotTakenForThePlainPassesFailure() throws {
    // The plain pass failed at the `String` read; the `Int` read's `keyNotFound` is the same
    // error. Taken for it, the `Int` read would be repaired and `name` never read.
    let result = try decoder(.useDefaults).decodeWithReport(EitherID.self, from: Data(#"{"name": "Ann"}"#.utf8))
    #expect(result.value == EitherID(id: .string(""), name: "Ann"))
    #expect(result.issues.map(\.path) == ["id"])
  }

  /// A shape read as a circle, else as a square: a value that is no object fails both alike
  /// (their containers' error names `[String: Any]`, not the shape asked for).
  struct Drawing: Decodable, Equatable {
    struct Circle: Codable, Equatable { var r: Double }
    struct Square: Codable, Equatable { var side: Double }
    enum Shape: Equatable {
      case circle(Circle)
      case square(Square)
    }
    var shape: Shape
    enum CodingKeys: String, CodingKey { case shape }
    init(shape: Shape) { self.shape = shape }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if let circle = try? container.decode(Circle.self, forKey: .shape) {
        shape = .circle(circle)
      } else {
        shape = .square(try container.decode(Square.self, forKey: .shape))
      }
    }
  }

  @Test(arguments: [#"{"shape": 5}"#, #"{"shape": null}"#])
  func aNestedModelsFailureLikeTheOneThatEscapedIsNotTakenForIt(json: String) throws {
    let result = try decoder(.useDefaults).decodeWithReport(Drawing.self, from: Data(json.utf8))
    #expect(result.value == Drawing(shape: .square(Drawing.Square(side: 0))))
  }

  /// Opens `data` as a V2 container if `version` reads as an `Int`, else tries a V1 one: two
  /// calls of one site (nested containers are named by `[String: Any]`) with different types.
  struct Versioned: Decodable, Equatable {
    enum V1: CodingKey { case a }
    enum V2: CodingKey { case b }
    enum CodingKeys: String, CodingKey { case version, data }
    var version: Int
    init(version: Int) { self.version = version }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if (try? container.decode(Int.self, forKey: .version)) != nil {
        _ = try container.nestedContainer(keyedBy: V2.self, forKey: .data)
      } else {
        _ = try? container.nestedContainer(keyedBy: V1.self, forKey: .data)
      }
      version = try container.decode(Int.self, forKey: .version)
    }
  }

  @Test func aRepairKeptForOneTypeIsNotHandedBackToACallOfAnother() throws {
    // Decoded again, the value takes the other branch: the V2 container kept for the call's
    // place must not be handed to the V1 call (a crash before).
    let result = try decoder(.useDefaults).decodeWithReport(Versioned.self, from: Data(#"{"version": "x"}"#.utf8))
    #expect(result.value == Versioned(version: 0))
  }

  /// Eight required properties, as an error body decoded as the success type misses them.
  struct Member: Decodable, Equatable {
    var id: Int
    var login: String
    var name: String
    var email: String?
    var followers: Int
    var following: Int
    var verified: Bool
    var score: Double
    var tags: [String]
  }

  @Test func aModelMissingEveryKeyIsRepairedTheSameWayEachTimeItIsDecodedAgain() throws {
    // Each missing key is a lesson: the account is decoded again for each, and the repairs of
    // the keys before it are made again (or handed back): the same values and issues each time.
    let json = Data(#"{"error": {"code": "not_found", "status": 404}}"#.utf8)
    let result = try decoder(.useDefaults).decodeWithReport(Member.self, from: json)
    #expect(
      result.value
        == Member(
          id: 0, login: "", name: "", email: nil, followers: 0, following: 0, verified: false, score: 0, tags: []))
    let keys = ["id", "login", "name", "followers", "following", "verified", "score", "tags"]
    #expect(result.issues.map(\.path) == keys)
    #expect(result.issues.allSatisfy { $0.kind == .defaulted })
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Member.self, from: json)
    }
    #expect(error.issues.map(\.path) == keys)
    #expect(error.issues.allSatisfy { $0.kind == .keyNotFound })
    let jsonDecoderError = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Member.self, from: json) }
    #expect(error.firstError.map(ErrorShape.init) == ErrorShape(jsonDecoderError))
  }

  // MARK: - Errors keep their type

  @Test func aSingleProblemIsThrownAsItsOwnDecodingError() throws {
    let data = Data(#"{"sensor": "s", "value": "high", "unit": "C"}"#.utf8)
    let error = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode(Reading.self, from: data) }
    #expect(
      ErrorShape(error) == ErrorShape { _ = try JSONDecoder().decode(Reading.self, from: data) })
    #expect(
      FlexDecodingError.issues(in: error) == [
        FlexIssue(kind: .typeMismatch, path: "value", message: "expected Int but found the string \"high\"")
      ])
  }

  @Test func aSingleModelErrorIsThrownAsTheModelThrewIt() throws {
    let data = Data(#"{"title": "t", "media": [{"kind": "gif", "url": "d"}]}"#.utf8)
    #expect(throws: Media.UnknownKind(kind: "gif")) { try FlexJSONDecoder().decode(Album.self, from: data) }
    #expect(throws: Media.UnknownKind(kind: "gif")) { try JSONDecoder().decode(Album.self, from: data) }
  }
}
