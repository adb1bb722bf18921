// One top-level decode under the error policy: the plain pass, then, only if an error escaped
// it, the recovery pass (see RecoveryState.swift).

@_spi(Engine) import FlexCore

/// Decodes one document's top-level value (or the value at a key path).
struct DocumentDecoding {
  let tape: JSONTape
  let options: DecodingOptions
  let keyPath: FlexKeyPath?
  /// The ``ConfigurationBox`` of a `decode(_:from:configuration:)` call.
  var configuration: AnyObject?

  /// The value; what was recovered from or noticed is added to `issues`.
  func decode<T: Decodable>(_ type: T.Type, issues: inout [FlexIssue]) throws -> T {
    // The plain pass: exactly JSONDecoder's behaviour (no coercions either), no bookkeeping.
    let pool = decodeSessionPool
    var plainSession: DecodeSession? = .lent(options: options, configuration: configuration)
    let value: T
    let notes: [(offset: Int, issue: FlexIssue)]
    do {
      value = try decodeOnce(type, session: plainSession!)
      notes = plainSession!.notes
      pool.recycle(&plainSession)
    } catch {
      // `validate()` runs once per value: the recovery pass keeps the plain pass's outcomes.
      let validations = plainSession!.validationsIfAny
      let finished = plainSession!.plainPassWork
      let failedInTypeWithPolicy = plainSession!.failedInTypeWithPolicy
      let plainFailures = plainSession!.plainFailures
      pool.recycle(&plainSession)
      // Under `.failFast` the recovery pass can only apply coercions, the policy of a type that
      // has its own (when the error came out of one), or another candidate of a mapped key (when a
      // mapped value failed): else JSONDecoder's error is thrown as is.
      guard
        options.errorPolicy != .failFast || !options.coercions.isEmpty || failedInTypeWithPolicy
          || plainFailures.mayFallThrough
      else {
        throw ValidationFailure.unwrapped(error)
      }
      return try decodeRecovering(
        type, plainError: error, plainFailures: plainFailures, validations: validations, finished: finished,
        issues: &issues)
    }
    // Decoded; under `.collectAll` unknown keys under `unknownKeyPolicy = .fail` are problems.
    guard !notes.isEmpty else { return value }
    let ordered = RecoveryState.ordered(notes)
    if options.errorPolicy == .collectAll, ordered.contains(where: isProblem) {
      throw Self.failure(problems: ordered.filter(isProblem), typeName: Self.typeName(of: type))
    }
    issues += ordered
    return value
  }

  /// The recovery pass, after the plain pass threw `plainError`.
  private func decodeRecovering<T: Decodable>(
    _ type: T.Type, plainError: any Error, plainFailures: PlainPassFailures, validations: ValidationLog?,
    finished: ReusableValues?, issues: inout [FlexIssue]
  ) throws -> T {
    let pool = decodeSessionPool
    var pooledSession: DecodeSession? = .lent(options: options, validations: validations, configuration: configuration)
    defer { pool.recycle(&pooledSession) }
    let session = pooledSession!
    let recovery = RecoveryState(
      policy: options.errorPolicy, reusable: finished, tapeCount: tape.count, plainPassError: plainError,
      plainFailures: plainFailures)
    session.recovery = recovery
    let decoder = TapeDecoder(tape: tape, session: session)
    // A missing step of the key path: the value is missing.
    let valueIndex: Int
    do {
      valueIndex = try keyPath.map { try decoder.walk($0, from: 0) } ?? 0
    } catch {
      let path = Self.codingPath(of: error)
      let placeholder = topPolicy(type) == .useDefaults ? decoder.placeholder(type, path: path) : nil
      guard let placeholder else { throw error }
      decoder.record(error, path: path, valueIndex: nil, action: .substitute)
      return try finish(
        placeholder, type, plainError: plainError, session: session, recovery: recovery, issues: &issues)
    }
    let value: T
    do {
      // The top-level value is the engine's call: under `.useDefaults` a value that cannot be
      // repaired inside becomes its type's placeholder.
      let policy = topPolicy(type)
      value = try decoder.recoveringCall(
        recovery, site: nil, type: type, path: decoder.pathStack, valueIndex: valueIndex,
        replacement: { path in
          guard policy == .useDefaults else { throw NoPlaceholder() }
          return try decoder.requirePlaceholder(type, path: path)
        }
      ) {
        try decoder.decodeValue(type, at: valueIndex)
      }
    } catch let stop as RecoveryStop {
      // A problem that ends the decode (`.failFast`, a type's own; not recorded). With no failure
      // and no coercion before it, it is the plain pass's failure, whose error (the model's own,
      // if it wraps the container's) is JSONDecoder's.
      let isPlainFailure = !recovery.hasRecordedFailure && session.coercionsApplied == 0
      throw ValidationFailure.unwrapped(isPlainFailure ? plainError : stop.error)
    } catch {
      // Nothing below could repair it: under `.useDefaults` the type's placeholder, else what
      // was collected, with this problem if it is not listed yet.
      let path = Self.codingPath(of: error)
      let placeholder = topPolicy(type) == .useDefaults ? decoder.placeholder(type, path: []) : nil
      if recovery.failure?.isReported != true {
        decoder.record(error, path: path, valueIndex: nil, action: placeholder == nil ? nil : .substitute)
      }
      if let placeholder {
        return try finish(
          placeholder, type, plainError: plainError, session: session, recovery: recovery, issues: &issues)
      }
      let problems = recovery.orderedIssues(mergedWith: session.notes).filter(isProblem)
      throw Self.failure(
        problems: problems, typeName: Self.typeName(of: type), plainError: plainError,
        loneProblemIsPlain: recovery.firstProblemPrecedesCoercions)
    }
    return try finish(value, type, plainError: plainError, session: session, recovery: recovery, issues: &issues)
  }

