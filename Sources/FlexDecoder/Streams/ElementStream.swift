// The reading of a stream's elements, whatever delivers its bytes: the byte order mark, the
// framer, the elements' numbering, and each element's decode under the error policy.
//
// The reader is not generic: only the decode of an element is. Generic code that is not
// specialized for the caller's type looks up the metadata of each generic type it forms (a
// hash-table lookup of a few hundred instructions); the first version, generic throughout, made
// about ten such lookups per element, half the cost of decoding a 1 kB record again.

@_spi(Engine) import FlexCore
import Foundation

/// An element found in a stream, numbered, not yet decoded.
struct StreamElement {
  let frame: FramedElement
  let index: Int
}

/// Reads the elements of a stream one at a time, as its chunks are handed to it.
struct ElementStream {
  private let framer: any ElementFramer
  let options: DecodingOptions
  let maxElementBytes: Int
  /// The index of the next element.
  private var index = 0
  /// How many bytes of a UTF-8 byte order mark were read at the stream's start; 3 once past it.
  private var byteOrderMarkRead = 0
  private static var byteOrderMark: [UInt8] { [0xEF, 0xBB, 0xBF] }

  init(framing: FlexFraming, options: DecodingOptions) {
    maxElementBytes = framing.maxElementBytes
    self.options = options
    switch framing.kind {
    case .jsonLines: framer = LineFramer(maxElementBytes: maxElementBytes)
    case .jsonSequence: framer = RecordSeparatorFramer(maxElementBytes: maxElementBytes)
    case .serverSentEvents(let endMarker):
      framer = EventStreamFramer(maxElementBytes: maxElementBytes, endMarker: endMarker)
    case .array(let keyPath): framer = ArrayElementFramer(maxElementBytes: maxElementBytes, keyPath: keyPath)
    }
  }

  /// Whether the stream ended before its bytes did (a Server-Sent Events end marker).
  var hasEnded: Bool { framer.hasEnded }

  /// The next element in `chunk` from `position`, or `nil` once the chunk is used up.
  /// `chunkOffset`: the stream offset of the chunk's first byte. The element's bytes are in
  /// `chunk` or in the reader's pending buffer until the next call.
  ///
  /// - Throws: a ``FlexStreamError`` for an error of the stream itself.
  mutating func next(in chunk: UnsafeRawBufferPointer, at position: inout Int, chunkOffset: Int64) throws
    -> StreamElement?
  {
    if byteOrderMarkRead < 3 {
      guard try skipByteOrderMark(chunk, &position, chunkOffset: chunkOffset) else { return nil }
    }
    let frame: FramedElement?
    do {
      frame = try framer.next(in: chunk, at: &position, chunkOffset: chunkOffset)
    } catch let error as FlexStreamError {
      throw numbered(error)
    }
    guard let frame else { return nil }
    return numbered(frame)
  }

  /// At the end of the stream (`endOffset` bytes long): the element the end cut, if any. Its
  /// bytes are in the pending buffer.
  mutating func finish(endOffset: Int64) throws -> StreamElement? {
    if byteOrderMarkRead > 0 && byteOrderMarkRead < 3 {
      // A stream of part of a byte order mark: those bytes are its content.
      let held = Array(Self.byteOrderMark[..<byteOrderMarkRead])
      byteOrderMarkRead = 3
      var position = 0
      let element = try held.withUnsafeBytes { try next(in: $0, at: &position, chunkOffset: 0) }
      precondition(element == nil, "an element ended inside a partial byte order mark")
    }
    byteOrderMarkRead = 3
    do {
      guard let frame = try framer.finish(at: endOffset) else { return nil }
      return numbered(frame)
    } catch let error as FlexStreamError {
      throw numbered(error)
    }
  }

  /// Reads past a UTF-8 byte order mark at the stream's start, which may come a byte at a time.
  /// Returns whether the chunk has more to read.
  private mutating func skipByteOrderMark(_ chunk: UnsafeRawBufferPointer, _ position: inout Int, chunkOffset: Int64)
    throws -> Bool
  {
    let mark = Self.byteOrderMark
    while position < chunk.count, byteOrderMarkRead < 3, chunkOffset + Int64(position) == Int64(byteOrderMarkRead) {
      guard chunk[position] == mark[byteOrderMarkRead] else { break }
      byteOrderMarkRead += 1
      position += 1
    }
    if byteOrderMarkRead == 3 { return position < chunk.count }
    guard position < chunk.count else { return false }
    // Not a byte order mark: what was taken for one is the stream's first bytes.
    let held = Array(mark[..<byteOrderMarkRead])
    byteOrderMarkRead = 3
    if !held.isEmpty {
      var heldPosition = 0
      let element = try held.withUnsafeBytes { try next(in: $0, at: &heldPosition, chunkOffset: 0) }
      // Two bytes cannot complete an element before what follows them.
      precondition(element == nil, "an element ended inside a partial byte order mark")
    }
    return true
  }

