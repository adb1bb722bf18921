import FlexCore
import Testing

/// `String(utf8Capacity:initializingWith:)`: the system's initializer where it has one, a copy
/// through a temporary buffer on older Apple systems; both give the same strings.
@Suite("String from UTF-8 written in place")
struct StringUTF8CapacityTests {
  /// Writes `bytes` and returns their count.
  private static func writer(_ bytes: [UInt8]) -> (UnsafeMutableBufferPointer<UInt8>) -> Int {
    { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
      return bytes.count
    }
  }

  @Test(arguments: [
    [UInt8](), Array("ok".utf8), Array("héllo, 世界 🌍".utf8), [0x61, 0xFF, 0x62], [0xE4, 0xB8], [0x00, 0x41],
    Array(repeating: 0x7A, count: 5_000),
  ])
  func bothPathsGiveTheStringThatDecodingTheBytesGives(_ bytes: [UInt8]) {
    let expected = String(decoding: bytes, as: UTF8.self)
    #expect(String(utf8Capacity: bytes.count + 3, initializingWith: Self.writer(bytes)) == expected)
    #expect(String.copying(capacity: bytes.count + 3, initializingWith: Self.writer(bytes)) == expected)
  }

  @Test func aZeroCapacityGivesTheEmptyString() {
    #expect(String(utf8Capacity: 0) { _ in 0 } == "")
    #expect(String.copying(capacity: 0) { _ in 0 } == "")
  }
}
