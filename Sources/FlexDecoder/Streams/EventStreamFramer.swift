// Server-Sent Events carrying JSON in their `data` fields, parsed as the WHATWG HTML standard's
// event stream interpretation says.

/// Finds the events of a `text/event-stream`: lines end with CRLF, LF or CR; a blank line
/// dispatches the event whose `data` lines came before it (joined with LF); `:` starts a
/// comment; `event` names the event; `id` and `retry` are read past; other fields are ignored.
/// An event without data is not dispatched. An event whose data is the end marker ends the
/// stream.
final class EventStreamFramer: ElementFramer {
  private let endMarker: [UInt8]?
  private let maxElementBytes: Int
  /// The current event's data (its `data` lines, each followed by LF).
  private var data: PendingElement
  /// A line that spans chunks.
  private var line: PendingElement
  /// The first bytes of a line that spans chunks (its field's name and colon), kept when the
  /// line is over its limit and its bytes are dropped.
  private var lineHead: [UInt8] = []
  private var eventName: String?
  /// Where the current event's first field line starts (its position is the element's).
  private var eventStart: (byteOffset: Int64, line: Int)?
  /// The last line ended with CR: an LF that follows belongs to it.
  private var afterCarriageReturn = false
  private(set) var currentLine = 1
  private(set) var hasEnded = false

  init(maxElementBytes: Int, endMarker: String?) {
    self.endMarker = endMarker.map { Array($0.utf8) }
    self.maxElementBytes = max(0, maxElementBytes)
    // The data holds the element and the LF after its last line, or the end marker, whatever
    // the limit (an element over the limit is told at its dispatch).
    let dataLimit = max(self.maxElementBytes, self.endMarker?.count ?? 0)
    data = PendingElement(limit: Self.adding(dataLimit, 1))
    // A line holds one field: its data, plus the field's name and at most a few bytes more.
    line = PendingElement(limit: Self.adding(dataLimit, 64))
  }

  /// `a + b`, or `Int.max` past it.
  private static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  var pending: [UInt8] { data.bytes }

  func next(in chunk: UnsafeRawBufferPointer, at position: inout Int, chunkOffset: Int64) -> FramedElement? {
    forgetHandedOverEvent()
    while position < chunk.count, !hasEnded {
      if afterCarriageReturn {
        afterCarriageReturn = false
        if chunk[position] == StreamBytes.lineFeed {
          position += 1
          continue
        }
      }
      let start = position
      // The line's end: the first CR or LF.
      var end = start
      while end < chunk.count, chunk[end] != StreamBytes.lineFeed, chunk[end] != StreamBytes.carriageReturn {
        end += 1
      }
      guard end < chunk.count else {
        if !line.isOpen { line.open(at: chunkOffset + Int64(start), line: currentLine) }
        appendToLine(chunk, start..<end)
        position = end
        return nil
      }
      afterCarriageReturn = chunk[end] == StreamBytes.carriageReturn
      position = end + 1
      let lineNumber = currentLine
      currentLine += 1
      let frame: FramedElement?
      if line.isOpen {
        appendToLine(chunk, start..<end)
        let offset = line.byteOffset
        let number = line.line
        if line.overflowed {
          frame = processOverflowedLine(byteOffset: offset, line: number)
        } else {
          frame = line.bytes.withUnsafeBytes { process($0, 0..<$0.count, byteOffset: offset, line: number) }
        }
        line.reset()
        lineHead.removeAll(keepingCapacity: true)
      } else {
        frame = process(chunk, start..<end, byteOffset: chunkOffset + Int64(start), line: lineNumber)
      }
      if let frame { return frame }
    }
    return nil
  }

  /// Adds `chunk[range]` to the line that spans chunks.
  private func appendToLine(_ chunk: UnsafeRawBufferPointer, _ range: Range<Int>) {
    if lineHead.count < 6 {
      lineHead.append(
        contentsOf: UnsafeRawBufferPointer(
          rebasing: chunk[range.lowerBound..<min(range.upperBound, range.lowerBound + 6 - lineHead.count)]))
    }
    line.append(chunk, range)
  }

