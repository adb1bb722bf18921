// swift-tools-version: 6.0
//
// FlexDecoder: a drop-in, faster and more forgiving replacement for Foundation's
// JSONDecoder and JSONEncoder. No package dependencies; see README.md.

import PackageDescription

let package = Package(
  name: "FlexDecoder",
  // As low as JSONDecoder's users need, and no higher than ReerJSON's: APIs newer than these are
  // used behind `if #available`, with a fallback that gives the same results (Docs/Platforms.md).
  platforms: [.iOS(.v12), .macOS(.v10_13), .tvOS(.v12), .watchOS(.v6), .visionOS(.v1)],
  products: [
    .library(name: "FlexDecoder", targets: ["FlexDecoder"])
  ],
  targets: [
    // Tokenizer, tape, JSONValue, writer, number parsing: no Foundation.
    .target(name: "FlexCore"),
    // The Codable front: FlexJSONDecoder, FlexJSONEncoder, options, errors.
    .target(name: "FlexDecoder", dependencies: ["FlexCore"]),
    .executableTarget(name: "flex-demo", dependencies: ["FlexDecoder"]),
    .executableTarget(name: "flex-bench", dependencies: ["FlexDecoder", "CorpusModels"]),
    // Codable models of the corpus files in Benchmarks/Data, and seeded mutations of those
    // files (messy documents), for the bench and the tests. Not part of the library product.
    .target(name: "CorpusModels", dependencies: ["FlexCore"], path: "Benchmarks/CorpusModels"),
    .testTarget(
      name: "FlexCoreTests",
      dependencies: ["FlexCore"],
      exclude: ["Resources"]
    ),
    .testTarget(name: "FlexDecoderTests", dependencies: ["FlexDecoder", "CorpusModels"]),
  ]
)
