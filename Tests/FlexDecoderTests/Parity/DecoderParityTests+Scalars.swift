import FlexDecoder
import Foundation
import Testing

// Scalars at the top level, in keyed and in unkeyed containers: values, wrong types, nulls,
// and the range checks of every numeric type.

extension DecoderParityTests {
  static let scalarCases: [ParityCase] = [
    // Bool
    ParityCase("Bool true", Bool.self, "true"),
    ParityCase("Bool false in an array", [Bool].self, "[false, true]"),
    ParityCase("Bool from 1 is a type mismatch", Bool.self, "1"),
    ParityCase("Bool from a string is a type mismatch", Box<Bool>.self, #"{"value": "true"}"#),
    ParityCase("Bool from null in an array", [Bool].self, "[true, null]"),
    ParityCase("Bool from null in a struct", Box<Bool>.self, #"{"value": null}"#),
    ParityCase("Bool from null at the top", Bool.self, "null"),
    ParityCase("Bool? from null in a struct", Box<Bool?>.self, #"{"value": null}"#),

    // String
    ParityCase("String with escapes", String.self, #""tab\tnew\nline \"q\" \\ \/ \u00e9""#),
    ParityCase("String with a surrogate pair", String.self, #""\ud83d\ude00 and é""#),
    ParityCase("String with an unpaired surrogate", String.self, #""\ud800""#),
    ParityCase("String with a raw control character", String.self, "\"a\u{01}b\""),
    ParityCase("String with an escaped NUL", String.self, #""a\u0000b""#),
    ParityCase("String with a high surrogate before a letter", String.self, #""\ud800\u0041""#),
    ParityCase("String with a lone low surrogate", String.self, #""\udc00""#),
    ParityCase("String with uppercase hex escapes", String.self, #""\u00E9\uD83D\uDE00""#),
    ParityCase("String from a number is a type mismatch", Box<String>.self, #"{"value": 42}"#),
    ParityCase("String from a bool is a type mismatch", [String].self, #"["a", true]"#),
    ParityCase("String from an array is a type mismatch", String.self, #"["a"]"#),
    ParityCase("String from null is valueNotFound", Box<String>.self, #"{"value": null}"#),
    ParityCase("empty String", String.self, #""""#),

    // Int and friends: values
    ParityCase("Int", Int.self, "42"),
    ParityCase("negative Int", Int.self, "-42"),
    ParityCase("Int from -0", Int.self, "-0"),
    ParityCase(
      "every integer type in a struct", Integers.self,
      """
      {"int": -1, "int8": -128, "int16": 32767, "int32": -2147483648, "int64": 9223372036854775807,
       "uint": 18446744073709551615, "uint8": 255, "uint16": 65535, "uint32": 4294967295,
       "uint64": 18446744073709551615}
      """),
    ParityCase("Int from 1.0", Int.self, "1.0"),
    ParityCase("Int from 1e2", Int.self, "1e2"),
    ParityCase("Int from 1E+2", Int.self, "1E+2"),
    ParityCase("Int from 100e-2", Int.self, "100e-2"),
    ParityCase("Int from 0.1e1", Int.self, "0.1e1"),
    ParityCase("Int from 0e1", Int.self, "0e1"),
    ParityCase("Int from 1.5 is out of range", Int.self, "1.5"),
    ParityCase("Int from 1.5 in a struct is out of range", Box<Int>.self, #"{"value": 1.5}"#),
    ParityCase("Int from 1e-400", Int.self, "1e-400"),
    ParityCase("Int from 1.0000000000000001", Int.self, "1.0000000000000001"),
    ParityCase("Int from 0.99999999999999999999", Int.self, "0.99999999999999999999"),
    ParityCase("Int from 9007199254740993.0", Int.self, "9007199254740993.0"),
    ParityCase("Int from 9007199254740993.5", Int.self, "9007199254740993.5"),
    ParityCase("Int from a string is a type mismatch", Box<Int>.self, #"{"value": "42"}"#),
    ParityCase("Int from a bool is a type mismatch", [Int].self, "[1, true]"),
    ParityCase("Int from an object is a type mismatch", Int.self, "{}"),
    ParityCase("Int from null is valueNotFound", Box<Int>.self, #"{"value": null}"#),

    // Range checks
    ParityCase("UInt8 from 255", UInt8.self, "255"),
    ParityCase("UInt8 from 300 is out of range", UInt8.self, "300"),
    ParityCase("UInt8 from 300 in an array is out of range", [UInt8].self, "[1, 300]"),
    ParityCase("UInt from -1 is out of range", UInt.self, "-1"),
    ParityCase("UInt from -0", UInt.self, "-0"),
    ParityCase("UInt from -0.0", UInt.self, "-0.0"),
    ParityCase("Int8 from 127", Int8.self, "127"),
    ParityCase("Int8 from 128 is out of range", Int8.self, "128"),
    ParityCase("Int8 from -128", Int8.self, "-128"),
    ParityCase("Int8 from -129 is out of range", Int8.self, "-129"),
    ParityCase("UInt16 from 65536 is out of range", UInt16.self, "65536"),
    ParityCase("Int32 from 2147483648 is out of range", Int32.self, "2147483648"),
    ParityCase("UInt32 from 4294967296 is out of range", UInt32.self, "4294967296"),
    ParityCase("Int64.max", Int64.self, "9223372036854775807"),
    ParityCase("Int64.min", Int64.self, "-9223372036854775808"),
    ParityCase("Int64.max + 1 is out of range", Int64.self, "9223372036854775808"),
    ParityCase("Int64.min - 1 is out of range", Int64.self, "-9223372036854775809"),
    ParityCase("Int64.max written as 9223372036854775807.0", Int64.self, "9223372036854775807.0"),
    ParityCase("Int from 1e19 is out of range", Int.self, "1e19"),
    ParityCase("UInt64.max", UInt64.self, "18446744073709551615"),
    ParityCase("UInt64.max + 1 is out of range", UInt64.self, "18446744073709551616"),
    ParityCase("UInt64 from 1e19", UInt64.self, "1e19"),
    ParityCase("UInt64 from 12345678901234567890.0", UInt64.self, "12345678901234567890.0"),
    ParityCase("Int from 23 digits is out of range", Int.self, "12345678901234567890123"),

    ParityCase("Int64.min written as -9223372036854775808.0", Int64.self, "-9223372036854775808.0"),
    ParityCase("Int from -1.0e0", Int.self, "-1.0e0"),
    ParityCase("UInt8 from 2.55e2", UInt8.self, "2.55e2"),
    ParityCase("Int16 from 1e5 is out of range", Int16.self, "1e5"),
    ParityCase("Int from a huge exponent", Int.self, "1e999999999"),
    ParityCase("Int from zero with a huge exponent", Int.self, "0e999999999"),
    ParityCase("Int from a huge negative exponent", Int.self, "5e-999999999"),
    // Floating point
    ParityCase("Double", Double.self, "1.5"),
    ParityCase("Double from an integer", Double.self, "42"),
    ParityCase("Double 0.1", Double.self, "0.1"),
    ParityCase("Double -0.0 keeps its sign", Double.self, "-0.0"),
    ParityCase("Double -0 keeps its sign", Double.self, "-0"),
    ParityCase("Double with 31 digits", Double.self, "3.141592653589793238462643383279"),
    ParityCase("Double from a 30-digit integer", Double.self, "123456789012345678901234567890"),
    ParityCase("Double.greatestFiniteMagnitude", Double.self, "1.7976931348623157e308"),
    ParityCase("Double just past the largest is out of range", Double.self, "1.7976931348623159e308"),
    ParityCase("Double from 1e400 is out of range", Double.self, "1e400"),
    ParityCase("Double from -1e400 is out of range", [Double].self, "[0, -1e400]"),
    ParityCase("Double from 1e-400 underflows", Double.self, "1e-400"),
    ParityCase("Double from 2.4e-324 underflows", Double.self, "2.4e-324"),
    ParityCase("Double from a huge exponent", Double.self, "1e999999999"),
    ParityCase("Double from zero with a huge exponent", Double.self, "0.0e999999999"),
    ParityCase("Double smallest subnormal", Double.self, "4.9e-324"),
    ParityCase("Double from 0.0e-400 is zero", Double.self, "0.0e-400"),
    ParityCase("Double from 0E+1", Double.self, "0E+1"),
    ParityCase("Double from 1E2", Double.self, "1E2"),
    ParityCase("Double from -1.5e-3", Double.self, "-1.5e-3"),
    ParityCase("Double from a string is a type mismatch", Box<Double>.self, #"{"value": "1.5"}"#),
    ParityCase("Double from null is valueNotFound", [Double].self, "[1, null]"),
    ParityCase("Float", Float.self, "0.1"),
    ParityCase("Float rounds the decimal text once", Float.self, "1.00000005960464477539062500001"),
    ParityCase("Float from 16777217", Float.self, "16777217"),
    ParityCase("Float.greatestFiniteMagnitude", Float.self, "3.4028235e38"),
    ParityCase("Float from 3.5e38 is out of range", Float.self, "3.5e38"),
    ParityCase("Float from 1e-50 underflows", Float.self, "1e-50"),
    ParityCase("Float -0.0 keeps its sign", Float.self, "-0.0"),
    ParityCase("Float rounding to the largest", Float.self, "3.4028235677973362e38"),
    ParityCase("Float rounding to infinity is out of range", Float.self, "3.4028235677973366e38"),
    ParityCase("Float smallest subnormal", Float.self, "1e-45"),
    ParityCase("Double -0e0 keeps its sign", Double.self, "-0e0"),
    ParityCase("Double from 400 digits is out of range", Double.self, "1" + String(repeating: "0", count: 400)),
    ParityCase("Double from 400 zeros after the point", Double.self, "0." + String(repeating: "0", count: 400) + "1"),
    ParityCase("scalars in a struct", Scalars.self, #"{"flag": true, "text": "t", "float": 2.5, "double": -0.25}"#),
    ParityCase(
      "Float in a struct from a bool is a type mismatch", Scalars.self,
      #"{"flag": true, "text": "t", "float": false, "double": 1}"#),

    // Documented differences: Foundation on Linux rejects these valid zeros (a scan of the
    // digits that reads the exponent's digit first), FlexDecoder follows RFC 8259.
    .specified(
      "Double from 0e1 (RFC 8259: valid, zero)", Double.self, "0e1",
      foundation: .failure(.dataCorrupted(at: [])), flex: .value(0)),
    .specified(
      "Float from 0e1 (RFC 8259: valid, zero)", Float.self, "0e1",
      foundation: .failure(.dataCorrupted(at: [])), flex: .value(0)),
    .specified(
      "Double from 0.00e1 (RFC 8259: valid, zero)", Double.self, "0.00e1",
      foundation: .failure(.dataCorrupted(at: [])), flex: .value(0)),
  ]

  /// The 128-bit integers (`Int128` and `UInt128` are macOS 15, iOS 18 API).
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  static let wideIntegerCases: [ParityCase] = [
    ParityCase("Int128.max", Int128.self, "170141183460469231731687303715884105727"),
    ParityCase("Int128.min", Int128.self, "-170141183460469231731687303715884105728"),
    ParityCase("Int128.max + 1 is out of range", Int128.self, "170141183460469231731687303715884105728"),
    ParityCase("UInt128.max", UInt128.self, "340282366920938463463374607431768211455"),
    ParityCase("UInt128 from -1 is out of range", UInt128.self, "-1"),
    ParityCase("Int128 from 1e20", Int128.self, "1e20"),
    ParityCase("Int128 from 1e30", Int128.self, "1e30"),
    ParityCase(
      "128-bit integers in a struct", WideIntegers.self,
      """
      {"signed": -170141183460469231731687303715884105728, "unsigned": 340282366920938463463374607431768211455}
      """),
    ParityCase("Int128 from a string is a type mismatch", Box<Int128>.self, #"{"value": "1"}"#),
  ]

  static let specialTypeCases: [ParityCase] = [
    // Decimal: from the number's text
    ParityCase("Decimal", Decimal.self, "1.5"),
    ParityCase("Decimal keeps 29 digits", Decimal.self, "12345678901234567890.123456789"),
    ParityCase("Decimal from an exponent", Decimal.self, "-2.5e-3"),
    ParityCase("Decimal from -0", Decimal.self, "-0"),
    ParityCase("Decimal from 1e200 is out of range", Decimal.self, "1e200"),
    ParityCase("Decimal from 1e-200 is out of range", Decimal.self, "1e-200"),
    ParityCase("Decimal from a string is a type mismatch", Box<Decimal>.self, #"{"value": "1.5"}"#),
    ParityCase("Decimal from null is valueNotFound", [Decimal].self, "[1, null]"),

    ParityCase("Decimal from 40 digits", Decimal.self, "1234567890123456789012345678901234567890.5"),
    ParityCase("Decimal from a long fraction", Decimal.self, "0.12345678901234567890123456789012345678901"),
    ParityCase("Decimal from 1e-128", Decimal.self, "1e-128"),
    ParityCase("Decimal from 1e-129", Decimal.self, "1e-129"),
    ParityCase("Decimal from 1e127", Decimal.self, "1e127"),
    ParityCase("Decimal from 1e128", Decimal.self, "1e128"),
    ParityCase("Decimal from 0e500", Decimal.self, "0e500"),
    // URL: from a string
    ParityCase("URL", URL.self, #""https://example.com/a?b=c#d""#),
    ParityCase("relative URL", Box<URL>.self, #"{"value": "/path/to/file"}"#),
    ParityCase("URL with a space", URL.self, #""https://example.com/a b""#),
    ParityCase("URL from an empty string is corrupted", Box<URL>.self, #"{"value": ""}"#),
    ParityCase("URL from an invalid string is corrupted", [URL].self, #"["https://ok", "http://[::1"]"#),
    ParityCase("URL from a number is a type mismatch", Box<URL>.self, #"{"value": 42}"#),
    ParityCase("URL from null is valueNotFound", Box<URL>.self, #"{"value": null}"#),
    ParityCase(
      "an invalid URL two objects down is corrupted at its path", Box<Box<URL>>.self,
      #"{"value": {"value": "http://[::1"}}"#),
    ParityCase(
      "a URL two objects down from a number is a type mismatch", Box<Box<URL>>.self, #"{"value": {"value": 1}}"#),
    // URL: parsed once per distinct text in a decode, equal wherever it repeats
    ParityCase(
      "repeated URLs", [URL].self,
      #"["https://a.example/x", "https://a.example/x", "/relative", "https://b.example", "/relative", "https://a.example/x"]"#
    ),
    ParityCase("a URL repeated with escapes", [URL].self, #"["https://a.example/x", "https:\/\/a.example\/x"]"#),
    ParityCase("a repeated invalid URL is corrupted where it first is", [URL].self, #"["http://[::1", "http://[::1"]"#),
    ParityCase(
      "an invalid URL after repeated valid ones is corrupted", [URL].self,
      #"["https://ok", "https://ok", "http://[::1"]"#),

    // JSONValue: JSONDecoder goes through its init(from:), FlexJSONDecoder reads the tape
    ParityCase("JSONValue array", JSONValue.self, #"[1, 2.50, -0, 1e2, 12345678901234567890123, "s", null, true]"#),
    ParityCase("JSONValue object", JSONValue.self, #"{"b": {"c": [1]}, "a": null, "d": "x", "e": 1.5}"#),
    ParityCase("JSONValue with a duplicate key", JSONValue.self, #"{"a": 1, "a": 2}"#),
    ParityCase("JSONValue with a number beyond Double", JSONValue.self, "[1e400]")
      .knownDifference(
        "FlexJSONDecoder keeps a JSONValue number's text; JSONDecoder runs JSONValue.init(from:), which "
          + "cannot read 1e400 as Int64, UInt64 or Double and throws typeMismatch"),
    ParityCase("JSONValue under snake case", JSONValue.self, #"{"a_b": {"c_d": 1}}"#, options: .snakeCase)
      .knownDifference(
        "FlexJSONDecoder builds a JSONValue straight from the document, keys as written; JSONDecoder runs "
          + "JSONValue.init(from:), whose object keys the key strategy converts"),

    ParityCase("URL with non-ASCII characters", URL.self, #""https://例え.jp/ü?q=ä""#),
    ParityCase("URL with only a scheme", URL.self, #""mailto:""#),
    // Top-level fragments and whitespace
    ParityCase("top-level string", String.self, #""str""#),
    ParityCase("top-level number with whitespace", Int.self, " \n\t42\r\n "),
    ParityCase("top-level null into Int?", Int?.self, "null"),
    ParityCase("top-level 7 into Int?", Int?.self, "7"),
    ParityCase("top-level null into Int", Int.self, "null"),
    ParityCase("top-level null into String", String.self, "null"),
    ParityCase("single-value container sees a number", SingleValueProbe.self, "12"),
    ParityCase("single-value container sees a string", SingleValueProbe.self, #""12""#),
    ParityCase("single-value container sees null", SingleValueProbe.self, "null"),
  ]
}
