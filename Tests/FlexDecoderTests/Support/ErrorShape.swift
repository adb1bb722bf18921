import Foundation

/// What two decoders must agree on when they throw a `DecodingError`: the case, the type it
/// names (for `typeMismatch` and `valueNotFound`) and the coding path, written as `a.1.b`.
struct ErrorShape: Equatable, CustomStringConvertible {
  let kind: String
  let path: String

  /// The summary of `error`, or of a non-`DecodingError` as `other: …`.
  init(_ error: any Error) {
    guard let decodingError = error as? DecodingError else {
      kind = "other: \(type(of: error))"
      path = ""
      return
    }
    let context: DecodingError.Context
    switch decodingError {
    case .typeMismatch(let type, let errorContext):
      kind = "typeMismatch(\(type))"
      context = errorContext
    case .valueNotFound(let type, let errorContext):
      kind = "valueNotFound(\(type))"
      context = errorContext
    case .keyNotFound(let key, let errorContext):
      kind = "keyNotFound(\(key.stringValue))"
      context = errorContext
    case .dataCorrupted(let errorContext):
      kind = "dataCorrupted"
      context = errorContext
    @unknown default:
      kind = "unknown"
      path = ""
      return
    }
    path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }

  /// The summary of what `body` throws, or `nil` if it returns.
  init?(throwing body: () throws -> Void) {
    do {
      try body()
      return nil
    } catch {
      self.init(error)
    }
  }

  var description: String { "\(kind) at \"\(path)\"" }
}
