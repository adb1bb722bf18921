// The Codable models the decode and encode modes run, one line per corpus file.

import CorpusModels
import FlexDecoder

/// The `Codable` model of each corpus file, from the `CorpusModels` target.
///
/// The decode and encode modes run one row per library for every entry whose file is selected;
/// a file without an entry has no decode or encode rows. Adding a model is one line.
/// (`SendableMetatype`, through `FlexSendableMetatype` for Swift 6.0 and 6.1, makes the table a
/// concurrency-safe global; every ordinary type has it.)
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
let corpusModelTypes: [(file: CorpusFile, type: any (Codable & FlexSendableMetatype).Type)] = [
  (.twitter, TwitterTimeline.self),
  (.citmCatalog, CitmCatalog.self),
  (.canada, CanadaFeatureCollection.self),
  (.githubEvents, [GitHubEvent].self),
  (.apacheBuilds, ApacheBuilds.self),
  (.gsoc2018, [String: GSoCProject].self),
  (.instruments, TrackerModule.self),
  (.updateCenter, JenkinsUpdateCenter.self),
  (.mesh, Mesh.self),
]
