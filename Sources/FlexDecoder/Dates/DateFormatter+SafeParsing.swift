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
  func parsedDate(from string: String) -> Date? {
    #if !canImport(Darwin)
      if string.unicodeScalars.count != string.count { return nil }
    #endif
    return date(from: string)
  }
}
