import Foundation

/// The real-world payloads in `Benchmarks/Data`, shared by `flex-bench` and the tests.
public enum CorpusFile: String, CaseIterable, Sendable {
  case twitter = "twitter.json"
  case citmCatalog = "citm_catalog.json"
  case canada = "canada.json"
  case githubEvents = "github_events.json"
  case apacheBuilds = "apache_builds.json"
  case gsoc2018 = "gsoc-2018.json"
  case instruments = "instruments.json"
  case updateCenter = "update-center.json"
  case mesh = "mesh.json"

  /// `Benchmarks/Data`, found relative to this source file (works from a clean clone).
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data")

  /// The file's location.
  public var url: URL { Self.directory.appendingPathComponent(rawValue) }

  /// The file's bytes.
  public func load() throws -> Data { try Data(contentsOf: url) }
}
