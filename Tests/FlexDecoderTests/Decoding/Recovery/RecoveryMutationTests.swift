import CorpusModels
import FlexDecoder
import Foundation
import Testing

/// The error policies on corpus documents broken the way APIs break them, from fixed seeds:
/// numbers sent as strings and digit strings as numbers, scalars as `null`, `[]` or `{}`, members
/// left out, objects sent as strings (`JSONMutation` in `CorpusModels`, shared with
/// `flex-bench --mode messy`).
///
/// Each test names its seed and mutations when it fails; `DocumentMutator(random:)` with the same
/// `SplitMix64(seed:label:)` makes the same document again.
///
/// The time limit only guards against a hang: the whole suite takes about 35 s, about 100 s under
/// AddressSanitizer, and more on a busy machine, so the limit on each test is ten minutes.
@Suite("Recovery on mutated corpus documents", .timeLimit(.minutes(10)))
struct RecoveryMutationTests {
  /// A corpus document and its model.
  enum Subject: String, CaseIterable, CustomTestStringConvertible {
    case githubEvents = "github_events"
    case apacheBuilds = "apache_builds"
    /// The first ``twitterStatusCount`` statuses of twitter.json and its search metadata.
    case twitterSlice = "twitter[0..<10]"

    var testDescription: String { rawValue }

    /// The model the document decodes into.
    var modelType: any Decodable.Type {
      switch self {
      case .githubEvents: [GitHubEvent].self
      case .apacheBuilds: ApacheBuilds.self
      case .twitterSlice: TwitterTimeline.self
      }
    }

    /// The document, split for mutation.
    func source() throws -> JSONSourceText {
      switch self {
      case .githubEvents: try Self.githubEventsSource.get()
      case .apacheBuilds: try Self.apacheBuildsSource.get()
      case .twitterSlice: try Self.twitterSliceSource.get()
      }
    }

    private static let githubEventsSource = Result { try JSONSourceText(Array(try CorpusFile.githubEvents.load())) }
    private static let apacheBuildsSource = Result { try JSONSourceText(Array(try CorpusFile.apacheBuilds.load())) }
    private static let twitterSliceSource = Result { () throws -> JSONSourceText in
      let twitter = try JSONSourceText(Array(try CorpusFile.twitter.load()))
      var edits: [Int: JSONSourceText.Edit] = [:]
      for location in twitter.locations() where location.path.count == 2 {
        if case .index(let index) = location.path[1], index >= twitterStatusCount { edits[location.index] = .remove }
      }
      return try JSONSourceText(twitter.rewritten(edits))
    }
  }

  /// How many statuses the twitter slice keeps (of 100): about 60 kB, like github_events.json.
  static let twitterStatusCount = 10
  /// Documents per subject with random mutations.
  static let documentCount: UInt64 = 30
  /// How many of them have many mutations.
  static let heavyDocumentCount: UInt64 = 3
  /// Documents per subject and number of independent problems.
  static let independentDocumentCount = 3

  // MARK: - Random mutations under each policy

  @Test(arguments: Subject.allCases)
  func failFastReturnsOrThrowsOnEveryMutatedDocument(_ subject: Subject) throws {
    let source = try subject.source()
    for document in Self.randomDocuments(subject, source) {
      // Completing is the test: a value or a thrown error, no crash, no hang.
      _ = try? Self.decode(subject.modelType, document.data, policy: .failFast)
    }
  }

  @Test(arguments: Subject.allCases)
  func useDefaultsAlwaysReturnsAValue(_ subject: Subject) throws {
    let source = try subject.source()
    for document in Self.randomDocuments(subject, source) {
      do {
        _ = try Self.decodeWithReport(subject.modelType, document.data)
      } catch {
        Issue.record("\(document.context): .useDefaults threw \(Self.summary(of: error))")
      }
    }
  }

