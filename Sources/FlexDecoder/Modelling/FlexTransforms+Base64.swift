import Foundation

extension FlexTransforms {
  /// Bytes from a Base64 string, as `[UInt8]`.
  ///
  /// ```swift
  /// struct Key: Codable {
  ///   @FlexTransformed<FlexTransforms.Base64Bytes> var publicKey: [UInt8]
  /// }
  /// // "AQID", "AQI=", "AQI" and "-_8" (URL-safe) decode; [1, 2] encodes as "AQI="
  /// ```
  ///
  /// Reads what ``Base64Data`` reads; encoding writes standard, padded Base64.
  public enum Base64Bytes: FlexTransform {
    /// The bytes the string encodes.
    /// - Throws: ``FlexTransforms/InvalidValue`` for a string that is not Base64.
    public static func value(from encoded: String) throws -> [UInt8] {
      Array(try Base64Data.value(from: encoded))
    }

    /// Standard Base64 with padding.
    public static func encoded(from value: [UInt8]) throws -> String { Data(value).base64EncodedString() }
  }

  /// Bytes from a Base64 string, as `Data`, more leniently than the `.base64` data strategy.
  ///
  /// ```swift
  /// struct Attachment: Codable {
  ///   @FlexTransformed<FlexTransforms.Base64Data> var content: Data
  /// }
  /// ```
  ///
  /// Accepted: the standard alphabet (`+/`) and the URL-safe one (`-_`, RFC 4648 §5, as JWTs and
  /// many APIs send it), with or without `=` padding, with spaces and line breaks anywhere (MIME
  /// wraps lines at 76 characters). Anything else — another character, a length no Base64 has,
  /// padding that is not the right amount at the end — throws ``FlexTransforms/InvalidValue``, on
  /// every platform alike. An empty string is empty `Data`, as `JSONDecoder`'s `.base64` strategy
  /// reads `""` (and so is one of white space only, which `.base64` refuses). Encoding writes
  /// standard, padded Base64.
  public enum Base64Data: FlexTransform {
    /// The bytes the string encodes.
    /// - Throws: ``FlexTransforms/InvalidValue`` for a string that is not Base64.
    public static func value(from encoded: String) throws -> Data {
      var text = [UInt8]()
      text.reserveCapacity(encoded.utf8.count + 2)
      for byte in encoded.utf8 {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
        case UInt8(ascii: "-"): text.append(UInt8(ascii: "+"))
        case UInt8(ascii: "_"): text.append(UInt8(ascii: "/"))
        default: text.append(byte)
        }
      }
      // Padding may be left out, but where there is some it must be right: Foundation's own
      // reading of a stray `=` differs from platform to platform. A remainder of 1 is no Base64.
      let padding = text.reversed().prefix { $0 == UInt8(ascii: "=") }.count
      text.removeLast(padding)
      let needed = (4 - text.count % 4) % 4
      guard text.count % 4 != 1, padding == 0 || padding == needed, !text.contains(UInt8(ascii: "=")) else {
        throw InvalidValue(value: encoded, expected: "Base64")
      }
      text.append(contentsOf: repeatElement(UInt8(ascii: "="), count: needed))
      guard let data = Data(base64Encoded: Data(text)) else {
        throw InvalidValue(value: encoded, expected: "Base64")
      }
      return data
    }

    /// Standard Base64 with padding.
    public static func encoded(from value: Data) throws -> String { value.base64EncodedString() }
  }
}
