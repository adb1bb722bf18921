@_spi(Engine) import FlexCore
import Foundation

// The container side of recovery (see RecoveryState.swift for the design). During the recovery
// pass every container call goes through `recoveringCall`: a plain call when it succeeds, and on
// failure one decision — pass the error on, coerce, or repair and record.

/// A failed ``FlexValidatable/validate()`` is thrown as `DecodingError.dataCorrupted` whose
/// `underlyingError` is the error `validate()` threw, so that callers can cast it back; the
/// description's fixed opening tells it from other corrupted data.
enum ValidationFailure {
  /// How the description of a validation failure starts.
  static let descriptionPrefix = "Validation failed: "

  /// The error thrown when `validate()` threw `error` for the value at `codingPath`.
  static func decodingError(_ error: any Error, codingPath: [any CodingKey]) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath, debugDescription: descriptionPrefix + "\(error)", underlyingError: error))
  }

  /// The error `validate()` threw, if `context` is that of a validation failure.
  static func validationError(in context: DecodingError.Context) -> (any Error)? {
    guard context.debugDescription.hasPrefix(descriptionPrefix) else { return nil }
    return context.underlyingError
  }

  /// The error `validate()` threw, if `error` is a validation failure; else `error`.
  static func unwrapped(_ error: any Error) -> any Error {
    unwrapped(error, as: error as? DecodingError)
  }

  /// ``unwrapped(_:)`` when `error` was cast to `DecodingError` already (`decodingError`; a cast
  /// from `any Error` is a runtime lookup).
  static func unwrapped(_ error: any Error, as decodingError: DecodingError?) -> any Error {
    guard case .dataCorrupted(let context)? = decodingError, let validationError = validationError(in: context)
    else { return error }
    return validationError
  }
}

/// How a failed call is repaired.
enum RecoveryAction {
  /// A placeholder (under `.useDefaults`, a default) takes the value's place.
  case substitute
  /// `nil` takes the value's place (a `decodeIfPresent` call).
  case makeNil
  /// The element or dictionary member is left out.
  case drop

  /// The kind of the issue that reports the repair.
  var issueKind: FlexIssue.Kind {
    self == .drop ? .droppedElement : .defaulted
  }

  /// What the report's message says of the repair, after the problem: `; used the default`.
  var messageSuffix: String {
    switch self {
    case .substitute: return "; used the default"
    case .makeNil: return "; used nil"
    case .drop: return "; dropped"
    }
  }
}

/// The JSON kind a scalar call reads without any coercion, to tell a failure before it is
/// thrown (building a `DecodingError` costs more than decoding the value).
enum ScalarExpectation {
  case string, number, bool, any

  /// The expectation for `type`: `.any` for anything but the standard scalars.
  @inline(__always)
  init(_ type: Any.Type) {
    if type == String.self {
      self = .string
    } else if type == Int.self || type == Double.self || type == Int64.self || type == Float.self
      || type == Int32.self || type == UInt.self || type == UInt64.self || type == UInt32.self || type == Int16.self
      || type == UInt16.self || type == Int8.self || type == UInt8.self
    {
      self = .number
    } else if type == Bool.self {
      self = .bool
    } else {
      self = .any
    }
  }
}

extension JSONTokenKind {
  /// A string, a number, `true` or `false`: what the scalar coercions read.
  fileprivate var isNonNullScalar: Bool {
    rawValue &- JSONTokenKind.true.rawValue <= JSONTokenKind.string.rawValue &- JSONTokenKind.true.rawValue
  }
}

extension TapeDecoder {
  /// Whether the value at `valueIndex` certainly fails a plain read of a scalar expecting
  /// `expectation` (a string where a number is wanted, a `null`, an object…).
  @inline(__always)
  func certainlyFails(_ expectation: ScalarExpectation, at valueIndex: Int) -> Bool {
    let kind = tape[valueIndex].kind
    switch expectation {
    case .string: return kind != .string
    case .number:
      // Floating point reads strings under `.convertFromString`: let the read decide.
      return kind != .number && !(kind == .string && options.readsNonConformingFloats)
    case .bool: return kind != .true && kind != .false
    case .any: return false
    }
  }

