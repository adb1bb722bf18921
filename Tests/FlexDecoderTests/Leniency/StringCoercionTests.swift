import Testing

@testable import FlexDecoder

/// The number text that `.stringToNumber` finds in a string (StringCoercion.swift): RFC 8259
/// number syntax, surrounding JSON whitespace ignored.
@Suite("String coercion")
struct StringCoercionTests {
  /// Every string of up to four characters from an alphabet of number parts, spaces and a
  /// stranger, checked against the grammar written as a regular expression.
  @Test func numberTextIsFoundExactlyWhereTheGrammarSaysSo() {
    let alphabet: [Character] = ["0", "1", "9", "-", "+", ".", "e", "E", " ", "\t", "x"]
    var strings = [""]
    var all = [""]
    for _ in 0..<4 {
      strings = strings.flatMap { prefix in alphabet.map { prefix + String($0) } }
      all += strings
    }
    #expect(all.count == 16_105)
    for string in all {
      let found = StringCoercion.withNumberText(in: string) { text, isInteger in
        (String(decoding: text, as: UTF8.self), isInteger)
      }
      let trimmed = String(string.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      let isNumber = trimmed.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil
      #expect(found?.0 == (isNumber ? trimmed : nil), "\(string.debugDescription)")
      #expect(found?.1 == (isNumber ? !trimmed.contains(where: { ".eE".contains($0) }) : nil))
    }
  }

  @Test func longNumbersAreFoundWhole() {
    let text = "-" + String(repeating: "7", count: 400) + "." + String(repeating: "1", count: 300) + "e+0012"
    let found = StringCoercion.withNumberText(in: "  \(text)\n") { text, isInteger in
      (String(decoding: text, as: UTF8.self), isInteger)
    }
    #expect(found?.0 == text)
    #expect(found?.1 == false)
  }
}
