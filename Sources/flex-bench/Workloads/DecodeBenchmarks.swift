// Decode rows: bytes to the corpus models.

import CorpusModels
import FlexDecoder
import Foundation

/// The `decode` rows: each file of ``corpusModelTypes`` decoded into its model.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum DecodeBenchmarks {
  /// Every decode row for `input`: one per library for each model registered for its file.
  static func benchmarks(for input: CorpusInput) -> [Benchmark] {
    var benchmarks: [Benchmark] = []
    for model in corpusModelTypes where model.file == input.file {
      benchmarks += Self.benchmarks(decoding: model.type, input)
    }
    return benchmarks
  }

  /// The rows that decode `input` into `type`. Add a library here, one line each.
  static func benchmarks<T: Codable>(decoding type: T.Type, _ input: CorpusInput) -> [Benchmark] {
    [
      decodeRow(type, input: input, library: "Foundation JSONDecoder", isBaseline: true) {
        [decoder = JSONDecoder()] in try decoder.decode(type, from: $0)
      },
      decodeRow(type, input: input, library: "FlexJSONDecoder.strict()") {
        [decoder = FlexJSONDecoder.strict()] in try decoder.decode(type, from: $0)
      },
      decodeRow(type, input: input, library: "FlexJSONDecoder() (defaults)") {
        [decoder = FlexJSONDecoder()] in try decoder.decode(type, from: $0)
      },
    ]
  }

  /// A row that decodes `input`'s bytes into `type` with `decode`, once per iteration.
  static func decodeRow<T: Codable>(
    _ type: T.Type, input: CorpusInput, library: String, isBaseline: Bool = false,
    _ decode: @escaping (Data) throws -> T
  ) -> Benchmark {
    let data = input.data
    return Benchmark(input, .decode, library: library, isBaseline: isBaseline) {
      blackHole(try decode(data))
    }
  }
}
