// JSON5 number text rewritten in RFC 8259 syntax, for writers that must produce plain JSON.

extension JSONNumber {
  /// The number's text in RFC 8259 syntax: the text itself when it already is, else the same
  /// value without JSON5-only syntax. `+1` → `1`, `.5` → `0.5`, `5.` → `5`, `5.e3` → `5e3`,
  /// `0x1F` → `31` (a hexadecimal number past `UInt64` becomes the nearest `Double`). `nil` for
  /// `Infinity` and `NaN`, which JSON cannot hold.
  package var rfc8259Text: String? {
    guard usesJSON5Syntax else { return text }
    var digits = Array(text.utf8)
    let isNegative = digits.first == ._minus
    if isNegative || digits.first == ._plus { digits.removeFirst() }
    guard let first = digits.first, first != UInt8(ascii: "I"), first != UInt8(ascii: "N") else { return nil }
    if digits.count > 1 && digits[1] | 0x20 == UInt8(ascii: "x") {
      if let value = integer(as: Int64.self) { return String(value) }
      if let value = integer(as: UInt64.self) { return String(value) }
      guard let value = doubleValue, let number = JSONNumber(value) else { return nil }
      return number.text
    }
    if first == ._period { digits.insert(._zero, at: 0) }
    if let period = digits.firstIndex(of: ._period), period + 1 == digits.count || !digits[period + 1].isDigit {
      digits.remove(at: period)
    }
    return (isNegative ? "-" : "") + String(decoding: digits, as: UTF8.self)
  }
}
