// BenchmarkMode: what a row measures, and the registry that lists each mode's rows.

/// What a row measures. Each mode's rows are registered in its own `*Benchmarks.swift` file.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum BenchmarkMode: String, CaseIterable {
  /// Validate-only: bytes to tape, no values built.
  case tokenize
  /// Bytes to a dynamic tree: `JSONValue` or `Any`.
  case parse
  /// Bytes to the file's `Codable` model.
  case decode
  /// The file's `Codable` model to bytes.
  case encode
  /// Snake-case bytes to the model, with `convertFromSnakeCase`.
  case decodeSnakeCase = "decode-snake"
  /// The model to bytes with `convertToSnakeCase`.
  case encodeSnakeCase = "encode-snake"
  /// Messy copies of the files (numbers as strings, nulls, missing members) under the recovering
  /// error policies, against the clean file.
  case messy

  /// For `--help`: one line, or two with the second indented to the column of the first.
  var summary: String {
    switch self {
    case .tokenize:
      "JSONScanner.scan only (validate-only); baseline: JSONSerialization, a full parse"
    case .parse: "JSONValue(parsingBytes:) vs JSONSerialization.jsonObject(with:)"
    case .decode: "bytes to the corpus models vs JSONDecoder (see CorpusModelTypes.swift)"
    case .encode: "corpus models to bytes vs JSONEncoder (see CorpusModelTypes.swift)"
    case .decodeSnakeCase: "decode with convertFromSnakeCase (citm_catalog, canada, apache_builds)"
    case .encodeSnakeCase: "encode with convertToSnakeCase (citm_catalog, canada, apache_builds)"
    case .messy:
      "decode messy copies (every number a string; 2% of scalars null; 2% of members missing)\n"
        + String(repeating: " ", count: 16)
        + "under .collectAll and .useDefaults, against Foundation and Flex on the clean file"
    }
  }

  /// The registry: every row of this mode for `input`, the Foundation baseline among them.
  ///
  /// - Throws: when the rows cannot be set up, e.g. the file does not decode into its model.
  func benchmarks(for input: CorpusInput) throws -> [Benchmark] {
    switch self {
    case .tokenize: TokenizeBenchmarks.benchmarks(for: input)
    case .parse: ParseBenchmarks.benchmarks(for: input)
    case .decode: DecodeBenchmarks.benchmarks(for: input)
    case .encode: try EncodeBenchmarks.benchmarks(for: input)
    case .decodeSnakeCase: try SnakeCaseBenchmarks.decodeBenchmarks(for: input)
    case .encodeSnakeCase: try SnakeCaseBenchmarks.encodeBenchmarks(for: input)
    case .messy: try MessyBenchmarks.benchmarks(for: input)
    }
  }
}
