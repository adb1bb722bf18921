// One top-level decode under the error policy: a plain pass first, then replays that learn
// where to recover (see RecoveryState.swift).

@_spi(Engine) import FlexCore

/// Decodes one document's top-level value (or the value at a key path).
struct DocumentDecoding {
  /// More replays than this means something is wrong: give up with what was collected.
  static let maximumReplays = 256

  let tape: JSONTape
  let options: DecodingOptions
  let keyPath: FlexKeyPath?

  func decode<T: Decodable>(_ type: T.Type) throws -> FlexDecoded<T> {
    // The plain pass: exactly JSONDecoder's behaviour (no coercions either), no bookkeeping.
    let plainSession = DecodeSession(options: options)
    do {
      let value = try decodeOnce(type, session: plainSession)
      let notes = RecoveryState.ordered(plainSession.notes)
      if options.errorPolicy == .collectAll, notes.contains(where: isProblem) {
        throw FlexDecodingError(issues: notes.filter(isProblem), typeName: "\(type)")
      }
      return FlexDecoded(value: value, issues: notes)
    } catch let error as FlexDecodingError {
      throw error
    } catch {
      // Under `.failFast` a replay can only apply coercions.
      guard options.errorPolicy != .failFast || !options.coercions.isEmpty else { throw error }
    }

    var plan = Set<RecoverySite>()
    var unrecoverable = Set<RecoverySite>()
    var coercesEverywhere = false
    for _ in 0..<Self.maximumReplays {
      let session = DecodeSession(options: options)
      let recovery = RecoveryState(policy: options.errorPolicy, plan: plan, unrecoverable: unrecoverable)
      session.recovery = recovery
      session.coercionsActive = coercesEverywhere
      let value: T
      do {
        value = try decodeOnce(type, session: session)
      } catch let stop as RecoveryStop {
        if options.errorPolicy == .failFast { throw stop.error }
        throw collected(recovery, adding: stop.error, type)
      } catch {
        unrecoverable = recovery.unrecoverable
        if let attribution = recovery.attribution, !plan.contains(attribution.site) {
          plan.insert(attribution.site)
          continue
        }
        // No container call to recover at: the top-level value itself failed. Try it once with
        // the coercions (a top-level "42" into Int), then give up or use its default.
        if !coercesEverywhere && !options.coercions.isEmpty {
          coercesEverywhere = true
          continue
        }
        if options.errorPolicy == .failFast { throw error }
        if options.errorPolicy == .useDefaults,
          let value = TapeDecoder(tape: tape, session: session).placeholder(type, path: [])
        {
          let decoder = TapeDecoder(tape: tape, session: session)
          decoder.record(error, path: Self.codingPath(of: error), valueIndex: 0, substitution: .substitute)
          return FlexDecoded(value: value, issues: issues(of: session, recovery))
        }
        throw collected(recovery, adding: error, type)
      }
      return try finish(value, type, session: session, recovery: recovery)
    }
    throw collected(plan: plan, type)
  }

  /// Whether an issue makes `.collectAll` throw: a problem, or an unknown key under
  /// `unknownKeyPolicy = .fail`.
  private func isProblem(_ issue: FlexIssue) -> Bool {
    issue.kind.isProblem || (issue.kind == .unknownKey && options.unknownKeyPolicy == .fail)
  }

  private func decodeOnce<T: Decodable>(_ type: T.Type, session: DecodeSession) throws -> T {
    let decoder = TapeDecoder(tape: tape, session: session)
    // The reusable containers refer back to the session through their decoders.
    defer { session.releaseContainers() }
    let valueIndex = try keyPath.map { try decoder.walk($0, from: 0) } ?? 0
    return try decoder.decodeValue(type, at: valueIndex)
  }

  /// After a successful replay: throw the problems under `.collectAll`, return them under
  /// `.useDefaults`.
  private func finish<T>(
    _ value: T, _ type: T.Type, session: DecodeSession, recovery: RecoveryState
  ) throws -> FlexDecoded<T> {
    let all = issues(of: session, recovery)
    if options.errorPolicy == .collectAll, all.contains(where: isProblem) {
      throw FlexDecodingError(issues: all.filter(isProblem), typeName: "\(type)")
    }
    return FlexDecoded(value: value, issues: all)
  }

  private func issues(of session: DecodeSession, _ recovery: RecoveryState) -> [FlexIssue] {
    recovery.orderedIssues(mergedWith: session.notes)
  }

  private func collected<T>(_ recovery: RecoveryState, adding error: any Error, _ type: T.Type) -> FlexDecodingError {
    let (kind, message, decodingError) = TapeDecoder.describe(error, path: [])
    var issues = recovery.orderedIssues.filter(isProblem)
    let path = issuePath(of: error)
    let last = FlexIssue(kind: kind, path: path, message: message, decodingError: decodingError)
    // Under `.collectAll` a site without a placeholder may have listed it already.
    if !issues.contains(last) { issues.append(last) }
    return FlexDecodingError(issues: issues, typeName: "\(type)")
  }

  /// Where an error that reached the top happened: its coding path, with the missing key of a
  /// `keyNotFound` (as the paths of recovered issues have it).
  static func codingPath(of error: any Error) -> [any CodingKey] {
    guard let decodingError = error as? DecodingError else { return [] }
    if case .keyNotFound(let key, let context) = decodingError { return context.codingPath + [key] }
    return decodingError.context.codingPath
  }

  private func issuePath(of error: any Error) -> String {
    TapeDecoder.render(Self.codingPath(of: error), strategy: options.keyDecodingStrategy)
  }

  private func collected<T>(plan: Set<RecoverySite>, _ type: T.Type) -> FlexDecodingError {
    FlexDecodingError(
      issues: [
        FlexIssue(
          kind: .dataCorrupted, path: "",
          message: "Gave up after \(Self.maximumReplays) attempts to recover from \(plan.count) kinds of problems")
      ],
      typeName: "\(type)")
  }
}

extension DecodingError {
  /// The context of any case.
  var context: Context {
    switch self {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
      .dataCorrupted(let context):
      return context
    @unknown default:
      return Context(codingPath: [], debugDescription: "\(self)")
    }
  }
}
