// Key-strategy rows: the corpus models decoded with `convertFromSnakeCase` and encoded with
// `convertToSnakeCase`, against Foundation configured alike.

import CorpusModels
import FlexDecoder
import Foundation

/// The `decode-snake` and `encode-snake` rows.
///
/// The input of `decode-snake` is the file's model encoded by `JSONEncoder` with
/// `convertToSnakeCase` (so every multi-word key has underscores to convert), made once before
/// timing. Only files whose models name their keys in camel case with no `CodingKeys` of their
/// own survive that round trip: citm_catalog, canada and apache_builds. (twitter's and
/// github_events' models spell their keys `created_at`, which `convertFromSnakeCase` would look
/// for as `createdAt`.) Throughput is measured against the corpus file's size, like encode.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum SnakeCaseBenchmarks {
  /// The files whose models round-trip through the snake_case strategies.
  static let files: Set<CorpusFile> = [.citmCatalog, .canada, .apacheBuilds]

  /// The `decode-snake` rows for `input`, if its file is one of ``files``.
  ///
  /// - Throws: when the file does not decode into its model.
  static func decodeBenchmarks(for input: CorpusInput) throws -> [Benchmark] {
    try rows(for: input) { try decodeBenchmarks($0, input) }
  }

  /// The `encode-snake` rows for `input`, if its file is one of ``files``.
  ///
  /// - Throws: when the file does not decode into its model.
  static func encodeBenchmarks(for input: CorpusInput) throws -> [Benchmark] {
    try rows(for: input) { try encodeBenchmarks($0, input) }
  }

  /// `makeRows` of each model registered for `input`'s file, if it is one of ``files``.
  private static func rows(
    for input: CorpusInput, _ makeRows: (any (Codable & FlexSendableMetatype).Type) throws -> [Benchmark]
  ) throws -> [Benchmark] {
    guard files.contains(input.file) else { return [] }
    return try corpusModelTypes.filter { $0.file == input.file }.flatMap { try makeRows($0.type) }
  }

  private static func decodeBenchmarks<T: Codable>(_ type: T.Type, _ input: CorpusInput) throws -> [Benchmark] {
    let data = try snakeCaseEncoder().encode(JSONDecoder().decode(type, from: input.data))
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let flex = FlexJSONDecoder()
    flex.keyDecodingStrategy = .convertFromSnakeCase
    return [
      Benchmark(input, .decodeSnakeCase, library: "Foundation JSONDecoder", isBaseline: true) {
        blackHole(try foundation.decode(type, from: data))
      },
      Benchmark(input, .decodeSnakeCase, library: "FlexJSONDecoder()") {
        blackHole(try flex.decode(type, from: data))
      },
    ]
  }

  private static func encodeBenchmarks<T: Codable>(_ type: T.Type, _ input: CorpusInput) throws -> [Benchmark] {
    let value = try JSONDecoder().decode(type, from: input.data)
    let foundation = snakeCaseEncoder()
    let flex = FlexJSONEncoder()
    flex.keyEncodingStrategy = .convertToSnakeCase
    return [
      Benchmark(input, .encodeSnakeCase, library: "Foundation JSONEncoder", isBaseline: true) {
        try foundation.encode(value).count
      },
      Benchmark(input, .encodeSnakeCase, library: "FlexJSONEncoder") { try flex.encode(value).count },
    ]
  }

  private static func snakeCaseEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return encoder
  }
}