  /// Runs one container call of the recovery pass. `body` is the plain call; a failure is
  /// passed on, coerced or repaired as RecoveryState.swift describes.
  ///
  /// - Parameters:
  ///   - site: the call (`nil` for the engine's own calls: elements, members, the top level).
  ///   - type: the type asked for.
  ///   - path: the coding path of the value (built only on failure).
  ///   - valueIndex: the value's tape index, if it exists, to order the issue.
  ///   - action: what the repair is, for the report.
  ///   - failsPlainly: the caller already knows the plain read fails (no error built yet).
  ///   - replacement: the repaired result; throws when none can be made.
  @inline(__always)
  func recoveringCall<T>(
    _ recovery: RecoveryState, site: @autoclosure () -> CallSite?, type: Any.Type,
    path: @autoclosure () -> [any CodingKey],
    valueIndex: @autoclosure () -> Int?, action: RecoveryAction = .substitute,
    missingKeyMessage: @autoclosure () -> String? = nil, failsPlainly: Bool = false,
    replacement: ([any CodingKey]) throws -> T, _ body: () throws -> T
  ) throws -> T {
    // A failure still pending here was caught by the code now making this call.
    if recovery.failure != nil { recovery.failure = nil }
    let generation = recovery.begin()
    let ordinal = recovery.countCall()
    let issuesAtStart = recovery.issueCount
    let notesAtStart = session.notes.count
    // The site names the frame of a nested value the body decodes (scalars have none). A body
    // that decodes none (a nested container, `decodeNil`) leaves it unclaimed: it is cleared when
    // the call ends, or the next value decoded outside a call (a flattened property's) would take
    // this call for its requester, one the pass can never learn about.
    defer { if recovery.nextRequester != nil { recovery.nextRequester = nil } }
    if ScalarExpectation(type) == .any {
      recovery.nextRequester = site()
    } else if failsPlainly, !session.coercionsActive, !options.coercions.isEmpty, let index = valueIndex(),
      tape[index].kind.isNonNullScalar
    {
      do {
        let site = site()
        let call = recovery.failingCall(site, ordinal: ordinal, valueIndex: index)
        return try coercedAnswer(recovery, site: site, call: call, notesAtStart: notesAtStart, body)
      } catch is NoCoercedAnswer {}
    }
    var error: (any Error)?
    if !failsPlainly {
      do {
        return try body()
      } catch let thrown {
        error = thrown
      }
    }
    return try handleFailure(
      recovery, error, generation: generation, ordinal: ordinal, issuesAtStart: issuesAtStart,
      notesAtStart: notesAtStart, site: site, type: type, path: path, valueIndex: valueIndex(), action: action,
      missingKeyMessage: missingKeyMessage,
      replacement: replacement, body)
  }

  /// The answer of a scalar call that fails plainly, read with the decoder's coercions, if the
  /// call may be repaired where it is: what ``handleFailure`` returns after its retry with
  /// coercions, in the most common repair of a messy document (a number sent as a string),
  /// without the rest of its route. Throws ``NoCoercedAnswer`` when the call may not be
  /// repaired here or the coercions do not mend the value: the general route then decides, as
  /// it would have. (Not `T?`: inlined into generic callers, that would look up `Optional<T>`'s
  /// metadata on each of their calls.)
  @inline(never)
  private func coercedAnswer<T>(
    _ recovery: RecoveryState, site: CallSite?, call: FailingCall?, notesAtStart: Int, _ body: () throws -> T
  ) throws -> T {
    guard recovery.isRepairable(site, depth: recovery.depth, call: call) else { throw NoCoercedAnswer() }
    do {
      let value = try withCoercionsInForce(body)
      recovery.failure = nil
      return value
    } catch let stop as RecoveryStop {
      throw stop
    } catch {
      if session.notes.count > notesAtStart { session.notes.removeSubrange(notesAtStart...) }
      throw NoCoercedAnswer()
    }
  }