  /// The name a ``FlexDecodingError`` gives `type` (kept per type: writing a type's name is a
  /// runtime walk of its metadata, thousands of instructions per failing decode).
  static func typeName(of type: Any.Type) -> String {
    typeNames.value(for: ObjectIdentifier(type)) { "\(representedType(of: type))" }
  }

  private static let typeNames = ProcessTypeCache<String>()

  /// The policy for the top-level value as a whole: its type's own, if it has one.
  private func topPolicy<T: Decodable>(_ type: T.Type) -> FlexJSONDecoder.ErrorPolicy {
    TypeTraits.shared(for: type, ObjectIdentifier(type)).modelling?.errorPolicy ?? options.errorPolicy
  }

  /// Whether an issue makes `.collectAll` throw: a problem, or an unknown key under
  /// `unknownKeyPolicy = .fail`.
  private func isProblem(_ issue: FlexIssue) -> Bool {
    issue.kind.isProblem || (issue.kind == .unknownKey && options.unknownKeyPolicy == .fail)
  }

  private func decodeOnce<T: Decodable>(_ type: T.Type, session: DecodeSession) throws -> T {
    let decoder = TapeDecoder(tape: tape, session: session)
    let valueIndex = try keyPath.map { try decoder.walk($0, from: 0) } ?? 0
    return try decoder.decodeValue(type, at: valueIndex)
  }

  /// After the recovery pass: throw the problems under `.collectAll`, return them under
  /// `.useDefaults`.
  private func finish<T>(
    _ value: T, _ type: T.Type, plainError: any Error, session: DecodeSession, recovery: RecoveryState,
    issues: inout [FlexIssue]
  ) throws -> T {
    let all = recovery.orderedIssues(mergedWith: session.notes)
    if options.errorPolicy == .collectAll || recovery.collectedProblems, all.contains(where: isProblem) {
      throw Self.failure(
        problems: all.filter(isProblem), typeName: Self.typeName(of: type), plainError: plainError,
        loneProblemIsPlain: recovery.firstProblemPrecedesCoercions)
    }
    issues += all
    return value
  }

  /// What a decode that failed with `problems` throws: one problem's own error (the
  /// `DecodingError`, or the model's error), a ``FlexDecodingError`` for several.
  ///
  /// `plainError`: what the plain pass threw (JSONDecoder's error), if it threw; it is kept on a
  /// ``FlexDecodingError`` as its `firstError`. `loneProblemIsPlain`: the recovery pass applied
  /// no coercion before its first problem, so a lone problem is the plain pass's failure, and
  /// its error is what JSONDecoder throws — the error type a model's `init(from:)` throws when it
  /// wraps the container's error in its own, which the problem's own error, taken where it
  /// happened, is not.
  static func failure(
    problems: [FlexIssue], typeName: @autoclosure () -> String, plainError: (any Error)? = nil,
    loneProblemIsPlain: Bool = false
  ) -> any Error {
    // (The type's name is written only for a FlexDecodingError: a type name costs thousands of
    // instructions, more than the rest of a lone problem's throw.)
    let plainError = plainError.map(ValidationFailure.unwrapped)
    if problems.count == 1 {
      if loneProblemIsPlain, let plainError { return plainError }
      if let error = problems[0].thrownError { return error }
    }
    return FlexDecodingError(issues: problems, typeName: typeName(), firstError: plainError)
  }

  /// Where an error happened: its coding path, with the missing key of a `keyNotFound` (as the
  /// paths of recovered issues have it).
  static func codingPath(of error: any Error) -> [any CodingKey] {
    guard let decodingError = error as? DecodingError else { return [] }
    if case .keyNotFound(let key, let context) = decodingError { return context.codingPath + [key] }
    return decodingError.context.codingPath
  }
}

extension DecodingError {
  /// Whether `other` reports the same failure: the same case, type or key, coding path (each
  /// key's type, string and integer value) and description.
  func isSameFailure(as other: DecodingError) -> Bool {
    let sameKey = Self.isSameKey
    switch (self, other) {
    case (.typeMismatch(let a, _), .typeMismatch(let b, _)), (.valueNotFound(let a, _), .valueNotFound(let b, _)):
      guard a == b else { return false }
    case (.keyNotFound(let a, _), .keyNotFound(let b, _)):
      guard sameKey(a, b) else { return false }
    case (.dataCorrupted, .dataCorrupted):
      break
    default:
      return false
    }
    let (mine, theirs) = (context, other.context)
    return mine.debugDescription == theirs.debugDescription && mine.codingPath.count == theirs.codingPath.count
      && zip(mine.codingPath, theirs.codingPath).allSatisfy(sameKey)
  }

  /// Whether two coding keys are the same key: the same type, string and integer value.
  static func isSameKey(_ a: any CodingKey, _ b: any CodingKey) -> Bool {
    type(of: a) == type(of: b) && a.stringValue == b.stringValue && a.intValue == b.intValue
  }

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
