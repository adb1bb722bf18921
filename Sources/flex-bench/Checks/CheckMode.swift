// CheckMode: the reliability and memory checks, each run alone instead of the table.

/// A check that runs on its own, prints its own report, and fails the run (non-zero exit status)
/// when the property it checks does not hold. Each lives in its own `*Check.swift` file.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum CheckMode: String, CaseIterable {
  /// Every prefix of a valid file is scanned; each must be rejected at or before the cut.
  case truncations
  /// Hostile document families at growing sizes: time and peak memory per input byte.
  case scaling
  /// One library decodes one corpus file many times: resident memory along the way.
  case memory
  /// Threads share the coders (run under ThreadSanitizer): results as on one thread.
  case concurrency
  /// Gigabytes of JSON Lines and of one array, made on the fly, through the stream API: peak
  /// resident memory.
  case streamMemory = "stream-memory"

  /// One line for `--help`.
  var summary: String {
    switch self {
    case .truncations:
      "scan every prefix of each file: it must fail at or before the cut, or be the document"
    case .scaling:
      "hostile documents of 1-16 MiB: ns/byte and peak memory/byte; fails on >3× ns/byte growth"
    case .memory:
      "decode one file N times with one library; resident size along the way (for time -v)"
    case .concurrency:
      "8 threads share the coders, decode clean and messy, encode (run under --sanitize=thread)"
    case .streamMemory:
      "G GiB of JSON Lines, then of {\"data\":[…]}, made on the fly, through values(of:from:):\n"
        + String(repeating: " ", count: 16)
        + "MB/s and peak RSS; fails when the peak rises >32 MiB (--stream-memory-gb)"
    }
  }

  /// Runs the check with the command line's options.
  ///
  /// - Returns: whether the check passed.
  /// - Throws: ``BenchmarkOptions/UsageError`` for options the check cannot run with, or when an
  ///   input cannot be read.
  func run(_ options: BenchmarkOptions) throws -> Bool {
    switch self {
    case .truncations: try TruncationCheck(options).run()
    case .scaling: ScalingCheck(options).run()
    case .memory: try MemoryCheck(options).run()
    case .concurrency: try ConcurrencyCheck(options).run()
    case .streamMemory: try StreamMemoryCheck(options).run()
    }
  }
}