  /// The stream error of a framer, with the index of the element it concerns.
  private func numbered(_ error: FlexStreamError) -> FlexStreamError {
    FlexStreamError(
      reason: error.reason, index: index, line: error.line, byteOffset: error.byteOffset,
      underlyingError: error.underlyingError)
  }

  private mutating func numbered(_ frame: FramedElement) -> StreamElement {
    defer { index += 1 }
    return StreamElement(frame: frame, index: index)
  }

  // MARK: Decoding

  /// Decodes `element`, whose bytes are in `chunk` or pending.
  ///
  /// Returns `T` itself, and says an element's failure by throwing an ``ElementFailure``:
  /// a generic enum of the two outcomes cost a metadata lookup per element (about 1,600
  /// instructions, a sixth of decoding a 1 kB record).
  ///
  /// - Throws: an ``ElementFailure`` for an element that failed under `.collectAll` or
  ///   `.useDefaults`; a ``FlexStreamError`` under `.failFast` for a bad element, and under
  ///   every policy for an element cut by the end of the stream.
  func decode<T: Decodable>(_ element: StreamElement, in chunk: UnsafeRawBufferPointer, issues: inout [FlexIssue])
    throws -> T
  {
    let frame = element.frame
    let offset = Int(clamping: frame.byteOffset)
    if frame.outcome == .tooLarge {
      let error = FlexStreamError(
        reason: .elementTooLarge(limit: maxElementBytes), index: element.index, line: frame.line, byteOffset: offset,
        underlyingError: nil)
      if options.errorPolicy == .failFast { throw error }
      throw ElementFailure(error: error)
    }
    do {
      switch frame.bytes {
      case .chunk(let range):
        return try FlexJSONDecoder.decodeDocument(
          T.self, from: UnsafeRawBufferPointer(rebasing: chunk[range]), options: options, at: nil, issues: &issues)
      case .pending:
        return try framer.pending.withUnsafeBytes {
          try FlexJSONDecoder.decodeDocument(T.self, from: $0, options: options, at: nil, issues: &issues)
        }
      }
    } catch {
      if frame.isAtEnd && Self.endsEarly(error) {
        throw FlexStreamError(
          reason: .truncated, index: element.index, line: frame.line, byteOffset: offset, underlyingError: error)
      }
      if options.errorPolicy == .failFast {
        throw FlexStreamError(
          reason: .elementFailed, index: element.index, line: frame.line, byteOffset: offset, underlyingError: error)
      }
      throw ElementFailure(error: error)
    }
  }

  /// Whether a decode failed because its JSON ended too early.
  private static func endsEarly(_ error: any Error) -> Bool {
    guard case .dataCorrupted(let context)? = error as? DecodingError,
      let parseError = context.underlyingError as? JSONParseError
    else { return false }
    return parseError.reason == .unexpectedEndOfInput
  }
}

/// An element that failed under `.collectAll` or `.useDefaults`: handed over by `elements`,
/// skipped by `values`; the stream goes on.
struct ElementFailure: Error {
  let error: any Error
}

extension FlexElement {
  /// The element `element` became.
  init(_ element: StreamElement, result: Result<T, any Error>, issues: [FlexIssue]) {
    self.init(
      index: element.index, line: element.frame.line, byteOffset: Int(clamping: element.frame.byteOffset),
      result: result, issues: issues, event: element.frame.event)
  }

  /// A stream error as the last element of a sequence that cannot throw.
  init(streamError error: FlexStreamError) {
    self.init(index: error.index, line: error.line, byteOffset: error.byteOffset, result: .failure(error), issues: [])
  }
}

// MARK: - The element in hand

/// An ``ElementStream`` and the element it found last: what every reader of a stream shares,
/// whatever delivers the chunks. Once an error ends the stream, or its end is read, there are
/// no more elements.
struct ElementCursor {
  private var stream: ElementStream
  /// The stream is over: its end was read, or an error ended it.
  private(set) var isFinished = false
  /// The element found last, to decode.
  private var current: StreamElement?

  init(_ stream: ElementStream) {
    self.stream = stream
  }

  /// Whether the stream ended before its bytes did (a Server-Sent Events end marker).
  var hasEnded: Bool { stream.hasEnded }

  /// Looks for the next element in `chunk` from `position`; `false` once the chunk is used up.
  mutating func find(in chunk: UnsafeRawBufferPointer, at position: inout Int, chunkOffset: Int64) throws -> Bool {
    do {
      current = try stream.next(in: chunk, at: &position, chunkOffset: chunkOffset)
      return current != nil
    } catch {
      stop()
      throw error
    }
  }

  /// At the end of the stream (`endOffset` bytes long): whether an element was cut by it.
  mutating func finish(endOffset: Int64) throws -> Bool {
    isFinished = true
    do {
      current = try stream.finish(endOffset: endOffset)
      return current != nil
    } catch {
      current = nil
      throw error
    }
  }

