// The framers: resumable state machines that find elements in a stream delivered in chunks of
// any size, from one byte up.
//
// A framer is handed each chunk in turn and finds where elements start and end. An element that
// lies wholly inside the chunk is handed over where it is (no copy); one that spans chunks is
// gathered in `pending`, bounded by `maxElementBytes` (past it the element's bytes are dropped
// and it is reported as too large). A framer never looks at a byte twice: its state (inside a
// line, inside a string, nesting depth, …) carries over from one chunk to the next. The
// element's own bytes are then scanned once by the tokenizer, when the element is complete.

import Foundation

/// Where a framed element's bytes are.
enum FrameBytes: Equatable {
  /// In the current chunk.
  case chunk(Range<Int>)
  /// In the framer's `pending` buffer.
  case pending
}

/// An element found by a framer.
struct FramedElement {
  /// What the framer found.
  enum Outcome: Equatable {
    /// An element to decode.
    case element
    /// An element larger than the limit, whose bytes were dropped.
    case tooLarge
  }

  var bytes: FrameBytes
  var byteOffset: Int64
  var line: Int
  var outcome: Outcome = .element
  /// The SSE event name.
  var event: String?
  /// Cut by the end of the stream rather than by a delimiter: if it is incomplete JSON, the
  /// stream was truncated.
  var isAtEnd = false
}

/// Finds elements in a stream delivered in chunks.
protocol ElementFramer: AnyObject {
  /// The bytes of an element that spans chunks, valid until the next call.
  var pending: [UInt8] { get }

  /// The next element in `chunk` from `position`, moving `position` past what was read; `nil`
  /// when the chunk is used up (what is left of an element is kept for the next chunk).
  /// `chunkOffset` is the stream offset of `chunk`'s first byte.
  func next(in chunk: UnsafeRawBufferPointer, at position: inout Int, chunkOffset: Int64) throws -> FramedElement?

  /// At the end of the stream: the last element, if one was cut by the end; `nil` when there
  /// is none. Throws a ``FlexStreamError`` (without its index) when the stream ended where it
  /// must not.
  func finish(at endOffset: Int64) throws -> FramedElement?

  /// Whether the stream is over before its end (a Server-Sent Events end marker).
  var hasEnded: Bool { get }

  /// The line the stream ended on (for an error at its end).
  var currentLine: Int { get }
}

extension ElementFramer {
  var hasEnded: Bool { false }
}

/// The byte searches and tests the framers share.
enum StreamBytes {
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D

  /// The index of the first `byte` in `buffer[from...]`, by `memchr`.
  @inline(__always)
  static func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
    guard start < buffer.count, let base = buffer.baseAddress else { return nil }
    guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
    return UnsafeRawPointer(found) - base
  }

  /// How many line feeds `buffer[range]` holds.
  static func lineFeeds(in buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
    var count = 0
    var position = range.lowerBound
    while let found = firstIndex(
      of: lineFeed, in: UnsafeRawBufferPointer(rebasing: buffer[..<range.upperBound]), from: position)
    {
      count += 1
      position = found + 1
    }
    return count
  }

  /// Whether `buffer[range]` is only JSON whitespace.
  static func isBlank(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
    for index in range {
      switch buffer[index] {
      case 0x20, 0x09, 0x0A, 0x0D: continue
      default: return false
      }
    }
    return true
  }
}

/// The bytes of an element that spans chunks, up to a limit.
struct PendingElement {
  let limit: Int
  private(set) var bytes: [UInt8] = []
  /// Past the limit: the bytes were dropped.
  private(set) var overflowed = false
  /// Where the element starts.
  var byteOffset: Int64 = 0
  var line = 1
  /// Whether an element is being gathered.
  var isOpen = false
  /// Handed over by the framer's last call: its bytes stay readable until the next call.
  private var isHandedOver = false

  init(limit: Int) { self.limit = max(0, limit) }

  /// Starts gathering an element.
  mutating func open(at byteOffset: Int64, line: Int) {
    reset()
    isOpen = true
    self.byteOffset = byteOffset
    self.line = line
  }

  /// Adds `buffer[range]`, or drops the element's bytes once past the limit.
  mutating func append(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) {
    guard !overflowed, !range.isEmpty else { return }
    if bytes.count + range.count > limit {
      overflowed = true
      bytes = []
      return
    }
    bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[range]))
  }

  /// Adds one byte.
  mutating func append(_ byte: UInt8) {
    guard !overflowed else { return }
    if bytes.count + 1 > limit {
      overflowed = true
      bytes = []
      return
    }
    bytes.append(byte)
  }

  /// Drops the element's bytes: it is over the limit.
  mutating func overflow() {
    overflowed = true
    bytes = []
  }

  /// Drops the LF after the last SSE data line.
  mutating func removeLastLineFeed() {
    if bytes.last == StreamBytes.lineFeed { bytes.removeLast() }
  }

  /// Forgets the element, keeping a small buffer for the next one.
  mutating func reset() {
    if bytes.capacity > 1 << 20 { bytes = [] } else { bytes.removeAll(keepingCapacity: true) }
    overflowed = false
    isOpen = false
    isHandedOver = false
  }

  /// Forgets the element if the framer's last call handed it over: the first step of a
  /// framer's `next` and `finish`. Returns whether it did.
  @discardableResult
  mutating func forgetHandedOver() -> Bool {
    guard isHandedOver else { return false }
    reset()
    return true
  }

  /// Hands the element over as a frame of the pending bytes, which stay readable until the
  /// framer's next call.
  mutating func handOver(isAtEnd: Bool = false, event: String? = nil) -> FramedElement {
    isHandedOver = true
    return FramedElement(
      bytes: .pending, byteOffset: byteOffset, line: line, outcome: overflowed ? .tooLarge : .element, event: event,
      isAtEnd: isAtEnd)
  }

  /// At the end of the stream, for a framer whose elements end at a delimiter: the element the
  /// end cut, unless there is none or it is whitespace only (`isBlank`).
  mutating func finish(isBlank: Bool) -> FramedElement? {
    forgetHandedOver()
    guard isOpen else { return nil }
    if isBlank {
      reset()
      return nil
    }
    return handOver(isAtEnd: true)
  }
}
