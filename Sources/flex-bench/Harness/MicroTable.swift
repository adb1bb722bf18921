// MicroTable: a suite's rows printed as per-call times and Flex's speed-up.

import Foundation

/// The measured rows of one suite and their printout.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct MicroTable {
  /// The suite the rows belong to.
  let suite: MicroSuite
  /// Each row and its timing, or why it failed.
  private(set) var rows: [(benchmark: MicroBenchmark, outcome: Result<MicroBenchmark.Measurement, any Error>)] = []

  init(_ suite: MicroSuite) { self.suite = suite }

  /// Adds a row.
  mutating func append(_ benchmark: MicroBenchmark, _ outcome: Result<MicroBenchmark.Measurement, any Error>) {
    rows.append((benchmark, outcome))
  }

  /// The table as text, with the geometric mean of the speed-ups of each coder lifetime below.
  var formatted: String {
    let header = ["\(suite.rawValue): case", "coder", "Foundation", "Flex", "Flex speed-up"]
    let lines = rows.map { row -> [String] in
      let leading = [row.benchmark.name, row.benchmark.coder.rawValue]
      switch row.outcome {
      case .failure: return leading + ["failed", "-", "-"]
      case .success(let measurement):
        return leading + [
          Self.duration(measurement.foundationNanoseconds), Self.duration(measurement.flexNanoseconds),
          String(format: "%.2f×", measurement.speedUp),
        ]
      }
    }
    let widths = header.indices.map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
    func render(_ cells: [String]) -> String {
      cells.indices.map { column in
        column >= 2 ? cells[column].paddedLeft(to: widths[column]) : cells[column].paddedRight(to: widths[column])
      }.joined(separator: "  ")
    }
    var output = [render(header), String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))]
    output += lines.map(render)
    for lifetime in [MicroBenchmark.CoderLifetime.shared, .new] {
      let speedUps = rows.compactMap { row -> Double? in
        guard row.benchmark.coder == lifetime, case .success(let measurement) = row.outcome else { return nil }
        return measurement.speedUp
      }
      guard !speedUps.isEmpty else { continue }
      let geometricMean = exp(speedUps.map { log($0) }.reduce(0, +) / Double(speedUps.count))
      output.append(
        "geometric mean, \(lifetime.rawValue) coder: \(String(format: "%.2f×", geometricMean)); "
          + "lowest \(String(format: "%.2f×", speedUps.min()!))")
    }
    return output.joined(separator: "\n")
  }

  /// Nanoseconds as `812 ns`, `4.61 µs` or `1.23 ms`.
  static func duration(_ nanoseconds: Double) -> String {
    if nanoseconds < 1_000 { return String(format: "%.0f ns", nanoseconds) }
    if nanoseconds < 1_000_000 { return String(format: "%.2f µs", nanoseconds / 1e3) }
    return String(format: "%.2f ms", nanoseconds / 1e6)
  }
}
