// JSON Lines: one value per line.

/// Finds the lines of a JSON Lines stream: LF ends a line (a CR before it is whitespace to the
/// tokenizer); a line of whitespace only is skipped; the last line may lack its LF.
final class LineFramer: ElementFramer {
  private var element: PendingElement
  /// The pending line is whitespace so far (known even once its bytes are dropped).
  private var pendingIsBlank = true
  /// The 1-based number of the line that starts next.
  private(set) var currentLine = 1

  init(maxElementBytes: Int) {
    element = PendingElement(limit: maxElementBytes)
  }

  var pending: [UInt8] { element.bytes }

  func next(in chunk: UnsafeRawBufferPointer, at position: inout Int, chunkOffset: Int64) -> FramedElement? {
    element.forgetHandedOver()
    while position < chunk.count {
      let start = position
      guard let end = StreamBytes.firstIndex(of: StreamBytes.lineFeed, in: chunk, from: start) else {
        // The line goes on in the next chunk.
        if !element.isOpen {
          element.open(at: chunkOffset + Int64(start), line: currentLine)
          pendingIsBlank = true
        }
        pendingIsBlank = pendingIsBlank && StreamBytes.isBlank(chunk, start..<chunk.count)
        element.append(chunk, start..<chunk.count)
        position = chunk.count
        return nil
      }
      position = end + 1
      let line = currentLine
      currentLine += 1
      if element.isOpen {
        pendingIsBlank = pendingIsBlank && StreamBytes.isBlank(chunk, start..<end)
        element.append(chunk, start..<end)
        if pendingIsBlank {
          element.reset()
          continue
        }
        return element.handOver()
      }
      if StreamBytes.isBlank(chunk, start..<end) { continue }
      let offset = chunkOffset + Int64(start)
      guard end - start <= element.limit else {
        return FramedElement(bytes: .chunk(start..<start), byteOffset: offset, line: line, outcome: .tooLarge)
      }
      return FramedElement(bytes: .chunk(start..<end), byteOffset: offset, line: line)
    }
    return nil
  }

  func finish(at endOffset: Int64) -> FramedElement? {
    element.finish(isBlank: pendingIsBlank)
  }
}
