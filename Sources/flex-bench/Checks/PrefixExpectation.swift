// PrefixExpectation: which prefixes of a valid document may themselves be valid.

@_spi(Engine) import FlexCore
import FlexDecoder

/// What a valid document's prefixes may do when accepted.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct PrefixExpectation {
  /// The length of the document without its trailing whitespace: a prefix at least this long
  /// is the whole document.
  let contentEnd: Int
  /// The byte range of the document's value when it is a lone number, whose prefixes are
  /// numbers too.
  let topLevelNumber: Range<Int>?

  /// Scans `bytes` (which must be valid) to learn its shape.
  ///
  /// - Throws: ``JSONParseError`` when `bytes` is not a valid document.
  init(_ bytes: [UInt8]) throws {
    let entry = try bytes.withUnsafeBytes { buffer in try JSONScanner.scan(buffer)[0] }
    topLevelNumber = entry.kind == .number ? Int(entry.offset)..<Int(entry.offset + entry.length) : nil
    contentEnd = (bytes.lastIndex { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } ?? -1) + 1
  }
}
