@_spi(Engine) import FlexCore
import Testing

/// The writer's byte buffer.
@Suite("JSONOutput")
struct JSONOutputTests {
  @Test func keepsEveryByteAcrossGrowth() {
    let output = JSONOutput(capacity: 1)
    var expected: [UInt8] = []
    for index in 0..<10_000 {
      let byte = UInt8(truncatingIfNeeded: index &* 31)
      output.append(byte)
      expected.append(byte)
      if index % 100 == 0 {
        let run = [UInt8](repeating: byte, count: index % 37)
        run.withUnsafeBytes { output.append(contentsOf: $0) }
        expected += run
      }
    }
    #expect(output.count == expected.count)
    #expect(output.bytes == expected)
  }

  @Test func dropsAndCopiesRanges() {
    let output = JSONOutput(capacity: 4)
    output.append(contentsOf: Array("[1,2,3]".utf8))
    #expect(output.bytes(in: 1..<4) == Array("1,2".utf8))
    #expect(output[5] == UInt8(ascii: "3"))
    output.removeLast(1)
    #expect(output.bytes == Array("[1,2,3".utf8))
    output.removeSubrange(from: 2)
    #expect(output.bytes == Array("[1".utf8))
    output.withUnsafeBytes { #expect(Array($0) == Array("[1".utf8)) }
  }
}
