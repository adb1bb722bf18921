/// Every problem met while decoding one value, thrown once at the end under
/// ``FlexJSONDecoder/ErrorPolicy/collectAll``.
///
/// ```swift
/// do {
///   let order = try FlexJSONDecoder().decode(Order.self, from: data)
/// } catch let error as FlexDecodingError {
///   print(error)
///   // 2 problems decoding Order:
///   //   items[1].sku: key not found (tried "sku", "SKU")
///   //   items[2].quantity: expected Int but found a string
///   for issue in error.issues where issue.kind == .keyNotFound { … }
/// }
/// ```
public struct FlexDecodingError: Error, CustomStringConvertible, Sendable {
  /// The problems, in document order.
  public let issues: [FlexIssue]
  /// The name of the type that was being decoded.
  public let typeName: String

  /// Creates an error listing `issues`.
  public init(issues: [FlexIssue], typeName: String) {
    self.issues = issues
    self.typeName = typeName
  }

  /// The same problems as `DecodingError` values, as `JSONDecoder` would have thrown them one
  /// at a time (validation failures are `dataCorrupted` with the validation error underneath).
  public var decodingErrors: [DecodingError] {
    issues.compactMap(\.decodingError)
  }

  /// One line per issue, path first, readable in a log:
  ///
  ///     3 problems decoding Order:
  ///       items[1].sku: key not found (tried "sku", "SKU")
  ///       …
  public var description: String {
    let count = issues.count == 1 ? "1 problem" : "\(issues.count) problems"
    return (["\(count) decoding \(typeName):"] + issues.map { "  \($0)" }).joined(separator: "\n")
  }
}