  /// A problem counts when no standard coercion repairs its kind (a number for a string, a digit
  /// string for a number: `JSONDecoder` rejects those, FlexJSONDecoder() rightly accepts them) and
  /// `JSONDecoder` rejects the document holding only such problems.
  @Test(arguments: Subject.allCases)
  func collectAllThrowsWhenAProblemNoCoercionRepairsIsThere(_ subject: Subject) throws {
    let source = try subject.source()
    var mustThrowCount = 0
    for document in Self.randomDocuments(subject, source) {
      let outcome = Result { try Self.decode(subject.modelType, document.data, policy: .collectAll) }
      let unrepaired = document.mutations.filter { !$0.kind.isRepairedByStandardCoercions }
      guard !unrepaired.isEmpty else { continue }
      let onlyUnrepaired = Data(DocumentMutator.apply(unrepaired, to: source))
      guard Self.foundationRejects(subject.modelType, onlyUnrepaired) else { continue }
      mustThrowCount += 1
      if case .success = outcome {
        Issue.record(
          "\(document.context): .collectAll returned, but JSONDecoder rejects the problems \(unrepaired) that no coercion repairs"
        )
      }
    }
    #expect(mustThrowCount > 0, "no document had a problem to throw for: the test checked nothing")
  }

  // MARK: - Independent problems

  /// k problems that no coercion repairs (a `null` for a non-optional value, a required member
  /// left out), each in a different object or array, are k issues, at their own paths, in
  /// document order.
  @Test(arguments: Subject.allCases, 1...5)
  func useDefaultsReportsEachIndependentProblemOnceInDocumentOrder(_ subject: Subject, problems k: Int) throws {
    let source = try subject.source()
    for document in try Self.independentProblemDocuments(subject, source, count: k) {
      let expectedPaths = document.mutations.map(\.location.pathDescription)
      let report: [FlexIssue]
      do {
        report = try Self.decodeWithReport(subject.modelType, document.data)
      } catch {
        Issue.record("\(document.context): .useDefaults threw \(Self.summary(of: error))")
        continue
      }
      let recovered = report.filter { $0.kind == .defaulted || $0.kind == .droppedElement }
      let paths = recovered.map(\.path)
      #expect(recovered.count == k, "\(document.context): issues \(recovered)")
      #expect(Set(paths).count == recovered.count, "\(document.context): repeated paths in \(paths)")
      #expect(paths == expectedPaths, "\(document.context): paths not those of the problems, in document order")
    }
  }

