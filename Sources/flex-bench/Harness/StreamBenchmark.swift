// StreamBenchmark: one row of `--mode streams`, the same stream read by several contenders, timed
// one run of each per round, interleaved, in one process.

/// One row of `--mode streams`: contenders that read the same stream (or two streams to compare,
/// such as a clean one and one with bad lines), checked before timing by the row's maker.
///
/// A run is one whole pass over the stream (tens of megabytes), long enough to time alone: each
/// round times one run of every contender in turn, the order reversed every other round, so a
/// burst of load on the machine falls on all of them alike.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct StreamBenchmark {
  /// One way to read the row's stream.
  struct Contender {
    /// The letter the ratios name it by: `a`, `b`, ….
    let label: String
    /// What it does, e.g. `values(of:from:) over 64 kB async chunks`.
    let name: String
    /// The bytes one run reads, for MB/s.
    let byteCount: Int
    /// The values one run makes, for values/s, when not the row's ``StreamBenchmark/valueCount``
    /// (a run of many calls on one small document, for example).
    var valueCount: Int? = nil
    /// One run; returns a number derived from the values (their count, at least), so the work
    /// cannot be optimized away.
    let run: () async throws -> Int
  }

  /// A ratio of two contenders' median times to print under the row.
  struct Ratio {
    /// The label of the contender whose time is divided.
    let numerator: String
    /// The label of the contender whose time divides it.
    let denominator: String
  }

  /// What the row measures, e.g. `JSON Lines of ~1 kB records`.
  let title: String
  /// A line under the title: the stream's size and shape.
  let detail: String
  /// The records each run reads, for values/s: the lines of the stream, counting bad ones, or
  /// the records inside a single large element.
  let valueCount: Int
  /// The contenders, in the order of the first round.
  let contenders: [Contender]
  /// The ratios printed under the row.
  let ratios: [Ratio]
  /// Lines printed under the ratios, made from the row and its measurement (the worst of a
  /// group of ratios, for example); none unless given.
  var notes: (StreamBenchmark, Measurement) -> [String] = { _, _ in [] }

  /// The timing of a row: each contender's median and fastest time per run.
  struct Measurement {
    /// Median seconds per run, by contender.
    let medianSeconds: [Double]
    /// Fastest seconds per run, by contender.
    let minimumSeconds: [Double]
    /// The sum of every run's result.
    let checksum: Int
  }

  /// The ratio of two contenders' median times, `nil` when a label names no contender.
  func medianRatio(_ ratio: Ratio, _ measurement: Measurement) -> Double? {
    guard let numerator = contenders.firstIndex(where: { $0.label == ratio.numerator }),
      let denominator = contenders.firstIndex(where: { $0.label == ratio.denominator })
    else { return nil }
    return measurement.medianSeconds[numerator] / measurement.medianSeconds[denominator]
  }

  /// Times the row: `warmup` untimed rounds, then `rounds` rounds of one run of each contender,
  /// in reverse order every other round.
  ///
  /// - Throws: the first error a run throws.
  func measure(rounds: Int, warmup: Int) async throws -> Measurement {
    let clock = ContinuousClock()
    var checksum = 0
    var samples = Array(repeating: [Double](), count: contenders.count)
    for round in 0..<(warmup + rounds) {
      let order = round.isMultiple(of: 2) ? Array(contenders.indices) : contenders.indices.reversed()
      for index in order {
        let start = clock.now
        checksum &+= try await contenders[index].run()
        let seconds = start.duration(to: clock.now).seconds
        if round >= warmup { samples[index].append(seconds) }
      }
    }
    return Measurement(
      medianSeconds: samples.map(BatchTiming.median), minimumSeconds: samples.map { $0.min() ?? 0 },
      checksum: checksum)
  }
}

/// A row whose contenders disagree, or whose stream does not hold what the row expects: the
/// benchmark itself is wrong.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct StreamBenchmarkMismatch: Error, CustomStringConvertible {
  /// The row.
  let row: String
  /// What differs.
  let detail: String

  var description: String { "\(row): \(detail)" }
}
