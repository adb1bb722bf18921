// GeneratedChunks: a stream of any length made on the fly, for measuring the memory that
// decoding a stream takes (the stream itself is never held).

/// An `AsyncSequence` of `[UInt8]` chunks of `chunkSize` bytes (the last shorter) that together
/// make `head`, then `body` `repetitions` times, then `tail`.
///
/// Only one chunk exists at a time besides the three parts, so a stream of gigabytes costs a few
/// megabytes; making a chunk is a copy of its bytes.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct GeneratedChunks: AsyncSequence, Sendable {
  typealias Element = [UInt8]

  /// The bytes before the repeated part, e.g. `{"data":[`.
  let head: [UInt8]
  /// The repeated part; not empty.
  let body: [UInt8]
  /// How many times `body` is repeated.
  let repetitions: Int
  /// The bytes after the repeated part, e.g. the last element and `]}`.
  let tail: [UInt8]
  /// The length of every chunk but the last; at least 1.
  let chunkSize: Int

  /// The length of the whole stream.
  var byteCount: Int { head.count + body.count * repetitions + tail.count }

  func makeAsyncIterator() -> Iterator {
    Iterator(stream: self, remaining: byteCount)
  }

  /// Makes the chunks in order.
  struct Iterator: AsyncIteratorProtocol {
    let stream: GeneratedChunks
    /// Bytes not yet handed over.
    var remaining: Int
    /// The position in the stream's logical layout: 0 is the head's first byte.
    var offset = 0

    /// The next chunk; `nil` after the last.
    mutating func next() async -> [UInt8]? {
      guard remaining > 0 else { return nil }
      let count = Swift.min(stream.chunkSize, remaining)
      var chunk: [UInt8] = []
      chunk.reserveCapacity(count)
      while chunk.count < count {
        let (part, start) = location(of: offset)
        let taken = Swift.min(count - chunk.count, part.count - start)
        chunk.append(contentsOf: part[start..<start + taken])
        offset += taken
      }
      remaining -= count
      return chunk
    }

    /// The part that holds byte `offset` of the stream, and the byte's index in it.
    private func location(of offset: Int) -> (part: [UInt8], start: Int) {
      if offset < stream.head.count { return (stream.head, offset) }
      let bodyOffset = offset - stream.head.count
      let bodyBytes = stream.body.count * stream.repetitions
      if bodyOffset < bodyBytes { return (stream.body, bodyOffset % stream.body.count) }
      return (stream.tail, bodyOffset - bodyBytes)
    }
  }
}
