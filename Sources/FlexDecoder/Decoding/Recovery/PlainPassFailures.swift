@_spi(Engine) import FlexCore

/// What the plain pass noted of its failures, for the recovery pass to tell which of its own
/// failures is the one whose error escaped (RecoveryState.swift, 5.): an error alone does not
/// say which call made it. A missing key's `keyNotFound` is the same whatever type was asked
/// for; a value's own error (`dataCorrupted`) is the same whichever type's `init(from:)` threw
/// it. Noted only on the plain pass's failure path.
struct PlainPassFailures {
  /// The last required key found missing: the call, and its error's description.
  var missingKey: (site: CallSite, description: String)?
  /// The innermost value of the last chain of values whose `init(from:)` threw: its tape index
  /// and type.
  private(set) var failedValue: (index: Int, type: ObjectIdentifier)?

  /// Whether a value of a key mapped to several candidates failed: another candidate may decode
  /// (see ObjectLookup+CandidateFallThrough.swift), which only the recovery pass tries.
  var mayFallThrough = false

  /// Whether anything is noted.
  var isNoted: Bool { missingKey != nil || failedValue != nil || mayFallThrough }

  /// Notes that the `init(from:)` of the value of type `type` at `valueIndex` threw: it becomes
  /// the innermost failed value, unless the one noted is inside it (the same error on its way up).
  mutating func noteFailedValue(_ type: Any.Type, at valueIndex: Int, in tape: JSONTape) {
    if let noted = failedValue, noted.index > valueIndex, noted.index < tape.next(after: valueIndex) { return }
    failedValue = (valueIndex, ObjectIdentifier(type))
  }
}
