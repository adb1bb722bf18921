// How `.collectAll` and `.useDefaults` recover without changing what valid documents decode to.
//
// Recovering at the point of failure (returning a placeholder instead of throwing) would break
// code that relies on a throw: `try? container.decode(Int.self, forKey: .id)` followed by a
// fallback, or the "lossy array" idiom. So decoding first runs exactly like JSONDecoder. Only if
// an error escapes to the top is the decode replayed, with a *plan*: the sites (coding path with
// array positions and dictionary keys as wildcards, plus the requested type) where errors
// escaped. At a planned site a failure is recorded as an issue and replaced by a placeholder (or
// the element is dropped); failures elsewhere still throw, so user code that catches them sees
// what it saw before. Each replay that still fails adds the site the error escaped from and
// tries again. Sites are patterns, so one replay covers the same failure in every element of an
// array; the number of replays is bounded by the shape of the model, not the size of the data.
//
// The site an error escaped from is the innermost container call it propagated out of. Calls
// record that attribution as the error passes; a generation counter, bumped when a call starts,
// tells a fresh attribution from a stale one left by an error some user code caught.

/// One place where a failure may be recovered: a path pattern and the requested type.
struct RecoverySite: Hashable {
  /// `items.*.sku`: keys, with `*` for array positions and dictionary keys.
  let pattern: String
  /// The type the call asked for.
  let type: ObjectIdentifier
}

/// The per-decode state of a recovering (replayed) decode.
final class RecoveryState {
  let policy: FlexJSONDecoder.ErrorPolicy
  /// Sites where failures are recovered in this pass.
  let plan: Set<RecoverySite>
  /// Sites where no placeholder could be made: their failures escape to the enclosing site.
  var unrecoverable: Set<RecoverySite>
  /// The issues recorded in this pass, each with the byte offset that orders them.
  private(set) var issues: [(offset: Int, issue: FlexIssue)] = []
  private var recordedPaths: Set<String> = []
  /// Bumped whenever a container call starts.
  var generation = 0
  /// The site the error currently propagating escaped from, and the generation it was noted in.
  var attribution: (site: RecoverySite, generation: Int)?

  init(policy: FlexJSONDecoder.ErrorPolicy, plan: Set<RecoverySite>, unrecoverable: Set<RecoverySite>) {
    self.policy = policy
    self.plan = plan
    self.unrecoverable = unrecoverable
  }

  /// The number of issues recorded so far.
  var issueCount: Int { issues.count }

  /// Records an issue once per kind and path.
  func record(_ issue: FlexIssue, at offset: Int) {
    guard recordedPaths.insert("\(issue.kind)|\(issue.path)|\(issue.message)").inserted else { return }
    issues.append((offset, issue))
  }

  /// The issues in document order (stable for equal offsets).
  var orderedIssues: [FlexIssue] { Self.ordered(issues) }

  /// `entries` sorted by offset, keeping the recorded order for equal offsets.
  static func ordered(_ entries: [(offset: Int, issue: FlexIssue)]) -> [FlexIssue] {
    entries.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element.issue)
  }

  /// The recorded issues and `notes` together, in document order.
  func orderedIssues(mergedWith notes: [(offset: Int, issue: FlexIssue)]) -> [FlexIssue] {
    Self.ordered(issues + notes)
  }

  /// Whether the error now propagating was attributed to a site inside the call that started
  /// at `generation`. Such a site is not planned yet: repairing the call instead would hide it
  /// (a whole element dropped for one bad field), so the error goes on, and the next replay
  /// repairs the inner site.
  func escapedFromInside(callStartedAt generation: Int) -> Bool {
    guard let attribution else { return false }
    return attribution.generation > generation
  }

  /// Notes `site` as the origin of the error now propagating, unless an inner call of the same
  /// generation already did.
  func attribute(_ site: RecoverySite) {
    if let attribution, attribution.generation == generation { return }
    attribution = (site, generation)
  }
}

/// Thrown when a failure cannot be recovered at all: ends the decode with what was collected.
struct RecoveryStop: Error {
  let error: any Error
}