  /// `body` run with the decoder's coercions in force, as a retry has them.
  @inline(__always)
  func withCoercionsInForce<R>(_ body: () throws -> R) rethrows -> R {
    let wasActive = session.coercionsActive
    session.coercionsActive = true
    defer { session.coercionsActive = wasActive }
    return try body()
  }

  /// The failure of a call: passed on when it comes from inside and may still be repaired
  /// there, else repaired here if this call may be, else thrown for the boundaries to learn from.
  @inline(never)
  private func handleFailure<T>(
    _ recovery: RecoveryState, _ caught: (any Error)?, generation: Int, ordinal: Int, issuesAtStart: Int,
    notesAtStart: Int,
    site makeSite: () -> CallSite?, type: Any.Type, path makePath: () -> [any CodingKey], valueIndex: Int?,
    action requestedAction: RecoveryAction, missingKeyMessage: () -> String?,
    replacement: ([any CodingKey]) throws -> T, _ body: () throws -> T
  ) throws -> T {
    if let stop = caught as? RecoveryStop { throw stop }
    // The placeholder of an `Optional` (`decode(Int?.self, forKey:)`, a generic `V<Int?>`) is
    // `nil`: said as a declared optional's repair is.
    let action =
      requestedAction == .substitute && isOptionalMetatype(type) ? RecoveryAction.makeNil : requestedAction
    let site = makeSite()
    let call = recovery.failingCall(site, ordinal: ordinal, valueIndex: valueIndex)
    let depth = recovery.depth
    // A failure that happened inside this call (in the value it decodes).
    let inner = caught == nil ? nil : recovery.failure.flatMap { $0.originGeneration > generation ? $0 : nil }
    // (The top-level call, at depth 0, has no boundary above it to learn: it always decides.)
    if let caught, let failure = inner, !failure.isSettled, depth > 0 {
      // It may still be repaired where it happened, once the boundaries above have learned
      // that the code in between lets it through: pass it on.
      if let site {
        failure.lastExited = site
        failure.lastExitedDepth = depth
      }
      throw caught
    }
    // The error of a call with no value to read (a missing key) when it was built already: the
    // coercions have nothing to read, and a retry would only build it again.
    var builtError: (any Error)?
    var knownPath: [any CodingKey]?
    if recovery.isRepairable(site, depth: depth, call: call) {
      // Repaired the same way when its value was decoded before (see ``RepeatedRepair``).
      // (`as?`: calls of one site may ask for different types, as nested containers of
      // different key types do, all named by `[String: Any]`.)
      if inner == nil, let call, let repair = recovery.repeatedRepair(of: call, issuesAtStart: issuesAtStart),
        let value = repair.value as? T
      {
        if session.notes.count > notesAtStart { session.notes.removeSubrange(notesAtStart...) }
        if let issue = repair.issue {
          recovery.record(issue.issue, at: issue.offset, coercionsApplied: session.coercionsApplied)
        }
        recovery.failure = nil
        return value
      }
    } else {
      // Not known to let its error through, unless the plain pass showed it (RecoveryState.swift,
      // 5.). A missing key where the plain pass missed it is told without building its error.
      if caught == nil, valueIndex == nil, inner == nil, let call, recovery.awaitsPlainPassFailure {
        let path = makePath()
        knownPath = path
        if let plainError = recovery.takesPlainPassLesson(missingKeyAt: path, call: call) {
          recovery.learnFromPlainPass(call: call, depth: depth)
          builtError = plainError
        }
      }
      if builtError == nil {
        // As JSONDecoder would: throw, and let the boundaries above learn whether it escapes.
        let error: any Error
        if let caught {
          error = caught
        } else {
          recovery.nextRequester = site
          do { return try body() } catch let thrown { error = thrown }
        }
        guard inner == nil, let call, recovery.takesPlainPassLesson(error, call: call) else {
          recovery.failure = PendingFailure(
            originGeneration: generation, isSettled: false, isReported: inner?.isReported ?? false,
            lastExited: site, lastExitedDepth: depth, originRequester: recovery.nearestRequester(depth: depth),
            originCall: call)
          throw error
        }
        // Repaired below as it would be when its value is decoded again: a call that failed
        // before its error was built (`caught` is `nil`) is retried for the error to report,
        // but for a missing key, whose error stands.
        recovery.learnFromPlainPass(call: call, depth: depth)
        if caught == nil && valueIndex == nil { builtError = error }
      }
    }
    // Repaired here: first with the coercions, when the failure is this call's own.
    let error: any Error
    if let caught, inner != nil {
      error = caught
    } else if let builtError {
      error = builtError
    } else {
      recovery.nextRequester = site
      do {
        let value = try retryWithCoercions(
          failing: caught, issuesAtStart: issuesAtStart, notesAtStart: notesAtStart, recovery, body)
        recovery.failure = nil
        return value
      } catch let failed as FailedRetry {
        error = failed.error
      }
    }
    guard recovery.policy != .failFast else { throw RecoveryStop(error: error) }
    let path = knownPath ?? makePath()
    let missingKeyMessage = missingKeyMessage()
    // A model's own error after repairs inside the same value is their consequence.
    let isConsequence = recovery.issueCount > issuesAtStart && inner == nil
    let isReported = (inner?.isReported ?? false) || (isConsequence && recovery.policy == .collectAll)
    // The call's own failure is worded with the type it asked for.
    let requested = inner == nil ? type : nil
    if let repaired = try? replacement(path) {
      // The notes taken inside the value (coercions, unknown keys) are of a value that is not
      // in the result: the repair's issue stands for it.
      if session.notes.count > notesAtStart { session.notes.removeSubrange(notesAtStart...) }
      // Under `.useDefaults` the repair is always reported (it changes the value).
      let issuesBefore = recovery.issueCount
      if !isReported {
        record(
          error, path: path, valueIndex: valueIndex, action: action, requested: requested,
          missingKeyMessage: missingKeyMessage)
      }
      if inner == nil, issuesBefore == issuesAtStart, let call, !(T.self is AnyClass) {
        recovery.keepRepair(of: call, value: repaired, issuesAtStart: issuesAtStart)
      }
      recovery.failure = nil
      return repaired
    }
    // No placeholder here: the enclosing call repairs. Under `.collectAll` the problem is listed
    // now, at its own path, or it would be lost with the enclosing value.
    var reported = isReported
    if recovery.policy == .collectAll && !reported {
      record(
        error, path: path, valueIndex: valueIndex, action: nil, requested: requested,
        missingKeyMessage: missingKeyMessage)
      reported = true
    }
    recovery.failure = PendingFailure(
      originGeneration: generation, isSettled: true, isReported: reported, lastExited: site, lastExitedDepth: depth)
    throw error
  }

