import FlexDecoder
import Foundation
import Testing

/// Each ``FlexCoercions`` option, on its own and switched off.
@Suite("Coercions")
struct CoercionTests {
  // MARK: - Defaults

  @Test func standardIsTheDefault() {
    #expect(FlexJSONDecoder().coercions == .standard)
    #expect(FlexCoercions.standard == [.numberToString, .stringToNumber, .stringToBool, .numberToBool])
  }

  @Test func strictDecoderHasNoCoercions() {
    #expect(FlexJSONDecoder.strict().coercions == [])
  }

  enum Status: String, Decodable {
    case notFound = "404"
    case ok = "200"
  }

  struct Link: Decodable {
    var url: URL?
    var status: Status
  }

  @Test func aNumberNeverBecomesAURLButBecomesAStringBackedEnum() throws {
    let data = Data(#"{"url": 1, "status": 404}"#.utf8)
    let decoder = FlexJSONDecoder()
    decoder.coercions = .all
    let error = try requireThrows(DecodingError.self) { try decoder.decode(Link.self, from: data) }
    #expect(ErrorShape(error).description == #"typeMismatch(String) at "url""#)
    #expect(FlexDecodingError.issues(in: error).map(\.message) == ["expected String but found the number 1"])
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Link.self, from: data)
    #expect(result.value.url == nil)
    #expect(result.value.status == .notFound)
    #expect(result.issues.map(\.description) == ["url: expected URL but found the number 1; used nil"])
    #expect(
      try decoder.decode(Link.self, from: Data(#"{"url": "https://a.b/c", "status": 200}"#.utf8)).url?.host == "a.b")
  }

  @Test func allHoldsEveryCoercion() {
    #expect(FlexCoercions.all == FlexCoercions(CoercionSample.all.map(\.option)))
  }

  // MARK: - Each option alone

  @Test(arguments: CoercionSample.all)
  func eachCoercionActsAlone(enabled: CoercionSample) {
    for sample in CoercionSample.all {
      let decoder = FlexJSONDecoder()
      decoder.coercions = enabled.option
      let succeeded = (try? sample.decode(decoder)) != nil
      #expect(succeeded == sample.family.contains(enabled.option), "\(sample) with only \(enabled) enabled")
    }
  }

  @Test(arguments: CoercionSample.all)
  func eachCoercionCanBeSwitchedOff(sample: CoercionSample) throws {
    let decoder = FlexJSONDecoder()
    decoder.coercions = FlexCoercions.all.subtracting(sample.family)
    let error = try requireDecodingError { try sample.decode(decoder) }
    let summary = DecodingErrorSummary(error)
    #expect(summary.kind == sample.failure)
    #expect(summary.path.first == sample.failurePath)
  }

  @Test(arguments: CoercionSample.all)
  func strictDecoderThrowsWhatJSONDecoderThrows(sample: CoercionSample) throws {
    let flexError = try requireDecodingError { try sample.decode(FlexJSONDecoder.strict()) }
    let foundationError = try requireDecodingError { try sample.decodeWithFoundation() }
    let flex = DecodingErrorSummary(flexError)
    let foundation = DecodingErrorSummary(foundationError)
    #expect(flex.kind == foundation.kind)
    #expect(flex.path == foundation.path)
  }

  // MARK: - numberToString

  @Test(arguments: [
    "42", "1.50", "-0", "1e3", "1E+3", "0.1", "12345678901234567890", "-12.500e-3", "1000000000000000000000000",
  ])
  func numberToStringKeepsTheNumbersOwnText(number: String) throws {
    #expect(try value(String.self, number, coercions: .numberToString) == number)
    #expect(try value(String?.self, number, coercions: .numberToString) == number)
  }

  @Test func numberToStringWorksInArraysAndAtTheTopLevel() throws {
    let decoder = FlexJSONDecoder()
    decoder.coercions = .numberToString
    #expect(try decoder.decode([String].self, from: Data(#"[1, "a", 2.50]"#.utf8)) == ["1", "a", "2.50"])
    #expect(try decoder.decode(String.self, from: Data("7.0".utf8)) == "7.0")
  }

  // MARK: - stringToNumber

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func stringToNumberFillsEveryIntegerWidth() throws {
    let json = #"""
      {"int": "-42", "int8": "-128", "int16": "32767", "int32": " -7 ", "int64": "-9223372036854775808",
       "uint": "42", "uint8": "255", "uint16": "65535", "uint32": "4294967295",
       "uint64": "12345678901234567890", "int128": "-170141183460469231731687303715884105728",
       "uint128": "340282366920938463463374607431768211455"}
      """#
    let widths = try FlexJSONDecoder().decode(IntegerWidths.self, from: Data(json.utf8))
    #expect(widths.int == -42)
    #expect(widths.int8 == -128)
    #expect(widths.int16 == 32767)
    #expect(widths.int32 == -7)
    #expect(widths.int64 == .min)
    #expect(widths.uint == 42)
    #expect(widths.uint8 == 255)
    #expect(widths.uint16 == 65535)
    #expect(widths.uint32 == .max)
    #expect(widths.uint64 == 12_345_678_901_234_567_890)
    #expect(widths.int128 == .min)
    #expect(widths.uint128 == .max)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test func stringToNumberFillsEveryIntegerWidthThroughSingleValueContainers() throws {
    try expectCoerced(Int.self, #""42""#, 42)
    try expectCoerced(Int8.self, #""42""#, 42)
    try expectCoerced(Int16.self, #""42""#, 42)
    try expectCoerced(Int32.self, #""42""#, 42)
    try expectCoerced(Int64.self, #""42""#, 42)
    try expectCoerced(Int128.self, #""42""#, 42)
    try expectCoerced(UInt.self, #""42""#, 42)
    try expectCoerced(UInt8.self, #""42""#, 42)
    try expectCoerced(UInt16.self, #""42""#, 42)
    try expectCoerced(UInt32.self, #""42""#, 42)
    try expectCoerced(UInt64.self, #""42""#, 42)
    try expectCoerced(UInt128.self, #""42""#, 42)
    try expectCoerced([Int8].self, #"["1", 2, " 3 "]"#, [1, 2, 3])
    try expectCoerced([UInt64].self, #"["18446744073709551615"]"#, [.max])
  }

  @Test func stringToNumberReadsRawValueEnumsAndWrappersThroughTheirSingleValueContainers() throws {
    // Repaired where each single-value read fails, once the recovery pass learned that its error
    // escapes: the values of a number sent as a number, and nothing to report.
    let json = #"""
      [{"priority": "2", "weight": "0.5", "price": "250"}, {"priority": 1, "weight": 2, "price": 7},
       {"priority": "1", "weight": " 2 ", "price": "65535"}, {"priority": "2", "weight": "2", "price": "0"}]
      """#
    let result = try FlexJSONDecoder().decodeWithReport([Order].self, from: Data(json.utf8))
    #expect(result.value.map(\.priority) == [.high, .low, .low, .high])
    #expect(result.value.map(\.weight) == [.light, .heavy, .heavy, .heavy])
    #expect(result.value.map(\.price.value) == [250, 7, 65_535, 0])
    #expect(result.issues.isEmpty)
  }

  @Test func aRawValueTheCoercionsCannotMendIsReportedAsTheEnum() throws {
    let json = #"""
      [{"priority": "2", "weight": 2, "price": 1}, {"priority": "urgent", "weight": "0.5", "price": 2},
       {"priority": 1, "weight": "0.5", "price": "70000"}]
      """#
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .collectAll
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder.decode([Order].self, from: Data(json.utf8))
    }
    #expect(
      error.issues.map(\.description) == [
        #"[1].priority: expected Priority but found the string "urgent""#,
        #"[2].price: expected Cents but found the string "70000""#,
      ])
  }

  @Test(arguments: [
    (#""1.0""#, 1), (#"" 42 ""#, 42), (#""\t42\n""#, 42), (#""1e3""#, 1000), (#""1E2""#, 100),
    (#""1.5e1""#, 15), (#""-0""#, 0), (#""100e-2""#, 1), (#""9223372036854775807""#, .max),
  ])
  func stringToNumberReadsIntegers(json: String, expected: Int) throws {
    #expect(try value(Int.self, json, coercions: .stringToNumber) == expected)
  }

  @Test(arguments: [
    #""1.5""#, #""abc""#, #""""#, #"" ""#, #""+1""#, #""0x10""#, #""1 2""#, #""12abc""#, #""1.2.3""#, #""042""#,
    #"".5""#, #""1.""#, #""9223372036854775808""#, #""1e19""#, #""NaN""#,
  ])
  func stringToNumberRejectsWhatIsNotAnIntegerInRange(json: String) throws {
    let error = try valueError(Int.self, json, coercions: .stringToNumber)
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ["value"])
  }

