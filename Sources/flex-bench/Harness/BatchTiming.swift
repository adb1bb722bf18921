// BatchTiming: work timed in batches of runs of about 2 ms, and the median of the times per run.
// Shared by the table's rows (BenchmarkGroup.swift) and the per-call suites (MicroBenchmark.swift).

/// Timing a piece of work in batches: a batch is many runs back to back, timed as one with
/// `ContinuousClock`; its time per run is the batch's time over its runs.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum BatchTiming {
  /// How long a batch should last: about 2 ms.
  static let targetSeconds = 0.002

  /// The seconds that `runs` runs of `work` take back to back; each run's result is added to
  /// `checksum`.
  ///
  /// - Throws: the first error a run throws.
  static func seconds(of runs: Int, _ work: () throws -> Int, checksum: inout Int) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<runs { checksum &+= try work() }
    return start.duration(to: clock.now).seconds
  }

  /// The number of runs that makes a batch last about `targetSeconds`, at least 1 and at most
  /// `maximum`.
  ///
  /// Batches of 1, 4, 16… runs are timed with `time` (the seconds a batch of that many runs
  /// takes) until one lasts at least a quarter of the target; the count is then scaled to the
  /// target from that batch's time per run.
  ///
  /// - Throws: the first error `time` throws.
  static func runsPerBatch(
    lasting targetSeconds: Double = targetSeconds, maximum: Int, time: (_ runs: Int) throws -> Double
  ) rethrows -> Int {
    precondition(maximum >= 1, "at least one run per batch")
    var runs = 1
    while true {
      let seconds = try time(runs)
      if seconds >= targetSeconds / 4 {
        return runsPerBatch(lasting: targetSeconds, secondsPerRun: seconds / Double(runs), maximum: maximum)
      }
      if runs >= maximum { return maximum }
      runs = min(runs * 4, maximum)
    }
  }

  /// The number of runs of `secondsPerRun` (more than 0) each that last at least `targetSeconds`,
  /// at least 1 and at most `maximum`.
  static func runsPerBatch(lasting targetSeconds: Double = targetSeconds, secondsPerRun: Double, maximum: Int) -> Int {
    let runs = (targetSeconds / secondsPerRun).rounded(.up)
    return runs < Double(maximum) ? max(1, Int(runs)) : maximum
  }

  /// The median of `samples` (at least one): the middle one, or the mean of the middle two.
  static func median(_ samples: [Double]) -> Double {
    precondition(!samples.isEmpty, "at least one sample")
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
