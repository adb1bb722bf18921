import FlexDecoder
import Foundation
import Testing

/// `.nonZeroToBool` and `.boolStringToNumber`: YYModel's readings of numbers as flags and of
/// `@"YES"` as a number, off in `.standard`, acting only where JSONDecoder would have thrown.
@Suite("Bools and numbers")
struct BoolNumberCoercionTests {
  struct Row: Decodable, Equatable {
    var flag: Bool?
    var count: Int?
  }

  struct Numbers: Decodable, Equatable {
    var int8: Int8
    var uint64: UInt64
    var double: Double
    var float: Float
    var decimal: Decimal
  }

  private func decoder(_ coercions: FlexCoercions) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.coercions = coercions
    decoder.errorPolicy = .failFast
    decoder.reportsCoercions = true
    return decoder
  }

  private func flag(_ json: String, _ coercions: FlexCoercions = .nonZeroToBool) throws -> Bool? {
    try decoder(coercions).decode(Row.self, from: Data(#"{"flag": \#(json)}"#.utf8)).flag
  }

  @Test func neitherIsInStandard() {
    #expect(FlexCoercions.standard.isDisjoint(with: [.nonZeroToBool, .boolStringToNumber]))
    #expect(FlexCoercions.all.isSuperset(of: [.nonZeroToBool, .boolStringToNumber]))
  }

  // MARK: - nonZeroToBool

  @Test(arguments: [
    ("2", true), ("1.5", true), ("-3", true), ("0.001", true), ("1e-400", true), ("1E400", true), ("1", true),
    ("0", false), ("-0", false), ("0.0", false), ("-0.000", false), ("0e5", false), ("0E-3", false),
  ])
  func numbersAreTrueUnlessZero(json: String, expected: Bool) throws {
    #expect(try flag(json) == expected)
  }

  @Test(arguments: [
    (#""2""#, true), (#""1.0""#, true), (#""-1""#, true), (#"" 7 ""#, true), (#""1e2""#, true),
    (#""0""#, false), (#""0.0""#, false), (#""-0""#, false), (#""-0.0""#, false),
  ])
  func numericStringsAreTrueUnlessZero(json: String, expected: Bool) throws {
    #expect(try flag(json) == expected)
  }

  @Test(arguments: [#""abc""#, #""""#, #""nan""#, #""inf""#, #""0x10""#, #""1.""#, #""+1""#, #""2 apples""#])
  func otherStringsStayTypeMismatches(json: String) throws {
    let error = try requireThrows(DecodingError.self) { try flag(json) }
    #expect(ErrorShape(error).description == #"typeMismatch(Bool) at "flag""#)
  }

  @Test func nonZeroIsOffByDefaultAndStrictThrowsWhatJSONDecoderThrows() throws {
    for json in ["2", "1.5", #""1.0""#, #""0.0""#] {
      let data = Data(#"{"flag": \#(json)}"#.utf8)
      let flex = try requireThrows(DecodingError.self) {
        try FlexJSONDecoder.strict().decode(Row.self, from: data)
      }
      let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Row.self, from: data) }
      #expect(ErrorShape(flex) == ErrorShape(foundation))
      let standard = decoder(.standard)
      #expect(throws: DecodingError.self) { try standard.decode(Row.self, from: data) }
    }
  }

  @Test func eachCoercionIsReported() throws {
    let result = try decoder(.nonZeroToBool).decodeWithReport(
      [Bool].self, from: Data(#"[2, "0.0", true, -0.5]"#.utf8))
    #expect(result.value == [true, false, true, true])
    #expect(
      result.issues.map(\.description) == [
        "[0]: coerced number 2 to Bool", #"[1]: coerced string "0.0" to Bool"#, "[3]: coerced number -0.5 to Bool",
      ])
  }

  @Test func withNumberToBoolZeroAndOneReadTheSame() throws {
    for json in ["0", "1", "1.0", #""1""#, #""0""#] {
      #expect(try flag(json, [.numberToBool, .stringToBool, .nonZeroToBool]) == flag(json, .standard))
    }
  }

  @Test func json5NumbersAreReadByTheirValue() throws {
    let decoder = decoder(.nonZeroToBool)
    decoder.allowsJSON5 = true
    let json = #"[0x0, 0x10, Infinity, -Infinity, .5, 0., +0]"#
    #expect(try decoder.decode([Bool].self, from: Data(json.utf8)) == [false, true, true, true, true, false, false])
    let error = try requireThrows(DecodingError.self) { try decoder.decode([Bool].self, from: Data("[NaN]".utf8)) }
    #expect(ErrorShape(error).description == #"typeMismatch(Bool) at "0""#)
  }

  // MARK: - boolStringToNumber

  @Test(arguments: [
    (#""YES""#, 1), (#""yes""#, 1), (#""True""#, 1), (#""true""#, 1), (#"" tRuE ""#, 1),
    (#""NO""#, 0), (#""no""#, 0), (#""False""#, 0), (#""FALSE""#, 0),
  ])
  func wordsAreOneAndZero(json: String, expected: Int) throws {
    let row = try decoder(.boolStringToNumber).decode(Row.self, from: Data(#"{"count": \#(json)}"#.utf8))
    #expect(row.count == expected)
  }

  @Test func everyNumberTypeReadsTheWords() throws {
    let json = #"{"int8": "YES", "uint64": "no", "double": "true", "float": "False", "decimal": "yes"}"#
    let numbers = try decoder(.boolStringToNumber).decode(Numbers.self, from: Data(json.utf8))
    #expect(numbers == Numbers(int8: 1, uint64: 0, double: 1, float: 0, decimal: 1))
  }

  @Test(arguments: [#""1""#, #""0""#, #""y""#, #""on""#, #""YES!""#, #""yess""#])
  func digitsAndOtherWordsStayTypeMismatches(json: String) throws {
    let error = try requireThrows(DecodingError.self) {
      try decoder(.boolStringToNumber).decode(Row.self, from: Data(#"{"count": \#(json)}"#.utf8))
    }
    #expect(ErrorShape(error).description == #"typeMismatch(Int) at "count""#)
  }

  @Test(arguments: [
    (#""                 yes""#, 1), (#""\t\n  No  \r\n            ""#, 0), (#""\u0020\u0020\u0020\u0020tRUE""#, 1),
  ])
  func surroundingWhiteSpaceOfAnyLengthIsIgnored(json: String, expected: Int) throws {
    let row = try decoder(.boolStringToNumber).decode(Row.self, from: Data(#"{"count": \#(json)}"#.utf8))
    #expect(row.count == expected)
  }

  @Test(arguments: [#""yesyesyesyesyesyesyes""#, #""yes                 x""#, #""yes\u0000""#, #""y e s""#])
  func longStringsAreTypeMismatchesNotWords(json: String) throws {
    let error = try requireThrows(DecodingError.self) {
      try decoder(.boolStringToNumber).decode(Row.self, from: Data(#"{"count": \#(json)}"#.utf8))
    }
    #expect(ErrorShape(error).description == #"typeMismatch(Int) at "count""#)
  }

  @Test func withStringToNumberNumbersStillWin() throws {
    let decoder = decoder([.stringToNumber, .boolStringToNumber])
    #expect(try decoder.decode([Int].self, from: Data(#"["2", "YES", " 0 ", "no"]"#.utf8)) == [2, 1, 0, 0])
    let result = try decoder.decodeWithReport([Double].self, from: Data(#"["yes", 1.5]"#.utf8))
    #expect(result.value == [1, 1.5])
    #expect(result.issues.map(\.description) == [#"[0]: coerced string "yes" to Double"#])
  }

  @Test func wordsAreOffByDefaultAndThrowWhatJSONDecoderThrows() throws {
    let data = Data(#"{"count": "YES"}"#.utf8)
    let flex = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode(Row.self, from: data) }
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Row.self, from: data) }
    #expect(ErrorShape(flex) == ErrorShape(foundation))
    #expect(ErrorShape(flex).description == #"typeMismatch(Int) at "count""#)
  }
}
