// The `streams` mode: FlexJSONDecoder's stream API (values(of:from:framing:),
// elements(of:from:framing:)) on JSON Lines and on an array inside a document, against splitting
// the lines and decoding each with JSONDecoder or FlexJSONDecoder, as code without a stream API
// does it; and FlexPartialDecoder on a document that arrives a few bytes at a time
// (StreamBenchmarks+PartialDocument.swift).

import FlexDecoder
import Foundation

/// The rows of `--mode streams`, made from ``StreamDocuments`` and checked before timing.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum StreamBenchmarks {
  /// The size of the streams and how often they are read.
  struct Configuration: Sendable {
    /// The size of the JSON Lines stream and of the array document, in MiB (`--stream-mb`).
    var mebibytes = 64
    /// Timed rounds, one run of each contender of a row per round (`--stream-rounds`).
    var rounds = 7
    /// Untimed rounds before them.
    var warmup = 1
  }

  /// The chunks of the async rows, as a network or file source hands them over: 64 kB.
  static let chunkSize = 64 << 10
  /// The size of the single element of the large-element row: 8 MiB.
  static let largeElementBytes = 8 << 20

  /// A way to read a stream of records: hands each record to `each`, in order.
  typealias RecordReader = ((StreamRecord) throws -> Void) async throws -> Void

  /// Makes, checks and times the rows one after the other (a row's streams are freed before the
  /// next is made), with progress on standard error.
  ///
  /// - Returns: the table, the sum of every run's result, and how many rows failed.
  static func run(_ configuration: Configuration) async -> (table: String, checksum: Int, failures: Int) {
    printToStandardError("  streams: making \(configuration.mebibytes) MiB of records…")
    let documents: StreamDocuments
    do {
      documents = try StreamDocuments(atLeast: configuration.mebibytes << 20)
    } catch {
      printToStandardError("flex-bench: streams: setup failed: \(error)")
      return ("streams: setup failed: \(error)", 0, 1)
    }
    let makers: [(StreamDocuments) async throws -> StreamBenchmark] = [
      jsonLinesRow, { try badLinesRow($0) }, arrayRow, largeElementRow, { _ in try partialDocumentRow() },
    ]
    var table = StreamTable()
    var checksum = 0
    var failures = 0
    for (number, make) in makers.enumerated() {
      let outcome: Result<StreamBenchmark.Measurement, any Error>
      let row: StreamBenchmark
      do {
        printToStandardError("  streams: row \(number + 1): making and checking…")
        row = try await make(documents)
        printToStandardError(
          "  streams: \(row.title): \(row.contenders.count) contenders, \(configuration.rounds) round(s)…")
      } catch {
        printToStandardError("flex-bench: streams: row \(number + 1): setup failed: \(error)")
        table.appendFailure(row: number + 1, error)
        failures += 1
        continue
      }
      do {
        let measurement = try await row.measure(rounds: configuration.rounds, warmup: configuration.warmup)
        checksum &+= measurement.checksum
        outcome = .success(measurement)
      } catch {
        printToStandardError("flex-bench: streams: \(row.title) failed: \(error)")
        failures += 1
        outcome = .failure(error)
      }
      table.append(row, outcome)
    }
    let header =
      "streams: JSON Lines and arrays of ~1 kB records (StreamRecord.swift; keys sorted, one order in every record), "
      + "\(configuration.mebibytes) MiB (100 MB: --stream-mb 100), and a 32 kB answer (PartialAnswerDocument.swift); "
      + "\(configuration.rounds) rounds after \(configuration.warmup) warm-up, each one run of every contender of a row in turn (reversed every other round); median and fastest "
      + "time per run; MB/s = stream bytes / median / 10⁶; values/s = the row's values / median"
    return (header + "\n\n" + table.formatted, checksum, failures)
  }

  // MARK: Rows

  /// Row 1: the JSON Lines stream in 64 kB chunks, through the stream API and through a line
  /// splitter and one decode per line.
  private static func jsonLinesRow(_ documents: StreamDocuments) async throws -> StreamBenchmark {
    let stream = documents.jsonLines
    let chunks = ChunkedBytes(stream, chunkSize: chunkSize)
    let flex = FlexJSONDecoder()
    let foundation = JSONDecoder()
    let perLineFlex = FlexJSONDecoder()
    let values: RecordReader = { each in
      for try await record in flex.values(of: StreamRecord.self, from: chunks) { try each(record) }
    }
    /// Split the chunks into lines, copy each into a `Data` and decode it with `decode`.
    func splitLines(_ decode: @escaping (Data) throws -> StreamRecord) -> RecordReader {
      { each in
        var splitter = LineSplitter()
        for await chunk in chunks {
          try splitter.feed(chunk) { try each(try decode($0)) }
        }
        try splitter.finish { try each(try decode($0)) }
      }
    }
    let foundationLines = splitLines { try foundation.decode(StreamRecord.self, from: $0) }
    let flexLines = splitLines { try perLineFlex.decode(StreamRecord.self, from: $0) }
    // For reference: the same bytes as one `Data`, read synchronously (no chunks, no async).
    let data = Data(stream)
    let syncValues: RecordReader = { each in
      var iterator = flex.values(of: StreamRecord.self, from: data).makeIterator()
      while let record = try iterator.next() { try each(record) }
    }

    let title = "1. JSON Lines of ~1 kB records, \(chunkSize >> 10) kB async chunks"
    let count = documents.lines.count
    try await check(title, "a", values, count: count)
    try await check(title, "b", foundationLines, count: count)
    try await check(title, "c", flexLines, count: count)
    try await check(title, "d", syncValues, count: count)
    return StreamBenchmark(
      title: title, detail: "\(describe(stream.count)), \(count) lines of \(stream.count / count) B on average",
      valueCount: count,
      contenders: [
        .init(label: "a", name: "FlexJSONDecoder().values(of:from:) over the chunks", byteCount: stream.count) {
          try await checksum(values)
        },
        .init(label: "b", name: "split lines + JSONDecoder().decode per line", byteCount: stream.count) {
          try await checksum(foundationLines)
        },
        .init(label: "c", name: "split lines + FlexJSONDecoder().decode per line", byteCount: stream.count) {
          try await checksum(flexLines)
        },
        .init(label: "d", name: "values(of:from:) over one Data, sync (reference)", byteCount: stream.count) {
          try await checksum(syncValues)
        },
      ],
      ratios: [
        .init(numerator: "a", denominator: "b"), .init(numerator: "a", denominator: "c"),
        .init(numerator: "d", denominator: "c"),
      ])
  }

  /// Row 2: the same stream with two bad lines, read with `elements(of:from:)` over `Data` under
  /// `.collectAll`, against the clean stream.
  private static func badLinesRow(_ documents: StreamDocuments) throws -> StreamBenchmark {
    let clean = Data(documents.jsonLines)
    let (badBytes, malformedIndex, wrongTypeIndex) = documents.jsonLinesWithBadLines
    let bad = Data(badBytes)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .collectAll
    let count = documents.lines.count
    let title = "2. JSON Lines with 2 bad lines, elements(of:from:) over Data, .collectAll"

    // The clean stream: every line a value. The bad one: two failures, where they were put.
    var cleanCount = 0
    for element in decoder.elements(of: StreamRecord.self, from: clean) {
      guard case .success(let record) = element.result, record == StreamRecord.sample(element.index) else {
        throw StreamBenchmarkMismatch(row: title, detail: "clean element \(element.index) is not its record")
      }
      cleanCount += 1
    }
    var failures: [FlexElement<StreamRecord>] = []
    var successCount = 0
    for element in decoder.elements(of: StreamRecord.self, from: bad) {
      switch element.result {
      case .success(let record):
        guard record == StreamRecord.sample(element.index) else {
          throw StreamBenchmarkMismatch(row: title, detail: "element \(element.index) is not its record")
        }
        successCount += 1
      case .failure: failures.append(element)
      }
    }
    let expected = [malformedIndex, wrongTypeIndex]
    guard cleanCount == count, successCount == count - 2, failures.map(\.index) == expected,
      failures.map(\.line) == expected.map({ $0 + 1 })
    else {
      throw StreamBenchmarkMismatch(
        row: title,
        detail: "\(cleanCount) clean values, \(successCount) values and failures at indexes "
          + "\(failures.map(\.index)), lines \(failures.map(\.line)); expected \(count), \(count - 2), "
          + "indexes \(expected), lines \(expected.map { $0 + 1 })")
    }
    let failureLines = failures.map { element -> String in
      guard case .failure(let error) = element.result else { return "" }
      let message = "\(error)"
      return "element \(element.index), line \(element.line), byte \(element.byteOffset): "
        + String(message.replacingOccurrences(of: "\n", with: " ").prefix(200))
    }

    /// Reads every element, counting values and failures apart.
    func read(_ data: Data) -> Int {
      var sum = 0
      for element in decoder.elements(of: StreamRecord.self, from: data) {
        switch element.result {
        case .success(let record): sum &+= record.sequence + 1
        case .failure: sum &+= 1 << 40
        }
      }
      return sum
    }
    return StreamBenchmark(
      title: title,
      detail: "\(describe(bad.count)), \(count) lines: \(count - 2) values, 2 failures as expected:\n"
        + failureLines.map { "     " + $0 }.joined(separator: "\n"),
      valueCount: count,
      contenders: [
        .init(label: "a", name: "clean stream", byteCount: clean.count) { read(clean) },
        .init(label: "b", name: "stream with 2 bad lines", byteCount: bad.count) { read(bad) },
      ],
      ratios: [.init(numerator: "b", denominator: "a")])
  }

  /// Row 3: the records as `{"data":[…]}` in 64 kB chunks, read with `.array(at: "data")`,
  /// against decoding the whole document from one buffer.
  private static func arrayRow(_ documents: StreamDocuments) async throws -> StreamBenchmark {
    let document = documents.arrayDocument
    let chunks = ChunkedBytes(document, chunkSize: chunkSize)
    let data = Data(document)
    let flex = FlexJSONDecoder()
    let whole = FlexJSONDecoder()
    let values: RecordReader = { each in
      let records = flex.values(of: StreamRecord.self, from: chunks, framing: .array(at: "data"))
      for try await record in records { try each(record) }
    }
    let page: RecordReader = { each in
      for record in try whole.decode(StreamRecordPage.self, from: data).data { try each(record) }
    }
    let title = "3. {\"data\":[…]} with .array(at: \"data\"), \(chunkSize >> 10) kB async chunks"
    let count = documents.lines.count
    try await check(title, "a", values, count: count)
    try await check(title, "b", page, count: count)
    return StreamBenchmark(
      title: title, detail: "\(describe(document.count)), \(count) records", valueCount: count,
      contenders: [
        .init(label: "a", name: "values(of:from:framing: .array(at: \"data\"))", byteCount: document.count) {
          try await checksum(values)
        },
        .init(label: "b", name: "FlexJSONDecoder().decode(Page.self) from one buffer", byteCount: document.count) {
          try await checksum(page)
        },
      ],
      ratios: [.init(numerator: "a", denominator: "b")])
  }

  /// Row 4: one 8 MiB element (`{"data":[…]}` on one line) as a one-element JSON Lines stream in
  /// 1 kB chunks, against decoding the same bytes from one buffer.
  private static func largeElementRow(_ documents: StreamDocuments) async throws -> StreamBenchmark {
    let (line, recordCount) = documents.pageLine(atLeast: largeElementBytes)
    let data = Data(line)
    let flex = FlexJSONDecoder()
    let whole = FlexJSONDecoder()
    /// The stream in chunks of `size` bytes.
    func streamed(_ size: Int) -> RecordReader {
      { each in
        let pages = flex.values(of: StreamRecordPage.self, from: ChunkedBytes(line, chunkSize: size))
        for try await page in pages {
          for record in page.data { try each(record) }
        }
      }
    }
    let page: RecordReader = { each in
      for record in try whole.decode(StreamRecordPage.self, from: data).data { try each(record) }
    }
    let title = "4. one \(line.count >> 20) MiB element in a one-line JSON Lines stream"
    try await check(title, "a", streamed(1 << 10), count: recordCount)
    try await check(title, "b", streamed(chunkSize), count: recordCount)
    try await check(title, "c", page, count: recordCount)
    return StreamBenchmark(
      title: title, detail: "\(describe(line.count)): {\"data\":[\(recordCount) records]} (values/s: its records)",
      valueCount: recordCount,
      contenders: [
        .init(label: "a", name: "values(of:from:) over 1 kB async chunks", byteCount: line.count) {
          try await checksum(streamed(1 << 10))
        },
        .init(label: "b", name: "values(of:from:) over 64 kB async chunks", byteCount: line.count) {
          try await checksum(streamed(chunkSize))
        },
        .init(label: "c", name: "FlexJSONDecoder().decode from one buffer", byteCount: line.count) {
          try await checksum(page)
        },
      ],
      ratios: [.init(numerator: "a", denominator: "c"), .init(numerator: "b", denominator: "c")])
  }

  // MARK: Reading

  /// Reads the records with `read`, returning the sum of their sequence numbers (plus one each).
  private static func checksum(_ read: RecordReader) async throws -> Int {
    var sum = 0
    try await read { sum &+= $0.sequence + 1 }
    return sum
  }

  /// Checks that `read` hands over records `0..<count`, equal to the ones the stream was made of.
  ///
  /// - Throws: ``StreamBenchmarkMismatch`` at the first record that differs, or for a wrong count.
  private static func check(_ row: String, _ contender: String, _ read: RecordReader, count: Int) async throws {
    var index = 0
    try await read { record in
      guard record == StreamRecord.sample(index) else {
        throw StreamBenchmarkMismatch(row: row, detail: "contender \(contender): record \(index) differs: \(record)")
      }
      index += 1
    }
    guard index == count else {
      throw StreamBenchmarkMismatch(row: row, detail: "contender \(contender): \(index) records, expected \(count)")
    }
  }

  /// `67,108,864 B (64.0 MiB)`.
  static func describe(_ byteCount: Int) -> String {
    "\(byteCount) B (\(String(format: "%.1f", Double(byteCount) / 1_048_576)) MiB)"
  }
}
