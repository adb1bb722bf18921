// The decoding of a stream's elements, whatever delivers its bytes: the byte order mark, the
// framer, each element's decode under the error policy, the stream's own errors.

@_spi(Engine) import FlexCore
import Foundation

/// Decodes the elements of a stream one at a time, as its chunks are handed to it.
struct ElementStream<T: Decodable> {
  private let framer: any ElementFramer
  private let options: DecodingOptions
  private let maxElementBytes: Int
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
  /// `chunkOffset`: the stream offset of the chunk's first byte.
  ///
  /// - Throws: a ``FlexStreamError``: under `.failFast` for a bad element; under every policy
  ///   for an error of the stream itself.
  mutating func next(in chunk: UnsafeRawBufferPointer, at position: inout Int, chunkOffset: Int64) throws
    -> FlexElement<T>?
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
    return try decode(frame, in: chunk)
  }

  /// At the end of the stream (`endOffset` bytes long): the element the end cut, if any.
  mutating func finish(endOffset: Int64) throws -> FlexElement<T>? {
    if byteOrderMarkRead > 0 && byteOrderMarkRead < 3 {
      // A stream of part of a byte order mark: those bytes are its content.
      let held = Array(Self.byteOrderMark[..<byteOrderMarkRead])
      byteOrderMarkRead = 3
      var position = 0
      let element = try held.withUnsafeBytes { try next(in: $0, at: &position, chunkOffset: 0) }
      if let element { return element }
    }
    byteOrderMarkRead = 3
    let frame: FramedElement?
    do {
      frame = try framer.finish(at: endOffset)
    } catch let error as FlexStreamError {
      throw numbered(error)
    }
    guard let frame else { return nil }
    return try decode(frame, in: UnsafeRawBufferPointer(start: nil, count: 0))
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

  /// Decodes a framed element under the error policy.
  private mutating func decode(_ frame: FramedElement, in chunk: UnsafeRawBufferPointer) throws -> FlexElement<T> {
    let index = self.index
    self.index += 1
    let offset = Int(clamping: frame.byteOffset)
    func failed(_ error: any Error) -> FlexElement<T> {
      FlexElement(
        index: index, line: frame.line, byteOffset: offset, result: .failure(error), issues: [], event: frame.event)
    }
    if frame.outcome == .tooLarge {
      let error = FlexStreamError(
        reason: .elementTooLarge(limit: maxElementBytes), index: index, line: frame.line, byteOffset: offset,
        underlyingError: nil)
      if options.errorPolicy == .failFast { throw error }
      return failed(error)
    }
    var issues: [FlexIssue] = []
    do {
      let value: T
      switch frame.bytes {
      case .chunk(let range):
        value = try FlexJSONDecoder.decodeDocument(
          T.self, from: UnsafeRawBufferPointer(rebasing: chunk[range]), options: options, at: nil, issues: &issues)
      case .pending:
        value = try framer.pending.withUnsafeBytes {
          try FlexJSONDecoder.decodeDocument(T.self, from: $0, options: options, at: nil, issues: &issues)
        }
      }
      return FlexElement(
        index: index, line: frame.line, byteOffset: offset, result: .success(value), issues: issues, event: frame.event)
    } catch {
      if frame.isAtEnd && Self.endsEarly(error) {
        throw FlexStreamError(
          reason: .truncated, index: index, line: frame.line, byteOffset: offset, underlyingError: error)
      }
      if options.errorPolicy == .failFast {
        throw FlexStreamError(
          reason: .elementFailed, index: index, line: frame.line, byteOffset: offset, underlyingError: error)
      }
      return failed(error)
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

extension FlexJSONDecoder {
  /// The elements of a stream delivered as `chunks`, read one chunk after another as the
  /// asynchronous iterators read them, but synchronously: for the fuzzer and the tests, which
  /// compare it with one buffer. An error of the stream is the last element's failure, as in
  /// ``FlexElementSequence``.
  package func elements<T: Decodable>(of type: T.Type, fromChunks chunks: [[UInt8]], framing: FlexFraming)
    -> [FlexElement<T>]
  {
    var stream = ElementStream<T>(framing: framing, options: makeOptions())
    var elements: [FlexElement<T>] = []
    var chunkOffset: Int64 = 0
    do {
      for chunk in chunks where !stream.hasEnded {
        var position = 0
        while position < chunk.count, !stream.hasEnded {
          let element = try chunk.withUnsafeBytes { try stream.next(in: $0, at: &position, chunkOffset: chunkOffset) }
          guard let element else { break }
          elements.append(element)
        }
        chunkOffset += Int64(chunk.count)
      }
      if let last = try stream.finish(endOffset: chunkOffset) { elements.append(last) }
    } catch let error as FlexStreamError {
      elements.append(
        FlexElement(
          index: error.index, line: error.line, byteOffset: error.byteOffset, result: .failure(error), issues: []))
    } catch {
      preconditionFailure("a stream throws FlexStreamError only: \(error)")
    }
    return elements
  }
}
