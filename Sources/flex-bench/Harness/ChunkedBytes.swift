// ChunkedBytes: bytes held in memory handed over as an AsyncSequence of chunks, as a network or
// file source delivers them, at the cost of a slice per chunk.

/// An `AsyncSequence` of consecutive `ArraySlice<UInt8>` chunks of one array, each `chunkSize`
/// bytes long but the last. A struct iterator that never suspends: the cheapest async source,
/// so a streams row times the decoding and not the source (an `AsyncStream` takes a lock and
/// may suspend at every chunk).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ChunkedBytes: AsyncSequence, Sendable {
  typealias Element = ArraySlice<UInt8>

  /// The whole stream.
  let bytes: [UInt8]
  /// The length of every chunk but the last; at least 1.
  let chunkSize: Int

  init(_ bytes: [UInt8], chunkSize: Int) {
    precondition(chunkSize > 0, "chunks of at least one byte")
    self.bytes = bytes
    self.chunkSize = chunkSize
  }

  func makeAsyncIterator() -> Iterator {
    Iterator(bytes: bytes, chunkSize: chunkSize)
  }

  /// Hands over the chunks in order.
  struct Iterator: AsyncIteratorProtocol {
    let bytes: [UInt8]
    let chunkSize: Int
    var position = 0

    /// The next chunk; `nil` after the last.
    mutating func next() async -> ArraySlice<UInt8>? {
      guard position < bytes.count else { return nil }
      let end = Swift.min(position + chunkSize, bytes.count)
      defer { position = end }
      return bytes[position..<end]
    }
  }
}
