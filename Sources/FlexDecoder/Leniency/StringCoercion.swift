// Reading numbers and booleans out of strings, for the `.stringToNumber` and `.stringToBool`
// coercions. The string's content is trimmed of ASCII whitespace and must then be an RFC 8259
// number (`42`, `-0.5`, `1e3`); the number readers of FlexCore do the rest, so a coerced
// `"12345678901234567890"` is as exact as the number itself.

enum StringCoercion {
  /// Calls `body` with the UTF-8 number text inside `string` (trimmed), or returns `nil` if the
  /// string is not a number.
  static func withNumberText<R>(in string: String, _ body: (UnsafeRawBufferPointer, _ isInteger: Bool) -> R?) -> R? {
    var string = string
    return string.withUTF8 { buffer -> R? in withNumberText(in: UnsafeRawBufferPointer(buffer), body) }
  }

  /// ``withNumberText(in:_:)-(String,_)`` over the UTF-8 bytes of a string (a string of the
  /// tape without escapes is read in place: no `String` is made).
  static func withNumberText<R>(
    in buffer: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, _ isInteger: Bool) -> R?
  ) -> R? {
    var start = 0
    var end = buffer.count
    while start < end && isSpace(buffer[start]) { start += 1 }
    while end > start && isSpace(buffer[end - 1]) { end -= 1 }
    let text = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
    guard let isInteger = validateNumber(text) else { return nil }
    return body(text, isInteger)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Checks RFC 8259 number syntax; returns whether the text is a plain integer, or `nil`.
  /// (Run on every number a messy document sends as a string: a pointer walk.)
  private static func validateNumber(_ text: UnsafeRawBufferPointer) -> Bool? {
    guard let start = text.baseAddress?.assumingMemoryBound(to: UInt8.self), !text.isEmpty else { return nil }
    let end = start + text.count
    var cursor = start
    /// Moves past a run of digits; returns whether there was one.
    func skipDigits() -> Bool {
      let first = cursor
      while cursor < end && cursor.pointee &- 0x30 < 10 { cursor += 1 }
      return cursor > first
    }
    if cursor.pointee == UInt8(ascii: "-") { cursor += 1 }
    guard cursor < end else { return nil }
    if cursor.pointee == UInt8(ascii: "0") {
      cursor += 1
    } else if !skipDigits() {
      return nil
    }
    var isInteger = true
    if cursor < end && cursor.pointee == UInt8(ascii: ".") {
      cursor += 1
      guard skipDigits() else { return nil }
      isInteger = false
    }
    if cursor < end && cursor.pointee | 0x20 == UInt8(ascii: "e") {
      cursor += 1
      if cursor < end && (cursor.pointee == UInt8(ascii: "+") || cursor.pointee == UInt8(ascii: "-")) { cursor += 1 }
      guard skipDigits() else { return nil }
      isInteger = false
    }
    return cursor == end ? isInteger : nil
  }

  /// `"true"`, `"yes"`, `"1"` → `true`; `"false"`, `"no"`, `"0"` → `false` (any case, trimmed).
  /// `.letterToBool`: `"y"`/`"t"` and `"n"`/`"f"`, any case, surrounding spaces ignored.
  static func bool(fromLetter string: String) -> Bool? {
    switch string.trimmingASCIIWhitespace().lowercased() {
    case "y", "t": return true
    case "n", "f": return false
    default: return nil
    }
  }

  /// `.nullStrings`: whether `string` spells null (`"<null>"`, `"null"`, `"nil"`, any case).
  static func isNull(_ string: some StringProtocol) -> Bool {
    switch string.lowercased() {
    case "<null>", "null", "nil": return true
    default: return false
    }
  }

  static func bool(from string: String) -> Bool? {
    switch string.trimmingASCIIWhitespace() {
    case "1": return true
    case "0": return false
    default: return bool(fromWord: string)
    }
  }

  /// `.boolStringToNumber`: `"true"`, `"yes"` → `true`; `"false"`, `"no"` → `false` (any case,
  /// trimmed); digits are not words.
  static func bool(fromWord string: String) -> Bool? {
    var string = string
    return string.withUTF8 { bool(fromWord: UnsafeRawBufferPointer($0)) }
  }

  /// ``bool(fromWord:)-(String)`` over UTF-8 bytes: surrounding ASCII white space skipped, then
  /// compared without case. A string of any length is read; more than five bytes is no word.
  static func bool(fromWord bytes: UnsafeRawBufferPointer) -> Bool? {
    var start = 0
    var end = bytes.count
    while start < end && isSpace(bytes[start]) { start += 1 }
    while end > start && isSpace(bytes[end - 1]) { end -= 1 }
    guard end - start <= 5 else { return nil }
    let word = bytes[start..<end].map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }
    switch String(decoding: word, as: UTF8.self) {
    case "true", "yes": return true
    case "false", "no": return false
    default: return nil
    }
  }

  /// `.nonZeroToBool`: whether RFC 8259 number text has a digit other than `0` before its
  /// exponent. `-0`, `0.0` and `0e5` are zero; `1e-400` is not, though it is `0` as a `Double`.
  static func isNonZero(numberText text: UnsafeRawBufferPointer) -> Bool {
    for byte in text {
      if byte | 0x20 == UInt8(ascii: "e") { return false }
      if byte &- UInt8(ascii: "1") < 9 { return true }
    }
    return false
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  func trimmingASCIIWhitespace() -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return self[endIndex...]
    }
    return self[first...last]
  }
}
