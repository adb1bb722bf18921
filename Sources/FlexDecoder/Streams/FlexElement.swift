// One element of a stream, with where it was and what became of it.

/// One element of a stream: its position, and its value or its error.
///
/// ```swift
/// for try await element in decoder.elements(of: LogLine.self, from: file.bytes) {
///   switch element.result {
///   case .success(let line): handle(line)
///   case .failure(let error): log("line \(element.line): \(error)")
///   }
/// }
/// ```
public struct FlexElement<T> {
  /// The element's position among the stream's elements, from 0, counting bad ones too.
  public let index: Int
  /// The 1-based line of the stream where the element starts.
  public let line: Int
  /// The offset of the element's first byte in the stream (a byte order mark counts).
  public let byteOffset: Int
  /// The decoded value, or the error the element failed with under the decoder's error policy.
  public let result: Result<T, any Error>
  /// What was tolerated in the element: coercions if reported, defaults under `.useDefaults`.
  public let issues: [FlexIssue]
  /// The event's name under ``FlexFraming/serverSentEvents(endMarker:)`` (`"message"` when the
  /// event has no `event` field); `nil` under the other framings.
  public var event: String?

  /// The value, or the element's error thrown.
  public func get() throws -> T { try result.get() }
}

// MARK: - Sendable

extension FlexElement: Sendable where T: Sendable {}
