// Benchmark: one row of the table (file × mode × library) and how it is timed.

import CorpusModels

/// One row: a piece of work on one corpus file, run once per iteration.
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
  /// One iteration of the work. Returns a number derived from the result (a count, a size), so
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
    /// The median of the timed iterations, in seconds.
    let medianSeconds: Double
    /// The sum of every iteration's result, warm-up included.
    let checksum: Int
  }

  /// Runs the work `warmup` times untimed, then `iterations` times, each timed alone with
  /// `ContinuousClock`, and reports the median.
  ///
  /// - Throws: the first error the work throws.
  func measure(warmup: Int, iterations: Int) throws -> Measurement {
    precondition(iterations > 0, "at least one timed iteration")
    var checksum = 0
    for _ in 0..<warmup {
      checksum &+= try run()
    }
    let clock = ContinuousClock()
    var samples: [Duration] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
      let start = clock.now
      let result = try run()
      samples.append(start.duration(to: clock.now))
      checksum &+= result
    }
    samples.sort()
    let middle = samples.count / 2
    let median =
      samples.count.isMultiple(of: 2)
      ? (samples[middle - 1].seconds + samples[middle].seconds) / 2
      : samples[middle].seconds
    return Measurement(medianSeconds: median, checksum: checksum)
  }
}
