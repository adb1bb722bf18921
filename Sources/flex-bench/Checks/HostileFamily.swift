// HostileFamily: documents built to hurt a parser, at any size, and the work done on each.

@_spi(Engine) import FlexCore
import FlexDecoder
import Foundation

/// A family of hostile documents that grow with one parameter, and the operations run on them.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct HostileFamily: Sendable {
  /// One piece of work on a document: returns a number derived from the result, so the work
  /// cannot be optimized away.
  struct Operation {
    /// `scan`, `value` or `decode <type>`.
    let name: String
    /// The work.
    let run: (UnsafeRawBufferPointer) throws -> Int
  }

  /// A short name for the report: `numbers`, `keys`.
  let name: String
  /// A document of about `byteCount` bytes.
  let document: @Sendable (_ byteCount: Int) -> [UInt8]
  /// The operations, given the document's size (some families raise the depth limit with it).
  let operations: @Sendable (_ byteCount: Int) -> [Operation]

  /// Every family, in report order.
  static let all: [HostileFamily] = [
    nestedArrays, deepNesting, mismatchedClose, numbers, keys, smallObjects, escapes, nullEscapes, digits,
  ]

  // MARK: - Families

  /// `[[[…[0]…]],[[[…]]],…]`: units 500 deep, under the default limit of 512.
  static let nestedArrays = HostileFamily(
    name: "nested-500",
    document: { byteCount in
      let unit =
        [UInt8](repeating: .openBracket, count: 500) + [.digitZero]
        + [UInt8](repeating: .closeBracket, count: 500)
      return list(of: unit, byteCount: byteCount)
    },
    operations: { _ in [scan(), value(), decode([JSONValue].self)] })

  /// `[[[[…]]]]`, one nest half the document deep, the depth limit raised to allow it.
  static let deepNesting = HostileFamily(
    name: "deep",
    document: { byteCount in
      [UInt8](repeating: .openBracket, count: byteCount / 2) + [UInt8](repeating: .closeBracket, count: byteCount / 2)
    },
    operations: { byteCount in [scan(JSONParsingOptions(maxDepth: byteCount))] })

  /// `[[[[…]]]}`: as deep, closed by the wrong bracket at the very end.
  static let mismatchedClose = HostileFamily(
    name: "deep-mismatched",
    document: { byteCount in
      [UInt8](repeating: .openBracket, count: byteCount / 2)
        + [UInt8](repeating: .closeBracket, count: byteCount / 2 - 1) + [.closeBrace]
    },
    operations: { byteCount in [scanRejected(JSONParsingOptions(maxDepth: byteCount))] })

  /// `[0,1,2,…,9,0,1,…]`: a flat array of one-digit numbers.
  static let numbers = HostileFamily(
    name: "numbers",
    document: { byteCount in
      var bytes: [UInt8] = [.openBracket]
      bytes.reserveCapacity(byteCount + 2)
      var digit: UInt8 = 0
      while bytes.count < byteCount {
        if bytes.count > 1 { bytes.append(.comma) }
        bytes.append(.digitZero + digit)
        digit = digit == 9 ? 0 : digit + 1
      }
      return bytes + [.closeBracket]
    },
    operations: { _ in [scan(), value(), decode([Int].self)] })

  /// `{"k0":0,"k1":1,…}`: one object with many keys.
  static let keys = HostileFamily(
    name: "keys",
    document: { byteCount in
      var bytes: [UInt8] = [.openBrace]
      bytes.reserveCapacity(byteCount + 32)
      var index = 0
      while bytes.count < byteCount {
        if index > 0 { bytes.append(.comma) }
        bytes.append(contentsOf: "\"k\(index)\":\(index % 10)".utf8)
        index += 1
      }
      return bytes + [.closeBrace]
    },
    operations: { _ in [scan(), value(), decode([String: Int].self)] })

  /// `[{"a":0,"b":[true,null]},…]`: many small objects, the per-container cost.
  static let smallObjects = HostileFamily(
    name: "small-objects",
    document: { byteCount in list(of: Array(#"{"a":0,"b":[true,null]}"#.utf8), byteCount: byteCount) },
    operations: { _ in [scan(), value(), decode([SmallRecord].self)] })

  /// `["\n\"\\\/\u00e9\ud83d\ude00x…"]`: one long string of every kind of escape.
  static let escapes = HostileFamily(
    name: "escapes",
    document: { byteCount in string(repeating: Array(#"\n\"\\\/\u00e9\ud83d\ude00x"#.utf8), byteCount: byteCount) },
    operations: { _ in [scan(), value(), decode([String].self)] })

  /// `["\u0000\u0000…"]`: one long string of escaped NULs.
  static let nullEscapes = HostileFamily(
    name: "nul-escapes",
    document: { byteCount in string(repeating: Array(#"\u0000"#.utf8), byteCount: byteCount) },
    operations: { _ in [scan(), value(), decode([String].self)] })

  /// `[0.12345678901234567890…]`: one number with millions of digits, which a `Double` holds.
  static let digits = HostileFamily(
    name: "digits",
    document: { byteCount in
      var bytes = Array("[0.".utf8)
      bytes.reserveCapacity(byteCount + 1)
      while bytes.count < byteCount { bytes.append(contentsOf: "1234567890".utf8) }
      return bytes + [.closeBracket]
    },
    operations: { _ in [scan(), value(), decode([Double].self)] })

  // MARK: - Documents

  /// `[unit,unit,…]` of about `byteCount` bytes.
  private static func list(of unit: [UInt8], byteCount: Int) -> [UInt8] {
    var bytes: [UInt8] = [.openBracket]
    bytes.reserveCapacity(byteCount + unit.count + 2)
    while bytes.count < byteCount {
      if bytes.count > 1 { bytes.append(.comma) }
      bytes.append(contentsOf: unit)
    }
    return bytes + [.closeBracket]
  }

  /// `["piece piece …"]` of about `byteCount` bytes.
  private static func string(repeating piece: [UInt8], byteCount: Int) -> [UInt8] {
    var bytes: [UInt8] = [.openBracket, .quote]
    bytes.reserveCapacity(byteCount + piece.count + 2)
    while bytes.count < byteCount { bytes.append(contentsOf: piece) }
    return bytes + [.quote, .closeBracket]
  }

  // MARK: - Operations

  /// `JSONScanner.scan`: validates and builds the tape; returns the entry count.
  private static func scan(_ options: JSONParsingOptions = .strict) -> Operation {
    Operation(name: "scan") { try JSONScanner.scan($0, options: options).count }
  }

  /// `JSONScanner.scan` of a document that must be rejected at its last byte.
  private static func scanRejected(_ options: JSONParsingOptions) -> Operation {
    Operation(name: "scan (rejected)") { bytes in
      do throws(JSONParseError) {
        _ = try JSONScanner.scan(bytes, options: options)
      } catch  where error.offset == bytes.count - 1 {
        return 1
      }
      throw UnexpectedOutcome(description: "the document was not rejected at its last byte")
    }
  }

  /// `JSONValue(parsingBytes:)`: the whole tree; returns the top-level element count.
  private static func value() -> Operation {
    Operation(name: "value") { bytes in
      switch try JSONValue(parsingBytes: bytes) {
      case .array(let elements): elements.count
      case .object(let members): members.count
      default: 1
      }
    }
  }

  /// `FlexJSONDecoder().decode(type, from:)`, with the document's bytes as `Data`, uncopied.
  private static func decode<T: Decodable>(_ type: T.Type) -> Operation {
    let decoder = FlexJSONDecoder()
    return Operation(name: "decode \(T.self)") { bytes in
      guard let start = bytes.baseAddress else { return 0 }
      let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count, deallocator: .none)
      return blackHole(try decoder.decode(type, from: data))
    }
  }

  /// An operation that ended otherwise than its family says it must.
  struct UnexpectedOutcome: Error, CustomStringConvertible {
    /// What happened.
    let description: String
  }
}

/// The element of the small-objects family.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct SmallRecord: Decodable {
  /// A number.
  let a: Int
  /// A short array with a null.
  let b: [Bool?]
}

/// The bytes the documents are built from.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension UInt8 {
  fileprivate static let openBracket = UInt8(ascii: "[")
  fileprivate static let closeBracket = UInt8(ascii: "]")
  fileprivate static let openBrace = UInt8(ascii: "{")
  fileprivate static let closeBrace = UInt8(ascii: "}")
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let digitZero = UInt8(ascii: "0")
}
