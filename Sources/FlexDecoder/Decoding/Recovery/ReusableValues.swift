@_spi(Engine) import FlexCore

// Work that recovery does not do twice.
//
// The recovery pass decodes a value again when its `init(from:)` let through an error the pass
// had not seen before (RecoveryState.swift). The nested values that `init(from:)` finished
// before the failure come out the same the second time: the same bytes, the same calls, and
// failures inside them that were already repaired are repaired again. So a finished value that
// took many calls is kept, with the issues and notes recorded while it was decoded, and handed
// back (its issues recorded again) when the same value of the same type is asked for again. A
// model whose failing keys come after a large array (`{"items": [...], "count": "3"}`) does not
// decode the array again for each new problem.
//
// The plain pass gives its finished work to the recovery pass the same way: an array whose
// element `k` failed keeps elements `0..<k`, which the recovery pass takes instead of decoding
// them again. They decoded with no failure at all, so the recovery pass would make the same
// elements (see RecoveryState.swift on facts learned at one call site and applied at another,
// the one way a value could come out otherwise; keeping its first outcome is then the choice).
//
// Only values that cost many calls are kept (a small value is cheaper to decode again than to
// keep), and none is looked up unless one was kept at or after its position: values are decoded
// in document order, so only a value decoded again can find one.

/// A value at a tape index, decoded as a type.
struct ReusableKey: Hashable {
  let valueIndex: Int
  let type: ObjectIdentifier
}

/// Finished values the recovery pass hands back instead of decoding them again.
final class ReusableValues {
  /// A finished value with what decoding it recorded.
  struct Value {
    let value: Any
    let issues: [(offset: Int, issue: FlexIssue)]
    let notes: [(offset: Int, issue: FlexIssue)]
  }

  /// The first elements of an array whose next element failed in the plain pass.
  struct ArrayPrefix {
    /// The elements, an `[Element]`.
    let elements: Any
    /// How many there are.
    let count: Int
    /// The tape index of the element that failed.
    let nextPosition: Int
  }

  /// The fewest calls (container calls and values begun) a value must have cost to be kept.
  static let minimumCalls = 96
  /// The fewest tape entries an array prefix must span to be kept.
  static let minimumPrefixSpan = 64

  @exclusivity(unchecked) private var values: [ReusableKey: Value] = [:]
  @exclusivity(unchecked) private var prefixes: [ReusableKey: ArrayPrefix] = [:]
  /// The largest tape index of a kept value: values after it were never decoded.
  @exclusivity(unchecked) private(set) var lastKeptIndex = -1
  /// Whether the plain pass kept array prefixes.
  @exclusivity(unchecked) private(set) var hasPrefixes = false

  // MARK: Values

  /// Keeps `value`, the value at `valueIndex`, with the issues and notes decoding it recorded.
  func keep<T>(
    _ value: T, at valueIndex: Int, issues: ArraySlice<(offset: Int, issue: FlexIssue)>,
    notes: ArraySlice<(offset: Int, issue: FlexIssue)>
  ) {
    // Copies, not slices: a slice would keep the pass's buffers shared, and the next record
    // would copy them whole.
    values[ReusableKey(valueIndex: valueIndex, type: ObjectIdentifier(T.self))] = Value(
      value: value, issues: issues.isEmpty ? [] : Array(issues), notes: notes.isEmpty ? [] : Array(notes))
    if valueIndex > lastKeptIndex { lastKeptIndex = valueIndex }
  }

  /// The value kept for `valueIndex` as `T`, if any.
  @inline(__always)
  func value<T>(at valueIndex: Int, as type: T.Type) -> Value? {
    guard valueIndex <= lastKeptIndex else { return nil }
    return values[ReusableKey(valueIndex: valueIndex, type: ObjectIdentifier(T.self))]
  }

  // MARK: Array prefixes

  /// Keeps the first `elements` of the array at `arrayIndex`, whose element at `nextPosition`
  /// failed in the plain pass.
  func keepPrefix<Element>(_ elements: [Element], of arrayIndex: Int, nextPosition: Int) {
    guard nextPosition &- arrayIndex >= Self.minimumPrefixSpan, !elements.isEmpty else { return }
    prefixes[ReusableKey(valueIndex: arrayIndex, type: ObjectIdentifier(Element.self))] = ArrayPrefix(
      elements: elements, count: elements.count, nextPosition: nextPosition)
    hasPrefixes = true
  }

  /// The prefix the plain pass kept for the array of `Element` at `arrayIndex`, if any. (Callers
  /// ask only when ``hasPrefixes``.)
  func prefix<Element>(of arrayIndex: Int, _ type: Element.Type) -> (elements: [Element], nextPosition: Int)? {
    guard let prefix = prefixes[ReusableKey(valueIndex: arrayIndex, type: ObjectIdentifier(Element.self))],
      let elements = prefix.elements as? [Element]
    else { return nil }
    return (elements, prefix.nextPosition)
  }
}
