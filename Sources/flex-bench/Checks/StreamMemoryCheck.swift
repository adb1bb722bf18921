// StreamMemoryCheck: the peak resident memory of decoding a stream of gigabytes, made on the fly,
// with FlexJSONDecoder's stream API.

import FlexDecoder
import Foundation

/// The `stream-memory` check: G GiB of JSON Lines (`--stream-memory-gb G`, default 1), made
/// chunk by chunk as they are read, decoded with `values(of:from:)`; then a `{"data":[…]}`
/// document of G GiB with `.array(at: "data")`. It prints the time, MB/s and the peak resident
/// size (`VmHWM`) of each, and fails when the peak rises above the resident size at the start
/// by more than ``allowedGrowth``: the stream API holds one element at a time, whatever the
/// stream's length.
///
/// The streams repeat 1,024 different records (StreamRecord.sample) over and over; making a
/// 64 kB chunk is a copy from them, and is part of the time.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct StreamMemoryCheck {
  /// The most the peak may rise above the resident size at the start of a stream: 32 MiB.
  static let allowedGrowth = 32 << 20
  /// How many different records the streams repeat.
  static let distinctRecords = 1_024

  /// The size of each stream, in GiB.
  let gibibytes: Int

  /// Reads the size from `options` (`--stream-memory-gb`).
  init(_ options: BenchmarkOptions) {
    gibibytes = options.streamMemoryGibibytes
  }

  /// Decodes both streams and prints their time and peak memory.
  ///
  /// - Returns: whether neither peak rose more than ``allowedGrowth`` above its start.
  /// - Throws: when a stream cannot be made or decoded, or yields the wrong number of values.
  func run() throws -> Bool {
    print("flex-bench stream-memory · \(MachineInfo.current().summary)")
    let encoder = StreamRecord.makeEncoder()
    let lines = try (0..<Self.distinctRecords).map { Array(try encoder.encode(StreamRecord.sample($0))) }
    let target = gibibytes << 30

    // JSON Lines: the lines, each with its newline, over and over.
    let linesBody: [UInt8] = lines.flatMap { $0 + [0x0A] }
    let linesRepetitions = (target + linesBody.count - 1) / linesBody.count
    let jsonLines = GeneratedChunks(
      head: [], body: linesBody, repetitions: linesRepetitions, tail: [], chunkSize: StreamBenchmarks.chunkSize)
    // {"data":[…]}: each line and a comma, over and over, then the first line and the end.
    let arrayBody: [UInt8] = lines.flatMap { $0 + [UInt8(ascii: ",")] }
    let arrayRepetitions = (target + arrayBody.count - 1) / arrayBody.count
    let array = GeneratedChunks(
      head: Array(#"{"data":["#.utf8), body: arrayBody, repetitions: arrayRepetitions,
      tail: lines[0] + Array("]}".utf8),
      chunkSize: StreamBenchmarks.chunkSize)

    let streams: [(name: String, chunks: GeneratedChunks, framing: FlexFraming, values: Int)] = [
      ("JSON Lines, values(of:from:)", jsonLines, .jsonLines, linesRepetitions * lines.count),
      (
        "{\"data\":[…]}, values(of:from:framing: .array(at: \"data\"))", array, .array(at: "data"),
        arrayRepetitions * lines.count + 1
      ),
    ]
    var passed = true
    for stream in streams {
      ProcessMemory.trimHeap()
      let peakWasReset = ProcessMemory.resetPeak()
      let start = ProcessMemory.residentBytes() ?? 0
      let chunks = stream.chunks
      let framing = stream.framing
      let clock = ContinuousClock()
      let began = clock.now
      let (count, checksum) = try waitForAsync {
        var count = 0
        var checksum = 0
        let values = FlexJSONDecoder().values(of: StreamRecord.self, from: chunks, framing: framing)
        for try await record in values {
          count += 1
          checksum &+= record.sequence
        }
        return (count, checksum)
      }
      let seconds = began.duration(to: clock.now).seconds
      let peak = ProcessMemory.peakResidentBytes() ?? 0
      guard count == stream.values else {
        throw StreamBenchmarkMismatch(row: stream.name, detail: "\(count) values, expected \(stream.values)")
      }
      let growth = peak - start
      print()
      print(stream.name)
      print(
        "  \(StreamBenchmarks.describe(chunks.byteCount)) in \(StreamBenchmarks.chunkSize >> 10) kB chunks made on the fly, \(count) values (checksum \(checksum))"
      )
      let rate = String(format: "%.2f s, %.1f MB/s", seconds, Double(chunks.byteCount) / seconds / 1e6)
      print("  \(rate), \(StreamTable.rate(Double(count) / seconds)) values/s")
      print(
        "  resident at the start \(ProcessMemory.formatted(start)); peak (VmHWM) \(ProcessMemory.formatted(peak)), "
          + "\(ProcessMemory.formatted(growth)) above the start"
          + (peakWasReset ? "" : " (the peak could not be reset: it is the process's since its start)"))
      if growth > Self.allowedGrowth {
        print("  FAILED: the peak rose more than \(ProcessMemory.formatted(Self.allowedGrowth)) above the start")
        passed = false
      }
    }
    print()
    print(passed ? "passed" : "FAILED")
    return passed
  }
}
