import FlexCore
import Foundation
import Testing

@Suite("JSONValue")
struct JSONValueTests {
  // MARK: - Literals

  @Test func buildsEveryCaseFromLiterals() {
    let value: JSONValue = ["a": [1, 2.5, "x", true, nil], "b": [:], "c": []]
    let expected = JSONValue.object(
      JSONObject([
        (
          "a",
          .array([
            .number(JSONNumber(1 as Int)), .number(JSONNumber(floatLiteral: 2.5)), .string("x"), .bool(true), .null,
          ])
        ),
        ("b", .object(JSONObject())),
        ("c", .array([])),
      ]))
    #expect(value == expected)
    #expect(value["a"]?[0]?.numberValue?.text == "1")
    #expect(value["a"]?[1]?.numberValue?.text == "2.5")
  }

  @Test func literalObjectsKeepTheFirstOfRepeatedKeys() {
    let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
    #expect(object.keys == ["a", "b"])
    #expect(object["a"] == 1)
  }

  // MARK: - Subscripts and accessors

  @Test func subscriptsFindMembersAndElements() throws {
    let value = try JSONValue(parsing: #"{"list": [10, 20], "name": "x"}"#)
    #expect(value["list"]?[1] == 20)
    #expect(value["name"] == "x")
  }

  @Test func subscriptsReturnNilForMissingKeysIndicesAndOtherTypes() throws {
    let value = try JSONValue(parsing: #"{"list": [10, 20], "name": "x"}"#)
    #expect(value["missing"] == nil)
    #expect(value["list"]?[2] == nil)
    #expect(value["list"]?[-1] == nil)
    #expect(value[0] == nil)
    #expect(value["name"]?["x"] == nil)
    #expect(value["list"]?["0"] == nil)
    #expect(JSONValue.null["a"] == nil)
  }

  @Test func accessorsReturnTheirOwnCaseOnly() {
    let null: JSONValue = nil
    let bool: JSONValue = false
    let number: JSONValue = 2.5
    let integer: JSONValue = .number(JSONNumber(uncheckedText: "1e2"))
    let string: JSONValue = "s"
    let array: JSONValue = [1]
    let object: JSONValue = ["k": 1]

    #expect(null.isNull)
    #expect(!bool.isNull)
    #expect(bool.boolValue == false)
    #expect(number.boolValue == nil)
    #expect(number.doubleValue == 2.5)
    #expect(number.intValue == nil)
    #expect(integer.intValue == 100)
    #expect(integer.doubleValue == 100)
    #expect(string.stringValue == "s")
    #expect(string.numberValue == nil)
    #expect(string.doubleValue == nil)
    #expect(array.arrayValue == [1])
    #expect(array.objectValue == nil)
    #expect(object.objectValue == ["k": 1])
    #expect(object.arrayValue == nil)
    #expect(null.stringValue == nil)
  }

  // MARK: - Objects

  @Test func keepsKeysInDocumentOrder() throws {
    let value = try JSONValue(parsing: #"{"z": 1, "a": 2, "m": {"y": 3, "b": 4}}"#)
    #expect(value.objectValue?.keys == ["z", "a", "m"])
    #expect(value["m"]?.objectValue?.keys == ["y", "b"])
    #expect(value.description == #"{"z":1,"a":2,"m":{"y":3,"b":4}}"#)
    #expect(value.formatted(.sortedKeys) == #"{"a":2,"m":{"b":4,"y":3},"z":1}"#)
  }

  @Test func keepsTheFirstValueOfADuplicateKey() throws {
    let value = try JSONValue(parsing: #"{"a": 1, "b": 2, "a": 3, "b": {"x": 1}}"#)
    #expect(value["a"] == 1)
    #expect(value["b"] == 2)
    #expect(value.objectValue?.keys == ["a", "b"])
    #expect(value.description == #"{"a":1,"b":2}"#)
  }

  @Test func treatsAnEscapedKeyAsTheSameKey() throws {
    let value = try JSONValue(parsing: #"{"a": 1, "\u0061": 2}"#)
    #expect(value.objectValue?.count == 1)
    #expect(value["a"] == 1)
  }

  @Test func keepsTheFirstValueOfADuplicateKeyInALargeObject() throws {
    let members = (0..<20).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
    let value = try JSONValue(parsing: "{\(members), \"k5\": \"again\", \"k19\": null}")
    let object = try #require(value.objectValue)
    #expect(object.count == 20)
    #expect(object.keys == (0..<20).map { "k\($0)" })
    #expect(object["k5"] == 5)
    #expect(object["k19"] == 19)
  }

  @Test func editsObjectsInPlace() {
    var object: JSONObject = ["id": 1, "name": "Flex"]
    object["name"] = "Core"
    object["tags"] = ["a"]
    #expect(object.keys == ["id", "name", "tags"])
    #expect(object["name"] == "Core")
    #expect(object.removeValue(forKey: "id") == 1)
    #expect(object.removeValue(forKey: "id") == nil)
    object["tags"] = nil
    #expect(object.keys == ["name"])
    #expect(object.index(forKey: "name") == 0)
  }

  @Test func findsKeysAfterEditsPastTheHashingThreshold() {
    var object = JSONObject()
    for index in 0..<30 { object["k\(index)"] = .number(JSONNumber(index)) }
    for index in stride(from: 0, to: 30, by: 3) { object.removeValue(forKey: "k\(index)") }
    #expect(object.count == 20)
    #expect(object.index(forKey: "k1") == 0)
    #expect(object.index(forKey: "k29") == 19)
    for index in 0..<30 {
      #expect(object["k\(index)"] == (index % 3 == 0 ? nil : .number(JSONNumber(index))))
    }
    while object.count > 5 { object.removeValue(forKey: object.keys[0]) }
    #expect(object.keys == ["k23", "k25", "k26", "k28", "k29"])
    #expect(object["k26"] == 26)
  }

  @Test func comparesObjectsRegardlessOfKeyOrder() throws {
    #expect(try JSONValue(parsing: #"{"a": 1, "b": [2]}"#) == JSONValue(parsing: #"{"b": [2], "a": 1}"#))
    #expect(try JSONValue(parsing: #"{"a": 1, "b": 2}"#) != JSONValue(parsing: #"{"a": 1, "c": 2}"#))
    #expect(try JSONValue(parsing: #"{"a": 1}"#) != JSONValue(parsing: #"{"a": 1, "b": 2}"#))
    #expect(try JSONValue(parsing: "[1, 2]") != JSONValue(parsing: "[2, 1]"))
  }

  // MARK: - Description

  @Test func describesItselfAsCompactJSON() {
    let value: JSONValue = ["a": [1, 2.5, "x", true, nil], "b": [:], "c": "q\"/\n", "d": []]
    #expect(value.description == #"{"a":[1,2.5,"x",true,null],"b":{},"c":"q\"\/\n","d":[]}"#)
    #expect(value.debugDescription == value.description)
    #expect(JSONValue.null.description == "null")
    #expect(JSONValue.string("é😀").description == "\"é😀\"")
  }

  // MARK: - Numbers

  @Test func keepsTheExactTextOfNumbers() throws {
    let texts = [
      "12345678901234567890", "0.1", "1.50", "-0", "1E+2", "-12.5e-3", "100000000000000000000000000000001", "1e400",
    ]
    let value = try JSONValue(parsing: "[" + texts.joined(separator: ", ") + "]")
    #expect(value.arrayValue?.map { $0.numberValue?.text } == texts)
    #expect(value.description == "[" + texts.joined(separator: ",") + "]")
  }

  @Test func createsNumbersOnlyFromRFC8259Text() throws {
    for text in ["01", "1.", "+1", ".5", " 1", "1 ", "[1]", "", "\"1\"", "NaN", "0x10", "1e", "\u{FEFF}1"] {
      #expect(JSONNumber(text: text) == nil, "\(text.debugDescription)")
    }
    #expect(JSONNumber(text: "-0.5e+3")?.text == "-0.5e+3")
  }

  @Test func createsNumbersFromSwiftNumbers() {
    #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
    #expect(JSONNumber(Int8.min).text == "-128")
    #expect(JSONNumber(0.1 as Double)?.text == "0.1")
    #expect(JSONNumber(-0.0 as Double)?.text == "-0.0")
    #expect(JSONNumber(1e300 as Double)?.text == "1e+300")
    #expect(JSONNumber(Double.infinity) == nil)
    #expect(JSONNumber(Double.nan) == nil)
    let literal: JSONNumber = 7
    #expect(literal.text == "7")
  }

  @Test func comparesNumbersByValue() throws {
    func number(_ text: String) throws -> JSONNumber { try #require(JSONNumber(text: text)) }
    #expect(try number("1.0") == number("1"))
    #expect(try number("1e2") == number("100"))
    #expect(try number("1.5") == number("15e-1"))
    #expect(try number("-0") == number("0"))
    #expect(try number("-0.0") == number("0"))
    #expect(try number("0.1") != number("0.2"))
    #expect(try number("1") != number("2"))
    #expect(try number("12345678901234567890") != number("12345678901234567891"))
    #expect(try JSONValue(parsing: "[1.0, 2]") == [1, 2])
  }

  @Test func convertsToDoubleCorrectlyRounded() throws {
    func double(_ text: String) throws -> Double? { try #require(JSONNumber(text: text)).doubleValue }
    #expect(try double("0.1") == 0.1)
    #expect(try double("-2.5e-3") == -0.0025)
    #expect(try double("12345678901234567890") == 12345678901234567890.0)
    #expect(try double("2.2250738585072011e-308") == Double("2.2250738585072011e-308"))
    #expect(try double("9007199254740993") == 9_007_199_254_740_992)
    #expect(try double("1e-400") == 0)
    #expect(try double("1e400") == nil)
    #expect(try double("-1e400") == nil)
  }

  @Test func convertsToIntegersOnlyWhenTheValueFits() throws {
    func number(_ text: String) throws -> JSONNumber { try #require(JSONNumber(text: text)) }
    #expect(try number("255").integer(as: UInt8.self) == 255)
    #expect(try number("300").integer(as: UInt8.self) == nil)
    #expect(try number("1e2").integer(as: Int.self) == 100)
    #expect(try number("1.0").integer(as: Int.self) == 1)
    #expect(try number("100e-2").integer(as: Int.self) == 1)
    #expect(try number("0.5e1").integer(as: Int.self) == 5)
    #expect(try number("1.5").integer(as: Int.self) == nil)
    #expect(try number("1e-2").integer(as: Int.self) == nil)
    #expect(try number("1e400").integer(as: Int.self) == nil)
    #expect(try number("0e400").integer(as: Int.self) == 0)
    #expect(try number("-0").integer(as: UInt.self) == 0)
    #expect(try number("-0.0").integer(as: UInt.self) == 0)
    #expect(try number("-1").integer(as: UInt.self) == nil)
    #expect(try number("-1e0").integer(as: UInt.self) == nil)
    #expect(try number("-128").integer(as: Int8.self) == -128)
    #expect(try number("-129").integer(as: Int8.self) == nil)
    #expect(try number("-2147483648").integer(as: Int32.self) == .min)
  }

  @Test func convertsTo64BitIntegersAtTheirEdges() throws {
    func number(_ text: String) throws -> JSONNumber { try #require(JSONNumber(text: text)) }
    #expect(try number("-9223372036854775808").integer(as: Int64.self) == .min)
    #expect(try number("-9223372036854775809").integer(as: Int64.self) == nil)
    #expect(try number("9223372036854775807").integer(as: Int64.self) == .max)
    #expect(try number("9223372036854775808").integer(as: Int64.self) == nil)
    #expect(try number("9223372036854775808").integer(as: UInt64.self) == 9_223_372_036_854_775_808)
    #expect(try number("9999999999999999999").integer(as: Int64.self) == nil)
    #expect(try number("9999999999999999999").integer(as: UInt64.self) == 9_999_999_999_999_999_999)
    #expect(try number("18446744073709551615").integer(as: UInt64.self) == .max)
    #expect(try number("18446744073709551616").integer(as: UInt64.self) == nil)
    #expect(try number("-9.223372036854775808e18").integer(as: Int64.self) == .min)
    #expect(try number("1.8446744073709551615e19").integer(as: UInt64.self) == .max)
    #expect(try number("1.8446744073709551616e19").integer(as: UInt64.self) == nil)
    #expect(try number("12345678901234567890").integer(as: UInt64.self) == 12_345_678_901_234_567_890)
    #expect(try number("12345678901234567890").integer(as: Int64.self) == nil)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func convertsTo128BitIntegers() throws {
    func number(_ text: String) throws -> JSONNumber { try #require(JSONNumber(text: text)) }
    #expect(try number("170141183460469231731687303715884105727").integer(as: Int128.self) == .max)
    #expect(try number("170141183460469231731687303715884105728").integer(as: Int128.self) == nil)
    #expect(try number("-170141183460469231731687303715884105728").integer(as: Int128.self) == .min)
    #expect(try number("340282366920938463463374607431768211455").integer(as: UInt128.self) == .max)
    #expect(try number("340282366920938463463374607431768211456").integer(as: UInt128.self) == nil)
    #expect(try number("1e38").integer(as: Int128.self) == 100_000_000_000_000_000_000_000_000_000_000_000_000)
    #expect(try number("2e38").integer(as: Int128.self) == nil)
    #expect(try number("-12345678901234567890").integer(as: Int128.self) == -12_345_678_901_234_567_890)
  }

  // MARK: - Codable

  private static let codableSample = #"""
    {"s": "x\"é😀\u0000", "i": -42, "big": 12345678901234567890, "min": -9223372036854775808,
     "d": 0.1, "e": 2.5e-8, "one": 1.0, "t": true, "f": false, "n": null,
     "a": [1, [2, []], {}], "o": {"k": "v"}}
    """#

  @Test func roundTripsThroughFoundationsEncoderAndDecoder() throws {
    let value = try JSONValue(parsing: Self.codableSample)
    let data = try JSONEncoder().encode(value)
    #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    #expect(try JSONValue(parsing: Array(data)) == value)
  }

  @Test func decodesFromFoundationsDecoderLikeItsOwnParser() throws {
    let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(Self.codableSample.utf8))
    #expect(decoded == (try JSONValue(parsing: Self.codableSample)))
    #expect(decoded["big"]?.numberValue?.text == "12345678901234567890")
    #expect(decoded["min"]?.numberValue?.text == "-9223372036854775808")
    #expect(decoded["d"]?.numberValue?.text == "0.1")
    #expect(decoded["f"] == false)
    #expect(decoded["n"] == nil as JSONValue)
  }

  @Test func worksAsAPropertyOfACodableType() throws {
    struct Envelope: Codable, Equatable {
      var id: Int
      var payload: JSONValue
    }
    let envelope = Envelope(id: 7, payload: ["list": [1, "two", nil], "flag": true])
    let data = try JSONEncoder().encode(envelope)
    #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
  }
}
