@_spi(Engine) import FlexCore

// JSONDecoder's sentences for a value of the wrong type, written into one string.
//
// Code that tries types in turn — `try? container.decode(Bool.self)`, then `Int`, `Double`,
// `String` (every `AnyCodable`-style `init(from:)`) — builds and drops one error per attempt.
// Written with interpolation, "Expected to decode Int but found the string "abc" instead." grew
// its string five times and cost about 4,000 instructions, more than decoding the value; here it
// is one allocation the size of the sentence. Values whose text would need escaping in the
// message (escapes, quotes, control or non-ASCII bytes) take the interpolated way, which words
// them with `String(reflecting:)`: both ways give the same text.

/// The `typeMismatch` message for a `type` expected where the tape has the value at an index.
enum MismatchMessage {
  /// `Expected to decode Int but found the string "abc" instead.` (see ``TapeDecoder/foundValue(_:)``
  /// for how the value is named).
  static func typeMismatch(expecting type: Any.Type, at valueIndex: Int, of decoder: TapeDecoder) -> String {
    let typeName = description(of: type)
    let tape = decoder.tape
    let entry = tape[valueIndex]
    let found: Found
    switch entry.kind {
    case .null: found = Found(lead: "null")
    case .true: found = Found(lead: "true")
    case .false: found = Found(lead: "false")
    case .array: found = Found(lead: "an array")
    case .object: found = Found(lead: "an object")
    case .number: found = Found(lead: "the number ", text: tape.rawBytes(at: valueIndex), isQuoted: false)
    case .string:
      let text = tape.rawBytes(at: valueIndex)
      guard entry.flags & StringFlags.hasEscapes == 0, IssueMessage.isQuotedAsIs(text) else {
        return "Expected to decode \(typeName) but found \(decoder.foundValue(valueIndex)) instead."
      }
      found = Found(lead: "the string ", text: text, isQuoted: true)
    }
    return write(typeName: typeName, found: found)
  }

  /// How the value is named: a fixed lead, and for a number or a string its text, cut after
  /// ``IssueMessage/quotedLength`` bytes (characters: the text is ASCII) and marked `…`.
  private struct Found {
    let lead: StaticString
    var text = UnsafeRawBufferPointer(start: nil, count: 0)
    var isQuoted = false
  }

  private static func write(typeName: String, found: Found) -> String {
    let opening: StaticString = "Expected to decode "
    let middle: StaticString = " but found "
    let closing: StaticString = " instead."
    let ellipsis: StaticString = "…"
    let isCut = found.text.count > IssueMessage.quotedLength
    let text = isCut ? UnsafeRawBufferPointer(rebasing: found.text.prefix(IssueMessage.quotedLength)) : found.text
    var typeName = typeName
    return typeName.withUTF8 { typeBytes in
      let capacity =
        opening.utf8CodeUnitCount + typeBytes.count + middle.utf8CodeUnitCount + found.lead.utf8CodeUnitCount
        + text.count + 2 + ellipsis.utf8CodeUnitCount + closing.utf8CodeUnitCount
      return String(utf8Capacity: capacity) { buffer in
        var writer = Writer(buffer: buffer)
        writer.write(opening)
        writer.write(UnsafeRawBufferPointer(typeBytes))
        writer.write(middle)
        writer.write(found.lead)
        if found.isQuoted { writer.write(UInt8(ascii: "\"")) }
        writer.write(text)
        if isCut { writer.write(ellipsis) }
        if found.isQuoted { writer.write(UInt8(ascii: "\"")) }
        writer.write(closing)
        return writer.count
      }
    }
  }

  /// `"\(type)"`, asked of the runtime once per type and process.
  static func description(of type: Any.Type) -> String {
    descriptions.value(for: ObjectIdentifier(type)) { String(describing: type) }
  }

  private static let descriptions = ProcessTypeCache<String>()

  /// Bytes appended to a buffer sized for them.
  private struct Writer {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    mutating func write(_ text: StaticString) {
      write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) {
      guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
      UnsafeMutableRawPointer(buffer.baseAddress! + count).copyMemory(from: source, byteCount: bytes.count)
      count &+= bytes.count
    }

    mutating func write(_ byte: UInt8) {
      buffer[count] = byte
      count &+= 1
    }
  }
}
