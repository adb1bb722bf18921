/// A position in a JSON document: byte offset plus the 1-based line and column a person looks for.
///
/// Lines are separated by `\n`, `\r\n` or a lone `\r`. Columns count Unicode scalars, so a
/// column points at the character an editor shows, not at a byte.
public struct JSONLocation: Sendable, Hashable, CustomStringConvertible {
  /// Byte offset from the start of the document (0-based).
  public let offset: Int
  /// Line number, starting at 1.
  public let line: Int
  /// Column number within the line, starting at 1, counted in Unicode scalars.
  public let column: Int

  /// Creates a location from its three coordinates.
  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// Computes the line and column of `offset` in `bytes`. O(offset); used only for errors.
  package init(offset: Int, in bytes: UnsafeRawBufferPointer) {
    let offset = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < offset {
      let byte = bytes[index]
      if byte == ._newline {
        line += 1
        lineStart = index + 1
      } else if byte == ._return {
        if index + 1 < bytes.count && bytes[index + 1] == ._newline {
          index += 1
        }
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    var column = 1
    index = lineStart
    while index < offset {
      // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    self.init(offset: offset, line: line, column: column)
  }

  /// `line 3, column 14`.
  public var description: String { "line \(line), column \(column)" }
}
