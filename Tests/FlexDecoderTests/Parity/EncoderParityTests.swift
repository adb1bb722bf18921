import FlexDecoder
import Foundation
import Testing

/// FlexJSONEncoder writes the same bytes as JSONEncoder, configured alike, for every kind of
/// value and option (always with `.sortedKeys`, with and without `.prettyPrinted` and
/// `.withoutEscapingSlashes`), and throws the same `EncodingError` at the same coding path.
///
/// Scalars are here; strategies and containers are in the `EncoderParityTests+…` files.
@Suite("Encoder parity with JSONEncoder")
struct EncoderParityTests {
  // MARK: - Integers

  static let integers: [ParityValue] = [
    ParityValue(Int(0)), ParityValue(Int(-1)), ParityValue(Int.min), ParityValue(Int.max),
    ParityValue(Int8.min), ParityValue(Int8.max), ParityValue(Int16.min), ParityValue(Int16.max),
    ParityValue(Int32.min), ParityValue(Int32.max), ParityValue(Int64.min), ParityValue(Int64.max),
    ParityValue(UInt.min), ParityValue(UInt.max), ParityValue(UInt8.max), ParityValue(UInt16.max),
    ParityValue(UInt32.max), ParityValue(UInt64.max),
  ]

  @Test(arguments: integers)
  func integersEncodeLikeJSONEncoder(_ integer: ParityValue) throws {
    try ParityEncoders().expectSameBytesInEveryPosition(integer.value)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test(arguments: [Int128.min, -1, 0, Int128(Int64.max) + 1, Int128.max])
  func int128EncodesLikeJSONEncoder(_ integer: Int128) throws {
    try ParityEncoders().expectSameBytesInEveryPosition(integer)
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test(arguments: [UInt128.min, UInt128(UInt64.max) + 1, UInt128.max])
  func uint128EncodesLikeJSONEncoder(_ integer: UInt128) throws {
    try ParityEncoders().expectSameBytesInEveryPosition(integer)
  }

  // MARK: - Floating point

  static let doubles: [Double] = [
    0, 1, -1, 100, 0.1, 0.5, 1.0 / 3, -123.456, 1e-7, 1e15, 1e16, 1e21, 1e22, .leastNonzeroMagnitude,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, -0.0, .pi,
    9_007_199_254_740_994, 123_456_789.125,
  ]

  @Test(arguments: doubles)
  func doublesEncodeLikeJSONEncoder(_ double: Double) throws {
    try ParityEncoders().expectSameBytesInEveryPosition(double)
  }

  static let floats: [Float] = [
    0, 1, 0.1, 1.5, -2.25, 1e-7, 1e15, 1e16, 1e21, .pi, -0.0, .greatestFiniteMagnitude,
    .leastNonzeroMagnitude, 16_777_216,
  ]

  @Test(arguments: floats)
  func floatsEncodeLikeJSONEncoder(_ float: Float) throws {
    try ParityEncoders().expectSameBytesInEveryPosition(float)
  }

  static let decimals: [String] = [
    "0", "1.50", "-0.001", "123.456", "12345678901234567890123456789012345678",
    "0.00000000000000000000000000000000000001", "3.402823669209384634633746074317682114550",
    "-99999999999999999999.99999999999999999",
  ]

  @Test(arguments: decimals)
  func decimalsEncodeLikeJSONEncoder(_ text: String) throws {
    let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    try ParityEncoders().expectSameBytesInEveryPosition(decimal)
  }

  @Test func decimalNaNIsWrittenAsJSONEncoderWritesIt() throws {
    // Not JSON, but what JSONEncoder writes: `NaN`, unquoted.
    #expect(try ParityEncoders().expectSameBytes([Decimal.nan]) == "[NaN]")
  }

  // MARK: - Booleans and null

  @Test(arguments: ParityFormatting.allCases)
  func booleansAndNullEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytesInEveryPosition(true)
    try encoders.expectSameBytesInEveryPosition(false)
    try encoders.expectSameBytesInEveryPosition(Int?.none)
    try encoders.expectSameBytes([1, nil, 3] as [Int?])
  }

  // MARK: - Strings

  static let strings: [ParityValue] = [
    ParityValue("empty", ""),
    ParityValue("plain", "Hello, world"),
    ParityValue("C0 controls", String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))),
    ParityValue("short escapes", "\u{8}\u{C}\n\r\t"),
    ParityValue("quote and backslash", #"say "hi" \ bye \\"#),
    ParityValue("slashes", "a/b//c </script> \\/"),
    ParityValue("DEL and C1", "\u{7F}\u{80}\u{9F}"),
    ParityValue("line and paragraph separators", "\u{2028}\u{2029}"),
    ParityValue("emoji", "👩‍👩‍👧‍👦 🇯🇵 👍🏽"),
    ParityValue("NFD", "e\u{301}te\u{301} Å"),
    ParityValue("NFC", "été Å"),
    ParityValue("CJK and RTL", "中文 עברית العربية"),
    ParityValue("BOM, NUL and plane 16", "\u{FEFF}\u{0}\u{10FFFF}"),
  ]

  @Test(arguments: strings, ParityFormatting.allCases)
  func stringsEncodeLikeJSONEncoder(_ string: ParityValue, formatting: ParityFormatting) throws {
    try ParityEncoders(formatting).expectSameBytesInEveryPosition(string.value)
  }

