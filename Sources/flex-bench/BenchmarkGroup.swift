// BenchmarkGroup: the rows of one file and mode, timed in alternation.

/// The rows of one corpus file and mode (Foundation's and the Flex rows), timed together so that
/// a burst of load on a shared machine falls on every row alike instead of on one row's whole run.
///
/// First `warmup` untimed rounds, then `iterations` timed rounds; in each round every row runs
/// once, in the table's order (the Foundation baseline first), and each run is timed alone with
/// `ContinuousClock`. A row's median is over its own samples. A row whose work throws is not run
/// again; the other rows go on.
///
/// Each run follows another row's run, not its own, so it meets the caches and the heap as that
/// row left them (glibc may have returned to the system the memory the previous row freed): on a
/// small file the times are longer than those of a row run back to back.
struct BenchmarkGroup {
  /// The rows, in the order they run within each round and are printed.
  let rows: [Benchmark]

  /// Runs the rounds and returns, for each of ``rows`` in order, its measurement or the first
  /// error its work threw.
  func measure(warmup: Int, iterations: Int) -> [Result<Benchmark.Measurement, any Error>] {
    precondition(iterations > 0, "at least one timed iteration")
    let clock = ContinuousClock()
    var samples = [[Duration]](repeating: [], count: rows.count)
    var checksums = [Int](repeating: 0, count: rows.count)
    var errors = [(any Error)?](repeating: nil, count: rows.count)
    for round in 0..<(warmup + iterations) {
      let isTimed = round >= warmup
      for (index, row) in rows.enumerated() where errors[index] == nil {
        do {
          let start = clock.now
          let result = try row.run()
          let end = clock.now
          if isTimed { samples[index].append(start.duration(to: end)) }
          checksums[index] &+= result
        } catch {
          errors[index] = error
        }
      }
    }
    return rows.indices.map { index in
      if let error = errors[index] { return .failure(error) }
      return .success(Benchmark.Measurement(samples: samples[index], checksum: checksums[index]))
    }
  }
}
