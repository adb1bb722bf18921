@_spi(Engine) import FlexCore
import FlexDecoder
import Foundation
import Testing

/// A 100 MB document of generated records (about 780 bytes each), scanned, decoded, and cut short
/// in its last record.
///
/// Built once and shared by the tests. Under AddressSanitizer in debug (as CI runs the suite),
/// scanning it takes about 2.5 s and decoding it about 6 s on a 2-core x86_64 machine (in plain
/// debug, 0.7 s and 1.8 s).
@Suite("A 100 MB document")
struct HundredMegabyteDocumentTests {
  /// 100 MB (10⁸ bytes) of records; built on first use.
  static let document = LargeRecordDocument(minimumByteCount: 100_000_000)

  @Test func scansEveryRecordOntoTheTape() throws {
    let document = Self.document
    #expect(document.bytes.count == 100_000_696)
    #expect(document.recordCount == 128_117)
    try document.bytes.withUnsafeBytes { buffer in
      let tape = try JSONScanner.scan(buffer)
      #expect(tape.count == 1 + document.recordCount * LargeRecord.tapeEntryCount)
      #expect(tape[0].kind == .array)
      #expect(Int(tape[0].length) == document.recordCount)
      #expect(Int(tape[0].end) == tape.count)
      // Every record spans the same number of entries; one in 10,000 and the last, read back.
      for record in Array(stride(from: 0, to: document.recordCount, by: 10_000)) + [document.recordCount - 1] {
        let index = 1 + record * LargeRecord.tapeEntryCount
        #expect(tape.next(after: index) == index + LargeRecord.tapeEntryCount)
        #expect(JSONValue(tape: tape, at: index) == (try JSONValue(parsing: LargeRecord(index: record).json)))
      }
    }
  }

  @Test func decodesEveryRecord() throws {
    let document = Self.document
    let records = try FlexJSONDecoder().decode([LargeRecord].self, from: document.bytes)
    #expect(records.count == document.recordCount)
    #expect(records.indices.allSatisfy { records[$0].id == $0 })
    #expect(records.indices.allSatisfy { records[$0].active == ($0 % 2 == 0) })
    #expect(records.indices.allSatisfy { (records[$0].note == nil) == ($0 % 2 == 1) })
    // Every field of one record in 100, and of the last.
    for index in Array(stride(from: 0, to: records.count, by: 100)) + [records.count - 1] {
      #expect(records[index] == LargeRecord(index: index), "record \(index)")
    }
  }

  /// Cut inside the last record's `"active":` value, about 100 MB in: the decoder's error wraps
  /// the scanner's, which points at the cut.
  @Test func rejectsTheDocumentCutInItsLastRecordAtTheCut() throws {
    let document = Self.document
    let cut = try Self.cutInTheLastRecord(of: document)
    let error = try document.bytes.withUnsafeBytes { buffer in
      let prefix = UnsafeRawBufferPointer(rebasing: buffer[0..<cut])
      let start = try #require(prefix.baseAddress)
      let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: cut, deallocator: .none)
      return try requireThrows(DecodingError.self) {
        try FlexJSONDecoder().decode([LargeRecord].self, from: data)
      }
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.isEmpty)
    let parseError = try #require(context.underlyingError as? JSONParseError)
    #expect(parseError.reason == .unexpectedEndOfInput)
    #expect(parseError.offset == cut)
    #expect(parseError.line == 1)
    // Columns count scalars, and each record's "Rëcord" has a 2-byte one.
    #expect(parseError.column == cut - document.recordCount + 1)
  }

  // MARK: - Helpers

  /// The offset two bytes into the last record's `active` value: `"active":tr|ue` or `fa|lse`.
  private static func cutInTheLastRecord(
    of document: LargeRecordDocument, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Int {
    let lastRecord = Array(LargeRecord(index: document.recordCount - 1).json.utf8)
    let key = Array(#""active":"#.utf8)
    let keyStart = try #require(
      (0...(lastRecord.count - key.count)).first { lastRecord[$0..<($0 + key.count)].elementsEqual(key) },
      sourceLocation: sourceLocation)
    let recordStart = document.bytes.count - 1 - lastRecord.count
    let cut = recordStart + keyStart + key.count + 2
    #expect(
      document.bytes[recordStart..<cut].elementsEqual(lastRecord[0..<(cut - recordStart)]),
      sourceLocation: sourceLocation)
    return cut
  }
}
