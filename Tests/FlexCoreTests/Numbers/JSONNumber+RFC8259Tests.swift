import FlexCore
import Testing

/// `JSONNumber.rfc8259Text`: JSON5 number text rewritten as plain JSON, for the encoders.
@Suite("JSONNumber in RFC 8259 syntax")
struct JSONNumberRFC8259Tests {
  @Test(arguments: [
    ("0x10", "16"), ("-0x1f", "-31"), ("+0XFF", "255"), ("0xFFFFFFFFFFFFFFFF", "18446744073709551615"),
    ("0x10000000000000000", "1.8446744073709552e+19"), ("+1", "1"), ("+1.50", "1.50"), (".5", "0.5"),
    ("-.5e3", "-0.5e3"), ("5.", "5"), ("-5.E2", "-5E2"), ("+.25", "0.25"), ("1.5", "1.5"), ("-0", "-0"),
  ])
  func rewritesJSON5OnlySyntax(json5: String, json: String) throws {
    let value = try JSONValue(parsing: json5, options: .json5)
    let number = try #require(value.numberValue)
    #expect(number.usesJSON5Syntax == (json5 != json))
    #expect(number.rfc8259Text == json)
    // The rewritten text is RFC 8259, with the same value.
    #expect(try JSONValue(parsing: json) == value)
  }

  /// A `.` at either end of the digits, also after a sign or before an exponent.
  @Test(arguments: [("-.5", -0.5), ("5.e3", 5000), ("-5.E-1", -0.5), (".5", 0.5), ("+.5", 0.5)])
  func readsJSON5DecimalsWithADotAtEitherEnd(json5: String, expected: Double) throws {
    let number = try #require(try JSONValue(parsing: json5, options: .json5).numberValue)
    #expect(number.doubleValue == expected)
    #expect(number.integer(as: Int.self) == (expected == 5000 ? 5000 : nil))
  }

  @Test(arguments: ["Infinity", "-Infinity", "+Infinity", "NaN", "-NaN", "+NaN"])
  func hasNoTextForInfinityAndNaN(json5: String) throws {
    let number = try #require(try JSONValue(parsing: json5, options: .json5).numberValue)
    #expect(number.usesJSON5Syntax)
    #expect(number.rfc8259Text == nil)
  }
}
