import Foundation

/// Files checked into the test target, found relative to this source file so a clean clone
/// needs no resource bundle.
enum TestResources {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")

  /// The JSONTestSuite files of `folder` (`test_parsing` or `test_transform`), sorted by name.
  static func jsonTestSuite(_ folder: String) throws -> [(name: String, bytes: [UInt8])] {
    let url = directory.appendingPathComponent("JSONTestSuite").appendingPathComponent(folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
    return try names.map { name in (name, Array(try Data(contentsOf: url.appendingPathComponent(name)))) }
  }

  /// A corpus file of `Benchmarks/Data`.
  static func benchmarkFile(_ name: String) throws -> [UInt8] {
    let url = directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Benchmarks/Data").appendingPathComponent(name)
    return Array(try Data(contentsOf: url))
  }
}