  /// Ends the stream: its source failed.
  mutating func stop() {
    isFinished = true
    current = nil
  }

  /// The element found last, decoded from `chunk`, with its position and its value or error.
  ///
  /// - Throws: a ``FlexStreamError`` (under `.failFast` for a bad element, and under every
  ///   policy for an element cut by the end of the stream), after which there are no more
  ///   elements.
  mutating func element<T: Decodable>(in chunk: UnsafeRawBufferPointer) throws -> FlexElement<T> {
    var issues: [FlexIssue] = []
    let element = found
    do {
      let value: T = try decode(in: chunk, issues: &issues)
      return FlexElement(element, result: .success(value), issues: issues)
    } catch let failure as ElementFailure {
      return FlexElement(element, result: .failure(failure.error), issues: [])
    }
  }

  private var found: StreamElement {
    guard let current else { preconditionFailure("no element found") }
    return current
  }

  /// The element found last, decoded from `chunk` (the chunk it was found in).
  ///
  /// Returns `T`, never `T?`: a closure that returns `T?` (through `withUnsafeBytes`) looks up
  /// the metadata of `Optional<T>` at every element, about 500 instructions, in code not
  /// specialized for the caller's type.
  ///
  /// - Throws: an ``ElementFailure`` for an element that failed under `.collectAll` or
  ///   `.useDefaults`; else what ``element(in:)`` throws.
  mutating func decode<T: Decodable>(in chunk: UnsafeRawBufferPointer, issues: inout [FlexIssue]) throws -> T {
    do {
      return try stream.decode(found, in: chunk, issues: &issues)
    } catch let error as FlexStreamError {
      isFinished = true
      throw error
    }
  }
}

// MARK: - Chunks in memory

/// The bytes of a stream held in memory, read through an ``ElementCursor``: what the
/// synchronous sequences share.
struct InMemoryElements {
  let bytes: Data
  private var cursor: ElementCursor
  private var position = 0

  init(bytes: Data, stream: ElementStream) {
    self.bytes = bytes
    cursor = ElementCursor(stream)
  }

  /// The next value; `nil` at the end. Under `.collectAll` and `.useDefaults` a bad element is
  /// skipped.
  ///
  /// - Throws: a ``FlexStreamError``, after which there are no more values.
  mutating func nextValue<T: Decodable>() throws -> T? {
    var issues: [FlexIssue] = []
    while try advance() {
      do {
        let value: T = try bytes.withUnsafeBytes { try cursor.decode(in: $0, issues: &issues) }
        return value
      } catch is ElementFailure {
        issues.removeAll()
      }
    }
    return nil
  }

  /// The next element; `nil` at the end.
  ///
  /// - Throws: a ``FlexStreamError``, after which there are no more elements.
  mutating func nextElement<T: Decodable>() throws -> FlexElement<T>? {
    guard try advance() else { return nil }
    return try bytes.withUnsafeBytes { try cursor.element(in: $0) }
  }

  /// Finds the next element; `false` at the end, and after an error.
  private mutating func advance() throws -> Bool {
    guard !cursor.isFinished else { return false }
    let count = bytes.count
    if !cursor.hasEnded, position < count {
      let found = try bytes.withUnsafeBytes { try cursor.find(in: $0, at: &position, chunkOffset: 0) }
      if found { return true }
    }
    return try cursor.finish(endOffset: Int64(count))
  }
}

extension FlexJSONDecoder {
  /// The elements of a stream delivered as `chunks`, read one chunk after another as the
  /// asynchronous iterators read them, but synchronously: for the fuzzer and the tests, which
  /// compare it with one buffer. An error of the stream is the last element's failure, as in
  /// ``FlexElementSequence``.
  package func elements<T: Decodable>(of type: T.Type, fromChunks chunks: [[UInt8]], framing: FlexFraming)
    -> [FlexElement<T>]
  {
    var cursor = ElementCursor(ElementStream(framing: framing, options: makeOptions()))
    var elements: [FlexElement<T>] = []
    var chunkOffset: Int64 = 0
    do {
      for chunk in chunks where !cursor.hasEnded {
        var position = 0
        try chunk.withUnsafeBytes { buffer in
          while position < buffer.count, !cursor.hasEnded,
            try cursor.find(in: buffer, at: &position, chunkOffset: chunkOffset)
          {
            elements.append(try cursor.element(in: buffer))
          }
        }
        chunkOffset += Int64(chunk.count)
      }
      if try cursor.finish(endOffset: chunkOffset) {
        elements.append(try cursor.element(in: UnsafeRawBufferPointer(start: nil, count: 0)))
      }
    } catch let error as FlexStreamError {
      elements.append(FlexElement(streamError: error))
    } catch {
      preconditionFailure("a stream throws FlexStreamError only: \(error)")
    }
    return elements
  }
}
