// Parse rows: bytes to a dynamic tree.

import FlexDecoder
import Foundation

/// The `parse` rows: `JSONValue(parsingBytes:)` against `JSONSerialization.jsonObject(with:)`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum ParseBenchmarks {
  /// Every parse row for `input`. Add a library with one more `Benchmark(...)` line.
  static func benchmarks(for input: CorpusInput) -> [Benchmark] {
    let data = input.data
    let bytes = input.bytes
    return [
      Benchmark(input, .parse, library: "Foundation JSONSerialization", isBaseline: true) {
        try foundationParse(data)
      },
      Benchmark(input, .parse, library: "FlexCore JSONValue") {
        try topLevelCount(JSONValue(parsingBytes: bytes))
      },
    ]
  }

  /// Parses `data` with `JSONSerialization` and returns the top-level element count.
  static func foundationParse(_ data: Data) throws -> Int {
    let object = try JSONSerialization.jsonObject(with: data)
    if let object = object as? [String: Any] { return object.count }
    if let array = object as? [Any] { return array.count }
    return 1
  }

  /// The number of members or elements of a top-level container, 1 for a scalar.
  private static func topLevelCount(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): elements.count
    case .object(let members): members.count
    default: 1
    }
  }
}
