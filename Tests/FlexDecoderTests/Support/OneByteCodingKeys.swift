// Coding keys of one byte that are not the enums `Codable` synthesizes, for the tests of the
// tables that find keys by their byte (KeyTagTableTests, KeyBytesCacheTests).

/// A one-byte key that is not an enum: byte `n` is the key `k<n>`.
struct ByteKey: CodingKey {
  var byte: UInt8
  init(byte: UInt8) { self.byte = byte }
  init?(stringValue: String) {
    guard stringValue.hasPrefix("k"), let byte = UInt8(stringValue.dropFirst()) else { return nil }
    self.byte = byte
  }
  init?(intValue: Int) { nil }
  var stringValue: String { "k\(byte)" }
  var intValue: Int? { nil }

  /// Every byte, odd ones first: not in the order a document lists them.
  static let allBytesShuffled = Array(stride(from: 1, to: 256, by: 2)) + Array(stride(from: 0, to: 256, by: 2))
}

/// A one-byte key with a payload: `.flag(true)`, `.flag(false)` and `.plain` are three bytes.
enum PayloadKey: CodingKey {
  case flag(Bool)
  case plain

  static let allKeys: [PayloadKey] = [.flag(true), .flag(false), .plain]

  init?(stringValue: String) {
    switch stringValue {
    case "on": self = .flag(true)
    case "off": self = .flag(false)
    case "plain": self = .plain
    default: return nil
    }
  }
  init?(intValue: Int) { nil }
  var stringValue: String {
    switch self {
    case .flag(true): "on"
    case .flag(false): "off"
    case .plain: "plain"
    }
  }
  var intValue: Int? { nil }
}
