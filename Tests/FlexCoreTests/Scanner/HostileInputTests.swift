@_spi(Engine) import FlexCore
import Testing

/// Input built to break a parser: deep nesting, huge values, truncated and random bytes. Each
/// must end in a value or a `JSONParseError` that points inside the input, never in a crash.
@Suite("Hostile input")
struct HostileInputTests {
  // MARK: - Deep nesting

  @Test func rejectsAHundredThousandOpenBracketsAtTheLimit() throws {
    let error = try #require(parseError([UInt8](repeating: UInt8(ascii: "["), count: 100_000)))
    #expect(error.reason == .tooDeeplyNested(limit: 512))
    #expect(error.offset == 512)
  }

  @Test func rejectsAHundredThousandNestedObjectsAtTheLimit() throws {
    let text = String(repeating: #"{"a":"#, count: 100_000)
    let error = try #require(parseError(Array(text.utf8)))
    #expect(error.reason == .tooDeeplyNested(limit: 512))
    #expect(error.offset == 512 * 5)
  }

  /// The scanner keeps open containers on its own stack, so the depth it reaches is bounded by
  /// the limit alone, not by the thread's stack.
  @Test func scansAHundredThousandNestedArraysWhenTheLimitAllowsIt() throws {
    let depth = 100_000
    let bytes =
      [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
    try bytes.withUnsafeBytes { buffer in
      let tape = try JSONScanner.scan(buffer, options: JSONParsingOptions(maxDepth: 200_000))
      #expect(tape.count == depth)
      var wellFormed = true
      for index in 0..<depth {
        let entry = tape[index]
        wellFormed =
          wellFormed && entry.kind == .array && entry.offset == index && entry.end == depth
          && entry.length == (index == depth - 1 ? 0 : 1)
      }
      #expect(wellFormed)
    }
  }

  @Test func reportsTheEndOfAHundredThousandUnclosedArrays() throws {
    let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    let error = try #require(parseError(bytes, options: JSONParsingOptions(maxDepth: 200_000)))
    #expect(error.reason == .unexpectedEndOfInput)
    #expect(error.offset == 100_000)
  }

  /// Building a `JSONValue` is iterative too. (Releasing one and writing one recurse, so this
  /// stays at a depth the test thread's stack can take.)
  @Test func buildsAValueNestedFiveThousandDeep() throws {
    let depth = 5_000
    let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    var value = try JSONValue(parsing: text, options: JSONParsingOptions(maxDepth: depth))
    var levels = 0
    while case .array(let elements) = value, elements.count == 1 {
      levels += 1
      value = elements[0]
    }
    #expect(levels == depth)
    #expect(value == 1)
  }

  // MARK: - Huge values

  @Test func parsesAFiftyMegabyteString() throws {
    // 1,016 bytes a chunk: ASCII and one 2-, 3- and 4-byte character.
    let chunk =
      Array(String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789 ", count: 28).utf8.prefix(1_007))
      + Array("é€😀".utf8)
    let chunks = 50 * 1024 * 1024 / chunk.count
    var bytes: [UInt8] = [UInt8(ascii: "["), UInt8(ascii: "\"")]
    bytes.reserveCapacity(chunks * chunk.count + 4)
    for _ in 0..<chunks { bytes.append(contentsOf: chunk) }
    bytes += [UInt8(ascii: "\""), UInt8(ascii: "]")]

    let value = try JSONValue(parsing: bytes)
    let string = try #require(value[0]?.stringValue)
    #expect(string.utf8.count == chunks * chunk.count)
    #expect(string.unicodeScalars.count == chunks * 1_010)
    #expect(string.hasPrefix("abcdefghij"))
    #expect(string.hasSuffix("xyz0123456789 abcdefghé€😀"))
  }

  @Test func parsesMegabytesOfEscapes() throws {
    let count = 100_000
    let text = "\"" + String(repeating: #"\n\"\\\/\u00e9\ud83d\ude00x"#, count: count) + "\""
    let value = try JSONValue(parsing: text)
    #expect(value == .string(String(repeating: "\n\"\\/é😀x", count: count)))
  }

  // MARK: - Truncation

  /// Every prefix of a valid document is invalid (its top level is a container), and its error
  /// points at the end of the prefix, or at the character the cut broke in two.
  @Test(arguments: ["twitter.json", "canada.json"])
  func rejectsTruncationsOfACorpusFile(_ name: String) throws {
    let bytes = try TestResources.benchmarkFile(name)
    try bytes.withUnsafeBytes { buffer in
      _ = try JSONScanner.scan(buffer)  // the whole file is valid
      for step in 0..<200 {
        let length = step * (bytes.count - 2) / 199
        let prefix = UnsafeRawBufferPointer(rebasing: buffer[0..<length])
        do throws(JSONParseError) {
          _ = try JSONValue(parsingBytes: prefix)
          Issue.record("\(name) cut at \(length) parsed")
        } catch {
          switch error.reason {
          case .unexpectedEndOfInput, .emptyInput, .invalidNumber:  // `-`, `1.`, `1e`
            #expect(error.offset == length, "\(name) cut at \(length): \(error)")
          case .invalidUTF8:  // at the lead byte of a cut sequence
            #expect((length - 3..<length).contains(error.offset), "\(name) cut at \(length): \(error)")
          case .loneSurrogate:  // at the backslash of `\uD83D`, cut before its low half
            #expect((length - 7..<length).contains(error.offset), "\(name) cut at \(length): \(error)")
          default:
            Issue.record("\(name) cut at \(length): \(error)")
          }
        }
      }
    }
  }

  // MARK: - Random bytes

  /// Bytes drawn mostly from JSON's own alphabet, so the scanner gets past the first byte.
  @Test func neverCrashesOnRandomBytes() {
    var random = SplitMix64(seed: 0xBAD_B17E5)
    let alphabet =
      Array(#"{}[]:,"'\/ ntrufalse0123456789.eE+-xXINaybu"#.utf8) + [
        0x00, 0x09, 0x0A, 0x0D, 0x80, 0xC3, 0xA9, 0xED, 0xEF, 0xBB, 0xBF, 0xFF,
      ]
    let optionSets: [JSONParsingOptions] = [
      .strict, .json5, JSONParsingOptions(allowsJSON5: true, assumesTopLevelDictionary: true),
      JSONParsingOptions(maxDepth: 3),
    ]
    var parsed = 0
    for _ in 0..<2_000 {
      let length = random.below(48)
      let bytes = (0..<length).map { _ in
        random.oneIn(4) ? UInt8(truncatingIfNeeded: random.next()) : random.pick(alphabet)
      }
      for options in optionSets {
        do {
          let value = try JSONValue(parsing: bytes, options: options)
          parsed += 1
          if !options.allowsJSON5 {
            #expect(try JSONValue(parsing: value.description) == value, "\(bytes)")
          }
        } catch {
          #expect(error.offset >= 0 && error.offset <= bytes.count, "\(bytes)")
          #expect(error.line >= 1 && error.column >= 1, "\(bytes)")
        }
      }
    }
    #expect(parsed > 0)
  }

  /// Valid documents with a few bytes changed reach much deeper into the scanner than random
  /// bytes do.
  @Test func neverCrashesOnMutatedDocuments() {
    var documents = DocumentGenerator(seed: 7)
    var random = SplitMix64(seed: 0x3D17)
    for _ in 0..<500 {
      var bytes = Array(documents.document().text.utf8)
      guard !bytes.isEmpty else { continue }
      for _ in 0..<(1 + random.below(3)) {
        let index = random.below(bytes.count)
        switch random.below(3) {
        case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes.remove(at: index)
        default: bytes.insert(random.pick(Array(#"[]{}",:\'/*"#.utf8)), at: index)
        }
        if bytes.isEmpty { break }
      }
      for options in [JSONParsingOptions.strict, .json5] {
        do {
          _ = try JSONValue(parsing: bytes, options: options)
        } catch {
          #expect(error.offset >= 0 && error.offset <= bytes.count, "\(bytes)")
        }
      }
    }
  }

  // MARK: - NUL bytes and byte order marks

  @Test func rejectsNULBytesOutsideStrings() throws {
    let alone = try #require(parseError([0x00]))
    #expect(alone.reason == .unexpectedCharacter(0x00, expected: "expected a value"))
    #expect(alone.offset == 0)
    let many = try #require(parseError([UInt8](repeating: 0, count: 1_000)))
    #expect(many.offset == 0)
    let trailing = try #require(parseError(Array("[1]".utf8) + [0x00]))
    #expect(
      trailing.reason
        == .unexpectedCharacter(0x00, expected: "expected the end of the document after the top-level value"))
    #expect(trailing.offset == 3)
  }

  @Test func rejectsARawNULInAStringUnlessJSON5() throws {
    let bytes: [UInt8] = [0x22, 0x61, 0x00, 0x62, 0x22]
    let error = try #require(parseError(bytes))
    #expect(error.reason == .unescapedControlCharacter(0x00))
    #expect(error.offset == 2)
    #expect(try JSONValue(parsing: bytes, options: .json5) == "a\u{0}b")
  }

  @Test func keepsEscapedNULsInStringsAndKeys() throws {
    let value = try JSONValue(parsing: #"{"\u0000": "a\u0000b"}"#)
    #expect(value == ["\u{0}": "a\u{0}b"])
    #expect(value.description == #"{"\u0000":"a\u0000b"}"#)
  }

  @Test func rejectsALoneByteOrderMark() throws {
    let lone = try #require(parseError([0xEF, 0xBB, 0xBF]))
    #expect(lone.reason == .emptyInput)
    #expect(lone.offset == 3)
    let withSpace = try #require(parseError([0xEF, 0xBB, 0xBF, 0x20, 0x0A]))
    #expect(withSpace.reason == .emptyInput)
    #expect(withSpace.offset == 5)
    let twice = try #require(parseError([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF]))
    #expect(twice.reason == .unexpectedCharacter(0xEF, expected: "expected a value"))
    #expect(twice.offset == 3)
    let partial = try #require(parseError([0xEF, 0xBB]))
    #expect(partial.reason == .unexpectedCharacter(0xEF, expected: "expected a value"))
    #expect(partial.offset == 0)
  }
}
