@_spi(Engine) import FlexCore
import Foundation

// UUIDs read and written as text without Foundation's C routines.
//
// `UUID(uuidString:)` on Linux goes through a C parser built on `sscanf`, about 7,500
// instructions a UUID, and `uuidString` through `snprintf`; a model of ten orders with a UUID
// each spent a sixth of its decode there. The text has one form, `8-4-4-4-12` hexadecimal
// digits of either case: those bytes are read here directly. Anything else (another length,
// escapes, a stray character) is left to Foundation, which then decides (on Linux it also takes
// spaces and signs where its `sscanf` skips them): every UUID read here is the one
// `UUID(uuidString:)` reads (UUIDTextTests replaces each position of the text with bytes of every
// kind).

/// The canonical text of a UUID: `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
enum UUIDText {
  /// The length of the text, dashes included.
  static let length = 36

  /// The UUID written in `text`, or `nil` if `text` is not 36 bytes of the canonical form.
  static func uuid(from text: UnsafeRawBufferPointer) -> UUID? {
    guard text.count == length else { return nil }
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let isValid = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
      var offset = 0
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          guard text[offset] == UInt8(ascii: "-") else { return false }
          offset &+= 1
        }
        guard let high = text[offset].hexDigitValue, let low = text[offset &+ 1].hexDigitValue else { return false }
        output[index] = high &<< 4 | low
        offset &+= 2
      }
      return true
    }
    return isValid ? UUID(uuid: bytes) : nil
  }

  /// `uuid.uuidString`: the text in upper case.
  static func text(of uuid: UUID) -> String {
    String(utf8Capacity: length) { buffer in
      write(uuid, into: UnsafeMutableRawBufferPointer(buffer))
      return length
    }
  }

  /// Runs `body` with the text of `uuid` between quotes, as JSON writes it: 38 bytes.
  static func withQuotedText<Result>(of uuid: UUID, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    withUnsafeTemporaryAllocation(byteCount: length &+ 2, alignment: 1) { buffer in
      buffer[0] = UInt8(ascii: "\"")
      write(uuid, into: UnsafeMutableRawBufferPointer(rebasing: buffer[1...length]))
      buffer[length &+ 1] = UInt8(ascii: "\"")
      return body(UnsafeRawBufferPointer(buffer))
    }
  }

  /// Writes the 36 bytes of the text of `uuid` at the start of `output`.
  private static func write(_ uuid: UUID, into output: UnsafeMutableRawBufferPointer) {
    let digits: StaticString = "0123456789ABCDEF"
    withUnsafeBytes(of: uuid.uuid) { bytes in
      var offset = 0
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          output[offset] = UInt8(ascii: "-")
          offset &+= 1
        }
        output[offset] = digits.utf8Start[Int(bytes[index] &>> 4)]
        output[offset &+ 1] = digits.utf8Start[Int(bytes[index] & 0x0F)]
        offset &+= 2
      }
    }
  }
}
