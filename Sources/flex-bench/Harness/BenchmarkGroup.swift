// BenchmarkGroup: the rows of one file and mode, timed in alternating batches.

/// The rows of one corpus file and mode (Foundation's and the Flex rows), timed together so that
/// a burst of load on a shared machine falls on every row alike instead of on one row's whole run.
///
/// Each row runs once untimed, then its batch is sized as the per-call suites size theirs
/// (BatchTiming.swift): the number of runs that makes one batch last about `batchSeconds` (2 ms),
/// at least 1 and at most `maximumRunsPerBatch`. Then `warmup` untimed rounds, after each of which
/// a row's batch is resized from its fastest warm-up batch, and `iterations` timed rounds. Each
/// round times one batch of each row with `ContinuousClock`, the rows in the table's order (the
/// Foundation baseline first) in even rounds and in reverse in odd ones. A batch's time per run
/// is its time over its runs; a row's median is over its own timed batches. A row whose work
/// throws is not run again; the other rows go on.
///
/// Batches, not single runs: a row run once per round meets the heap as another row left it, and
/// that, not either library's steady cost, is what its time then shows. github_events decode, 30
/// rounds, FlexJSONDecoder() (defaults): 0.26 ms (2.8× Foundation) with each row timed back to
/// back, 0.34 ms (2.3×) with one run of each row per round, because glibc returned to the system
/// (trimmed) the heap Foundation's run had freed and the next Flex run page-faulted it back in
/// (about 3,000 minor faults per run of the command instead of 1,100–1,600; with
/// `GLIBC_TUNABLES=glibc.malloc.trim_threshold=2000000000` 0.28 ms and 1,100). In 2 ms batches
/// (3 Foundation runs, 8 Flex) only a batch's first run meets that heap: 0.27 ms (2.6×), about
/// 1,100 faults. Rows slower than a batch (large files) still run once per batch.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct BenchmarkGroup {
  /// The rows, in the order they are printed and run in even rounds.
  let rows: [Benchmark]
  /// How long one batch of a row should last.
  var batchSeconds = BatchTiming.targetSeconds
  /// The most runs in one batch (for the fastest rows).
  var maximumRunsPerBatch = 1_000

  /// Sizes the batches, runs the rounds and returns, for each of ``rows`` in order, its
  /// measurement or the first error its work threw.
  func measure(warmup: Int, iterations: Int) -> [Result<Benchmark.Measurement, any Error>] {
    precondition(iterations > 0, "at least one timed round")
    var runsPerBatch = [Int](repeating: 1, count: rows.count)
    var samples = [[Double]](repeating: [], count: rows.count)
    var checksums = [Int](repeating: 0, count: rows.count)
    var errors = [(any Error)?](repeating: nil, count: rows.count)
    for (index, row) in rows.enumerated() {
      do {
        checksums[index] &+= try row.run()
        func timeBatch(of runs: Int) throws -> Double {
          try BatchTiming.seconds(of: runs, row.run, checksum: &checksums[index])
        }
        runsPerBatch[index] = try BatchTiming.runsPerBatch(
          lasting: batchSeconds, maximum: maximumRunsPerBatch, time: timeBatch(of:))
      } catch {
        errors[index] = error
      }
    }
    var fastestWarmUp = [Double](repeating: .infinity, count: rows.count)
    for round in 0..<(warmup + iterations) {
      let order = round.isMultiple(of: 2) ? Array(rows.indices) : rows.indices.reversed()
      for index in order where errors[index] == nil {
        do {
          let runs = runsPerBatch[index]
          let secondsPerRun =
            try BatchTiming.seconds(of: runs, rows[index].run, checksum: &checksums[index]) / Double(runs)
          if round >= warmup {
            samples[index].append(secondsPerRun)
          } else {
            // Resized from the fastest warm-up batch, so one slow batch does not shrink it.
            fastestWarmUp[index] = min(fastestWarmUp[index], secondsPerRun)
            runsPerBatch[index] = BatchTiming.runsPerBatch(
              lasting: batchSeconds, secondsPerRun: fastestWarmUp[index], maximum: maximumRunsPerBatch)
          }
        } catch {
          errors[index] = error
        }
      }
    }
    return rows.indices.map { index in
      if let error = errors[index] { return .failure(error) }
      return .success(
        Benchmark.Measurement(
          secondsPerRun: samples[index], runsPerBatch: runsPerBatch[index], checksum: checksums[index]))
    }
  }
}
