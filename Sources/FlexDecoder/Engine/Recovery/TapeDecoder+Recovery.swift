@_spi(Engine) import FlexCore
import Foundation

// The container side of recovery (see RecoveryState.swift for the design): every container call
// goes through `recovering`, which costs one `nil` check when no replay is under way.

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
}

/// How a failed call at a planned site is repaired.
enum RecoveryAction {
  /// A placeholder (under `.useDefaults`, a default) takes the value's place.
  case substitute
  /// `nil` takes the value's place (a `decodeIfPresent` call).
  case makeNil
}

extension TapeDecoder {
  /// Runs one container call. Under a replay, a failure at a planned site is recorded and
  /// repaired with `replacement`; other failures are attributed to this site and rethrown.
  ///
  /// - Parameters:
  ///   - siteType: the type asked for; with the path, it names the site.
  ///   - path: the coding path of the value (built only on failure).
  ///   - valueIndex: the value's tape index, if it exists, to order the issue.
  ///   - action: what the repair is, for the report.
  ///   - replacement: the repaired result, or `nil` if none can be made.
  @inline(__always)
  func recovering<T>(
    _ siteType: Any.Type, path: @autoclosure () -> [any CodingKey], valueIndex: @autoclosure () -> Int?,
    action: RecoveryAction = .substitute, missingKeyMessage: @autoclosure () -> String? = nil,
    replacement: ([any CodingKey]) -> T?, _ body: () throws -> T
  ) throws -> T {
    // The common case (no replay) must not touch `T?`: in unspecialized generic code that alone
    // costs a metadata lookup per call.
    guard let recovery else { return try body() }
    return try recoveringDuringReplay(
      recovery, siteType, path: path(), valueIndex: valueIndex(), action: action,
      missingKeyMessage: missingKeyMessage(),
      replacement: replacement, body)
  }

  @inline(never)
  private func recoveringDuringReplay<T>(
    _ recovery: RecoveryState, _ siteType: Any.Type, path: @autoclosure () -> [any CodingKey],
    valueIndex: @autoclosure () -> Int?, action: RecoveryAction, missingKeyMessage: @autoclosure () -> String?,
    replacement: ([any CodingKey]) -> T?, _ body: () throws -> T
  ) throws -> T {
    recovery.generation &+= 1
    let generation = recovery.generation
    let issuesBefore = recovery.issueCount
    let notesBefore = session.notes.count
    do {
      let value = try body()
      recovery.attribution = nil
      return value
    } catch let stop as RecoveryStop {
      throw stop
    } catch let originalError {
      // Notes of an attempt that failed are not kept: the value is retried, replaced or dropped.
      session.notes.removeSubrange(notesBefore...)
      let path = path()
      let site = RecoverySite(pattern: Self.sitePattern(path), type: ObjectIdentifier(siteType))
      if recovery.unrecoverable.contains(site) {
        // No placeholder here: an enclosing call repairs. Under `.collectAll` the problem is
        // listed at its own path now, or it would be lost with the enclosing value.
        if recovery.policy == .collectAll && recovery.issueCount == issuesBefore {
          record(
            originalError, path: path, valueIndex: valueIndex(), substitution: nil,
            missingKeyMessage: missingKeyMessage())
        }
        throw originalError  // leave the attribution to the enclosing call
      }
      guard recovery.plan.contains(site) else {
        recovery.attribute(site)
        throw originalError
      }
      if recovery.escapedFromInside(callStartedAt: generation) {
        throw originalError
      }
      let error: any Error
      switch try retryWithCoercions(recovery, failing: originalError, body) {
      case .success(let coerced): return coerced
      case .failure(let reported): error = reported
      }
      guard recovery.policy != .failFast else { throw RecoveryStop(error: error) }
      guard let repaired = replacement(path) else {
        recovery.unrecoverable.insert(site)
        recovery.attribution = nil
        throw error
      }
      // Under `.collectAll`, a failure inside the body that was already listed (and may have
      // caused this one, through a placeholder) is enough. Under `.useDefaults` the repair is
      // reported all the same: it changes the value.
      if recovery.issueCount == issuesBefore || recovery.policy == .useDefaults {
        record(
          error, path: path, valueIndex: valueIndex(), substitution: action, missingKeyMessage: missingKeyMessage())
      }
      recovery.attribution = nil
      return repaired
    }
  }

  /// At a planned site: `body` run again with the decoder's coercions in force. Returns the
  /// value if that works; otherwise the error to report — the retry's own when a coercion was
  /// applied before it failed (it says more: `"[1, \"x\"]"` as JSON failed at its element 1), else
  /// `error`.
  func retryWithCoercions<T>(
    _ recovery: RecoveryState, failing error: any Error, _ body: () throws -> T
  ) throws -> Result<T, any Error> {
    guard !options.coercions.isEmpty, !session.coercionsActive else { return .failure(error) }
    session.coercionsActive = true
    defer { session.coercionsActive = false }
    let appliedBefore = session.coercionsApplied
    let notesBefore = session.notes.count
    do {
      let value = try body()
      recovery.attribution = nil
      return .success(value)
    } catch let stop as RecoveryStop {
      throw stop
    } catch let retryError {
      session.notes.removeSubrange(notesBefore...)
      return .failure(session.coercionsApplied > appliedBefore ? retryError : error)
    }
  }

