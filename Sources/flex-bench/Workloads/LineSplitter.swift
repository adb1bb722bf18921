// LineSplitter: the baseline's way to read JSON Lines from chunks, as swift-openapi-runtime's
// `asDecodedJSONLines` does it (split the chunks into lines, decode each line's `Data` with a
// `JSONDecoder`), with a splitter that looks at each byte once.

import Foundation

/// Splits a stream arriving in chunks into its lines and hands each non-blank line over as a
/// new `Data` (the copy that `JSONDecoder.decode(_:from:)` needs).
///
/// A line that lies in one chunk is copied from it; one that spans chunks is gathered in a
/// buffer first. swift-openapi-runtime's splitter instead removes each line from the front of
/// its buffer (a copy of the rest of the buffer per line); this one does not, so the baseline
/// pays for decoding, not for a slow split.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct LineSplitter {
  /// The start of a line that the previous chunks did not finish.
  private var partial: [UInt8] = []

  /// Hands each line that `chunk` finishes to `body`, and keeps the rest for the next chunk.
  ///
  /// - Throws: what `body` throws.
  mutating func feed(_ chunk: ArraySlice<UInt8>, _ body: (Data) throws -> Void) rethrows {
    try chunk.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var start = 0
      // memchr, as a fast splitter would search.
      while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
        let newline = UnsafeRawPointer(found) - base
        if partial.isEmpty {
          if newline > start { try body(Data(bytes[start..<newline])) }
        } else {
          partial.append(contentsOf: bytes[start..<newline])
          try body(Data(partial))
          partial.removeAll(keepingCapacity: true)
        }
        start = newline + 1
      }
      partial.append(contentsOf: bytes[start...])
    }
  }

  /// At the end of the stream: hands the last line to `body` if it has no newline.
  ///
  /// - Throws: what `body` throws.
  mutating func finish(_ body: (Data) throws -> Void) rethrows {
    if !partial.isEmpty { try body(Data(partial)) }
    partial = []
  }
}