  /// `body` run again with the decoder's coercions in force. Returns the value if that works;
  /// otherwise throws ``FailedRetry`` with the error to report — the retry's own when a coercion
  /// was applied before it failed (it says more: `"[1, \"x\"]"` as JSON failed at its element
  /// 1), else the first. (No `Result<T, …>`: in generic code its metadata is a runtime lookup.)
  private func retryWithCoercions<T>(
    failing error: (any Error)?, issuesAtStart: Int, notesAtStart: Int, _ recovery: RecoveryState,
    _ body: () throws -> T
  ) throws -> T {
    if let error, options.coercions.isEmpty || session.coercionsActive { throw FailedRetry(error: error) }
    // What the failed attempt recorded inside is recorded again by the retry.
    recovery.dropIssues(after: issuesAtStart)
    if session.notes.count > notesAtStart { session.notes.removeSubrange(notesAtStart...) }
    let wasActive = session.coercionsActive
    session.coercionsActive = !options.coercions.isEmpty
    defer { session.coercionsActive = wasActive }
    let appliedBefore = session.coercionsApplied
    do {
      return try body()
    } catch let stop as RecoveryStop {
      throw stop
    } catch let retryError {
      if session.notes.count > notesAtStart { session.notes.removeSubrange(notesAtStart...) }
      guard let error else { throw FailedRetry(error: retryError) }
      throw FailedRetry(error: session.coercionsApplied > appliedBefore ? retryError : error)
    }
  }