  /// A placeholder for `T` (see PlaceholderDecoder.swift).
  func placeholder<T>(_ type: T.Type, path: [any CodingKey]) -> T? {
    if let scalar = PlaceholderDecoder.scalarPlaceholder(type) { return scalar }
    guard let decodable = type as? any Decodable.Type else { return nil }
    return makePlaceholder(decodable, path: path) as? T
  }

  private func makePlaceholder<D: Decodable>(_ type: D.Type, path: [any CodingKey]) -> D? {
    PlaceholderDecoder.placeholder(
      type, codingPath: path, userInfo: userInfo, allowsAnyCase: recovery?.policy == .collectAll)
  }

  /// Records the issue for a repaired failure.
  func record(
    _ error: any Error, path: [any CodingKey], valueIndex: Int?, substitution: RecoveryAction?,
    missingKeyMessage: String? = nil
  ) {
    guard let recovery else { return }
    var (kind, message, decodingError) = Self.describe(error, path: path)
    if kind == .keyNotFound, let missingKeyMessage { message = missingKeyMessage }
    if recovery.policy == .useDefaults, let substitution {
      message += substitution == .makeNil ? "; used nil" : "; used the default"
      kind = .defaulted
    }
    let offset = valueIndex.map { Int(tape[$0].offset) } ?? currentOffset
    recovery.record(
      FlexIssue(kind: kind, path: render(path), message: message, decodingError: decodingError), at: offset)
  }

  /// Records an element or dictionary value dropped under `.useDefaults` (or, under
  /// `.collectAll`, the problem that made it unusable).
  func recordDropped(_ error: any Error, path: [any CodingKey], valueIndex: Int) {
    guard let recovery else { return }
    var (kind, message, decodingError) = Self.describe(error, path: path)
    if recovery.policy == .useDefaults {
      message += "; dropped"
      kind = .droppedElement
    }
    recovery.record(
      FlexIssue(kind: kind, path: render(path), message: message, decodingError: decodingError),
      at: Int(tape[valueIndex].offset))
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
    let issue = FlexIssue(kind: kind, path: render(path), message: message, decodingError: decodingError)
    notes.append((offset, issue))
  }

  /// The byte offset of the value at the cursor, to order issues.
  private var currentOffset: Int { Int(tape[min(index, tape.count - 1)].offset) }

  // MARK: Describing errors

  /// The issue kind, message and `DecodingError` for an error thrown while decoding.
  static func describe(_ error: any Error, path: [any CodingKey]) -> (FlexIssue.Kind, String, DecodingError?) {
    guard let decodingError = error as? DecodingError else {
      let wrapped = DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: path, debugDescription: "\(error)", underlyingError: error))
      return (.dataCorrupted, "\(error)", wrapped)
    }
    switch decodingError {
    case .keyNotFound:
      return (.keyNotFound, "key not found", decodingError)
    case .valueNotFound(let type, _):
      return (.valueNotFound, "expected \(type) but found null", decodingError)
    case .typeMismatch(_, let context):
      return (.typeMismatch, sentence(context.debugDescription), decodingError)
    case .dataCorrupted(let context):
      if let validation = ValidationFailure.validationError(in: context) {
        return (.validationFailed, "validation failed: \(validation)", decodingError)
      }
      return (.dataCorrupted, sentence(context.debugDescription), decodingError)
    @unknown default:
      return (.dataCorrupted, "\(decodingError)", decodingError)
    }
  }

  /// "Expected to decode Int but found a string instead." → "expected Int but found a string".
  private static func sentence(_ text: String) -> String {
    var text = text.replacingOccurrences(of: "Expected to decode ", with: "expected ")
    text = text.replacingOccurrences(of: " instead.", with: "")
    if text.hasSuffix(".") { text.removeLast() }
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }

  // MARK: Paths

  /// `items[3].author.id`: the coding path with its keys spelled as the JSON spells them under
  /// the key strategy (`lineItems` is `line_items` under `.convertFromSnakeCase`). Dictionary
  /// keys are as written.
  static func render(_ path: [any CodingKey], strategy: FlexJSONDecoder.KeyDecodingStrategy = .useDefaultKeys)
    -> String
  {
    var result = ""
    for key in path {
      if key is IndexCodingKey || isArrayIndexKey(key) {
        result += "[\(key.intValue ?? 0)]"
      } else {
        if !result.isEmpty { result += "." }
        result += isDictionaryKey(key) ? key.stringValue : expectedJSONKey(key.stringValue, strategy: strategy)
      }
    }
    return result
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

  /// `items.*.author.id`: array positions and dictionary keys become `*`.
  static func sitePattern(_ path: [any CodingKey]) -> String {
    path.map { key in
      key is IndexCodingKey || isArrayIndexKey(key) || isDictionaryKey(key) ? "*" : key.stringValue
    }.joined(separator: ".")
  }

  /// Foundation-style index keys made by other code (`"Index 3"` with an `intValue`).
  private static func isArrayIndexKey(_ key: any CodingKey) -> Bool {
    guard let intValue = key.intValue else { return false }
    return key.stringValue == "Index \(intValue)"
  }

  /// Keys of dictionaries: ours, and the standard library's `_DictionaryCodingKey`.
  private static func isDictionaryKey(_ key: any CodingKey) -> Bool {
    key is DictionaryMemberKey || String(describing: type(of: key)).contains("DictionaryCodingKey")
  }
}

/// The key of a dictionary member decoded by the engine itself during a replay.
struct DictionaryMemberKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = Int(stringValue)
  }

  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}
