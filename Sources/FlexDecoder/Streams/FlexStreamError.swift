// The errors of a stream itself, as opposed to one element's decoding error.

/// An error of a stream: an element too large, a stream that ended inside an element, an
/// array that is not where the framing says; or, under `.failFast`, an element that failed.
///
/// ```swift
/// do {
///   for try await row in decoder.values(of: Row.self, from: bytes, framing: .array(at: "data")) { … }
/// } catch let error as FlexStreamError {
///   print(error)   // element 12 (line 40, byte 5120): …
/// }
/// ```
public struct FlexStreamError: Error, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// The element was larger than ``FlexFraming/maxElementBytes``.
    case elementTooLarge(limit: Int)
    /// The stream ended inside an element, or before the end of the document around the array.
    case truncated
    /// The document has no array at the framing's key path.
    case arrayNotFound(keyPath: String)
    /// The element failed under `.failFast`; ``underlyingError`` is its error.
    case elementFailed
    /// The document around the array is not JSON (the array's elements are read by the
    /// tokenizer, and their errors are the elements' own).
    case malformed(String)
  }

  /// What went wrong.
  public let reason: Reason
  /// The index of the element concerned (the next one, for a stream that ended).
  public let index: Int
  /// The 1-based line where that element starts, or where the stream ended.
  public let line: Int
  /// The offset of that element's first byte, or of the stream's end.
  public let byteOffset: Int
  /// The element's own error, for ``Reason/elementFailed``.
  public let underlyingError: (any Error)?

  /// One line: where, then what.
  public var description: String {
    let place = "element \(index) (line \(line), byte \(byteOffset))"
    switch reason {
    case .elementTooLarge(let limit): return "\(place): larger than maxElementBytes (\(limit) bytes)"
    case .truncated: return "\(place): the stream ended inside an element"
    case .arrayNotFound(let keyPath):
      return "\(place): no array at \(keyPath.isEmpty ? "the top level" : "\"\(keyPath)\"")"
    case .malformed(let message): return "\(place): \(message)"
    case .elementFailed: return "\(place): \(underlyingError.map { "\($0)" } ?? "failed")"
    }
  }
}
