// swift-tools-version: 6.0
//
// FlexDecoder: a drop-in, faster and more forgiving replacement for Foundation's
// JSONDecoder and JSONEncoder. No package dependencies; see README.md.

import PackageDescription

// Compilation conditions:
//
// FLEX_INTERNAL_CHECKS: debug checks of the engine's invariants, for tests and fuzzing; off in
// every normal build, where they cost nothing (the checking code is not compiled). With it, every
// member a keyed container's lookup finds (through the hint, claims and signatures, the member
// index, LookupMemory or KeyTagTable) is compared with a plain first-match scan of the object's
// keys, tape reads are bounds-checked, and the recovery pass's frames and generations are checked;
// a broken invariant stops with a precondition failure naming it. The checks are in the
// InternalChecks/ folders of Sources/FlexCore/Scanner and Sources/FlexDecoder/Decoding.
// Enable it with
//
//   swift build -Xswiftc -DFLEX_INTERNAL_CHECKS
//   swift test -Xswiftc -DFLEX_INTERNAL_CHECKS --scratch-path .build-checks
//
// (a scratch path of its own keeps the unchecked build's cache). CI runs the AddressSanitizer
// suite and the fuzzers (Scripts/fuzz.sh) with it.

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
