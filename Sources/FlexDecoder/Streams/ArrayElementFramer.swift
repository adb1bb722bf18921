// The elements of one array inside a document: the top-level array, or the array at a key path.

/// Finds the elements of the array at a key path, reading past the rest of the document with a
/// small structural reader (strings, escapes, nesting), whose state carries over from one chunk
/// to the next.
///
/// Outside the array only the nesting is kept (one `Bool` a level, up to `maxNesting`) and, for
/// a key at the depth the path is followed to, its bytes up to the length of the key sought.
/// Inside it, an element runs from its first byte to the `,` or `]` at its own level; its bytes
/// are checked by the tokenizer when it is decoded, so a malformed element is that element's
/// error and the stream goes on.
final class ArrayElementFramer: ElementFramer {
  /// Deeper documents around the array are refused (the array's own elements have the
  /// decoder's `maxDepth`).
  static let maxNesting = 10_000

  private enum Mode {
    /// A value is expected.
    case value
    /// An object's key or its `}`.
    case key
    /// The `:` after a key.
    case colon
    /// A `,` or a closing bracket.
    case afterValue
    /// Inside a string; `isKey` when it is an object's key.
    case string(isKey: Bool)
    /// Inside a number or a literal.
    case scalar
    /// In the array, between elements.
    case betweenElements
    /// In an element.
    case element
    /// After the top-level value.
    case done
  }

  private let path: [[UInt8]]
  private let keyPathText: String
  private var element: PendingElement
  private(set) var currentLine = 1

  private var mode = Mode.value
  /// The open containers around the array (`true`: an object).
  private var nesting: [Bool] = []
  /// How many of the path's keys have been followed: the object holding key `matched` is at
  /// nesting depth `matched + 1`.
  private var matched = 0
  /// The key just read matched: the value that follows is the path's next step.
  private var expectsStep = false
  /// The key being read, when it is at the depth of the path's next step.
  private var key: [UInt8] = []
  private var capturesKey = false
  private var escaped = false
  /// The array was found and read.
  private var arrayRead = false
  /// In the array, an element came last: a `,` may follow (not after `[` or another `,`).
  private var mayTakeComma = false
  // In an element.
  private var elementDepth = 0
  private var inElementString = false
  /// Where the element being read starts in the current chunk (`nil`: in an earlier chunk).
  private var elementStart: Int?

  init(maxElementBytes: Int, keyPath: [String]) {
    path = keyPath.map { Array($0.utf8) }
    keyPathText = keyPath.joined(separator: ".")
    element = PendingElement(limit: maxElementBytes)
    // The top-level value is the path's first step.
    expectsStep = true
  }

  var pending: [UInt8] { element.bytes }

  private func failure(_ reason: FlexStreamError.Reason, at offset: Int64) -> FlexStreamError {
    FlexStreamError(
      reason: reason, index: 0, line: currentLine, byteOffset: Int(clamping: offset), underlyingError: nil)
  }

  // MARK: Elements

  func next(in chunk: UnsafeRawBufferPointer, at position: inout Int, chunkOffset: Int64) throws -> FramedElement? {
    element.forgetHandedOver()
    elementStart = nil
    while position < chunk.count {
      switch mode {
      case .betweenElements:
        let byte = chunk[position]
        switch byte {
        case 0x20, 0x09, 0x0D:
          position += 1
        case 0x0A:
          currentLine += 1
          position += 1
        case UInt8(ascii: ","):
          // A comma with nothing before it (`[,1]`, `[1,,2]`) is an error, as to the decoder.
          guard mayTakeComma else {
            throw failure(
              .malformed("unexpected ',' where an element was expected"), at: chunkOffset + Int64(position))
          }
          mayTakeComma = false
          position += 1
        case UInt8(ascii: "]"):
          position += 1
          arrayRead = true
          closeValue()
        default:
          element.open(at: chunkOffset + Int64(position), line: currentLine)
          elementStart = position
          elementDepth = 0
          inElementString = false
          escaped = false
          mode = .element
        }
      case .element:
        if let end = scanElement(chunk, &position) {
          // The element ends before `chunk[end]` (its `,` or `]`, read next).
          mode = .betweenElements
          mayTakeComma = true
          if let start = elementStart, !element.overflowed, element.bytes.isEmpty {
            // Whole in this chunk: handed over where it is.
            let line = element.line
            element.reset()
            elementStart = nil
            let range = start..<end
            guard range.count <= element.limit else {
              return FramedElement(
                bytes: .chunk(start..<start), byteOffset: chunkOffset + Int64(start), line: line, outcome: .tooLarge)
            }
            return FramedElement(bytes: .chunk(range), byteOffset: chunkOffset + Int64(start), line: line)
          }
          element.append(chunk, (elementStart ?? 0)..<end)
          elementStart = nil
          return element.handOver()
        }
        // The element goes on in the next chunk.
        element.append(chunk, (elementStart ?? 0)..<chunk.count)
        elementStart = nil
      default:
        try scanOutside(chunk, &position, chunkOffset: chunkOffset)
      }
    }
    if case .element = mode, let start = elementStart {
      element.append(chunk, start..<chunk.count)
      elementStart = nil
    }
    return nil
  }

