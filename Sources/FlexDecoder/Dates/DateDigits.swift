/// Fixed-width ASCII numbers in date text, read and written without `String`s.
enum DateDigits {
  /// The number that the `count` ASCII digits at `offset` of `text` write, or -1 when the text
  /// is too short or one of them is not a digit.
  @inline(__always)
  static func value(in text: UnsafeRawBufferPointer, at offset: Int, count: Int) -> Int {
    guard offset + count <= text.count else { return -1 }
    var value = 0
    for position in offset..<offset + count {
      let digit = text[position] &- UInt8(ascii: "0")
      guard digit < 10 else { return -1 }
      value = value &* 10 &+ Int(digit)
    }
    return value
  }

  /// Writes `value` (0 ≤ value < 10^`count`) as `count` digits, zero-padded, at `destination`.
  @inline(__always)
  static func write(_ value: Int, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
    var rest = value
    for position in stride(from: count - 1, through: 0, by: -1) {
      destination[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
  }
}
