import FlexCore
import Testing

/// Every strict prefix of a valid document, cut at every offset, is scanned: it must be rejected
/// with a ``JSONParseError`` that points inside the prefix, unless the prefix is itself the whole
/// document (only trailing whitespace was cut) or a shorter number (`4` of `42`). Never a crash.
///
/// The same check over whole corpus files is O(n²) and runs in release:
/// `swift run -c release flex-bench --mode truncations` (see Docs/Performance.md).
@Suite("Truncation at every offset")
struct TruncationTests {
  /// The 95 `y_` files hold 1,190 bytes, so 1,190 prefixes (the empty one included).
  @Test func rejectsEveryPrefixOfEveryYFile() throws {
    let files = try TestResources.jsonTestSuite("test_parsing").filter { $0.name.hasPrefix("y_") }
    #expect(files.count == 95)
    var tally = TruncationTally()
    for file in files {
      tally.add(try Self.checkEveryPrefix(of: file.bytes, name: file.name))
    }
    #expect(tally.prefixes == 1_190)
    // `42` → `4`; `-0.1` → `-0`.
    #expect(tally.acceptedNumbers == 2)
    // Four files end in whitespace: `[2] `, `[4.94065645841246544e-324]\n`, `["a"]\n`, ` [] `.
    #expect(tally.acceptedWithoutTrailingWhitespace == 4)
    #expect(tally.rejected == 1_190 - 6)
    // A cut UTF-8 sequence is reported at its lead byte, a surrogate cut from its pair at `\uD83D`.
    #expect(tally.rejectedBeforeTheCut == 38)
  }

  /// A real object or array a few kilobytes long, cut from a corpus file with its original
  /// whitespace: a status with escaped slashes and Japanese text (twitter), a repository object
  /// (github_events), a ring of coordinates (canada), an indented array of objects (citm_catalog).
  @Test(arguments: [
    ("twitter.json", 4_096, 5_133, 172), ("github_events.json", 4_096, 5_321, 0),
    ("canada.json", 2_048, 3_495, 0), ("citm_catalog.json", 2_048, 2_342, 0),
  ])
  func rejectsEveryPrefixOfASliceOfACorpusFile(
    _ name: String, _ minimumLength: Int, _ expectedLength: Int, _ expectedBeforeTheCut: Int
  ) throws {
    let file = try TestResources.benchmarkFile(name)
    let found = Self.firstContainer(in: file, length: minimumLength..<(2 * minimumLength))
    let slice = try #require(found, "\(name)")
    #expect(slice.count == expectedLength)
    let tally = try Self.checkEveryPrefix(of: slice, name: name)
    #expect(tally.prefixes == slice.count)
    #expect(tally.rejected == slice.count)
    // Twitter's slice holds 86 three-byte characters (Japanese text), each cut twice.
    #expect(tally.rejectedBeforeTheCut == expectedBeforeTheCut)
  }

  // MARK: - The property

  /// Scans every strict prefix of `bytes` (a valid document) and records an issue for each that
  /// breaks the property.
  ///
  /// An error must point inside the prefix: at its end for a value cut short (end of input, no
  /// input, or a number such as `-` or `1.`), 1 to 3 bytes back at the lead byte of a UTF-8
  /// sequence the cut broke, or 6 or 7 bytes back at the `\uD83D` of a surrogate pair cut after
  /// its high half (`"\uD83D` or `"\uD83D\`).
  static func checkEveryPrefix(
    of bytes: [UInt8], name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> TruncationTally {
    var tally = TruncationTally()
    try bytes.withUnsafeBytes { buffer in
      let whole = try JSONValue(parsingBytes: buffer)
      let number = whole.numberValue.map { _ in Self.numberRange(in: bytes) }
      for length in 0..<bytes.count {
        tally.prefixes += 1
        let prefix = UnsafeRawBufferPointer(rebasing: buffer[0..<length])
        do throws(JSONParseError) {
          let value = try JSONValue(parsingBytes: prefix)
          if bytes[length...].allSatisfy(Self.isWhitespace) {
            #expect(value == whole, "\(name) cut at \(length)", sourceLocation: sourceLocation)
            tally.acceptedWithoutTrailingWhitespace += 1
          } else if let number, number.lowerBound < length && length < number.upperBound {
            tally.acceptedNumbers += 1
          } else {
            Issue.record("\(name) cut at \(length) parsed as \(value)", sourceLocation: sourceLocation)
          }
        } catch {
          tally.rejected += 1
          let distance = length - error.offset
          let context: Comment = "\(name) cut at \(length): \(error)"
          switch error.reason {
          case .unexpectedEndOfInput, .emptyInput, .invalidNumber:
            #expect(distance == 0, context, sourceLocation: sourceLocation)
          case .invalidUTF8:
            #expect((1...3).contains(distance), context, sourceLocation: sourceLocation)
          case .loneSurrogate:
            #expect((6...7).contains(distance), context, sourceLocation: sourceLocation)
          default:
            Issue.record(context, sourceLocation: sourceLocation)
          }
          if distance > 0 { tally.rejectedBeforeTheCut += 1 }
        }
      }
    }
    return tally
  }

  /// The byte range of a top-level number, between any surrounding whitespace.
  private static func numberRange(in bytes: [UInt8]) -> Range<Int> {
    let start = bytes.firstIndex { !isWhitespace($0) } ?? 0
    let end = bytes[start...].firstIndex(where: isWhitespace) ?? bytes.count
    return start..<end
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  // MARK: - Slices of real documents

  /// The first array or object in `bytes`, in the order their closing brackets come, whose
  /// length from opening to closing bracket is in `lengths`, as it appears in the file.
  static func firstContainer(in bytes: [UInt8], length lengths: Range<Int>) -> [UInt8]? {
    var opens: [Int] = []
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        while bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        opens.append(index)
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        let start = opens.removeLast()
        if lengths.contains(index + 1 - start) { return Array(bytes[start...index]) }
      default:
        break
      }
      index += 1
    }
    return nil
  }
}

/// What the prefixes of one or more documents did.
struct TruncationTally {
  /// Prefixes scanned.
  var prefixes = 0
  /// Prefixes rejected with an error inside them.
  var rejected = 0
  /// Rejected prefixes whose error points before the cut (a broken UTF-8 sequence or surrogate
  /// pair), not at it.
  var rejectedBeforeTheCut = 0
  /// Prefixes that were the whole document without its trailing whitespace.
  var acceptedWithoutTrailingWhitespace = 0
  /// Prefixes of a top-level number that are numbers themselves.
  var acceptedNumbers = 0

  /// Adds another tally's counts.
  mutating func add(_ other: TruncationTally) {
    prefixes += other.prefixes
    rejected += other.rejected
    rejectedBeforeTheCut += other.rejectedBeforeTheCut
    acceptedWithoutTrailingWhitespace += other.acceptedWithoutTrailingWhitespace
    acceptedNumbers += other.acceptedNumbers
  }
}
