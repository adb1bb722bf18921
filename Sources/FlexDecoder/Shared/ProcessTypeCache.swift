/// A lock-protected map from types to facts about them, shared by every decode and encode in the
/// process.
///
/// The facts are answers to dynamic casts (`type is any FlexValidatable.Type`). The first cast
/// of a type to a protocol scans every conformance record of the process, some 200,000
/// instructions, so each is asked once per type and process, and only when needed.
final class ProcessTypeCache<Value: Sendable>: @unchecked Sendable {
  /// The values, behind their lock.
  private let values = LockedState.make(TypeTable<Value>())

  /// The value for the type `identifier` identifies, computed by `compute` on first request.
  ///
  /// `compute` runs outside the lock: it may run user code (a type's `keyMapping`), which could
  /// decode something itself. Two threads may compute the same value; either result is kept.
  func value(for identifier: ObjectIdentifier, _ compute: () -> Value) -> Value {
    if let cached = values.withLock({ $0[identifier] }) { return cached }
    let computed = compute()
    values.withLock { $0[identifier] = computed }
    return computed
  }

  /// The value for the type `identifier` identifies, if one was kept.
  func cachedValue(for identifier: ObjectIdentifier) -> Value? {
    values.withLock { $0[identifier] }
  }

  /// Keeps `value` for the type `identifier` identifies.
  func keep(_ value: Value, for identifier: ObjectIdentifier) {
    values.withLock { $0[identifier] = value }
  }
}
