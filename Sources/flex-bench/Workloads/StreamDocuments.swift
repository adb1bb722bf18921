// StreamDocuments: the streams mode's inputs, made in memory from StreamRecord.sample, so every
// run reads the same bytes.

import Foundation

/// The JSON text of records `0..<count` (one line each, as `StreamRecord.makeEncoder()` writes
/// them) and the streams made of them.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct StreamDocuments {
  /// Each record's JSON, without a newline; record `i` is `StreamRecord.sample(i)`.
  let lines: [[UInt8]]

  /// The first records whose lines, with their newlines, make at least `byteCount` bytes.
  ///
  /// - Throws: when a record cannot be encoded.
  init(atLeast byteCount: Int) throws {
    let encoder = StreamRecord.makeEncoder()
    var lines: [[UInt8]] = []
    var total = 0
    while total < byteCount {
      let line = Array(try encoder.encode(StreamRecord.sample(lines.count)))
      total += line.count + 1
      lines.append(line)
    }
    self.lines = lines
  }

  /// The JSON Lines stream: every line and its `\n`.
  var jsonLines: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 })
    for line in lines {
      bytes += line
      bytes.append(0x0A)
    }
    return bytes
  }

  /// The JSON Lines stream with two lines replaced by bad ones: at a third of the lines, a
  /// malformed line (`{"id":`); at two thirds, the record with a string for its `id`.
  var jsonLinesWithBadLines: (bytes: [UInt8], malformedIndex: Int, wrongTypeIndex: Int) {
    let malformedIndex = lines.count / 3
    let wrongTypeIndex = lines.count * 2 / 3
    let record = String(decoding: lines[wrongTypeIndex], as: UTF8.self)
    let id = StreamRecord.sample(wrongTypeIndex).id
    let wrongType = record.replacingOccurrences(of: #""id":\#(id)"#, with: #""id":"\#(id)-x""#)
    precondition(wrongType != record, "the record's id is written \"id\":\(id)")
    var bytes: [UInt8] = []
    for (index, line) in lines.enumerated() {
      switch index {
      case malformedIndex: bytes += Array(#"{"id":"#.utf8)
      case wrongTypeIndex: bytes += Array(wrongType.utf8)
      default: bytes += line
      }
      bytes.append(0x0A)
    }
    return (bytes, malformedIndex, wrongTypeIndex)
  }

  /// `{"data":[` every record, separated by commas, `]}`: one `StreamRecordPage`.
  var arrayDocument: [UInt8] {
    Self.page(of: lines[...])
  }

  /// `{"data":[…]}` of the first records that make at least `byteCount` bytes, on one line
  /// ending with `\n`: a one-element JSON Lines stream.
  func pageLine(atLeast byteCount: Int) -> (bytes: [UInt8], recordCount: Int) {
    var total = 0
    var count = 0
    while total < byteCount, count < lines.count {
      total += lines[count].count + 1
      count += 1
    }
    return (Self.page(of: lines[..<count]) + [0x0A], count)
  }

  /// `{"data":[` the lines, separated by commas, `]}`.
  private static func page(of lines: ArraySlice<[UInt8]>) -> [UInt8] {
    var bytes = Array(#"{"data":["#.utf8)
    bytes.reserveCapacity(lines.reduce(bytes.count + 2) { $0 + $1.count + 1 })
    for (offset, line) in lines.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes += line
    }
    bytes += Array("]}".utf8)
    return bytes
  }
}
