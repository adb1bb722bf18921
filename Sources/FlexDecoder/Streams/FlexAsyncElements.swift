// The elements of a stream that arrives over time.

/// Reads a source's next bytes into a chunk; `false` at the source's end.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
typealias ChunkReader<Source: AsyncSequence> = (inout Source.AsyncIterator, inout [UInt8]) async throws -> Bool

/// The largest chunk gathered from a source of single bytes before its elements are looked for.
let byteSourceChunkSize = 64 << 10

/// How a source of single bytes is read: gathered into chunks, each ended early by a byte that
/// may end an element under `framing`, so that an element is handed over as soon as it has
/// arrived, not once the chunk is full (a source of single bytes cannot say that it has no more
/// for now).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
func byteChunkReader<Source: AsyncSequence>(_: Source.Type, framing: FlexFraming) -> ChunkReader<Source>
where Source.Element == UInt8 {
  let endsChunk = framing.elementEndBytes
  return { iterator, chunk in
    chunk.removeAll(keepingCapacity: true)
    while chunk.count < byteSourceChunkSize, let byte = try await iterator.next() {
      chunk.append(byte)
      if endsChunk[Int(byte)] { break }
    }
    return !chunk.isEmpty
  }
}

extension FlexFraming {
  /// The bytes after which an element may be complete (256 entries).
  var elementEndBytes: [Bool] {
    var table = [Bool](repeating: false, count: 256)
    let ends: [UInt8]
    switch kind {
    case .jsonLines: ends = [StreamBytes.lineFeed]
    case .jsonSequence: ends = [RecordSeparatorFramer.recordSeparator]
    case .serverSentEvents: ends = [StreamBytes.lineFeed, StreamBytes.carriageReturn]
    case .array: ends = [UInt8(ascii: ","), UInt8(ascii: "]")]
    }
    for byte in ends { table[Int(byte)] = true }
    return table
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

/// What an asynchronous sequence of a stream reads: its source, how the source's chunks are
/// read, the framing and the decoder's options.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
struct AsyncStreamInput<Source: AsyncSequence> {
  let source: Source
  let framing: FlexFraming
  let options: DecodingOptions
  let read: ChunkReader<Source>

  /// A reader of the stream from its start.
  func makeElements() -> AsyncChunkElements<Source> {
    AsyncChunkElements(source: source, framing: framing, options: options, read: read)
  }
}

/// The chunks of an `AsyncSequence` read through an ``ElementCursor``: what the asynchronous
/// sequences share.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
struct AsyncChunkElements<Source: AsyncSequence> {
  private var source: Source.AsyncIterator
  private let read: ChunkReader<Source>
  private var cursor: ElementCursor
  private var chunk: [UInt8] = []
  private var position = 0
  private var chunkOffset: Int64 = 0

  init(source: Source, framing: FlexFraming, options: DecodingOptions, read: @escaping ChunkReader<Source>) {
    self.source = source.makeAsyncIterator()
    self.read = read
    cursor = ElementCursor(ElementStream(framing: framing, options: options))
  }

  /// The next value; `nil` at the end. Under `.collectAll` and `.useDefaults` a bad element is
  /// skipped.
  ///
  /// - Throws: a ``FlexStreamError``, or the source's own error, after which there are no more
  ///   values.
  mutating func nextValue<T: Decodable>() async throws -> T? {
    var issues: [FlexIssue] = []
    while try await advance() {
      do {
        let value: T = try chunk.withUnsafeBytes { try cursor.decode(in: $0, issues: &issues) }
        return value
      } catch is ElementFailure {
        issues.removeAll()
      }
    }
    return nil
  }

  /// The next element; `nil` at the end.
  ///
  /// - Throws: what ``nextValue()`` throws.
  mutating func nextElement<T: Decodable>() async throws -> FlexElement<T>? {
    guard try await advance() else { return nil }
    return try chunk.withUnsafeBytes { try cursor.element(in: $0) }
  }

  /// Finds the next element, reading the source as needed; `false` at the end, and after an
  /// error.
  private mutating func advance() async throws -> Bool {
    guard !cursor.isFinished else { return false }
    while !cursor.hasEnded {
      if position < chunk.count {
        let found = try chunk.withUnsafeBytes { try cursor.find(in: $0, at: &position, chunkOffset: chunkOffset) }
        if found { return true }
        continue
      }
      chunkOffset += Int64(chunk.count)
      position = 0
      let more: Bool
      do {
        more = try await read(&source, &chunk)
      } catch {
        cursor.stop()
        throw error
      }
      if !more {
        chunk = []
        break
      }
    }
    return try cursor.finish(endOffset: chunkOffset + Int64(chunk.count))
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

  let input: AsyncStreamInput<Source>

  /// An iterator over the elements.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(elements: input.makeElements())
  }

  /// Reads the source and decodes its elements as they complete.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var elements: AsyncChunkElements<Source>

    /// The next element; `nil` at the end.
    public mutating func next() async throws -> FlexElement<T>? {
      try await elements.nextElement()
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

  let input: AsyncStreamInput<Source>

  /// An iterator over the values.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(elements: input.makeElements())
  }

  /// Reads the source and decodes its values as they complete.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var elements: AsyncChunkElements<Source>

    /// The next value; `nil` at the end.
    public mutating func next() async throws -> T? {
      try await elements.nextValue()
    }
  }
}

// MARK: - Sendable

// (Unchecked: besides the source, the framing and the options, which are Sendable, the input
// holds the function that reads the source's next chunk, made by `byteChunkReader` or
// `collectionChunkReader`, which captures nothing but an immutable table.)

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension AsyncStreamInput: @unchecked Sendable where Source: Sendable {}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension FlexAsyncElements: Sendable where Source: Sendable {}

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
extension FlexAsyncValues: Sendable where Source: Sendable {}
