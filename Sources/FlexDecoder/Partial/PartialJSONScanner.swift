// An incremental reader of one JSON document that arrives in pieces: each byte is read once, when
// it is appended, and the reader knows at every moment how to close what has arrived into a
// complete document.

@_spi(Engine) import FlexCore

/// Reads a document's bytes as they are appended (RFC 8259, with JSONDecoder's tolerance of one
/// trailing comma), keeping what the prefix needs to be closed: the open containers, where each
/// one's last complete member ends, and the value in progress.
struct PartialJSONScanner {
  /// What the next byte may be.
  enum Mode: Equatable {
    /// A value (after `[`, `,` in an array, `:`, or at the start).
    case value
    /// An object's key, or its `}`.
    case key
    /// The `:` after a key.
    case colon
    /// A `,` or a closing bracket (or, at the top level, the end).
    case afterValue
    /// Inside a string.
    case string
    /// Inside a number.
    case number
    /// Inside `true`, `false` or `null`.
    case literal
    /// After the top-level value: only whitespace.
    case done
  }

  /// An open array or object.
  struct Level {
    let isObject: Bool
    /// Where its last complete member ends (just after the opening bracket at first): the
    /// prefix is cut there when a member is in progress.
    var lastCompleteEnd: Int
    /// The complete members.
    var count = 0
    /// The key of the member in progress (as written, between its quotes).
    var key: [UInt8] = []
  }

  /// Where a number is in JSON's number grammar.
  enum NumberState {
    case minus, zero, integer, point, fraction, exponent, exponentSign, exponentDigits

    /// Whether the number may end here.
    var isComplete: Bool {
      switch self {
      case .zero, .integer, .fraction, .exponentDigits: true
      default: false
      }
    }
  }

  private(set) var bytes: [UInt8] = []
  private(set) var mode = Mode.value
  private(set) var stack: [Level] = []
  /// The string in progress is a key.
  private var isKeyString = false
  /// Where the string in progress starts (its opening quote).
  private var stringStart = 0
  /// Where the string in progress is whole: before an escape still arriving.
  private(set) var stringSafeEnd = 0
  /// In a string: 1 after a backslash; 2 to 5 in the four hex digits of `\u`.
  private var escape = 0
  /// The value of the `\u` escape being read.
  private var escapedUnit: UInt16 = 0
  /// The last escape was the first half of a surrogate pair: the string is whole only after
  /// the second (the decoder rejects a lone half, as JSONDecoder does).
  private var awaitsLowSurrogate = false
  private var number = NumberState.zero
  private var literal: [UInt8] = []
  private var literalIndex = 0
  /// The bytes read: each appended byte once.
  private(set) var bytesScanned = 0

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The deepest nesting accepted.
  let maxDepth: Int

  init(maxDepth: Int) { self.maxDepth = maxDepth }

  /// Whether the whole document has arrived (its top-level value is complete).
  /// (A top-level number is complete only at the end of the document, which only `finish`
  /// knows: `4` may become `42`.)
  var isComplete: Bool { mode == .done }

  // MARK: Reading

