// ResultTable: the measured rows, printed as an aligned text table.

import Foundation

/// The rows of one run and their printout.
///
/// Each row's ratio is its throughput over the Foundation baseline's for the same file and mode
/// (`2.31×` means 2.31 times Foundation's MB/s).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ResultTable {
  /// One printed row.
  struct Row {
    /// The row that was run.
    let benchmark: Benchmark
    /// Its timing, or why it failed.
    let outcome: Result<Benchmark.Measurement, any Error>

    /// Megabytes (10⁶ bytes) of the corpus file per second of median time.
    var megabytesPerSecond: Double? {
      guard case .success(let measurement) = outcome, measurement.medianSeconds > 0 else { return nil }
      return Double(benchmark.byteCount) / measurement.medianSeconds / 1e6
    }
  }

  /// The rows, in the order they ran.
  private(set) var rows: [Row] = []

  /// Adds a row.
  mutating func append(_ benchmark: Benchmark, _ outcome: Result<Benchmark.Measurement, any Error>) {
    rows.append(Row(benchmark: benchmark, outcome: outcome))
  }

  /// The table as text: a header, one line per row, a rule between files.
  var formatted: String {
    Self.layOut(
      header: ["file", "size", "mode", "library", "median", "MB/s", "vs Foundation"], rightAligned: [1, 4, 5, 6],
      rows: rows, cells: cells(of:)
    ).joined(separator: "\n")
  }

  /// `rows` as text lines in columns under `header`, then a rule; a blank line where the corpus
  /// file changes. Shared with MessyRatioTable.
  static func layOut(
    header: [String], rightAligned: Set<Int>, rows: [Row], cells: (Row) -> [String]
  ) -> [String] {
    var lines: [[String]] = []
    var fileStarts: Set<Int> = []
    for (index, row) in rows.enumerated() {
      if index > 0 && rows[index - 1].benchmark.file != row.benchmark.file {
        fileStarts.insert(lines.count)
      }
      lines.append(cells(row))
    }
    let widths = header.indices.map { column in
      ([header] + lines).map { $0[column].count }.max() ?? 0
    }
    func render(_ cells: [String]) -> String {
      cells.indices.map { column in
        rightAligned.contains(column)
          ? cells[column].paddedLeft(to: widths[column]) : cells[column].paddedRight(to: widths[column])
      }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
    let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
    var output = [render(header), rule]
    for (index, cells) in lines.enumerated() {
      if fileStarts.contains(index) { output.append("") }
      output.append(render(cells))
    }
    return output
  }

  /// The printed cells of `row`.
  private func cells(of row: Row) -> [String] {
    let benchmark = row.benchmark
    let leading = [
      benchmark.file.shortName, Self.size(benchmark.byteCount), benchmark.mode.rawValue, benchmark.library,
    ]
    switch row.outcome {
    case .failure:
      return leading + ["failed", "-", "-"]
    case .success(let measurement):
      return leading + [
        Self.milliseconds(measurement.medianSeconds),
        row.megabytesPerSecond.map { String(format: "%.1f", $0) } ?? "-",
        ratio(of: row),
      ]
    }
  }

  /// `row`'s throughput over its baseline's, e.g. `2.31×`; `-` without a measured baseline.
  private func ratio(of row: Row) -> String {
    let baseline = rows.first {
      $0.benchmark.isBaseline && $0.benchmark.file == row.benchmark.file && $0.benchmark.mode == row.benchmark.mode
    }
    guard let mine = row.megabytesPerSecond, let theirs = baseline?.megabytesPerSecond, theirs > 0 else {
      return "-"
    }
    return String(format: "%.2f×", mine / theirs)
  }

  /// A byte count in decimal units: `631.5 kB`, `2.25 MB`.
  static func size(_ bytes: Int) -> String {
    bytes >= 1_000_000
      ? String(format: "%.2f MB", Double(bytes) / 1e6) : String(format: "%.1f kB", Double(bytes) / 1e3)
  }

  /// A duration in milliseconds with three significant-ish digits: `0.412 ms`, `12.3 ms`.
  static func milliseconds(_ seconds: Double) -> String {
    let ms = seconds * 1e3
    return ms < 10 ? String(format: "%.3f ms", ms) : String(format: "%.1f ms", ms)
  }
}
