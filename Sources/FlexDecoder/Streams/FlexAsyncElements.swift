// The elements of a stream that arrives over time.

/// Reads a source's next bytes into a chunk; `false` at the source's end.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
typealias ChunkReader<Source: AsyncSequence> = (inout Source.AsyncIterator, inout [UInt8]) async throws -> Bool

/// The largest chunk gathered from a source of single bytes before its elements are looked for.
let byteSourceChunkSize = 64 << 10

/// How a source of single bytes is read: gathered into chunks.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
func byteChunkReader<Source: AsyncSequence>(_: Source.Type) -> ChunkReader<Source> where Source.Element == UInt8 {
  { iterator, chunk in
    chunk.removeAll(keepingCapacity: true)
    while chunk.count < byteSourceChunkSize, let byte = try await iterator.next() {
      chunk.append(byte)
    }
    return !chunk.isEmpty
  }
}

/// How a source of byte collections (`Data`, `[UInt8]`, `ArraySlice<UInt8>`) is read: one
/// collection a chunk.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
func collectionChunkReader<Source: AsyncSequence>(_: Source.Type) -> ChunkReader<Source>
where Source.Element: Sequence, Source.Element.Element == UInt8 {
  { iterator, chunk in
    guard let next = try await iterator.next() else { return false }
    chunk.removeAll(keepingCapacity: true)
    chunk.append(contentsOf: next)
    return true
  }
}

/// The elements of JSON arriving over time (`URLSession.AsyncBytes`, `FileHandle.bytes`, an
/// `AsyncStream` of `Data`), decoded as they complete, each with its position and its value or
/// error; memory holds one element at a time.
///
/// Made by ``FlexJSONDecoder/elements(of:from:framing:)-(_,Source,_)``. Under `.collectAll` and
/// `.useDefaults` a bad element is handed over with its error and the stream goes on; under
/// `.failFast` iteration throws a ``FlexStreamError`` at the first. An error of the stream
/// itself (cut inside an element, an array not found) is thrown under every policy, after the
/// elements before it; an error of the source is thrown as it is.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct FlexAsyncElements<T: Decodable, Source: AsyncSequence>: AsyncSequence {
  /// Each element, with its position.
  public typealias Element = FlexElement<T>

  let source: Source
  let framing: FlexFraming
  let options: DecodingOptions
  let read: ChunkReader<Source>

  /// An iterator over the elements.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      source: source.makeAsyncIterator(), read: read, stream: ElementStream(framing: framing, options: options))
  }

  /// Reads the source and decodes its elements as they complete.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var source: Source.AsyncIterator
    let read: ChunkReader<Source>
    var stream: ElementStream<T>
    var chunk: [UInt8] = []
    var position = 0
    var chunkOffset: Int64 = 0
    var isFinished = false

    /// The next element; `nil` at the end.
    public mutating func next() async throws -> FlexElement<T>? {
      guard !isFinished else { return nil }
      do {
        while !stream.hasEnded {
          if position < chunk.count {
            let element = try chunk.withUnsafeBytes { buffer in
              try stream.next(in: buffer, at: &position, chunkOffset: chunkOffset)
            }
            if let element { return element }
            continue
          }
          chunkOffset += Int64(chunk.count)
          position = 0
          if try await !read(&source, &chunk) {
            chunk = []
            break
          }
        }
        isFinished = true
        return try stream.finish(endOffset: chunkOffset + Int64(chunk.count))
      } catch {
        isFinished = true
        throw error
      }
    }
  }
}

/// The values of JSON arriving over time, decoded as they complete; memory holds one element at
/// a time.
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(for: request)
/// for try await delta in decoder.values(of: Delta.self, from: bytes, framing: .serverSentEvents()) {
///   print(delta.text, terminator: "")
/// }
/// ```
///
/// Made by ``FlexJSONDecoder/values(of:from:framing:)-(_,Source,_)``. Under `.collectAll` and
/// `.useDefaults` an element that cannot be decoded is skipped (ask `elements` to see it);
/// under `.failFast` iteration throws a ``FlexStreamError`` at the first. An error of the
/// stream itself is thrown under every policy.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public struct FlexAsyncValues<T: Decodable, Source: AsyncSequence>: AsyncSequence {
  /// Each value.
  public typealias Element = T

  let elements: FlexAsyncElements<T, Source>

  /// An iterator over the values.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(elements: elements.makeAsyncIterator())
  }

  /// Reads the source and decodes its values as they complete.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var elements: FlexAsyncElements<T, Source>.AsyncIterator

    /// The next value; `nil` at the end.
    public mutating func next() async throws -> T? {
      while let element = try await elements.next() {
        if case .success(let value) = element.result { return value }
      }
      return nil
    }
  }
}
