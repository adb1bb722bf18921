// Tokenize rows: validate-only scanning.

@_spi(Engine) import FlexCore
import FlexDecoder
import Foundation

/// The `tokenize` rows: FlexCore's scanner alone, bytes to tape, no values built.
///
/// Foundation has no validate-only API, so its baseline is a full `JSONSerialization` parse and
/// is labelled so; the ratio says how much faster validating is than Foundation's cheapest way
/// of checking a document.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum TokenizeBenchmarks {
  /// Every tokenize row for `input`. Add a library with one more `Benchmark(...)` line.
  static func benchmarks(for input: CorpusInput) -> [Benchmark] {
    let data = input.data
    let bytes = input.bytes
    return [
      Benchmark(input, .tokenize, library: "Foundation JSONSerialization (full parse)", isBaseline: true) {
        try ParseBenchmarks.foundationParse(data)
      },
      Benchmark(input, .tokenize, library: "FlexCore JSONScanner.scan") {
        try JSONScanner.scan(bytes).count
      },
    ]
  }
}
