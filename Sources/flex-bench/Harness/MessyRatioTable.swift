// The messy mode's own table, printed after the main one: each messy row's median time over the
// clean decodes of the same file, the ratios SPEC.md's "Messy documents" bound.

import CorpusModels
import Foundation

/// The `messy` rows of a run with their times relative to the clean file.
///
/// "÷ Flex clean" is the row's median time over FlexJSONDecoder()'s on the clean file (SPEC: at
/// most 2.5×); "÷ Foundation clean" is over JSONDecoder's on the clean file (SPEC: at most 1×).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct MessyRatioTable {
  /// The measured `messy` rows, in the order they ran.
  let rows: [ResultTable.Row]

  /// The `messy` rows of `table`.
  init(_ table: ResultTable) {
    rows = table.rows.filter { $0.benchmark.mode == .messy }
  }

  /// The table as text: a title, a header, one line per row, a blank line between files, then
  /// the documents not measured.
  var formatted: String {
    var output = ["messy: median time over the clean file's (SPEC: ≤ 2.50× Flex clean and ≤ 1.00× Foundation clean)"]
    output += ResultTable.layOut(
      header: [
        "file", "document", "policy", "size", "changed", "median", "÷ Flex clean", "÷ Foundation clean", "outcome",
      ], rightAligned: [3, 5, 6, 7], rows: rows, cells: cells(of:))
    output.append("")
    output.append(
      "Messy documents are made at start-up from a fixed seed; only the mutated values' bytes differ from the file.")
    var files: [CorpusFile] = []
    for row in rows where !files.contains(row.benchmark.file) { files.append(row.benchmark.file) }
    for file in files {
      for kind in MessyDocument.Kind.allCases {
        if let reason = MessyDocument.skipReason(kind, for: file) {
          output.append("\(file.shortName) \(kind): \(reason).")
        }
      }
    }
    return output.joined(separator: "\n")
  }

  /// The printed cells of `row`.
  private func cells(of row: ResultTable.Row) -> [String] {
    let benchmark = row.benchmark
    let info = benchmark.messy
    let leading = [
      benchmark.file.shortName, info?.document ?? "?", info?.policy ?? "?",
      info.map { ResultTable.size($0.byteCount) } ?? "?", info?.changes ?? "",
    ]
    let measurement: Benchmark.Measurement
    switch row.outcome {
    case .success(let measured): measurement = measured
    case .failure(let error):
      // The whole message went to standard error when the row failed; its first line here.
      let message = "\(error)".prefix { $0 != "\n" }
      return leading + ["failed", "-", "-", "failed: \(message.count > 100 ? message.prefix(99) + "…" : message)"]
    }
    let flexClean = median(of: benchmark.file) { $0.library == MessyBenchmarks.flexCleanLibrary }
    let foundationClean = median(of: benchmark.file) { $0.isBaseline }
    return leading + [
      ResultTable.milliseconds(measurement.medianSeconds),
      Self.ratio(measurement.medianSeconds, over: flexClean),
      Self.ratio(measurement.medianSeconds, over: foundationClean),
      info?.outcome.map { $0.outcome.map(String.init(describing:)) ?? "-" } ?? "returned",
    ]
  }

  /// The median time of the first measured row of `file` that `matches`.
  private func median(of file: CorpusFile, where matches: (Benchmark) -> Bool) -> Double? {
    for row in rows where row.benchmark.file == file && matches(row.benchmark) {
      if case .success(let measurement) = row.outcome { return measurement.medianSeconds }
    }
    return nil
  }

  /// `seconds` over `reference`, e.g. `12.31×`; `-` without a reference.
  private static func ratio(_ seconds: Double, over reference: Double?) -> String {
    guard let reference, reference > 0 else { return "-" }
    return String(format: "%.2f×", seconds / reference)
  }
}
