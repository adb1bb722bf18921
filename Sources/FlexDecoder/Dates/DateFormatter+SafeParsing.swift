import Foundation

extension DateFormatter {
  /// `date(from:)`, without a trap of swift-corelibs-foundation (Linux, Windows, Android).
  ///
  /// There, `date(from:)` turns the range of text it read into a `String` range, and traps
  /// ("Incorrect range") when that range ends inside a character: a digit followed by a
  /// combining mark (`"03:1\u{33E}08"`), which any JSON string may hold. (Found by the decoder
  /// fuzzer; `JSONDecoder`'s `.formatted` strategy calls the same method.) Text with a character
  /// of several Unicode scalars is not a date such a formatter writes, and reads as none: the
  /// decode throws `dataCorrupted`, as for any text the format does not match. Apple's Foundation
  /// reads such text without trapping, and is called as is.
  ///
  /// On every platform, text with a run of more than ``longestDigitRun`` digits reads as no date:
  /// ICU's parser (under `DateFormatter` everywhere) divides by zero on a fraction of seconds of
  /// some 35 digits or more (`"2024-05-01T12:30:00.1000…0+0000"`, found by the decoder fuzzer with
  /// `.formatted("yyyy-MM-dd'T'HH:mm:ss.SSSZ")`), a crash no `try` can catch. No format writes
  /// such a run: the longest, `yyyyMMddHHmmss` with nine digits of fraction, writes 23.
  func parsedDate(from string: String) -> Date? {
    #if !canImport(Darwin)
      if string.unicodeScalars.count != string.count { return nil }
    #endif
    if Self.hasLongDigitRun(string) { return nil }
    return date(from: string)
  }

  /// The most digits in a row that date text is read with.
  static let longestDigitRun = 30

  /// Whether `string` has more than ``longestDigitRun`` ASCII digits in a row.
  static func hasLongDigitRun(_ string: String) -> Bool {
    var run = 0
    for byte in string.utf8 {
      if byte &- UInt8(ascii: "0") < 10 {
        run &+= 1
        if run > longestDigitRun { return true }
      } else {
        run = 0
      }
    }
    return false
  }
}
