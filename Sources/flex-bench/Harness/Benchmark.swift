// Benchmark: one row of the table (file × mode × library) and its timing. The rows of a file and
// mode are timed together, in alternating batches (BenchmarkGroup.swift).

import CorpusModels

/// One row: a piece of work on one corpus file, run many times in batches (BenchmarkGroup.swift).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct Benchmark {
  /// The corpus file the work reads (or, for encoding, was decoded from).
  let file: CorpusFile
  /// The file's size in bytes; throughput is this divided by the median time.
  let byteCount: Int
  /// What is measured.
  let mode: BenchmarkMode
  /// Who does the work, as printed in the table, e.g. `Foundation JSONDecoder`.
  let library: String
  /// Whether this is the Foundation row the other rows of the same file and mode are compared to.
  let isBaseline: Bool
  /// One run of the work. Returns a number derived from the result (a count, a size), so
  /// the work cannot be optimized away; the runner adds it to a checksum that is printed.
  let run: () throws -> Int
  /// For a `messy` row: what the messy table prints besides the time (see MessyBenchmarks.swift).
  var messy: MessyBenchmarks.RowInfo?

  /// Creates a row for `input`.
  init(
    _ input: CorpusInput, _ mode: BenchmarkMode, library: String, isBaseline: Bool = false,
    run: @escaping () throws -> Int
  ) {
    self.file = input.file
    self.byteCount = input.byteCount
    self.mode = mode
    self.library = library
    self.isBaseline = isBaseline
    self.run = run
  }

  /// The timing of one row.
  struct Measurement {
    /// The median, over the timed batches, of a batch's time per run, in seconds.
    let medianSeconds: Double
    /// The runs in each batch.
    let runsPerBatch: Int
    /// The sum of every run's result, the untimed ones included.
    let checksum: Int

    /// The measurement of a row whose timed batches of `runsPerBatch` runs took `secondsPerRun`
    /// (at least one batch) per run, and whose runs' results add up to `checksum`.
    init(secondsPerRun: [Double], runsPerBatch: Int, checksum: Int) {
      precondition(!secondsPerRun.isEmpty, "at least one timed batch")
      medianSeconds = BatchTiming.median(secondsPerRun)
      self.runsPerBatch = runsPerBatch
      self.checksum = checksum
    }
  }
}
