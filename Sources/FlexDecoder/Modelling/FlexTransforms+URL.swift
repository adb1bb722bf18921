import Foundation

extension FlexTransforms {
  /// A URL from the strings APIs send for one: surrounding white space, spaces and other
  /// characters a URL cannot hold, or a protocol-relative `//host/path`.
  ///
  /// ```swift
  /// struct Product: Codable {
  ///   @FlexTransformed<FlexTransforms.LenientURL> var image: URL
  /// }
  /// // " https://cdn.example.com/my photo.png\n" → https://cdn.example.com/my%20photo.png
  /// // "//cdn.example.com/a.png"                 → https://cdn.example.com/a.png
  /// ```
  ///
  /// - White space and newlines around the string are dropped (YYModel does the same).
  /// - A byte that cannot stand in a URL (a space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`,
  ///   `}`, a control character, anything outside ASCII) is percent-encoded as UTF-8 (`é` is
  ///   `%C3%A9`); a `%` that does not start an escape is `%25`; escapes already there are kept, so
  ///   a URL is never encoded twice. The result is the same on every platform, whatever
  ///   `URL(string:)` there does with such characters.
  /// - A string that starts with `//` gets `https:`; it must then name a host (`"//"`, `"///a"`,
  ///   `"//:80"` throw ``FlexTransforms/InvalidValue`` rather than become `https://`). Other
  ///   missing schemes are not guessed:
  ///   `example.com/a.png` and `images/a.png` look alike. For a base URL, write a transform of
  ///   your own that prefixes it and calls this one (see Modelling.md).
  /// - An empty string (after trimming) throws ``FlexTransforms/InvalidValue``.
  ///
  /// Encoding writes `absoluteString`, which this transform reads back to the same URL.
  public enum LenientURL: FlexTransform {
    /// The URL the string denotes.
    /// - Throws: ``FlexTransforms/InvalidValue`` for an empty string, a protocol-relative one
    ///   with no host, or one `URL` still refuses.
    public static func value(from encoded: String) throws -> URL {
      let trimmed = encoded.trimmingCharacters(in: .whitespacesAndNewlines)
      let isProtocolRelative = trimmed.hasPrefix("//")
      let text = isProtocolRelative ? "https:" + trimmed : trimmed
      guard !text.isEmpty, let url = URL(string: escaped(text)),
        !isProtocolRelative || !(url.host ?? "").isEmpty
      else {
        throw InvalidValue(value: encoded, expected: "a URL")
      }
      return url
    }

    /// The URL's `absoluteString`.
    public static func encoded(from value: URL) throws -> String { value.absoluteString }

    /// `text` with every byte that cannot stand in a URL percent-encoded (RFC 3986's unreserved
    /// and reserved characters, and `%` escapes, are kept).
    static func escaped(_ text: String) -> String {
      let bytes = Array(text.utf8)
      var output = [UInt8]()
      output.reserveCapacity(bytes.count)
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
          isHexDigit(bytes[index + 2])
        {
          output.append(byte)
        } else if byte != UInt8(ascii: "%"), isURLCharacter(byte) {
          output.append(byte)
        } else {
          output.append(UInt8(ascii: "%"))
          output.append(hexDigits[Int(byte >> 4)])
          output.append(hexDigits[Int(byte & 0x0F)])
        }
        index += 1
      }
      return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHexDigit(_ byte: UInt8) -> Bool {
      byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// RFC 3986: letters, digits, `-._~` and the reserved `:/?#[]@!$&'()*+,;=` (and `%`).
    private static func isURLCharacter(_ byte: UInt8) -> Bool {
      if (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 { return true }
      return "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
    }
  }
}