  @Test func stringToNumberChecksTheTargetsRange() throws {
    #expect(try valueError(UInt8.self, #""300""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try valueError(UInt8.self, #""-1""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try valueError(Int8.self, #""128""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try valueError(Int8.self, #""1e3""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try valueError(UInt.self, #""-5""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try valueError(UInt64.self, #""18446744073709551616""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try valueError(Double.self, #""1e400""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try valueError(Float.self, #""1e39""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try value(UInt8.self, #""255""#, coercions: .stringToNumber) == 255)
    #expect(try value(Int8.self, #""-128""#, coercions: .stringToNumber) == -128)
  }

  @Test func stringToNumberIsExactForLargeIntegers() throws {
    #expect(
      try value(UInt64.self, #""12345678901234567890""#, coercions: .stringToNumber) == 12_345_678_901_234_567_890)
    #expect(try value(Int64.self, #""-9223372036854775808""#, coercions: .stringToNumber) == .min)
  }

  @Test(arguments: [
    (#""-0.5""#, -0.5), (#""0.1""#, 0.1), (#"" 1e3 ""#, 1000), (#""42""#, 42), (#""2.5E-3""#, 0.0025),
    (#""1.7976931348623157e308""#, .greatestFiniteMagnitude),
  ])
  func stringToNumberReadsDoubles(json: String, expected: Double) throws {
    #expect(try value(Double.self, json, coercions: .stringToNumber) == expected)
  }

  @Test func stringToNumberReadsFloatsAndDecimals() throws {
    #expect(try value(Float.self, #""-0.5""#, coercions: .stringToNumber) == -0.5)
    #expect(try value(Float.self, #""0.1""#, coercions: .stringToNumber) == Float(0.1))
    #expect(try value(Decimal.self, #""3.14""#, coercions: .stringToNumber) == Decimal(string: "3.14"))
    #expect(try value(Decimal.self, #"" 1e3 ""#, coercions: .stringToNumber) == 1000)
    #expect(try valueError(Decimal.self, #""abc""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try valueError(Float.self, #""abc""#, coercions: .stringToNumber).kind == .typeMismatch)
    #expect(try valueError(Double.self, #""1,5""#, coercions: .stringToNumber).kind == .typeMismatch)
  }

  @Test func nonConformingFloatStringsStillWinOverStringToNumber() throws {
    let decoder = FlexJSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
    let values = try decoder.decode([Double].self, from: Data(#"["+Inf", "-Inf", "1.5"]"#.utf8))
    #expect(values == [.infinity, -.infinity, 1.5])
  }

  // MARK: - stringToBool and numberToBool

  @Test(arguments: [
    ("true", true), ("TRUE", true), ("True", true), ("yes", true), ("YES", true), ("Yes", true), ("1", true),
    ("false", false), ("FALSE", false), ("no", false), ("No", false), ("0", false), (" yes ", true),
  ])
  func stringToBoolReadsWordsAndDigitsInAnyCase(string: String, expected: Bool) throws {
    #expect(try value(Bool.self, #""\#(string)""#, coercions: .stringToBool) == expected)
  }

  @Test(arguments: ["2", "y", "n", "on", "off", "", "truee", "1.0", "-1"])
  func stringToBoolRejectsOtherStrings(string: String) throws {
    let error = try valueError(Bool.self, #""\#(string)""#, coercions: .stringToBool)
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ["value"])
  }

  @Test func numberToBoolReadsZeroAndOne() throws {
    #expect(try value(Bool.self, "0", coercions: .numberToBool) == false)
    #expect(try value(Bool.self, "1", coercions: .numberToBool) == true)
    #expect(try value([Bool].self, "[1, 0, true]", coercions: .numberToBool) == [true, false, true])
  }

  @Test(arguments: ["2", "-1", "0.5", "256", "257"])
  func numberToBoolRejectsOtherNumbers(number: String) throws {
    let error = try valueError(Bool.self, number, coercions: .numberToBool)
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ["value"])
  }

  // MARK: - boolToNumber

  @Test func boolToNumberGivesOneAndZero() throws {
    #expect(try value(Int.self, "true", coercions: .boolToNumber) == 1)
    #expect(try value(Int.self, "false", coercions: .boolToNumber) == 0)
    #expect(try value(UInt8.self, "true", coercions: .boolToNumber) == 1)
    #expect(try value(Int64.self, "true", coercions: .boolToNumber) == 1)
    #expect(try value(Double.self, "true", coercions: .boolToNumber) == 1)
    #expect(try value(Float.self, "false", coercions: .boolToNumber) == 0)
    #expect(try value(Decimal.self, "true", coercions: .boolToNumber) == 1)
    #expect(try value([Int].self, "[true, 2, false]", coercions: .boolToNumber) == [1, 2, 0])
  }

  @Test func boolToNumberIsNotStandard() throws {
    let error = try valueError(Int.self, "true", coercions: .standard)
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ["value"])
  }

  // MARK: - jsonStringToValue

  @Test func jsonStringToValueDecodesAnObjectHeldInAString() throws {
    let json = #"{"value": "{\"name\": \"Ann\", \"tags\": [\"a\", \"b\"], \"address\": {\"city\": \"Oslo\"}}"}"#
    let profile = try decoder(.jsonStringToValue).decode(Box<Profile>.self, from: Data(json.utf8)).value
    #expect(profile == Profile(name: "Ann", tags: ["a", "b"], address: Address(city: "Oslo")))
  }

  @Test func jsonStringToValueDecodesAnArrayHeldInAString() throws {
    #expect(try value([Int].self, #""[1, 2, 3]""#, coercions: .jsonStringToValue) == [1, 2, 3])
    #expect(
      try value([Address].self, #""[{\"city\": \"Rome\"}]""#, coercions: .jsonStringToValue) == [Address(city: "Rome")])
  }

  @Test func jsonStringToValueReportsErrorsInsideAtTheirFullPath() throws {
    let json = #"{"value": "{\"name\": \"Ann\", \"tags\": [], \"address\": {\"city\": 5}}"}"#
    let error = try requireDecodingError {
      try decoder(.jsonStringToValue).decode(Box<Profile>.self, from: Data(json.utf8))
    }
    let summary = DecodingErrorSummary(error)
    #expect(summary.kind == .typeMismatch)
    #expect(summary.path == ["value", "address", "city"])
    let arrayError = try valueError([Int].self, #""[1, \"x\"]""#, coercions: .jsonStringToValue)
    #expect(arrayError.kind == .typeMismatch)
    #expect(arrayError.path == ["value", "Index 1"])
  }

  @Test func jsonStringToValueUnwrapsDoublyEncodedJSON() throws {
    let json = #"{"value": "{\"value\": \"[1, 2]\"}"}"#
    let nested = try decoder(.jsonStringToValue).decode(Box<Box<[Int]>>.self, from: Data(json.utf8))
    #expect(nested.value.value == [1, 2])
  }

  @Test func jsonStringToValueAppliesKeyMaps() throws {
    let json = #"{"value": "{\"ID\": 9}"}"#
    #expect(try decoder(.jsonStringToValue).decode(Box<Mapped>.self, from: Data(json.utf8)).value.id == 9)
  }

  @Test func jsonStringToValueKeepsDictionaryKeysUnderAKeyStrategy() throws {
    let flex = decoder(.jsonStringToValue)
    flex.keyDecodingStrategy = .convertFromSnakeCase
    let json = #"{"value": "{\"first_name\": 1}"}"#
    #expect(try flex.decode(Box<[String: Int]>.self, from: Data(json.utf8)).value == ["first_name": 1])
  }

  @Test(arguments: [#""{not json""#, #""[1, 2""#, #""\"just a string\"""#, #""42""#, #""""#, #""[1, 2]""#])
  func jsonStringToValueLeavesOtherStringsATypeMismatch(json: String) throws {
    let error = try valueError(Address.self, json, coercions: .jsonStringToValue)
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ["value"])
  }

  @Test func jsonStringToValueLeavesStringsThatAreWantedAsStrings() throws {
    #expect(try value(String.self, #""{\"a\": 1}""#, coercions: .all) == #"{"a": 1}"#)
  }

  // MARK: - singleToArray

  @Test func singleToArrayWrapsALoneValue() throws {
    #expect(try value([String].self, #""a""#, coercions: .singleToArray) == ["a"])
    #expect(try value([Int].self, "5", coercions: .singleToArray) == [5])
    #expect(try value([Address].self, #"{"city": "Oslo"}"#, coercions: .singleToArray) == [Address(city: "Oslo")])
    #expect(try value([[Int]].self, "5", coercions: .singleToArray) == [[5]])
    #expect(try value([String].self, #"["a", "b"]"#, coercions: .singleToArray) == ["a", "b"])
    #expect(try decoder(.singleToArray).decode([Int].self, from: Data("5".utf8)) == [5])
  }

  @Test func singleToArrayLeavesNullAlone() throws {
    #expect(try value([String]?.self, "null", coercions: .singleToArray) == nil)
    #expect(try valueError([String].self, "null", coercions: .singleToArray).kind == .valueNotFound)
  }

  @Test func singleToArrayReportsTheWrappedValueAsElementZero() throws {
    let error = try valueError([Int].self, #""x""#, coercions: .singleToArray)
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ["value", "Index 0"])
  }

  @Test func singleToArrayCombinesWithOtherCoercions() throws {
    #expect(try value([Int].self, #""7""#, coercions: [.singleToArray, .stringToNumber]) == [7])
    #expect(try value([Int].self, #""[7, 8]""#, coercions: [.singleToArray, .jsonStringToValue]) == [7, 8])
  }

  // MARK: - Numbers beyond 2^53 under .all

  /// Integers just past `Int64`'s ends, as numbers: a `Double` rounds `-9223372036854775809` to
  /// `Int64.min`, which must not make it fit. `dataCorrupted` with no coding path, as
  /// `JSONDecoder` says.
  @Test(arguments: [
    "-9223372036854775809", "-9223372036854775809.0", "9223372036854775808",
    "9223372036854775808.0", "1e19", "-9223372036854776832",
  ])
  func numbersPastInt64AreDataCorruptedUnderEveryCoercion(number: String) throws {
    for error in [
      try valueError(Int64.self, number, coercions: .all), try valueError(Int.self, number, coercions: .all),
    ] {
      #expect(error.kind == .dataCorrupted)
      #expect(error.path == [])
    }
    let foundation = try requireDecodingError {
      try JSONDecoder().decode(Box<Int64>.self, from: Data(#"{"value": \#(number)}"#.utf8))
    }
    #expect(DecodingErrorSummary(foundation).kind == .dataCorrupted)
    #expect(DecodingErrorSummary(foundation).path == [])
  }

  @Test(arguments: [#""-9223372036854775809""#, #""-9223372036854775809.0""#, #""9223372036854775808""#, #""1e19""#])
  func stringsPastInt64AreTypeMismatchesUnderEveryCoercion(json: String) throws {
    let error = try valueError(Int64.self, json, coercions: .all)
    #expect(error.kind == .typeMismatch)
    #expect(error.path == ["value"])
  }

  @Test func integersThatFitAreReadExactlyUnderEveryCoercion() throws {
    #expect(try value(UInt64.self, "1e19", coercions: .all) == 10_000_000_000_000_000_000)
    #expect(
      try JSONDecoder().decode(Box<UInt64>.self, from: Data(#"{"value": 1e19}"#.utf8)).value
        == 10_000_000_000_000_000_000)
    #expect(try value(UInt64.self, #""1e19""#, coercions: .all) == 10_000_000_000_000_000_000)
    #expect(try value(UInt64.self, "9223372036854775808.0", coercions: .all) == 9_223_372_036_854_775_808)
    #expect(try value(Int64.self, "-9223372036854775808.0", coercions: .all) == .min)
    #expect(try value(Int64.self, "9223372036854775807.0", coercions: .all) == .max)
    #expect(try value(Int64.self, #""-9223372036854775808.0""#, coercions: .all) == .min)
    #expect(try value(Int64.self, "-4.5", coercions: .all) == -5)
    #expect(try value(Int64.self, "4503599627370495.5", coercions: .truncatingFloatToInteger) == 4_503_599_627_370_495)
  }

  /// Past 2^53 a `Double` holds no fraction and skips integers: a fraction there cannot be
  /// truncated or rounded through it, so a string is an error rather than a neighbouring integer.
  /// (A number is read before any coercion as `JSONDecoder` reads it: its decimal digits, truncated.)
  @Test func aFractionPast2To53IsAnErrorNotANeighbouringInteger() throws {
    #expect(try valueError(Int64.self, #""9007199254740993.5""#, coercions: .all).kind == .typeMismatch)
    #expect(try valueError(Int64.self, #""-9223372036854775807.5""#, coercions: .all).kind == .typeMismatch)
    let number = Data(#"{"value": 9007199254740993.5}"#.utf8)
    #expect(try JSONDecoder().decode(Box<Int64>.self, from: number).value == 9_007_199_254_740_993)
    #expect(try value(Int64.self, "9007199254740993.5", coercions: .all) == 9_007_199_254_740_993)
  }

  // MARK: - Helpers

  private func decoder(_ coercions: FlexCoercions) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.coercions = coercions
    return decoder
  }

  /// Decodes `{"value": <json>}` and returns the value.
  private func value<T: Decodable>(_ type: T.Type, _ json: String, coercions: FlexCoercions) throws -> T {
    try decoder(coercions).decode(Box<T>.self, from: Data(#"{"value": \#(json)}"#.utf8)).value
  }

  private func valueError<T: Decodable>(
    _ type: T.Type, _ json: String, coercions: FlexCoercions,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> DecodingErrorSummary {
    let error = try requireDecodingError(sourceLocation: sourceLocation) {
      try value(type, json, coercions: coercions)
    }
    return DecodingErrorSummary(error)
  }

  /// `json` decodes as `expected` with `.stringToNumber`, inside an object and at the top level.
  private func expectCoerced<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, _ expected: T, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    #expect(try value(type, json, coercions: .stringToNumber) == expected, sourceLocation: sourceLocation)
    let topLevel = try decoder(.stringToNumber).decode(type, from: Data(json.utf8))
    #expect(topLevel == expected, sourceLocation: sourceLocation)
  }
}

// MARK: - Fixtures

extension CoercionTests {
  enum Priority: Int, Decodable {
    case low = 1
    case high
  }

  enum Weight: Double, Decodable {
    case light = 0.5
    case heavy = 2
  }

  /// A wrapper that reads its number through a single-value container.
  struct Cents: Decodable, Equatable {
    var value: UInt16

    init(from decoder: any Decoder) throws {
      value = try decoder.singleValueContainer().decode(UInt16.self)
    }
  }

  struct Order: Decodable {
    var priority: Priority
    var weight: Weight
    var price: Cents
  }

  struct Box<Value: Decodable>: Decodable {
    var value: Value
  }

  struct Address: Decodable, Equatable {
    var city: String
  }

  struct Profile: Decodable, Equatable {
    var name: String
    var tags: [String]
    var address: Address
  }

  struct Mapped: Decodable, FlexKeyMapping {
    var id: Int
    static let keyMapping: FlexKeyMap = ["id": ["id", "ID"]]
  }

  /// Every integer width, read through the keyed container's concrete `decode` overloads.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  struct IntegerWidths: Decodable {
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var int128: Int128
    var uint128: UInt128
  }

  /// One input that only its coercion can decode.
  struct CoercionSample: Sendable, CustomTestStringConvertible {
    let name: String
    let option: FlexCoercions
    let json: String
    /// The options that each make the sample decode (the float-to-integer pair both do).
    let family: FlexCoercions
    /// What the sample fails with when none of `family` is on, and the first key of its path
    /// (none for a number out of range: JSONDecoder reports it with an empty path).
    let failure: DecodingErrorSummary.Kind
    let failurePath: String?
    private let decodeFlex: @Sendable (_ json: Data, _ decoder: FlexJSONDecoder) throws -> Void
    private let decodeFoundation: @Sendable (_ json: Data) throws -> Void

    var testDescription: String { name }

    init<T: Decodable & FlexSendableMetatype>(
      _ name: String, _ option: FlexCoercions, _ type: T.Type, _ json: String, family: FlexCoercions? = nil,
      failure: DecodingErrorSummary.Kind = .typeMismatch, failurePath: String? = "value"
    ) {
      self.name = name
      self.option = option
      self.json = json
      self.family = family ?? option
      self.failure = failure
      self.failurePath = failurePath
      decodeFlex = { _ = try $1.decode(Box<T>.self, from: $0) }
      decodeFoundation = { _ = try JSONDecoder().decode(Box<T>.self, from: $0) }
    }

    func decode(_ decoder: FlexJSONDecoder) throws { try decodeFlex(Data(json.utf8), decoder) }
    func decodeWithFoundation() throws { try decodeFoundation(Data(json.utf8)) }

    static let all: [CoercionSample] = [
      CoercionSample("numberToString", .numberToString, String.self, #"{"value": 42}"#),
      CoercionSample("stringToNumber", .stringToNumber, Int.self, #"{"value": "42"}"#),
      CoercionSample("stringToBool", .stringToBool, Bool.self, #"{"value": "yes"}"#),
      CoercionSample(
        "numberToBool", .numberToBool, Bool.self, #"{"value": 1}"#, family: [.numberToBool, .nonZeroToBool]),
      CoercionSample("boolToNumber", .boolToNumber, Int.self, #"{"value": true}"#),
      CoercionSample("jsonStringToValue", .jsonStringToValue, [Int].self, #"{"value": "[1]"}"#),
      CoercionSample("singleToArray", .singleToArray, [Int].self, #"{"value": 1}"#),
      CoercionSample("boolToString", .boolToString, String.self, #"{"value": true}"#),
      CoercionSample(
        "truncatingFloatToInteger", .truncatingFloatToInteger, Int.self, #"{"value": 1.5}"#, family: floatToInteger,
        failure: .dataCorrupted, failurePath: nil),
      CoercionSample(
        "roundingFloatToInteger", .roundingFloatToInteger, Int.self, #"{"value": 2.5}"#, family: floatToInteger,
        failure: .dataCorrupted, failurePath: nil),
      CoercionSample("letterToBool", .letterToBool, Bool.self, #"{"value": "y"}"#),
      CoercionSample("nullStrings", .nullStrings, OptionalCount.self, #"{"value": {"count": "<null>"}}"#),
      CoercionSample(
        "caseInsensitiveEnums", .caseInsensitiveEnums, Shade.self, #"{"value": "DARK"}"#, failure: .dataCorrupted),
      CoercionSample("nonZeroToBool", .nonZeroToBool, Bool.self, #"{"value": 2}"#),
      CoercionSample("boolStringToNumber", .boolStringToNumber, Int.self, #"{"value": "YES"}"#),
    ]

    private static let floatToInteger: FlexCoercions = [.truncatingFloatToInteger, .roundingFloatToInteger]
  }

  /// For the `.nullStrings` sample: an optional read with `decodeIfPresent`.
  struct OptionalCount: Decodable {
    var count: Int?
  }

  /// For the `.caseInsensitiveEnums` sample.
  enum Shade: String, Decodable, CaseIterable {
    case dark, light
  }
}

/// With the default options, and with every coercion on, inputs that `JSONDecoder` decodes
/// decode to exactly the same values: leniency only acts where `JSONDecoder` would have thrown.
@Suite("Coercion defaults keep JSONDecoder's values")
struct CoercionDefaultsParityTests {
  private static let payload = #"""
    {"zip": "007", "flag": "true", "exponent": "1e3", "padded": " 42 ", "embedded": "{\"a\": [1]}",
     "numberLike": "12345678901234567890", "price": 1.50, "ratio": 0.1, "amount": 0.1,
     "big": 12345678901234567890, "negativeZero": -0, "scientific": 1E3, "active": true, "count": 1,
     "small": 255, "tags": ["1"], "single": [1], "nested": [[1], []], "note": null,
     "level": 1, "suit": "1", "scores": {"first_name": 1, "Second-Key": 2}, "flags": [true, false],
     "when": 0, "bytes": "AQI="}
    """#

  @Test(arguments: [FlexCoercions.standard, .all])
  func validPayloadDecodesLikeJSONDecoder(coercions: FlexCoercions) throws {
    let data = Data(Self.payload.utf8)
    let expected = try JSONDecoder().decode(Mixed.self, from: data)
    let decoder = FlexJSONDecoder()
    decoder.coercions = coercions
    let flex = try decoder.decode(Mixed.self, from: data)
    #expect(flex == expected)
    #expect(flex.negativeZero.sign == expected.negativeZero.sign)
    #expect(flex.zip == "007")
    #expect(flex.embedded == #"{"a": [1]}"#)
  }

  @Test func validPayloadDecodesLikeJSONDecoderUnderSnakeCase() throws {
    let data = Data(#"{"first_name": "1", "score_list": [1.0], "extra_map": {"some_key": "2"}}"#.utf8)
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let flex = FlexJSONDecoder()
    flex.keyDecodingStrategy = .convertFromSnakeCase
    #expect(try flex.decode(Snaky.self, from: data) == foundation.decode(Snaky.self, from: data))
  }

  @Test(arguments: [FlexCoercions.standard, .all])
  func topLevelValuesDecodeLikeJSONDecoder(coercions: FlexCoercions) throws {
    try expectSame(String.self, #""12""#, coercions)
    try expectSame(String.self, #""true""#, coercions)
    try expectSame(String?.self, "null", coercions)
    try expectSame([Int].self, "[12]", coercions)
    try expectSame([String].self, #"["12", "[1]"]"#, coercions)
    try expectSame([[String]].self, #"[["a"], []]"#, coercions)
    try expectSame(Bool.self, "true", coercions)
    try expectSame([Bool].self, "[false, true]", coercions)
    try expectSame(Double.self, "1.50", coercions)
    try expectSame(Int.self, "-0", coercions)
    try expectSame(UInt8.self, "255", coercions)
    try expectSame(Decimal.self, "0.1", coercions)
  }

  /// `json` decodes to the same value with `FlexJSONDecoder` (given coercions) as with
  /// `JSONDecoder`.
  private func expectSame<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, _ coercions: FlexCoercions,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(json.utf8)
    let expected = try JSONDecoder().decode(type, from: data)
    let decoder = FlexJSONDecoder()
    decoder.coercions = coercions
    #expect(try decoder.decode(type, from: data) == expected, sourceLocation: sourceLocation)
  }
}

extension CoercionDefaultsParityTests {
  enum Level: Int, Decodable {
    case low = 1
    case high
  }
  enum Suit: String, Decodable {
    case one = "1"
    case two = "2"
  }

  struct Mixed: Decodable, Equatable {
    var zip: String
    var flag: String
    var exponent: String
    var padded: String
    var embedded: String
    var numberLike: String
    var price: Double
    var ratio: Float
    var amount: Decimal
    var big: Double
    var negativeZero: Double
    var scientific: Int
    var active: Bool
    var count: Int
    var small: UInt8
    var tags: [String]
    var single: [Int]
    var nested: [[Int]]
    var note: String?
    var missing: Int?
    var level: Level
    var suit: Suit
    var scores: [String: Int]
    var flags: [Bool]
    var when: Date
    var bytes: Data
  }

  struct Snaky: Decodable, Equatable {
    var firstName: String
    var scoreList: [Double]
    var extraMap: [String: String]
  }
}
