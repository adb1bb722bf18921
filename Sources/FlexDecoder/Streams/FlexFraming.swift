// How a stream of bytes is cut into JSON elements: JSON Lines, RFC 7464 text sequences,
// Server-Sent Events, or the elements of one array inside a larger document.

/// How ``FlexJSONDecoder/values(of:from:framing:)-(_,Data,_)`` and its relatives cut a stream
/// into elements.
///
/// ```swift
/// for try await event in decoder.values(of: Delta.self, from: bytes, framing: .serverSentEvents())
/// ```
///
/// Every framing holds at most one element in memory at a time: an element larger than
/// ``maxElementBytes`` is not buffered but reported as a ``FlexStreamError`` with reason
/// ``FlexStreamError/Reason/elementTooLarge``.
public struct FlexFraming: Sendable, Hashable {
  /// The framings.
  enum Kind: Sendable, Hashable {
    case jsonLines
    case jsonSequence
    case serverSentEvents(endMarker: String?)
    case array(keyPath: [String])
  }

  let kind: Kind

  /// The largest element, in bytes, that the stream accepts (16 MiB unless set).
  ///
  /// A larger element is skipped without being held in memory, and reported as an error under
  /// the error policy (thrown under `.failFast`).
  public var maxElementBytes: Int = 16 << 20

  /// One JSON value per line (JSON Lines, NDJSON): lines end with LF or CRLF; blank lines are
  /// skipped; the last line may lack its newline.
  public static var jsonLines: FlexFraming { FlexFraming(kind: .jsonLines) }

  /// JSON text sequences (RFC 7464): each value starts with the record separator (U+001E) and
  /// ends with a line feed.
  public static var jsonSequence: FlexFraming { FlexFraming(kind: .jsonSequence) }

  /// Server-Sent Events whose `data` fields carry JSON, parsed as the WHATWG HTML standard
  /// says: lines end with CRLF, LF or CR; lines that start with `:` are comments; several
  /// `data` lines of one event are joined with LF; `event` names the event
  /// (``FlexElement/event``); a blank line dispatches it.
  ///
  /// - Parameter endMarker: the `data` that ends the stream (`[DONE]`, as several LLM APIs send
  ///   it); `nil` for none.
  public static func serverSentEvents(endMarker: String? = "[DONE]") -> FlexFraming {
    FlexFraming(kind: .serverSentEvents(endMarker: endMarker))
  }

  /// The elements of one array: the top-level array (`""`, the default) or the array at a
  /// dot-separated key path inside a larger document (`"data.items"`).
  ///
  /// Only that array's elements are held in memory, one at a time; the rest of the document is
  /// read past. Keys are compared as written in the document (a key written with escapes does
  /// not match).
  public static func array(at keyPath: String = "") -> FlexFraming {
    FlexFraming(
      kind: .array(
        keyPath: keyPath.isEmpty ? [] : keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      ))
  }
}
