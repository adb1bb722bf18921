/// Models of `apache_builds.json`: the top-level API response of the Apache Jenkins server.
///
/// Decode with `try JSONDecoder().decode(ApacheBuilds.self, from: data)`. The document is a flat
/// list of 875 jobs plus a few server settings.

/// The whole document: the server node, its jobs and its views.
public struct ApacheBuilds: Codable, Equatable, Sendable {
  /// The labels assigned to the node; one empty object in the corpus.
  public var assignedLabels: [UnobservedValue]
  /// The node's executor mode, such as `EXCLUSIVE`.
  public var mode: String
  /// A description of the node.
  public var nodeDescription: String
  /// The node's name; empty for the master node.
  public var nodeName: String
  /// The number of executors on the node.
  public var numExecutors: Int
  /// The server's description, as HTML.
  public var description: String
  /// Every job on the server.
  public var jobs: [ApacheJob]
  /// The load statistics; an empty object in the corpus.
  public var overallLoad: UnobservedValue
  /// The view shown by default.
  public var primaryView: ApacheView
  /// Whether the server is preparing to shut down.
  public var quietingDown: Bool
  /// The TCP port for agents; 0 when disabled.
  public var slaveAgentPort: Int
  /// The load statistics of unlabeled jobs; an empty object in the corpus.
  public var unlabeledLoad: UnobservedValue
  /// Whether requests need a crumb (CSRF protection).
  public var useCrumbs: Bool
  /// Whether security is enabled.
  public var useSecurity: Bool
  /// The views on the server.
  public var views: [ApacheView]
}

/// A Jenkins job.
public struct ApacheJob: Codable, Equatable, Sendable {
  /// The job's name.
  public var name: String
  /// The job's page.
  public var url: String
  /// The status ball color, such as `blue`, `red` or `aborted_anime` (the suffix means building).
  public var color: String
}

/// A Jenkins view: a named list of jobs.
public struct ApacheView: Codable, Equatable, Sendable {
  /// The view's name.
  public var name: String
  /// The view's page.
  public var url: String
}
