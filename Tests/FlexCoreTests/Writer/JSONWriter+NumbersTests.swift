@_spi(Engine) import FlexCore
import Foundation
import Testing

/// Numbers written straight into the writer's bytes must be the text `JSONEncoder` writes.
@Suite("JSONWriter numbers")
struct JSONWriterNumbersTests {
  @Test func integersAreWrittenAsTheirDecimalDigits() {
    #expect(written { $0.writeInteger(0) } == "0")
    #expect(written { $0.writeInteger(-1) } == "-1")
    #expect(written { $0.writeInteger(Int.min) } == "-9223372036854775808")
    #expect(written { $0.writeInteger(Int.max) } == "9223372036854775807")
    #expect(written { $0.writeInteger(UInt64.max) } == "18446744073709551615")
    #expect(written { $0.writeInteger(Int8.min) } == "-128")
    #expect(written { $0.writeInteger(Int32.min) } == "-2147483648")
    #expect(written { $0.writeInteger(UInt8.max) } == "255")
  }

  @Test func randomIntegersMatchTheirDescription() {
    var generator = SystemRandomNumberGenerator()
    var mismatches: [Int64] = []
    for _ in 0..<10_000 {
      let value = Int64(bitPattern: generator.next()) >> Int64.random(in: 0..<63, using: &generator)
      if written({ $0.writeInteger(value) }) != String(value) { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty)
  }

  @Test(arguments: [
    0.0, -0.0, 1.0, -1.0, 0.1, 1.5, 123.456, 1e16, 1e-7, 1e21, 1e22, 5e-324, 2.2250738585072014e-308,
    Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 9_007_199_254_740_993, 0.30000000000000004,
  ])
  func doublesMatchJSONEncoder(_ value: Double) throws {
    let foundation = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
    #expect("[" + written { $0.writeFinite(value) } + "]" == foundation)
  }

  @Test func randomDoublesAreTheirDescriptionWithoutATrailingPointZero() {
    var generator = SystemRandomNumberGenerator()
    var mismatches: [Double] = []
    for _ in 0..<10_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      var expected = value.description
      if expected.hasSuffix(".0") { expected.removeLast(2) }
      if written({ $0.writeFinite(value) }) != expected { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty)
  }

  @Test(arguments: [Float(0), 1, -1, 0.1, 3.4028235e38, 1e-45, 16_777_217, 2.5])
  func floatsMatchJSONEncoder(_ value: Float) throws {
    let foundation = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
    #expect("[" + written { $0.writeFinite(value) } + "]" == foundation)
  }

  @Test func numbersAppendToWhatIsAlreadyWritten() {
    let text = written {
      $0.writeArrayStart()
      $0.writeInteger(12)
      $0.writeElementSeparator(isFirst: false, depth: 1)
      $0.writeFinite(2.0)
      $0.writeElementSeparator(isFirst: false, depth: 1)
      $0.writeFinite(Float(0.5))
      $0.writeArrayEnd(isEmpty: false, depth: 0)
    }
    #expect(text == "[12,2,0.5]")
  }

  /// What `body` writes into an empty writer.
  private func written(_ body: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter()
    body(&writer)
    return String(decoding: writer.output.bytes, as: UTF8.self)
  }
}