  /// ``placeholder(_:path:)``, or ``NoPlaceholder`` when `T` has none.
  func requirePlaceholder<T>(_ type: T.Type, path: [any CodingKey]) throws -> T {
    guard let value = placeholder(type, path: path) else { throw NoPlaceholder() }
    return value
  }

  /// A placeholder for `T` (see PlaceholderDecoder.swift).
  func placeholder<T>(_ type: T.Type, path: [any CodingKey]) -> T? {
    if let scalar = PlaceholderDecoder.scalarPlaceholder(type) { return scalar }
    guard let decodable = type as? any Decodable.Type else { return nil }
    return makePlaceholder(decodable, path: path) as? T
  }

  private func makePlaceholder<D: Decodable>(_ type: D.Type, path: [any CodingKey]) -> D? {
    PlaceholderDecoder.placeholder(
      type, codingPath: path, userInfo: userInfo, allowsAnyCase: recovery?.policy == .collectAll,
      configuration: session.configuration)
  }

  /// Records the issue for a failure; `action` is the repair (`nil`: none here, the problem
  /// alone under `.collectAll`).
  ///
  /// - Parameters:
  ///   - requested: the type the failing call asked for, when the failure is the call's own: a
  ///     type mismatch at the value is worded with it (`expected [Photo] but found an object`,
  ///     where the error has JSONDecoder's `[Any]`). A `DecodingError` the model threw for a
  ///     value inside its own (`dataCorruptedError(forKey: .status, …)`) keeps its longer path.
  func record(
    _ error: any Error, path: [any CodingKey], valueIndex: Int?, action: RecoveryAction?, requested: Any.Type? = nil,
    missingKeyMessage: String? = nil
  ) {
    guard let recovery else { return }
    var path = path
    var (kind, message, decodingError) = IssueMessage.describe(error, path: path)
    if kind == .keyNotFound, let missingKeyMessage { message = missingKeyMessage }
    if let requested, let decodingError {
      let context = decodingError.context
      // (A message the model wrote for its own type mismatch is kept.)
      if context.codingPath.count == path.count, let valueIndex,
        kind == .valueNotFound || (kind == .typeMismatch && context.debugDescription.hasPrefix("Expected to decode "))
      {
        message = IssueMessage.expected(requested, found: foundValue(valueIndex))
      } else if context.codingPath.count > path.count, kind != .keyNotFound {
        path = context.codingPath
      }
    }
    if recovery.policy == .useDefaults, let action {
      message += action.messageSuffix
      kind = action.issueKind
    }
    let offset = valueIndex.map { Int(tape[$0].offset) } ?? currentOffset
    recovery.record(
      FlexIssue(
        kind: kind, path: render(path), message: message, decodingError: decodingError,
        thrownError: ValidationFailure.unwrapped(error, as: decodingError)),
      at: offset, coercionsApplied: session.coercionsApplied)
  }

  /// Records a note that is not a problem (a coercion, an unknown key), or an unknown key that is
  /// one under `unknownKeyPolicy = .fail` (with its `decodingError`).
  func recordNote(
    _ kind: FlexIssue.Kind, path: [any CodingKey], message: String, valueIndex: Int, decodingError: DecodingError? = nil
  ) {
    recordNote(kind, path: path, message: message, offset: Int(tape[valueIndex].offset), decodingError: decodingError)
  }

