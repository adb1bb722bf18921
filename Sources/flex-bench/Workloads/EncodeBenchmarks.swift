// Encode rows: the corpus models to bytes.

import CorpusModels
import FlexDecoder
import Foundation

/// The `encode` rows: each file of ``corpusModelTypes``, decoded once by Foundation before
/// timing, encoded back to JSON. Throughput is measured against the corpus file's size, like
/// the other modes, so the ratios compare equal work.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum EncodeBenchmarks {
  /// Every encode row for `input`: one per library for each model registered for its file.
  ///
  /// - Throws: when the file does not decode into its model.
  static func benchmarks(for input: CorpusInput) throws -> [Benchmark] {
    var benchmarks: [Benchmark] = []
    for model in corpusModelTypes where model.file == input.file {
      benchmarks += try Self.benchmarks(encoding: model.type, input)
    }
    return benchmarks
  }

  /// The rows that encode `input`, decoded as `type`. Add a library here, one line each.
  ///
  /// - Throws: when `input` does not decode into `type`.
  static func benchmarks<T: Codable>(encoding type: T.Type, _ input: CorpusInput) throws -> [Benchmark] {
    let value = try JSONDecoder().decode(type, from: input.data)
    return [
      encodeRow(value, input: input, library: "Foundation JSONEncoder", isBaseline: true) {
        [encoder = JSONEncoder()] in try encoder.encode($0)
      },
      encodeRow(value, input: input, library: "FlexJSONEncoder") {
        [encoder = FlexJSONEncoder()] in try encoder.encode($0)
      },
    ]
  }

  /// A row that encodes `value` with `encode`, once per iteration.
  static func encodeRow<T: Codable>(
    _ value: T, input: CorpusInput, library: String, isBaseline: Bool = false,
    _ encode: @escaping (T) throws -> Data
  ) -> Benchmark {
    Benchmark(input, .encode, library: library, isBaseline: isBaseline) {
      try encode(value).count
    }
  }
}