  /// Whether the line that spans chunks is a `data` field.
  private var lineIsData: Bool {
    lineHead.starts(with: "data".utf8) && (lineHead.count == 4 || lineHead[4] == UInt8(ascii: ":"))
  }

  /// Reads a line over its limit, whose bytes were dropped: a `data` line makes its event too
  /// large; any other line is read past (a comment, or a field this reader does not keep).
  private func processOverflowedLine(byteOffset: Int64, line: Int) -> FramedElement? {
    if lineHead.first == UInt8(ascii: ":") { return nil }
    if eventStart == nil { eventStart = (byteOffset, line) }
    if lineIsData {
      if !data.isOpen {
        let start = eventStart ?? (byteOffset, line)
        data.open(at: start.byteOffset, line: start.line)
      }
      data.overflow()
    }
    return nil
  }

  /// Reads one line; returns the event it dispatches, if any.
  private func process(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>, byteOffset: Int64, line: Int)
    -> FramedElement?
  {
    if range.isEmpty {
      // A blank line: dispatch.
      guard data.isOpen else {
        eventName = nil
        eventStart = nil
        return nil
      }
      if !data.overflowed {
        data.removeLastLineFeed()
        if let endMarker, data.bytes == endMarker {
          hasEnded = true
          return nil
        }
      }
      // An empty event type buffer names the event "message", as an absent one does.
      var frame = data.handOver(event: eventName.flatMap { $0.isEmpty ? nil : $0 } ?? "message")
      if data.bytes.count > maxElementBytes { frame.outcome = .tooLarge }
      return frame
    }
    if buffer[range.lowerBound] == UInt8(ascii: ":") { return nil }
    if eventStart == nil { eventStart = (byteOffset, line) }
    // The field's name runs to the first colon; one space after the colon is not the value's.
    let colon = range.firstIndex { buffer[$0] == UInt8(ascii: ":") } ?? range.upperBound
    var valueStart = colon == range.upperBound ? colon : colon + 1
    if valueStart < range.upperBound, buffer[valueStart] == 0x20 { valueStart += 1 }
    let name = UnsafeRawBufferPointer(rebasing: buffer[range.lowerBound..<colon])
    let value = valueStart..<range.upperBound
    if name.elementsEqual("data".utf8) {
      if !data.isOpen {
        let start = eventStart ?? (byteOffset, line)
        data.open(at: start.byteOffset, line: start.line)
      }
      data.append(buffer, value)
      data.append(StreamBytes.lineFeed)
    } else if name.elementsEqual("event".utf8) {
      eventName = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[value]), as: UTF8.self)
    }
    // `id`, `retry` and unknown fields change nothing this reader hands over.
    return nil
  }

  /// Forgets the event the last call handed over, with its name and start.
  private func forgetHandedOverEvent() {
    guard data.forgetHandedOver() else { return }
    eventName = nil
    eventStart = nil
  }

  func finish(at endOffset: Int64) throws -> FramedElement? {
    forgetHandedOverEvent()
    // An event the stream cut before its blank line: the WHATWG reader drops it silently; a
    // JSON reader says the stream was truncated.
    guard !hasEnded, data.isOpen || line.isOpen else { return nil }
    if line.isOpen, !data.isOpen {
      // A last line without its end: a comment or a field other than data is harmless.
      guard lineIsData else { return nil }
      // The event starts at its first field line, which may be before this one.
      let start = eventStart ?? (line.byteOffset, line.line)
      data.open(at: start.byteOffset, line: start.line)
    }
    throw FlexStreamError(
      reason: .truncated, index: 0, line: data.line, byteOffset: Int(clamping: data.byteOffset), underlyingError: nil)
  }
}
