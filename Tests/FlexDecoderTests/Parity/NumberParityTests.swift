import CorpusModels
@_spi(Engine) import FlexCore
import FlexDecoder
import Foundation
import Testing

/// Every number of the float-heavy corpus files decodes to the same `Double` and `Float`, bit
/// for bit, with FlexJSONDecoder as with JSONDecoder (both correctly rounded).
@Suite("Number parity with JSONDecoder")
struct NumberParityTests {
  @Test(arguments: [CorpusFile.canada, .citmCatalog, .twitter])
  func everyNumberDecodesToTheSameDoubleAsWithJSONDecoder(_ file: CorpusFile) throws {
    let numbers = try numberTexts(of: file)
    let document = Data(("[" + numbers.joined(separator: ",") + "]").utf8)
    let flex = try FlexJSONDecoder.strict().decode([Double].self, from: document)
    let foundation = try JSONDecoder().decode([Double].self, from: document)
    #expect(flex.count == numbers.count)
    let mismatches = zip(numbers, zip(flex, foundation)).filter { $1.0.bitPattern != $1.1.bitPattern }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test(arguments: [CorpusFile.canada, .citmCatalog, .twitter])
  func everyNumberDecodesToTheSameFloatAsWithJSONDecoder(_ file: CorpusFile) throws {
    // Numbers beyond Float's range are an error in both; the rest must agree.
    let numbers = try numberTexts(of: file).filter { Float($0)?.isFinite == true }
    let document = Data(("[" + numbers.joined(separator: ",") + "]").utf8)
    let flex = try FlexJSONDecoder.strict().decode([Float].self, from: document)
    let foundation = try JSONDecoder().decode([Float].self, from: document)
    #expect(flex.count == numbers.count)
    let mismatches = zip(numbers, zip(flex, foundation)).filter { $1.0.bitPattern != $1.1.bitPattern }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Numbers at the edges of `Int64` and of 19 significant digits, written as decimals: the same
  /// `Double` (or the same failure) as JSONDecoder, alone and in an array.
  @Test(arguments: [
    "9223372036854775808.0", "-9223372036854775808.0", "-92233720368547758080e-1", "9223372036854775807.0",
    "18446744073709551615.0", "18446744073709551616.5", "99999999999999999999.0", "1000000000000000000.0",
    "-9223372036854775809", "12345678901234567890123e-3", "0.00000000000000000000000001",
  ])
  func edgeNumbersDecodeAsWithJSONDecoder(_ text: String) throws {
    let expected = try JSONDecoder().decode(Double.self, from: Data(text.utf8))
    let alone = try FlexJSONDecoder.strict().decode(Double.self, from: Data(text.utf8))
    let inArray = try FlexJSONDecoder.strict().decode([Double].self, from: Data("[\(text)]".utf8))
    #expect(alone.bitPattern == expected.bitPattern)
    #expect(inArray.map(\.bitPattern) == [expected.bitPattern])
  }

  /// The text of every number in `file`, in document order.
  private func numberTexts(of file: CorpusFile) throws -> [String] {
    let data = try file.load()
    return try data.withUnsafeBytes { bytes in
      let tape = try JSONScanner.scan(bytes)
      return (0..<tape.count).filter { tape[$0].kind == .number }.map { tape.numberText(at: $0) }
    }
  }
}