  /// Records a note ordered at byte `offset`.
  func recordNote(
    _ kind: FlexIssue.Kind, path: [any CodingKey], message: String, offset: Int, decodingError: DecodingError? = nil
  ) {
    let issue = FlexIssue(
      kind: kind, path: render(path), message: message, decodingError: decodingError, thrownError: decodingError)
    notes.append((offset, issue))
  }

  /// The byte offset of the value at the cursor, to order issues.
  private var currentOffset: Int { Int(tape[min(index, tape.count - 1)].offset) }

  // MARK: Paths

  /// `items[3].author.id`: the coding path with its keys spelled as the JSON spells them under
  /// the key strategy (`lineItems` is `line_items` under `.convertFromSnakeCase`). Dictionary
  /// keys are as written.
  static func render(_ path: [any CodingKey], strategy: FlexJSONDecoder.KeyDecodingStrategy = .useDefaultKeys)
    -> String
  {
    // (Built on every recorded issue: one cast per key at most, and dictionary keys told apart
    // only under the strategies that respell keys.)
    let respells: Bool
    switch strategy {
    case .convertFromSnakeCase, .convertFromKebabCase, .convertFromTitleCase: respells = true
    case .useDefaultKeys, .convertFromAnyCase, .custom: respells = false
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.count &* 12)
    for key in path {
      if let index = key.intValue, key is IndexCodingKey || isArrayIndexKey(key, index) {
        bytes.append(UInt8(ascii: "["))
        appendDecimal(index, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
      } else {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: ".")) }
        let name = key.stringValue
        bytes.append(
          contentsOf: (respells && !isDictionaryKey(key) ? expectedJSONKey(name, strategy: strategy) : name).utf8)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the decimal digits of `value`.
  private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") &+ UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// How the JSON spells a property under `strategy` (as written for the strategies that do not
  /// name one spelling).
  private static func expectedJSONKey(_ name: String, strategy: FlexJSONDecoder.KeyDecodingStrategy) -> String {
    switch strategy {
    case .convertFromSnakeCase: return SnakeCaseConversion.snakeCase(fromCamelCase: name)
    case .convertFromKebabCase: return SnakeCaseConversion.snakeCase(fromCamelCase: name, separator: "-")
    case .convertFromTitleCase: return KeyCase.titleCase(fromCamelCase: name)
    case .useDefaultKeys, .convertFromAnyCase, .custom: return name
    }
  }

  /// ``render(_:strategy:)`` under this decoder's key strategy.
  func render(_ path: [any CodingKey]) -> String {
    Self.render(path, strategy: options.keyDecodingStrategy)
  }

  /// Foundation-style index keys made by other code (`"Index 3"` with an `intValue`).
  private static func isArrayIndexKey(_ key: any CodingKey, _ intValue: Int) -> Bool {
    let text = key.stringValue
    return text.hasPrefix("Index ") && text.utf8.dropFirst(6).elementsEqual(String(intValue).utf8)
  }

  /// Keys of dictionaries: ours, and the standard library's `_DictionaryCodingKey` (known by
  /// its name, which is costly to ask for: once per key type and process).
  private static func isDictionaryKey(_ key: any CodingKey) -> Bool {
    if key is DictionaryMemberKey { return true }
    let keyType = type(of: key)
    return dictionaryKeyTypes.value(for: ObjectIdentifier(keyType)) {
      String(describing: keyType).contains("DictionaryCodingKey")
    }
  }

  private static let dictionaryKeyTypes = ProcessTypeCache<Bool>()
}

/// A retry with coercions that failed too, with the error to report.
private struct FailedRetry: Error {
  let error: any Error
}

/// Thrown by a repair that has no placeholder to offer.
struct NoPlaceholder: Error {}

/// Thrown when a failed call gets no answer from the coercions on the spot.
private struct NoCoercedAnswer: Error {}
