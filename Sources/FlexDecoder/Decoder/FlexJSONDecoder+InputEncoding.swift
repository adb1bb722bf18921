import Foundation

// JSONDecoder reads UTF-16 and UTF-32 documents as well as UTF-8 (RFC 4627, section 3). The
// encoding is told by a byte order mark, or by where the zero bytes fall among the first four:
// the first two characters of a JSON text are ASCII, so `[` `1` in UTF-16LE is 5B 00 31 00.
// FlexJSONDecoder does the same for `Data` and `[UInt8]`; UTF-8 input is scanned in place.

extension FlexJSONDecoder {
  /// Calls `body` with the UTF-8 form of `bytes`, converted from UTF-16 or UTF-32 if that is
  /// what they hold. A UTF-8 byte order mark is left for the scanner, which skips it.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the bytes are not valid in the encoding they
  ///   were detected to be in; whatever `body` throws.
  static func withUTF8Document<R>(
    _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    guard let (encoding, byteOrderMarkLength) = nonUTF8Encoding(of: bytes) else {
      return try body(bytes)
    }
    guard var string = String(bytes: bytes.dropFirst(byteOrderMarkLength), encoding: encoding) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON: it is not valid \(encoding)."))
    }
    return try string.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
  }

  /// The UTF-16 or UTF-32 encoding of a document, and the length of its byte order mark; `nil`
  /// for UTF-8. The same tests, in the same order, as JSONDecoder's.
  private static func nonUTF8Encoding(of bytes: UnsafeRawBufferPointer) -> (String.Encoding, Int)? {
    func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
    switch (byte(0), byte(1), byte(2), byte(3)) {
    case (0, 0, 0xFE, 0xFF): return (.utf32BigEndian, 4)
    case (0xFE, 0xFF, 0, 0): return (.utf32LittleEndian, 4)
    case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
    case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
    case (0xEF, 0xBB, 0xBF, _): return nil
    case (0, 0, 0, let fourth?) where fourth != 0: return (.utf32BigEndian, 0)
    case (0, let second?, 0, let fourth?) where second != 0 && fourth != 0: return (.utf16BigEndian, 0)
    case (let first?, 0, 0, 0) where first != 0: return (.utf32LittleEndian, 0)
    case (let first?, 0, let third?, 0) where first != 0 && third != 0: return (.utf16LittleEndian, 0)
    // A two-byte document: one UTF-16 character, such as a single digit.
    case (0, let second?, nil, nil) where second != 0: return (.utf16BigEndian, 0)
    case (let first?, 0, nil, nil) where first != 0: return (.utf16LittleEndian, 0)
    default: return nil
    }
  }
}