  /// Reads an element's bytes; returns the index of the `,` or `]` that ends it, or `nil` at
  /// the chunk's end.
  ///
  /// The state is read into locals and written back once: stored properties of a class read
  /// in the loop cost an exclusivity check each (about 4 ns a byte before).
  private func scanElement(_ chunk: UnsafeRawBufferPointer, _ position: inout Int) -> Int? {
    var index = position
    var line = currentLine
    var depth = elementDepth
    var inString = inElementString
    var isEscaped = escaped
    defer {
      position = index
      currentLine = line
      elementDepth = depth
      inElementString = inString
      escaped = isEscaped
    }
    let count = chunk.count
    while index < count {
      let byte = chunk[index]
      if inString {
        if isEscaped {
          isEscaped = false
        } else if byte == UInt8(ascii: "\\") {
          isEscaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        } else if byte == StreamBytes.lineFeed {
          line += 1
        }
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 {
          if byte == UInt8(ascii: "]") { return index }
        } else {
          depth -= 1
        }
      case UInt8(ascii: ","):
        if depth == 0 { return index }
      case StreamBytes.lineFeed:
        line += 1
      default:
        break
      }
      index += 1
    }
    return nil
  }

  // MARK: Around the array

  /// Reads one step of the document around the array.
  private func scanOutside(_ chunk: UnsafeRawBufferPointer, _ position: inout Int, chunkOffset: Int64) throws {
    let byte = chunk[position]
    let offset = chunkOffset + Int64(position)
    switch mode {
    case .string(let isKey):
      position += 1
      if escaped {
        escaped = false
        appendKeyByte(byte)
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
        appendKeyByte(byte)
      } else if byte == UInt8(ascii: "\"") {
        mode = isKey ? .colon : .afterValue
      } else {
        if byte == 0x0A { currentLine += 1 }
        appendKeyByte(byte)
      }
      return
    case .scalar:
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
        mode = .afterValue
      default:
        position += 1
      }
      return
    default:
      break
    }
    // Whitespace between tokens.
    switch byte {
    case 0x0A:
      currentLine += 1
      position += 1
      return
    case 0x20, 0x09, 0x0D:
      position += 1
      return
    default:
      break
    }
    switch mode {
    case .value:
      position += 1
      if expectsStep {
        // The path's next step: the array once every key is followed, else an object.
        expectsStep = false
        if matched == path.count {
          guard byte == UInt8(ascii: "[") else { throw failure(.arrayNotFound(keyPath: keyPathText), at: offset) }
          mode = .betweenElements
          mayTakeComma = false
          return
        }
        guard byte == UInt8(ascii: "{") else { throw failure(.arrayNotFound(keyPath: keyPathText), at: offset) }
        try open(isObject: true, at: offset)
        return
      }
      switch byte {
      case UInt8(ascii: "{"): try open(isObject: true, at: offset)
      case UInt8(ascii: "["): try open(isObject: false, at: offset)
      case UInt8(ascii: "\""): mode = .string(isKey: false)
      case UInt8(ascii: "]") where nesting.last == false:
        // An empty array.
        try close(isObject: false, at: offset)
      case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: "]"):
        throw failure(
          .malformed("unexpected '\(Character(UnicodeScalar(byte)))' where a value was expected"), at: offset)
      default: mode = .scalar
      }
    case .key:
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        mode = .string(isKey: true)
        key.removeAll(keepingCapacity: true)
        capturesKey = matched < path.count && nesting.count == matched + 1
      case UInt8(ascii: "}"):
        try close(isObject: true, at: offset)
      default:
        throw failure(.malformed("expected a key"), at: offset)
      }
    case .colon:
      position += 1
      guard byte == UInt8(ascii: ":") else { throw failure(.malformed("expected ':' after a key"), at: offset) }
      if capturesKey, key == path[matched] {
        matched += 1
        expectsStep = true
      }
      capturesKey = false
      mode = .value
    case .afterValue:
      position += 1
      switch byte {
      case UInt8(ascii: ","):
        guard let isObject = nesting.last else {
          throw failure(.malformed("unexpected ',' after the document"), at: offset)
        }
        mode = isObject ? .key : .value
      case UInt8(ascii: "}"): try close(isObject: true, at: offset)
      case UInt8(ascii: "]"): try close(isObject: false, at: offset)
      default: throw failure(.malformed("expected ',' or a closing bracket"), at: offset)
      }
    case .done:
      throw failure(.malformed("unexpected bytes after the document"), at: offset)
    default:
      break
    }
  }

  private func appendKeyByte(_ byte: UInt8) {
    guard capturesKey else { return }
    if key.count > path[matched].count { capturesKey = false } else { key.append(byte) }
  }

  private func open(isObject: Bool, at offset: Int64) throws {
    guard nesting.count < Self.maxNesting else {
      throw failure(.malformed("nested more than \(Self.maxNesting) levels around the array"), at: offset)
    }
    nesting.append(isObject)
    mode = isObject ? .key : .value
  }

  private func close(isObject: Bool, at offset: Int64) throws {
    guard nesting.last == isObject else { throw failure(.malformed("mismatched closing bracket"), at: offset) }
    nesting.removeLast()
    if !arrayRead && nesting.count < matched + 1 {
      // The object the path was followed into ended without the next key.
      throw failure(.arrayNotFound(keyPath: keyPathText), at: offset)
    }
    closeValue()
  }

  /// A value ended: what comes next.
  private func closeValue() {
    mode = nesting.isEmpty ? .done : .afterValue
  }

  func finish(at endOffset: Int64) throws -> FramedElement? {
    element.forgetHandedOver()
    switch mode {
    case .done:
      return nil
    case .element:
      // Where the element starts, as its byte offset says.
      throw FlexStreamError(
        reason: .truncated, index: 0, line: element.line, byteOffset: Int(clamping: element.byteOffset),
        underlyingError: nil)
    case .value where nesting.isEmpty && expectsStep && matched == 0:
      // Nothing but whitespace.
      throw failure(.arrayNotFound(keyPath: keyPathText), at: endOffset)
    default:
      throw failure(.truncated, at: endOffset)
    }
  }
}
