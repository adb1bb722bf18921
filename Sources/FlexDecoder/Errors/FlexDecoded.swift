/// A decoded value with everything that was noticed on the way: problems recovered from
/// (under `.useDefaults`), coercions applied (with `reportsCoercions`) and unknown keys (with
/// `unknownKeyPolicy = .report`).
///
/// ```swift
/// let decoder = FlexJSONDecoder()
/// decoder.errorPolicy = .useDefaults
/// let result = try decoder.decodeWithReport(Order.self, from: data)
/// result.value            // the order, with defaults where values were bad
/// result.issues           // what was substituted, and where
/// ```
public struct FlexDecoded<T> {
  /// The decoded value.
  public let value: T
  /// What was recovered from or tolerated, in document order.
  public let issues: [FlexIssue]

  /// Creates a report.
  public init(value: T, issues: [FlexIssue]) {
    self.value = value
    self.issues = issues
  }
}

extension FlexDecoded: Sendable where T: Sendable {}
