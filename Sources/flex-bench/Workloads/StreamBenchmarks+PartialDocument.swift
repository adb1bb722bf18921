// The streams mode's row 5: a structured answer that arrives a few bytes at a time, read with
// FlexPartialDecoder: the bytes its reader reads, value() at every sixteenth of the document
// against decoding a complete document of that size, and the whole loop of appends.

import FlexDecoder
import Foundation

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension StreamBenchmarks {
  /// The bytes handed to one `append`, as a language model's tokens arrive: 4.
  static let partialAppendSize = 4
  /// The prefixes `value()` is timed at: every sixteenth of the document.
  static let partialCutCount = 16
  /// About the bytes one run of a `value()` or decode contender decodes: 4 MiB (2,048 calls on
  /// 2 kB, 128 on 32 kB), long enough to time alone.
  static let partialBytesPerRun = 4 << 20

  /// Row 5: ``PartialAnswerDocument/full`` (32 KiB) appended to a ``FlexPartialDecoder`` 4 bytes
  /// at a time, with and without `value()` after each append; and `value()` of the decoder
  /// holding each sixteenth of the document against `decode(_:from:)` of a complete document of
  /// the same size.
  ///
  /// Checked before timing: the document decodes to the answer it was made from; after every
  /// append, `value()` shows a prefix of it (the title and summary as far as they arrived, every
  /// item but the one in progress whole); `value()` after the last append and `finish()` equal
  /// `decode(_:from:)` of the document; each comparison document decodes to its answer.
  static func partialDocumentRow() throws -> StreamBenchmark {
    let document = PartialAnswerDocument.full
    let bytes = document.bytes
    let title = "5. partial document: a \(bytes.count >> 10) kB answer, \(partialAppendSize) bytes per append"
    let decoder = FlexJSONDecoder()
    let whole = FlexJSONDecoder()
    let expected = try whole.decode(PartialAnswer.self, from: Data(bytes))
    guard expected == document.value else {
      throw StreamBenchmarkMismatch(row: title, detail: "the document does not decode to the answer it was made from")
    }

    // Every append and value(), as contender b runs them, keeping the decoder at each cut.
    let cutSize = bytes.count / partialCutCount
    var partial = FlexPartialDecoder(of: PartialAnswer.self, decoder: decoder)
    var cuts: [(byteCount: Int, decoder: FlexPartialDecoder<PartialAnswer>)] = []
    var appendCount = 0
    var last = PartialAnswer()
    for start in stride(from: 0, to: bytes.count, by: partialAppendSize) {
      let end = min(start + partialAppendSize, bytes.count)
      try partial.append(bytes[start..<end])
      appendCount += 1
      last = try partial.value()
      guard isPrefix(last, of: expected) else {
        throw StreamBenchmarkMismatch(
          row: title, detail: "value() after \(end) bytes is not a prefix of the answer: \(last)")
      }
      if end.isMultiple(of: cutSize) { cuts.append((end, partial)) }
    }
    let finished = try partial.finish()
    guard partial.isComplete, last == expected, finished == expected, cuts.count == partialCutCount else {
      throw StreamBenchmarkMismatch(
        row: title,
        detail: "after the last append: complete \(partial.isComplete), value() equal \(last == expected), "
          + "finish() equal \(finished == expected), \(cuts.count) cuts of \(partialCutCount)")
    }
    let bytesScanned = partial.bytesScanned

    // A complete document of each cut's size, checked.
    let comparisons = try cuts.map { cut -> Data in
      let comparison = PartialAnswerDocument(byteCount: cut.byteCount)
      guard try whole.decode(PartialAnswer.self, from: Data(comparison.bytes)) == comparison.value else {
        throw StreamBenchmarkMismatch(
          row: title, detail: "the \(cut.byteCount) B document does not decode to the answer it was made from")
      }
      return Data(comparison.bytes)
    }

    var contenders: [StreamBenchmark.Contender] = [
      .init(label: "a", name: "append only, \(appendCount) appends", byteCount: bytes.count) {
        var partial = FlexPartialDecoder(of: PartialAnswer.self, decoder: decoder)
        for start in stride(from: 0, to: bytes.count, by: partialAppendSize) {
          try partial.append(bytes[start..<min(start + partialAppendSize, bytes.count)])
        }
        return partial.bytesScanned
      },
      .init(label: "b", name: "append + value() after each append", byteCount: bytes.count) {
        var partial = FlexPartialDecoder(of: PartialAnswer.self, decoder: decoder)
        var sum = 0
        for start in stride(from: 0, to: bytes.count, by: partialAppendSize) {
          try partial.append(bytes[start..<min(start + partialAppendSize, bytes.count)])
          sum &+= try partial.value().checksum
        }
        return sum
      },
    ]
    var ratios: [StreamBenchmark.Ratio] = [.init(numerator: "b", denominator: "a")]
    var cutRatios: [(ratio: StreamBenchmark.Ratio, byteCount: Int)] = []
    for (number, (cut, comparison)) in zip(cuts, comparisons).enumerated() {
      let calls = max(1, partialBytesPerRun / cut.byteCount)
      let prefix = cut.decoder
      contenders.append(
        .init(
          label: "v\(number + 1)", name: "value() holding the first \(cut.byteCount) B, ×\(calls)",
          byteCount: cut.byteCount * calls, valueCount: calls
        ) {
          var sum = 0
          for _ in 0..<calls { sum &+= try prefix.value().checksum }
          return sum
        })
      contenders.append(
        .init(
          label: "d\(number + 1)", name: "decode(_:from:) of a complete \(cut.byteCount) B answer, ×\(calls)",
          byteCount: comparison.count * calls, valueCount: calls
        ) {
          var sum = 0
          for _ in 0..<calls { sum &+= try whole.decode(PartialAnswer.self, from: comparison).checksum }
          return sum
        })
      let ratio = StreamBenchmark.Ratio(numerator: "v\(number + 1)", denominator: "d\(number + 1)")
      ratios.append(ratio)
      cutRatios.append((ratio, cut.byteCount))
    }

    let scannedRatio = String(format: "%.2f", Double(bytesScanned) / Double(bytes.count))
    return StreamBenchmark(
      title: title,
      detail: "\(bytes.count) B: title, summary of \(document.summaryByteCount) B (escapes, 2- to 4-byte UTF-8), "
        + "\(PartialAnswerDocument.itemCount) items, meta; \(appendCount) appends\n     bytesScanned after the "
        + "last append: \(bytesScanned) B = \(scannedRatio)× the document (goal ≤ 2×); values/s: appends/s for a "
        + "and b, calls/s for v and d",
      valueCount: appendCount, contenders: contenders, ratios: ratios,
      notes: { [cutRatios] benchmark, measurement in
        let measured = cutRatios.compactMap { cut in
          benchmark.medianRatio(cut.ratio, measurement).map { (value: $0, cut: cut) }
        }
        guard let worst = measured.max(by: { $0.value < $1.value }) else { return [] }
        return [
          "worst value()/decode: \(worst.cut.ratio.numerator)/\(worst.cut.ratio.denominator) = "
            + "\(String(format: "%.3f", worst.value)) at \(worst.cut.byteCount) B (goal ≤ 1.3)"
        ]
      })
  }

  /// Whether `value` is what a prefix of `full` shows: its title and summary as far as they
  /// arrived, its items whole but the last (in progress), and at most as many.
  private static func isPrefix(_ value: PartialAnswer, of full: PartialAnswer) -> Bool {
    guard full.title.utf8.starts(with: value.title.utf8), full.summary.utf8.starts(with: value.summary.utf8),
      value.items.count <= full.items.count
    else { return false }
    return value.items.dropLast().elementsEqual(full.items.prefix(max(value.items.count - 1, 0)))
  }
}
