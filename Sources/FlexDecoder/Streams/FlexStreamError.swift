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
  ///
  /// A struct with a static member per reason rather than an enum, so that a reason added later
  /// does not break a `switch` over it: compare with `==`, or switch with a `default:` case.
  /// The particulars (the limit, the key path, what was malformed) are in the error's
  /// `description`.
  public struct Reason: Sendable, Hashable, CustomStringConvertible {
    /// The reasons this version knows.
    enum Base: UInt8, Sendable, Hashable {
      case elementTooLarge, truncated, arrayNotFound, elementFailed, malformed
    }

    let base: Base
    /// The particulars, for the error's description; not compared.
    let detail: String

    init(_ base: Base, detail: String = "") {
      self.base = base
      self.detail = detail
    }

    /// The element was larger than ``FlexFraming/maxElementBytes``.
    public static var elementTooLarge: Reason { Reason(.elementTooLarge) }
    /// The stream ended inside an element, or before the end of the document around the array.
    public static var truncated: Reason { Reason(.truncated) }
    /// The document has no array at the framing's key path.
    public static var arrayNotFound: Reason { Reason(.arrayNotFound) }
    /// The element failed under `.failFast`; ``FlexStreamError/underlyingError`` is its error.
    public static var elementFailed: Reason { Reason(.elementFailed) }
    /// The document around the array is not JSON (the array's elements are read by the
    /// tokenizer, and their errors are the elements' own).
    public static var malformed: Reason { Reason(.malformed) }

    /// An element over `limit` bytes.
    static func elementTooLarge(limit: Int) -> Reason {
      Reason(.elementTooLarge, detail: "larger than maxElementBytes (\(limit) bytes)")
    }

    /// No array at `keyPath` (`""`: the top level).
    static func arrayNotFound(keyPath: String) -> Reason {
      Reason(.arrayNotFound, detail: "no array at \(keyPath.isEmpty ? "the top level" : "\"\(keyPath)\"")")
    }

    /// The document around the array is not JSON, as `message` says.
    static func malformed(_ message: String) -> Reason {
      Reason(.malformed, detail: message)
    }

    /// The reason's name, e.g. `truncated`.
    public var description: String { "\(base)" }

    /// Reasons are equal when they are the same reason, whatever their particulars.
    public static func == (lhs: Reason, rhs: Reason) -> Bool { lhs.base == rhs.base }

    /// Hashes the reason, not its particulars.
    public func hash(into hasher: inout Hasher) { hasher.combine(base) }
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
    switch reason.base {
    case .elementTooLarge, .arrayNotFound, .malformed: return "\(place): \(reason.detail)"
    case .truncated: return "\(place): the stream ended inside an element"
    case .elementFailed: return "\(place): \(underlyingError.map { "\($0)" } ?? "failed")"
    }
  }
}