  /// Several problems are one `FlexDecodingError` listing each; a single problem is thrown as its
  /// own `DecodingError`, the one `JSONDecoder` throws (SPEC, 2026-11-23).
  @Test(arguments: Subject.allCases, 1...5)
  func collectAllThrowsEachIndependentProblemOnce(_ subject: Subject, problems k: Int) throws {
    let source = try subject.source()
    for document in try Self.independentProblemDocuments(subject, source, count: k) {
      let error: any Error
      do {
        _ = try Self.decode(subject.modelType, document.data, policy: .collectAll)
        Issue.record("\(document.context): .collectAll returned a value")
        continue
      } catch let thrown {
        error = thrown
      }
      if k == 1 {
        let foundationError = Self.foundationError(subject.modelType, document.data)
        #expect(
          error is DecodingError, "\(document.context): threw \(type(of: error)), not a DecodingError: \(error)")
        #expect(
          ErrorShape(error) == foundationError.map(ErrorShape.init),
          "\(document.context): not the error JSONDecoder throws")
      } else {
        guard let collected = error as? FlexDecodingError else {
          Issue.record("\(document.context): threw \(type(of: error)), not a FlexDecodingError: \(error)")
          continue
        }
        #expect(collected.issues.count == k, "\(document.context): \(collected)")
      }
    }
  }

  // MARK: - Documents

  /// A mutated document and how it was made.
  struct MutatedDocument {
    let data: Data
    let mutations: [AppliedMutation]
    /// Subject, seed and mutations, for failure messages.
    let context: String
  }

  /// ``documentCount`` documents with mutations of any kind: 1 to 6 each, and 30 to 60 in the last
  /// ``heavyDocumentCount`` (there is no limit on how many problems a document may have).
  private static func randomDocuments(_ subject: Subject, _ source: JSONSourceText) -> [MutatedDocument] {
    (0..<documentCount).map { seed in
      var mutator = DocumentMutator(random: SplitMix64(seed: seed, label: "\(subject.rawValue)/random"))
      let isHeavy = seed >= documentCount - heavyDocumentCount
      let count = isHeavy ? 30 + mutator.random.below(31) : 1 + mutator.random.below(6)
      let (bytes, mutations) = mutator.mutate(source, count: count, kinds: JSONMutation.allCases)
      return MutatedDocument(
        data: Data(bytes), mutations: mutations, context: "\(subject.rawValue) seed \(seed) \(mutations)")
    }
  }

  /// ``independentDocumentCount`` documents with `count` problems each: a `null` for a scalar or a
  /// member removed, where `JSONDecoder` rejects the document with that one change; no two in the
  /// same object or array, none inside another.
  private static func independentProblemDocuments(
    _ subject: Subject, _ source: JSONSourceText, count: Int
  ) throws -> [MutatedDocument] {
    let locations = source.locations()
    return try (0..<UInt64(independentDocumentCount)).map { documentIndex in
      let seed = UInt64(count) << 8 | documentIndex
      var random = SplitMix64(seed: seed, label: "\(subject.rawValue)/independent")
      var chosen: [AppliedMutation] = []
      var attempts = 0
      while chosen.count < count && attempts < 2_000 {
        attempts += 1
        let location = locations[random.below(locations.count)]
        let canBeNull = JSONMutation.scalarToNull.applies(to: location)
        guard canBeNull || location.isObjectMember else { continue }
        let kind: JSONMutation =
          canBeNull && (!location.isObjectMember || random.oneIn(2)) ? .scalarToNull : .memberRemoved
        let container = location.path.dropLast()
        let isIndependent = chosen.allSatisfy {
          !$0.location.contains(location) && !location.contains($0.location) && $0.location.path.dropLast() != container
        }
        guard isIndependent else { continue }
        let mutation = AppliedMutation(kind, at: location)
        guard foundationRejects(subject.modelType, Data(DocumentMutator.apply([mutation], to: source))) else {
          continue
        }
        chosen.append(mutation)
      }
      try #require(
        chosen.count == count, "\(subject.rawValue) seed \(seed): found \(chosen.count) of \(count) problems")
      chosen.sort { $0.location.index < $1.location.index }
      let data = Data(DocumentMutator.apply(chosen, to: source))
      try #require(foundationRejects(subject.modelType, data))
      return MutatedDocument(data: data, mutations: chosen, context: "\(subject.rawValue) seed \(seed) \(chosen)")
    }
  }

  // MARK: - Decoding

  private static func decoder(_ policy: FlexJSONDecoder.ErrorPolicy) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()  // default coercions
    decoder.errorPolicy = policy
    return decoder
  }

  private static func decode<T: Decodable>(_ type: T.Type, _ data: Data, policy: FlexJSONDecoder.ErrorPolicy) throws {
    _ = try decoder(policy).decode(type, from: data)
  }

  /// The issues of a `.useDefaults` decode.
  private static func decodeWithReport<T: Decodable>(_ type: T.Type, _ data: Data) throws -> [FlexIssue] {
    try decoder(.useDefaults).decodeWithReport(type, from: data).issues
  }

  private static func foundationError<T: Decodable>(_ type: T.Type, _ data: Data) -> (any Error)? {
    do {
      _ = try JSONDecoder().decode(type, from: data)
      return nil
    } catch {
      return error
    }
  }

  private static func foundationRejects(_ type: any Decodable.Type, _ data: Data) -> Bool {
    foundationError(type, data) != nil
  }

  /// The first lines of `error`'s description (a `FlexDecodingError` lists every problem).
  private static func summary(of error: any Error) -> String {
    let lines = "\(error)".split(separator: "\n")
    return lines.prefix(4).joined(separator: "\n") + (lines.count > 4 ? "\n… \(lines.count - 4) more" : "")
  }
}

extension JSONMutation {
  /// Whether FlexJSONDecoder's standard coercions (number ↔ string) accept the mutated value where
  /// the original was expected.
  fileprivate var isRepairedByStandardCoercions: Bool {
    switch self {
    case .numberToString, .digitStringToNumber: true
    case .scalarToNull, .memberRemoved, .scalarToEmptyArray, .scalarToEmptyObject, .objectToString: false
    }
  }
}