  /// Reads `newBytes`.
  ///
  /// - Throws: the ``JSONParseError`` of the first byte that no JSON document can have there.
  mutating func append(_ newBytes: some Sequence<UInt8>) throws(JSONParseError) {
    let start = bytes.count
    bytes.append(contentsOf: newBytes)
    var index = start
    do {
      try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
        while index < buffer.count {
          if mode == .string && escape == 0 {
            // A string's plain bytes, most of an answer's text, in a tight loop.
            let plainStart = index
            while index < buffer.count {
              let byte = buffer[index]
              if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
              index += 1
            }
            if index > plainStart {
              stringSafeEnd = index
              awaitsLowSurrogate = false
            }
            guard index < buffer.count else { break }
          }
          if try !read(buffer[index], at: index) { continue }  // read again in the new mode
          index += 1
        }
      }
    } catch {
      // The bytes before the error are kept, and read.
      bytes.removeSubrange(index...)
      bytesScanned += index - start
      throw error
    }
    bytesScanned += bytes.count - start
  }

  private func failure(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
    bytes.withUnsafeBytes { JSONParseError(reason, at: offset, in: $0) }
  }

  private func unexpected(_ byte: UInt8, at offset: Int, expected: String) -> JSONParseError {
    failure(.unexpectedCharacter(byte, expected: expected), at: offset)
  }

  /// Reads one byte; `false` when the byte ended a number and must be read again.
  private mutating func read(_ byte: UInt8, at index: Int) throws(JSONParseError) -> Bool {
    switch mode {
    case .string:
      try readInString(byte, at: index)
      return true
    case .number:
      return try readInNumber(byte, at: index)
    case .literal:
      guard byte == literal[literalIndex] else {
        throw unexpected(byte, at: index, expected: "expected the literal \(String(decoding: literal, as: UTF8.self))")
      }
      literalIndex += 1
      if literalIndex == literal.count { completeValue(end: index + 1) }
      return true
    default:
      break
    }
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D:
      return true
    default:
      break
    }
    if index < 3, bytes.prefix(index + 1).elementsEqual(Self.byteOrderMark.prefix(index + 1)) {
      // A UTF-8 byte order mark at the start.
      return true
    }
    switch mode {
    case .value:
      try startValue(byte, at: index)
    case .key:
      switch byte {
      case UInt8(ascii: "\""):
        startString(at: index, isKey: true)
      case UInt8(ascii: "}"):
        try close(isObject: true, byte, at: index)
      default:
        throw unexpected(byte, at: index, expected: "expected a key or '}'")
      }
    case .colon:
      guard byte == UInt8(ascii: ":") else { throw unexpected(byte, at: index, expected: "expected ':' after a key") }
      mode = .value
    case .afterValue:
      switch byte {
      case UInt8(ascii: ","):
        mode = stack[stack.count - 1].isObject ? .key : .value
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        try close(isObject: byte == UInt8(ascii: "}"), byte, at: index)
      default:
        throw unexpected(byte, at: index, expected: "expected ',' or a closing bracket")
      }
    case .done:
      throw unexpected(byte, at: index, expected: "expected the end of the document after the top-level value")
    default:
      break
    }
    return true
  }

  private mutating func startValue(_ byte: UInt8, at index: Int) throws(JSONParseError) {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard stack.count < maxDepth else { throw failure(.tooDeeplyNested(limit: maxDepth), at: index) }
      let isObject = byte == UInt8(ascii: "{")
      stack.append(Level(isObject: isObject, lastCompleteEnd: index + 1))
      mode = isObject ? .key : .value
    case UInt8(ascii: "\""):
      startString(at: index, isKey: false)
    case UInt8(ascii: "-"):
      number = .minus
      mode = .number
    case UInt8(ascii: "0"):
      number = .zero
      mode = .number
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      number = .integer
      mode = .number
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      literal = Array((byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null").utf8)
      literalIndex = 1
      mode = .literal
    case UInt8(ascii: "]") where stack.last?.isObject == false:
      // An empty array, or one `,` before `]`.
      try close(isObject: false, byte, at: index)
    default:
      throw unexpected(byte, at: index, expected: "expected a value")
    }
  }

  private mutating func startString(at index: Int, isKey: Bool) {
    mode = .string
    isKeyString = isKey
    stringStart = index
    stringSafeEnd = index + 1
    escape = 0
    awaitsLowSurrogate = false
  }

  private mutating func readInString(_ byte: UInt8, at index: Int) throws(JSONParseError) {
    if escape == 1 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        escape = 0
        stringSafeEnd = index + 1
      case UInt8(ascii: "u"):
        escape = 2
        escapedUnit = 0
      default:
        throw failure(.invalidEscape(byte), at: index)
      }
      return
    }
    if escape >= 2 {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure(.invalidUnicodeEscape, at: index)
      }
      escapedUnit = escapedUnit << 4 | UInt16(digit)
      escape = escape == 5 ? 0 : escape + 1
      if escape == 0 {
        if (0xD800...0xDBFF).contains(escapedUnit) && !awaitsLowSurrogate {
          awaitsLowSurrogate = true
        } else {
          awaitsLowSurrogate = false
          stringSafeEnd = index + 1
        }
      }
      return
    }
    switch byte {
    case UInt8(ascii: "\\"):
      escape = 1
    case UInt8(ascii: "\""):
      if isKeyString {
        stack[stack.count - 1].key = Array(bytes[(stringStart + 1)..<index])
        mode = .colon
      } else {
        completeValue(end: index + 1)
      }
    case 0..<0x20:
      throw failure(.unescapedControlCharacter(byte), at: index)
    default:
      awaitsLowSurrogate = false
      stringSafeEnd = index + 1
    }
  }

  /// Reads a byte of a number; `false` when the byte is not the number's (it ended before it).
  private mutating func readInNumber(_ byte: UInt8, at index: Int) throws(JSONParseError) -> Bool {
    let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    switch (number, byte) {
    case (.minus, UInt8(ascii: "0")): number = .zero
    case (.minus, _) where isDigit: number = .integer
    case (.integer, _) where isDigit: break
    case (.zero, UInt8(ascii: ".")), (.integer, UInt8(ascii: ".")): number = .point
    case (.point, _) where isDigit: number = .fraction
    case (.fraction, _) where isDigit: break
    case (.zero, UInt8(ascii: "e")), (.zero, UInt8(ascii: "E")), (.integer, UInt8(ascii: "e")),
      (.integer, UInt8(ascii: "E")), (.fraction, UInt8(ascii: "e")), (.fraction, UInt8(ascii: "E")):
      number = .exponent
    case (.exponent, UInt8(ascii: "+")), (.exponent, UInt8(ascii: "-")): number = .exponentSign
    case (.exponent, _) where isDigit, (.exponentSign, _) where isDigit: number = .exponentDigits
    case (.exponentDigits, _) where isDigit: break
    default:
      guard number.isComplete else { throw failure(.invalidNumber("a number cut short"), at: index) }
      completeValue(end: index)
      return false
    }
    return true
  }

  /// A value ended at `end`.
  private mutating func completeValue(end: Int) {
    guard !stack.isEmpty else {
      mode = .done
      return
    }
    stack[stack.count - 1].lastCompleteEnd = end
    stack[stack.count - 1].count += 1
    mode = .afterValue
  }

  private mutating func close(isObject: Bool, _ byte: UInt8, at index: Int) throws(JSONParseError) {
    guard let level = stack.last, level.isObject == isObject else {
      throw unexpected(byte, at: index, expected: "a closing bracket that does not match its opening one")
    }
    stack.removeLast()
    completeValue(end: index + 1)
  }

  // MARK: Closing the prefix

  /// The prefix closed into a document: cut after the last complete member of the innermost
  /// open container (or, for a string value in progress, after its last whole character, with
  /// its closing quote), then each open container closed. `nil` when no value has begun to
  /// arrive in a form that can be shown.
  func closedDocument(showsPartialStrings: Bool) -> [UInt8]? {
    var cut: Int
    var closing: [UInt8] = []
    switch mode {
    case .done, .afterValue:
      cut = bytes.count
    case .string where !isKeyString && showsPartialStrings:
      cut = Self.wholeCharactersEnd(bytes, stringSafeEnd)
      closing.append(UInt8(ascii: "\""))
    default:
      guard let level = stack.last else { return nil }
      cut = level.lastCompleteEnd
    }
    for level in stack.reversed() { closing.append(level.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) }
    return Array(bytes[..<cut]) + closing
  }

  /// `end`, moved back before a UTF-8 sequence that has not fully arrived.
  static func wholeCharactersEnd(_ bytes: [UInt8], _ end: Int) -> Int {
    var lead = end - 1
    var continuation = 0
    while lead >= 0, continuation < 3, bytes[lead] & 0xC0 == 0x80 {
      lead -= 1
      continuation += 1
    }
    guard lead >= 0 else { return end }
    let byte = bytes[lead]
    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    return length > continuation + 1 ? lead : end
  }

  // MARK: Completeness

  /// One step of a path into the document.
  enum PathStep: Equatable {
    case key([UInt8])
    case index(Int)
  }

  /// The path of the value in progress: the open containers' members, and the member in
  /// progress in the innermost one. A value is complete once it is in the prefix and not on
  /// this path.
  var openPath: [PathStep] {
    var path: [PathStep] = []
    for (depth, level) in stack.enumerated() {
      let isInnermost = depth == stack.count - 1
      // In the innermost container, a member is in progress only in a value position.
      if isInnermost {
        let inValue: Bool
        switch mode {
        case .string: inValue = !isKeyString
        case .number, .literal: inValue = true
        case .value: inValue = true
        default: inValue = false
        }
        guard inValue else { break }
      }
      path.append(level.isObject ? .key(level.key) : .index(level.count))
    }
    return path
  }
}