  @Test(arguments: strings, ParityFormatting.allCases)
  func keysAreEscapedLikeJSONEncoder(_ string: ParityValue, formatting: ParityFormatting) throws {
    let key = try #require(string.value as? String)
    try ParityEncoders(formatting).expectSameBytes(KeyedMembers(key, "plain"))
    try ParityEncoders(formatting).expectSameBytes([key: [key: key]])
  }

  /// Strings of every length up to 40 bytes with one byte to escape at every position, among
  /// ASCII or non-ASCII text, as values and as keys: the writer tests sixteen bytes at a time,
  /// then eight, then one, and each must find the byte in every lane.
  @Test(arguments: ["\"", "\\", "/", "\n", "\u{8}", "\u{0}", "\u{1F}", "\u{7F}", "é"], ParityFormatting.allCases)
  func stringsWithAByteToEscapeAnywhereEncodeLikeJSONEncoder(_ special: String, formatting: ParityFormatting) throws {
    var strings: [String] = [""]
    for length in 1...40 {
      for position in 0..<length {
        let before = String(repeating: "a", count: position)
        let after = length - position - 1
        strings.append(before + special + String(repeating: "z", count: after))
        // Two-byte characters after the special one, then an odd byte out if needed, so that
        // bytes of 0x80 and above fill the rest of every block.
        strings.append(before + special + String(repeating: "é", count: after / 2) + (after % 2 == 1 ? "z" : ""))
      }
    }
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytes(strings)
    try encoders.expectSameBytes(Dictionary(strings.map { ($0, 0) }, uniquingKeysWith: { first, _ in first }))
  }

  @Test func keysAreSortedByUTF8Bytes() throws {
    let keys = ["b", "B", "a", "10", "9", "-1", "e\u{301}", "k", "z", "é", "ｚ", "😀", "_", " ", "~", "aa", "a"]
    let sorted = try ParityEncoders().expectSameBytes(KeyedMembers(keys))
    #expect(sorted.hasPrefix(#"{" ":13,"-1":5,"10":3,"9":4,"B":1,"#))
  }

  // MARK: - URL

  static let urls: [URL] = [
    URL(string: "https://example.com/a/b?q=1&r=%20x#frag"),
    URL(string: "b/c?d", relativeTo: URL(string: "https://example.com/a/")),
    URL(fileURLWithPath: "/tmp/with space/ü.txt"),
    URL(string: "mailto:someone@example.com"),
    URL(string: "urn:isbn:0451450523"),
  ].compactMap(\.self)

  @Test(arguments: urls, ParityFormatting.allCases)
  func urlsEncodeLikeJSONEncoder(_ url: URL, formatting: ParityFormatting) throws {
    try ParityEncoders(formatting).expectSameBytesInEveryPosition(url)
  }

  // MARK: - Top-level fragments

  @Test(arguments: ParityFormatting.allCases)
  func topLevelFragmentsEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    #expect(try encoders.expectSameBytes("str") == #""str""#)
    #expect(try encoders.expectSameBytes(42) == "42")
    #expect(try encoders.expectSameBytes(String?.none) == "null")
    #expect(
      try encoders.expectSameBytes("a/b")
        == (formatting.flex.contains(.withoutEscapingSlashes) ? #""a/b""# : #""a\/b""#))
  }

  // MARK: - JSONValue

  @Test(arguments: ParityFormatting.allCases)
  func jsonValuesEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let value = try JSONValue(
      parsing: #"""
        {"b": [1, -2, 0.5, 0.1, 1e+21, "x/y", null, true, {}], "a": {"c": [], "d": {"e": "\u00e9"}},
         "big": 12345678901234567890, "min": -9223372036854775808}
        """#)
    try ParityEncoders(formatting).expectSameBytesInEveryPosition(value)
  }

  /// A deliberate difference: FlexJSONEncoder writes a ``JSONValue`` as it is, number text and
  /// keys included, where JSONEncoder goes through `JSONValue.encode(to:)`, which turns numbers
  /// into `Int64`, `UInt64` or `Double` and lets a key strategy convert object keys.
  @Test func jsonValuesKeepTheirNumberTextAndKeys() throws {
    let value = try JSONValue(parsing: #"{"myKey": [1.0, 1E2, 1e400, -0]}"#)
    let encoders = ParityEncoders()
    encoders.foundation.keyEncodingStrategy = .convertToSnakeCase
    encoders.flex.keyEncodingStrategy = .convertToSnakeCase
    encoders.foundation.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    #expect(try encoders.flex.encodeToString(value) == #"{"myKey":[1.0,1E2,1e400,-0]}"#)
    let foundation = String(decoding: try encoders.foundation.encode(value), as: UTF8.self)
    #expect(foundation == #"{"my_key":[1,100,"nan",0]}"#)
  }

  // MARK: - User info

  @Test func userInfoReachesEveryEncoder() throws {
    let key = try #require(CodingUserInfoKey(rawValue: "unit"))
    let encoders = ParityEncoders()
    encoders.foundation.userInfo = [key: "cm"]
    encoders.flex.userInfo = [key: "cm"]
    let written = try encoders.expectSameBytes(["a": [UserInfoEcho(key: key)], "b": [UserInfoEcho(key: key)]])
    #expect(written == #"{"a":["cm"],"b":["cm"]}"#)
  }
}

/// Encodes the string found in `userInfo` under `key`.
private struct UserInfoEcho: Encodable {
  let key: CodingUserInfoKey

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(encoder.userInfo[key] as? String ?? "missing")
  }
}
