// What the property wrappers of Modelling/ ask of the engine: their value read apart from the
// error policy (the wrapper decides what a failure becomes), and what they tolerated written
// into the report.

extension TapeDecoder {
  /// Runs `body`, a property wrapper's read of its value: plainly, then, if that fails and the
  /// decoder has coercions, again with them. The recovery pass is set aside meanwhile, so a
  /// failure reaches the wrapper unrepaired and unrecorded. Throws the retry's failure when a
  /// coercion was applied before it (`{"x": "7", "y": []}` fails at `y` once `x` is read), else
  /// the first.
  func decodeForWrapper<T>(_ body: () throws -> T) throws -> T {
    do {
      return try withRecoverySetAside(body)
    } catch {
      guard !options.coercions.isEmpty, !session.coercionsActive else { throw error }
      session.coercionsActive = true
      defer { session.coercionsActive = false }
      let appliedBefore = session.coercionsApplied
      do {
        return try withRecoverySetAside(body)
      } catch let retryError {
        throw session.coercionsApplied > appliedBefore ? retryError : error
      }
    }
  }

  /// Runs `body` as ``decodeForWrapper(_:)`` does, but never with coercions, even inside a value
  /// that is being retried with them: a strict lossy collection's element reads as it would
  /// under `JSONDecoder` (`"3"` is no `Int`).
  func decodeStrictlyForWrapper<T>(_ body: () throws -> T) throws -> T {
    let wasActive = session.coercionsActive
    session.coercionsActive = false
    defer { session.coercionsActive = wasActive }
    return try withRecoverySetAside(body)
  }

  /// Records what a wrapper made of `error` at the current path (`action` is `.substitute` or
  /// `.drop`): a `.defaulted` or `.droppedElement` note in the report (never thrown: the
  /// wrapper's type asked for it).
  /// `requested` is the type the wrapper read, which words a type mismatch at the value itself.
  func noteWrapperRepair(_ error: any Error, requested: Any.Type, action: RecoveryAction) {
    var path = pathStack
    var (_, message, decodingError) = IssueMessage.describe(error, path: path)
    if let decodingError {
      // At the value itself, worded with the type the wrapper read; deeper, at the failing value.
      let context = decodingError.context
      if case .typeMismatch = decodingError, context.codingPath.count == path.count {
        message = IssueMessage.expected(requested, found: foundValue(index))
      } else if case .keyNotFound(let key, _) = decodingError, context.codingPath.count >= path.count {
        path = context.codingPath + [key]
      } else if context.codingPath.count > path.count {
        path = context.codingPath
      }
    }
    recordNote(
      action.issueKind, path: path, message: message + action.messageSuffix, valueIndex: index,
      decodingError: decodingError)
  }

}

extension TapeDecoder {
  /// A ``FlexFlattened`` value: `type` decoded from the enclosing object, at its path.
  func decodeFlattened<T: Decodable>(
    _ type: T.Type, _ enclosing: (decoder: TapeDecoder, index: Int, codingPath: [any CodingKey])
  ) throws -> T {
    let savedPath = pathStack
    pathStack = enclosing.codingPath
    defer { pathStack = savedPath }
    return try decodeValue(type, at: enclosing.index)
  }
}
