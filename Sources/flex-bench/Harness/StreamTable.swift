// StreamTable: the rows of `--mode streams` printed as time per run, MB/s, values/s and the
// ratios each row asks for.

import Foundation

/// The measured rows of `--mode streams` and their printout.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct StreamTable {
  /// The printed lines of the rows so far.
  private var lines: [String] = []

  /// Adds a row: its title and stream, one line per contender (median and fastest time per run,
  /// MB/s and values/s at the median), then its ratios and notes. Only the text is kept, not the row's
  /// streams.
  mutating func append(_ benchmark: StreamBenchmark, _ outcome: Result<StreamBenchmark.Measurement, any Error>) {
    lines.append(benchmark.title)
    lines.append("   " + benchmark.detail)
    guard case .success(let measurement) = outcome else {
      lines.append("   failed")
      lines.append("")
      return
    }
    let header = ["contender", "median", "fastest", "MB/s", "values/s"]
    let cells = benchmark.contenders.indices.map { index -> [String] in
      let contender = benchmark.contenders[index]
      let median = measurement.medianSeconds[index]
      return [
        "\(contender.label). \(contender.name)", MicroTable.duration(median * 1e9),
        MicroTable.duration(measurement.minimumSeconds[index] * 1e9),
        String(format: "%.1f", Double(contender.byteCount) / median / 1e6),
        Self.rate(Double(contender.valueCount ?? benchmark.valueCount) / median),
      ]
    }
    let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
    func render(_ cells: [String]) -> String {
      "   "
        + cells.indices.map { column in
          column >= 1 ? cells[column].paddedLeft(to: widths[column]) : cells[column].paddedRight(to: widths[column])
        }.joined(separator: "  ")
    }
    lines.append(render(header))
    lines += cells.map(render)
    for ratio in benchmark.ratios {
      guard let value = benchmark.medianRatio(ratio, measurement) else { continue }
      let comparison =
        value <= 1
        ? "\(ratio.numerator) is \(String(format: "%.2f", 1 / value))× as fast as \(ratio.denominator)"
        : "\(ratio.numerator) takes \(String(format: "%.2f", value))× the time of \(ratio.denominator)"
      lines.append("   time \(ratio.numerator)/\(ratio.denominator) = \(String(format: "%.3f", value)) (\(comparison))")
    }
    lines += benchmark.notes(benchmark, measurement).map { "   " + $0 }
    lines.append("")
  }

  /// Adds a row that could not be set up.
  mutating func appendFailure(row number: Int, _ error: any Error) {
    lines.append("\(number). setup failed: \(error)")
    lines.append("")
  }

  /// The table as text.
  var formatted: String { lines.joined(separator: "\n") }

  /// Values per second as `812`, `45.6 k` or `1.23 M`.
  static func rate(_ perSecond: Double) -> String {
    if perSecond < 1e3 { return String(format: "%.1f", perSecond) }
    if perSecond < 1e6 { return String(format: "%.1f k", perSecond / 1e3) }
    return String(format: "%.2f M", perSecond / 1e6)
  }
}
