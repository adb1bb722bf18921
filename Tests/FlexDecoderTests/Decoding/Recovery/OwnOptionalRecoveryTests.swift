import FlexDecoder
import Foundation
import Testing

/// An `Optional` decoded through its own `init(from:)` — a generic `V<Int?>`, `[Int?]`,
/// `[String: Int?]`, `decode(Int?.self, forKey:)` — recovers as a declared `Int?` property does:
/// a bad value is `nil` under `.useDefaults`, never the wrapped type's placeholder, and
/// `.nullStrings` reads `"<null>"` as `nil`.
@Suite("Optionals through their own init(from:)")
struct OwnOptionalRecoveryTests {
  struct Box<Value: Codable & Equatable>: Codable, Equatable {
    var v: Value
  }

  /// A declared `Int?`: what every other spelling must match.
  struct Declared: Codable, Equatable {
    var v: Int?
  }

  /// `decode(Int?.self, forKey:)` written by hand.
  struct HandWritten: Decodable, Equatable {
    var v: Int?
    enum CodingKeys: String, CodingKey { case v }
    init(v: Int?) { self.v = v }
    init(from decoder: any Decoder) throws {
      v = try decoder.container(keyedBy: CodingKeys.self).decode(Int?.self, forKey: .v)
    }
  }

  private func decoder(_ coercions: FlexCoercions = .standard) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.coercions = coercions
    return decoder
  }

  private func decode<T: Decodable>(_ type: T.Type, _ json: String, coercions: FlexCoercions = .standard) throws
    -> FlexDecoded<T>
  {
    try decoder(coercions).decodeWithReport(type, from: Data(json.utf8))
  }

  @Test func aBadValueInAGenericOptionalIsNilAsInADeclaredOne() throws {
    let declared = try decode(Declared.self, #"{"v":"abc"}"#)
    let generic = try decode(Box<Int?>.self, #"{"v":"abc"}"#)
    let handWritten = try decode(HandWritten.self, #"{"v":"abc"}"#)
    #expect(declared.value == Declared(v: nil))
    #expect(generic.value == Box(v: nil))
    #expect(handWritten.value == HandWritten(v: nil))
    #expect(generic.issues.map(\.path) == ["v"])
    #expect(generic.issues.map(\.kind) == declared.issues.map(\.kind))
    #expect(handWritten.issues.map(\.kind) == declared.issues.map(\.kind))
    #expect(declared.issues.map(\.message) == [#"expected Int but found the string "abc"; used nil"#])
    // The optional itself was asked for: the message names it.
    #expect(generic.issues.map(\.message) == [#"expected Int? but found the string "abc"; used nil"#])
  }

  @Test func badElementsOfAnArrayOfOptionalsAreNil() throws {
    #expect(try decode([Int?].self, #"[1,"abc",{},null,2]"#).value == [1, nil, nil, nil, 2])
    #expect(try decode([String?].self, #"["a",{},[],"b"]"#).value == ["a", nil, nil, "b"])
    let result = try decode([Int?].self, #"[1,"abc"]"#)
    #expect(result.issues.map(\.path) == ["[1]"])
    #expect(result.issues.map(\.message) == [#"expected Int? but found the string "abc"; used nil"#])
  }

  @Test func aBadValueOfADictionaryOfOptionalsIsNil() throws {
    let value = try decode([String: Int?].self, #"{"a":"x","b":2}"#).value
    #expect(value.count == 2)
    #expect(value["a"] == .some(nil))
    #expect(value["b"] == .some(2))
  }

  @Test func aBadFieldInsideAnOptionalModelIsRepairedInsideIt() throws {
    struct Person: Codable, Equatable {
      var name: String
      var age: Int
    }
    let result = try decode(Box<Person?>.self, #"{"v":{"name":"Ann","age":{}}}"#)
    #expect(result.value == Box(v: Person(name: "Ann", age: 0)))
    #expect(result.issues.map(\.path) == ["v.age"])
  }

  @Test func nullStringsAreNilInEverySpellingOfAnOptional() throws {
    let coercions: FlexCoercions = .standard.union(.nullStrings)
    #expect(try decode(Declared.self, #"{"v":"<null>"}"#, coercions: coercions).value == Declared(v: nil))
    #expect(try decode(Box<Int?>.self, #"{"v":"<null>"}"#, coercions: coercions).value == Box(v: nil))
    #expect(try decode(HandWritten.self, #"{"v":"<null>"}"#, coercions: coercions).value == HandWritten(v: nil))
    #expect(try decode([Int?].self, #"[1,"<null>","nil"]"#, coercions: coercions).value == [1, nil, nil])
    // No problem to report: the coercion read the value.
    #expect(try decode(Box<Int?>.self, #"{"v":"<null>"}"#, coercions: coercions).issues.isEmpty)
  }

  @Test func validOptionalsDecodeAsUnderJSONDecoder() throws {
    let json = #"{"v":[1,null,3]}"#
    let flex = try FlexJSONDecoder().decode(Box<[Int?]>.self, from: Data(json.utf8))
    let foundation = try JSONDecoder().decode(Box<[Int?]>.self, from: Data(json.utf8))
    #expect(flex == foundation)
    #expect(flex == Box(v: [1, nil, 3]))
  }
}
