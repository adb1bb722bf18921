import FlexDecoder
import Foundation
import Testing

/// A `DecodingError` taken apart for `#expect`: its case, the key of a `keyNotFound`, the coding
/// path as strings (array positions read `"Index 3"`, as in Foundation) and the message.
///
/// ```swift
/// let error = try requireThrows(DecodingError.self) { try decoder.decode(User.self, from: json) }
/// let summary = DecodingErrorSummary(error)
/// #expect(summary.kind == .keyNotFound && summary.path == ["user"])
/// ```
struct DecodingErrorSummary: Equatable, CustomStringConvertible {
  /// The `DecodingError` case.
  enum Kind: Equatable {
    case typeMismatch, valueNotFound, keyNotFound, dataCorrupted, unknown
  }

  let kind: Kind
  /// For `keyNotFound`: the missing key's `stringValue`.
  let key: String?
  /// The coding path, each key's `stringValue`.
  let path: [String]
  /// The context's `debugDescription`.
  let message: String

  init(_ error: DecodingError) {
    let context: DecodingError.Context?
    switch error {
    case .typeMismatch(_, let found):
      (kind, key, context) = (.typeMismatch, nil, found)
    case .valueNotFound(_, let found):
      (kind, key, context) = (.valueNotFound, nil, found)
    case .keyNotFound(let missing, let found):
      (kind, key, context) = (.keyNotFound, missing.stringValue, found)
    case .dataCorrupted(let found):
      (kind, key, context) = (.dataCorrupted, nil, found)
    @unknown default:
      (kind, key, context) = (.unknown, nil, nil)
    }
    path = context?.codingPath.map(\.stringValue) ?? []
    message = context?.debugDescription ?? ""
  }

  var description: String {
    "\(kind)" + (key.map { " \"\($0)\"" } ?? "") + " at \(path): \(message)"
  }
}

/// The `DecodingError` a decode throws: thrown directly (`.failFast`, malformed JSON), or as the
/// only problem of a `FlexDecodingError` (the default `.collectAll` policy), which this checks.
func requireDecodingError<Result>(
  sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Result
) throws -> DecodingError {
  do {
    _ = try body()
  } catch let error as DecodingError {
    return error
  } catch let error as FlexDecodingError {
    #expect(error.issues.count == 1, "expected exactly one problem: \(error)", sourceLocation: sourceLocation)
    return try #require(error.decodingErrors.first, sourceLocation: sourceLocation)
  }
  Issue.record("expected a decoding error, but decoding succeeded", sourceLocation: sourceLocation)
  throw CancellationError()
}
