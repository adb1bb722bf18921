// MicroBenchmark: one small piece of work (a 20-byte decode, three dates) done by Foundation and
// by FlexDecoder, timed per call, the two interleaved in one process.

/// A suite of per-call rows, run with `--mode small`, `dates` or `idioms`, printed as its own table.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum MicroSuite: String, CaseIterable {
  /// Small API responses: tiny objects, a 15-key profile, pages, envelopes, errors, ids.
  case small
  /// Date-heavy models under each date strategy.
  case dates
  /// Models written with common Codable idioms: AnyCodable, enums with associated values, UUID
  /// and Decimal, nested containers, superDecoder.
  case idioms

  /// For `--help`.
  var summary: String {
    switch self {
    case .small: "small documents (20 B - 2 kB), decode and encode, per call, shared and new coders"
    case .dates: "date-heavy models under each date strategy, decode and encode, per call"
    case .idioms:
      "AnyCodable values, enums with associated values, UUID/Decimal/Date, nested containers,\n"
        + String(repeating: " ", count: 16) + "superDecoder: decode and encode, per call"
    }
  }

  /// The suite's rows.
  ///
  /// - Throws: when a row's setup fails, or Flex's result differs from Foundation's.
  func benchmarks() throws -> [MicroBenchmark] {
    switch self {
    case .small: try SmallDocumentBenchmarks.all()
    case .dates: try DateBenchmarks.all()
    case .idioms: try IdiomBenchmarks.all()
    }
  }
}

/// One row of a suite: the same call made by Foundation and by Flex.
///
/// Both closures are checked to give the same result before timing (see the suites' `make`
/// functions), so a row never compares different work.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct MicroBenchmark {
  /// What is done, e.g. `decode {"id":1,"name":"x"} (20 B)`.
  let name: String
  /// How the coder is obtained: `shared` (one made before timing) or `new` (one per call).
  let coder: CoderLifetime
  /// One call with Foundation's coder; returns a number derived from the result.
  let foundation: () throws -> Int
  /// One call with Flex's coder.
  let flex: () throws -> Int

  /// Whether a row reuses one coder or makes one per call.
  enum CoderLifetime: String {
    /// One coder, configured before timing, used by every call.
    case shared
    /// A coder made and configured inside every call (as code that writes `JSONDecoder()` at
    /// the call site does).
    case new = "new per call"
  }

  /// The timing of one row: median nanoseconds per call of each library.
  struct Measurement {
    /// Foundation's median per call.
    let foundationNanoseconds: Double
    /// Flex's median per call.
    let flexNanoseconds: Double
    /// Sum of every result, so the work cannot be optimized away.
    let checksum: Int

    /// Foundation's time over Flex's: `2.00` means Flex takes half the time.
    var speedUp: Double { foundationNanoseconds / flexNanoseconds }
  }

  /// Times the row: `rounds` rounds, each a batch of calls of each library, the libraries' order
  /// alternating between rounds; the batch size makes one batch last about `batchSeconds`
  /// (BatchTiming.swift). Reports each library's median time per call.
  ///
  /// - Throws: the first error a call throws.
  func measure(rounds: Int, batchSeconds: Double = BatchTiming.targetSeconds) throws -> Measurement {
    var checksum = try foundation() &+ flex()
    func time(_ work: () throws -> Int, calls: Int) throws -> Double {
      try BatchTiming.seconds(of: calls, work, checksum: &checksum)
    }
    // Calibrate on the slower of the two, so neither batch is shorter than the target.
    let calls = try BatchTiming.runsPerBatch(lasting: batchSeconds, maximum: 1 << 24) { calls in
      max(try time(foundation, calls: calls), try time(flex, calls: calls))
    }
    var foundationSamples: [Double] = []
    var flexSamples: [Double] = []
    for round in 0..<rounds {
      if round.isMultiple(of: 2) {
        foundationSamples.append(try time(foundation, calls: calls) / Double(calls))
        flexSamples.append(try time(flex, calls: calls) / Double(calls))
      } else {
        flexSamples.append(try time(flex, calls: calls) / Double(calls))
        foundationSamples.append(try time(foundation, calls: calls) / Double(calls))
      }
    }
    return Measurement(
      foundationNanoseconds: BatchTiming.median(foundationSamples) * 1e9,
      flexNanoseconds: BatchTiming.median(flexSamples) * 1e9, checksum: checksum)
  }
}

/// Result of a row whose two libraries disagree: the benchmark itself is wrong.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct MicroBenchmarkMismatch: Error, CustomStringConvertible {
  /// The row.
  let name: String
  /// What differs.
  let detail: String

  var description: String { "\(name): Flex and Foundation disagree: \(detail)" }
}
