import Foundation

/// Every problem met while decoding one value, thrown once at the end under
/// ``FlexJSONDecoder/ErrorPolicy/collectAll`` when there are several. A decode that fails with
/// one problem throws that problem's own error instead (the `DecodingError`, or the model's own
/// error), exactly as `JSONDecoder` would; ``issues(in:)`` reads the issues from either.
///
/// ```swift
/// do {
///   let order = try FlexJSONDecoder().decode(Order.self, from: data)
/// } catch let error as FlexDecodingError {
///   print(error)
///   // 2 problems decoding Order:
///   //   items[1].sku: key not found (tried "sku", "SKU")
///   //   items[2].quantity: expected Int but found the string "two"
///   for issue in error.issues where issue.kind == .keyNotFound { … }
/// }
/// ```
public struct FlexDecodingError: Error, CustomStringConvertible, Sendable {
  /// The problems, in document order.
  public let issues: [FlexIssue]
  /// The name of the type that was being decoded.
  public let typeName: String
  /// The error `JSONDecoder` (or ``FlexJSONDecoder/strict()``) throws for the same document: the
  /// first problem met, as the model's own `init(from:)` let it escape — your own error type
  /// when it catches the container's `DecodingError` and rethrows it wrapped, the
  /// `DecodingError` otherwise. `nil` when a strict decode would have succeeded (the problems
  /// are then unknown keys under ``FlexJSONDecoder/UnknownKeyPolicy/fail``).
  ///
  /// Code written against `JSONDecoder`'s errors keeps one path for any number of problems:
  ///
  /// ```swift
  /// do {
  ///   let spec = try FlexJSONDecoder().decode(Spec.self, from: data)
  /// } catch let error as FlexDecodingError {
  ///   log(error)                                 // every problem, one per line
  ///   if let own = error.firstError as? SpecError { report(own) }
  /// } catch let error as SpecError {             // one problem: your own error, as before
  ///   report(error)
  /// }
  /// ```
  public let firstError: (any Error)?

  /// Creates an error listing `issues`; `firstError` is what a strict decode of the same
  /// document throws, if it throws.
  public init(issues: [FlexIssue], typeName: String, firstError: (any Error)? = nil) {
    self.issues = issues
    self.typeName = typeName
    self.firstError = firstError
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

// MARK: - Reading issues from any error

extension FlexDecodingError {
  /// The problems behind any error a ``FlexJSONDecoder`` decode threw, so that logging code
  /// needs one path: the list of a `FlexDecodingError` (several problems), or the one problem of
  /// the error thrown for a single problem — a `DecodingError` (with its path), or the model's
  /// own error from its `init(from:)` or ``FlexValidatable/validate()`` (which carries no path:
  /// it is thrown exactly as `JSONDecoder` would throw it).
  ///
  /// ```swift
  /// do {
  ///   let order = try FlexJSONDecoder().decode(Order.self, from: data)
  /// } catch {
  ///   for issue in FlexDecodingError.issues(in: error) { log.warning("\(issue)") }
  /// }
  /// ```
  ///
  /// - Parameter error: an error thrown by a decode.
  /// - Returns: the problems it stands for, in document order.
  public static func issues(in error: any Error) -> [FlexIssue] {
    if let error = error as? FlexDecodingError { return error.issues }
    let path = DocumentDecoding.codingPath(of: error)
    let (kind, message, decodingError) = IssueMessage.describe(error, path: path)
    return [
      FlexIssue(
        kind: kind, path: TapeDecoder.render(path), message: message, decodingError: decodingError,
        thrownError: error)
    ]
  }
}

// MARK: - LocalizedError

extension FlexDecodingError: LocalizedError {
  /// The ``description``: the count of problems, then one line per issue, path first.
  public var errorDescription: String? { description }
}
