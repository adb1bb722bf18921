// JSON text sequences (RFC 7464): RS, a JSON text, LF.

/// Finds the texts of an RFC 7464 sequence: each starts after a record separator (0x1E) and
/// runs to the next one; a text of whitespace only is skipped. Bytes before the first record
/// separator are a text too (a lenient reader's choice: RFC 7464 lets a parser skip them).
final class RecordSeparatorFramer: ElementFramer {
  static let recordSeparator: UInt8 = 0x1E

  private var element: PendingElement
  private(set) var currentLine = 1

  init(maxElementBytes: Int) {
    element = PendingElement(limit: maxElementBytes)
  }

  var pending: [UInt8] { element.bytes }

  func next(in chunk: UnsafeRawBufferPointer, at position: inout Int, chunkOffset: Int64) -> FramedElement? {
    element.forgetHandedOver()
    while position < chunk.count {
      let start = position
      let end = StreamBytes.firstIndex(of: Self.recordSeparator, in: chunk, from: start)
      let textEnd = end ?? chunk.count
      // Where the text starts is counted before its own lines.
      if !element.isOpen { element.open(at: chunkOffset + Int64(start), line: currentLine) }
      currentLine += StreamBytes.lineFeeds(in: chunk, start..<textEnd)
      element.append(chunk, start..<textEnd)
      guard let end else {
        position = chunk.count
        return nil
      }
      position = end + 1
      if pendingIsBlank {
        element.reset()
        // The next text starts after the separator.
        element.open(at: chunkOffset + Int64(position), line: currentLine)
        continue
      }
      return element.handOver()
    }
    return nil
  }

  func finish(at endOffset: Int64) -> FramedElement? {
    // (Read before `finish`, which modifies the element.)
    let isBlank = pendingIsBlank
    return element.finish(isBlank: isBlank)
  }

  /// Whether the pending text is whitespace only (not known once its bytes are dropped).
  private var pendingIsBlank: Bool {
    !element.overflowed && element.bytes.withUnsafeBytes { StreamBytes.isBlank($0, 0..<$0.count) }
  }
}
