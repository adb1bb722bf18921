@_spi(Engine) import FlexCore
import Foundation
import Testing

@testable import FlexCore

/// Number conversion is exact: the fast paths must give the same bits as the C library's
/// correctly rounded `strtod`, which `Double(String)` wraps.
@Suite("Number parsing")
struct NumberParsingTests {
  private func parseDouble(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { NumberParsing.double(fromNumberText: UnsafeRawBufferPointer($0)) }
  }

  private func parseFloat(_ text: String) -> Float? {
    var text = text
    return text.withUTF8 { NumberParsing.float(fromNumberText: UnsafeRawBufferPointer($0)) }
  }

  /// A small deterministic generator (SplitMix64), so failures reproduce.
  private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test(arguments: [
    "0", "-0", "1", "0.1", "0.3", "1e23", "9007199254740993", "2.2250738585072011e-308",
    "2.2250738585072014e-308", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "1.7976931348623157e308", "1.7976931348623158e308", "123456789012345678", "0.000001",
    "7.2057594037927933e16", "-65.613616999999977", "1e-400", "5e-324", "1.0000000000000002",
    "9999999999999999999", "18446744073709551615", "179769313486231570000000000000000000000e270",
    // 20 and more significant digits whose 64-bit significand wraps, to exactly 0 for 2^63 · 10.
    "9223372036854775808.0", "-9223372036854775808.0", "-92233720368547758080e-1", "1844674407370955161.60",
    "0.00000000000000000000000000000000000000092233720368547758080",
  ])
  func doublesMatchStrtodOnEdgeCases(_ text: String) throws {
    let expected = try #require(Double(text))
    if expected.isInfinite {
      #expect(parseDouble(text) == nil)
    } else {
      #expect(parseDouble(text)?.bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test func overflowIsNil() {
    #expect(parseDouble("1e309") == nil)
    #expect(parseDouble("-1e400") == nil)
    #expect(parseFloat("3.5e38") == nil)
  }

  @Test func randomDecimalsMatchStrtodBitForBit() {
    var generator = SplitMix64(state: 0x5EED)
    var mismatches: [String] = []
    for _ in 0..<200_000 {
      let digitCount = Int.random(in: 1...19, using: &generator)
      var digits = String(Int.random(in: 1...9, using: &generator))
      for _ in 1..<digitCount { digits.append(String(Int.random(in: 0...9, using: &generator))) }
      let point = Int.random(in: 0...digitCount, using: &generator)
      var text =
        point == digitCount
        ? digits : "\(digits.prefix(point).isEmpty ? "0" : String(digits.prefix(point))).\(digits.dropFirst(point))"
      if Bool.random(using: &generator) { text += "e\(Int.random(in: -340...310, using: &generator))" }
      if Bool.random(using: &generator) { text = "-" + text }
      guard let expected = Double(text) else { continue }
      let actual = parseDouble(text)
      let matches = expected.isInfinite ? actual == nil : actual?.bitPattern == expected.bitPattern
      if !matches { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test func randomFloatsMatchStrtofBitForBit() {
    var generator = SplitMix64(state: 0xF10A7)
    var mismatches: [String] = []
    for _ in 0..<50_000 {
      let significand = UInt64.random(in: 1...99_999_999_999, using: &generator)
      let text = "\(significand)e\(Int.random(in: -50...40, using: &generator))"
      guard let expected = Float(text) else { continue }
      let actual = parseFloat(text)
      let matches = expected.isInfinite ? actual == nil : actual?.bitPattern == expected.bitPattern
      if !matches { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test(arguments: ["canada.json", "citm_catalog.json", "twitter.json"])
  func everyCorpusNumberMatchesStrtod(_ file: String) throws {
    let bytes = try TestResources.benchmarkFile(file)
    try bytes.withUnsafeBytes { buffer in
      let tape = try JSONScanner.scan(buffer)
      var checked = 0
      for index in 0..<tape.count where tape[index].kind == .number {
        let text = tape.numberText(at: index)
        let expected = try #require(Double(text))
        #expect(tape.double(at: index)?.bitPattern == expected.bitPattern, "\(text)")
        if let float = Float(text), float.isFinite {
          #expect(tape.float(at: index)?.bitPattern == float.bitPattern, "\(text)")
        }
        checked += 1
      }
      #expect(checked > 0)
    }
  }
}
