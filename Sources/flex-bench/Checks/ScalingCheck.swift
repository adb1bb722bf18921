// ScalingCheck: time and peak memory per input byte of hostile documents as they grow.

import FlexDecoder
import Foundation

/// The `scaling` check: each ``HostileFamily`` is built at each size (1, 4 and 16 MiB by
/// default), and each of its operations timed (the fastest of ``repeats`` runs) and measured for
/// peak resident memory (its first run).
///
/// Linear work keeps the same nanoseconds per byte at every size; the check fails when a row's
/// ns/byte at the largest size is more than ``allowedGrowth`` times that at the smallest.
///
/// Peak memory is the growth of the resident set's high-water mark (`VmHWM`, reset before each
/// measurement through `/proc/self/clear_refs`) over the resident size just before, after freed
/// heap memory was returned to the system; it counts the document's tape, the values built and
/// any copies, not the document itself. It is measured in a warm process, as an application
/// would see it: a buffer freed during the work (a tape outgrown and copied) counts for as long
/// as glibc keeps its pages resident.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ScalingCheck {
  /// The most ns/byte may grow from the smallest size to the largest: 3×.
  static let allowedGrowth = 3.0

  /// Document sizes, in bytes, smallest first.
  let sizes: [Int]
  /// Timed runs per measurement.
  let repeats: Int

  /// Reads the sizes and repeat count from `options`.
  init(_ options: BenchmarkOptions) {
    sizes = options.sizes.sorted().map { $0 * 1_048_576 }
    repeats = options.repeats
  }

  /// One measured operation on one document.
  struct Measurement {
    /// The document's size in bytes.
    let byteCount: Int
    /// The fastest run, in seconds.
    let seconds: Double
    /// Peak resident memory above the resident size before the run, in bytes; `nil` where the
    /// peak cannot be reset.
    let peakGrowth: Int?

    /// Nanoseconds per document byte.
    var nanosecondsPerByte: Double { seconds * 1e9 / Double(byteCount) }
  }

  /// Measures every family at every size and prints a table.
  ///
  /// - Returns: whether no row grew by more than ``allowedGrowth`` in ns/byte.
  func run() -> Bool {
    print("flex-bench scaling · \(MachineInfo.current().summary)")
    print(
      "fastest of \(repeats) runs; peak = resident high-water mark above the resident size before the run "
        + "(first run), per document byte")
    #if DEBUG
      print("warning: debug build; numbers are meaningless. Use `swift run -c release flex-bench`.")
    #endif
    let canMeasurePeak = ProcessMemory.resetPeak()
    if !canMeasurePeak { print("(the peak cannot be reset on this system; peak columns left out)") }
    print()
    let header = ["family", "operation", "size", "time", "ns/byte", "peak", "peak/byte", "ns/byte growth"]
    var rows: [[String]] = []
    var failures: [String] = []
    for family in HostileFamily.all {
      var results: [String: [Measurement]] = [:]
      var order: [String] = []
      for size in sizes {
        let document = family.document(size)
        for operation in family.operations(document.count) {
          printToStandardError("  \(family.name) \(operation.name) \(size / 1_048_576) MiB…")
          let measurement: Measurement
          do {
            measurement = try measure(operation, on: document, peak: canMeasurePeak)
          } catch {
            failures.append("\(family.name) \(operation.name) at \(size / 1_048_576) MiB: \(error)")
            continue
          }
          if results[operation.name] == nil { order.append(operation.name) }
          results[operation.name, default: []].append(measurement)
        }
      }
      for name in order {
        let measurements = results[name] ?? []
        let growth = Self.growth(of: measurements)
        for (index, measurement) in measurements.enumerated() {
          let isLast = index == measurements.count - 1
          rows.append(
            Self.cells(family: family.name, operation: name, measurement, growth: isLast ? growth : nil))
        }
        if let growth, growth > Self.allowedGrowth {
          failures.append(
            String(format: "%@ %@: ns/byte grew %.2f× from smallest to largest", family.name, name, growth))
        }
      }
    }
    print(Self.table(header: header, rows: rows))
    print()
    for failure in failures { print("FAILED: \(failure)") }
    if failures.isEmpty {
      print(String(format: "passed: no ns/byte growth above %.0f× from smallest to largest size", Self.allowedGrowth))
    }
    return failures.isEmpty
  }

  /// Runs `operation` on `document` ``repeats`` times; the first run also measures the peak.
  private func measure(_ operation: HostileFamily.Operation, on document: [UInt8], peak: Bool) throws -> Measurement {
    try document.withUnsafeBytes { bytes in
      let clock = ContinuousClock()
      var fastest = Double.infinity
      var peakGrowth: Int?
      for run in 0..<repeats {
        var before = 0
        if run == 0 && peak {
          ProcessMemory.trimHeap()
          before = ProcessMemory.residentBytes() ?? 0
          ProcessMemory.resetPeak()
        }
        let start = clock.now
        _ = try operation.run(bytes)
        fastest = min(fastest, start.duration(to: clock.now).seconds)
        if run == 0 && peak {
          peakGrowth = (ProcessMemory.peakResidentBytes() ?? 0) - before
        }
      }
      return Measurement(byteCount: bytes.count, seconds: fastest, peakGrowth: peakGrowth)
    }
  }

  /// ns/byte at the largest size over ns/byte at the smallest; `nil` with fewer than two sizes.
  private static func growth(of measurements: [Measurement]) -> Double? {
    guard measurements.count >= 2, let first = measurements.first, let last = measurements.last,
      first.nanosecondsPerByte > 0
    else { return nil }
    return last.nanosecondsPerByte / first.nanosecondsPerByte
  }

  /// The printed cells of one measurement.
  private static func cells(family: String, operation: String, _ measurement: Measurement, growth: Double?) -> [String]
  {
    [
      family, operation, "\(measurement.byteCount / 1_048_576) MiB",
      String(format: "%.2f ms", measurement.seconds * 1e3),
      String(format: "%.2f", measurement.nanosecondsPerByte),
      measurement.peakGrowth.map(ProcessMemory.formatted) ?? "-",
      measurement.peakGrowth.map { String(format: "%.2f", Double($0) / Double(measurement.byteCount)) } ?? "-",
      growth.map { String(format: "%.2f×", $0) } ?? "",
    ]
  }

  /// `rows` under `header`, columns aligned; numbers right-aligned.
  private static func table(header: [String], rows: [[String]]) -> String {
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    let leftAligned: Set<Int> = [0, 1]
    func render(_ cells: [String]) -> String {
      cells.indices.map { column in
        leftAligned.contains(column)
          ? cells[column].paddedRight(to: widths[column]) : cells[column].paddedLeft(to: widths[column])
      }.joined(separator: "  ")
    }
    let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
    return ([render(header), rule] + rows.map(render)).joined(separator: "\n")
  }
}
