import Foundation
import Testing

@testable import FlexDecoder

/// Decimals read from a number's text without `Decimal(string:)` (DecimalText.swift): the same
/// Decimal, bit for bit, and every other text left to `Decimal(string:)`.
@Suite("Decimal text")
struct DecimalTextTests {
  private static let posix = Locale(identifier: "en_US_POSIX")

  private static func native(_ text: String) -> Decimal? {
    var text = text
    return text.withUTF8 { DecimalText.decimal(from: UnsafeRawBufferPointer($0)) }
  }

  private static func bits(_ decimal: Decimal) -> [UInt8] {
    withUnsafeBytes(of: decimal) { Array($0) }
  }

  /// Numbers of 1 to 19 digits, the point anywhere or nowhere, either sign, with trailing and
  /// leading zeros: the same bits as `Decimal(string:)`.
  @Test func generatedNumbersHaveDecimalStringsBits() throws {
    var generator = SeededGenerator(seed: 0xDEC1)
    var compared = 0
    for _ in 0..<20_000 {
      let digitCount = generator.below(19) + 1
      var digits = (0..<digitCount).map { _ in Character(String(generator.below(10))) }
      if generator.oneIn(4) { digits[digits.count - 1] = "0" }  // trailing zeros
      if digits.allSatisfy({ $0 == "0" }) { digits[0] = "7" }
      var text = String(digits)
      let point = generator.below(digitCount + 1)
      if point < digitCount {
        text.insert(".", at: text.index(text.startIndex, offsetBy: point))
        if point == 0 { text = "0" + text }
      }
      // RFC 8259: no leading zeros in the integer part.
      while text.count > 1 && text.hasPrefix("0") && !text.hasPrefix("0.") { text.removeFirst() }
      if generator.oneIn(2) { text = "-" + text }
      guard text.filter(\.isNumber).count <= 19 else { continue }
      let expected = try #require(Decimal(string: text, locale: Self.posix))
      let native = try #require(Self.native(text), "\(text)")
      #expect(Self.bits(native) == Self.bits(expected), "\(text)")
      compared += 1
    }
    #expect(compared > 15_000)
  }

  @Test(arguments: [
    "12.50", "1200", "3.99", "-0.25", "0.001", "9999999999999999999", "1000000000000000000", "-1",
    "0.000000000000000001", "65536", "4294967296",
  ])
  func amountsHaveDecimalStringsBits(text: String) throws {
    let expected = try #require(Decimal(string: text, locale: Self.posix))
    #expect(Self.native(text).map(Self.bits) == Self.bits(expected))
  }

  @Test(arguments: ["0", "-0", "0.00", "1e5", "1.5E-3", "12345678901234567890", "0.12345678901234567890", ""])
  func zerosExponentsAndLongTextsAreLeftToDecimalString(text: String) {
    #expect(Self.native(text) == nil)
  }

  /// Through the decoder, as JSONDecoder decodes them.
  @Test func decimalsDecodeAsWithJSONDecoder() throws {
    let json = Data(#"[12.50, 0, -0.0, 1e3, 3.99, 123456789012345678901234567890, -7, 0.1]"#.utf8)
    let flex = try FlexJSONDecoder().decode([Decimal].self, from: json)
    let foundation = try JSONDecoder().decode([Decimal].self, from: json)
    #expect(flex == foundation)
    #expect(flex.map(\.description) == foundation.map(\.description))
    #expect(
      flex.map(\.description) == ["12.5", "0", "0", "1000", "3.99", "123456789012345678901234567890", "-7", "0.1"])
  }

  // MARK: Writing

  /// The layout check passes with this Foundation, so the tests below exercise the native
  /// writing (a wrong text for one of the check's Decimals would turn it off).
  @Test func decimalsAreWrittenNativelyHere() {
    #expect(DecimalText.readsLayout)
  }

  /// Significands of every size, exponents over Decimal's range, both signs, and sums and
  /// products (whose mantissas may keep trailing zeros): `description`'s text.
  @Test func generatedDecimalsAreWrittenAsDescriptionWritesThem() {
    var generator = SeededGenerator(seed: 0x7E47)
    var decimals: [Decimal] = [0, .nan, Decimal(1) / Decimal(3), Decimal(string: "1e-120")!, Decimal(string: "1e100")!]
    for _ in 0..<5_000 {
      let significand = generator.next() >> UInt64(generator.below(64))
      let exponent = generator.below(256) - 128
      decimals.append(
        Decimal(sign: generator.oneIn(2) ? .minus : .plus, exponent: exponent, significand: Decimal(significand)))
    }
    // Sums and products of amounts (Decimal arithmetic traps on overflow, so the operands stay
    // small).
    func amount() -> Decimal {
      Decimal(
        sign: generator.oneIn(3) ? .minus : .plus, exponent: generator.below(8) - 6,
        significand: Decimal(generator.below(1_000_000)))
    }
    for _ in 0..<2_000 {
      let (a, b) = (amount(), amount())
      decimals.append(a + b)
      decimals.append(a * b)
      decimals.append(a - a)
    }
    for decimal in decimals {
      #expect(DecimalText.text(of: decimal) == decimal.description, "\(decimal)")
    }
  }

  /// Through both encoders, streaming and tree (a key encoded twice takes the tree): JSONEncoder's
  /// bytes.
  @Test(arguments: [false, true])
  func decimalsEncodeAsWithJSONEncoder(encodesAKeyTwice: Bool) throws {
    let amounts = ["12.50", "-0.005", "1200", "0", "18446744073709551616", "3.99", "-7"].map {
      Decimal(string: $0, locale: Self.posix)!
    }
    let invoice = Invoice(amounts: amounts, total: amounts.reduce(0, +), encodesTotalTwice: encodesAKeyTwice)
    let flex = FlexJSONEncoder()
    flex.outputFormatting = [.sortedKeys]
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys]
    #expect(try flex.encode(invoice) == foundation.encode(invoice))
    #expect(
      String(decoding: try flex.encode(amounts), as: UTF8.self) == "[12.5,-0.005,1200,0,18446744073709551616,3.99,-7]")
  }
}

private struct Invoice: Encodable {
  let amounts: [Decimal]
  let total: Decimal
  let encodesTotalTwice: Bool

  private enum CodingKeys: String, CodingKey { case amounts, total }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(amounts, forKey: .amounts)
    if encodesTotalTwice { try container.encode(Decimal(1), forKey: .total) }
    try container.encode(total, forKey: .total)
  }
}
