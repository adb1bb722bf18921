import FlexDecoder
import Foundation

/// An element of a stream test, compared without its value's type: where it was and what came
/// of it.
struct SeenElement<T: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
  let index: Int
  let line: Int
  let byteOffset: Int
  /// The value, or `nil` for a failure.
  let value: T?
  let event: String?

  init(_ element: FlexElement<T>) {
    index = element.index
    line = element.line
    byteOffset = element.byteOffset
    value = try? element.result.get()
    event = element.event
  }

  init(index: Int, line: Int, byteOffset: Int, value: T?, event: String? = nil) {
    self.index = index
    self.line = line
    self.byteOffset = byteOffset
    self.value = value
    self.event = event
  }

  var description: String {
    "#\(index) line \(line) @\(byteOffset): \(value.map { "\($0)" } ?? "failure") \(event ?? "")"
  }
}

/// `bytes` delivered in chunks of `size` bytes (the last may be shorter).
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
func chunked(_ bytes: [UInt8], size: Int) -> AsyncStream<ArraySlice<UInt8>> {
  AsyncStream { continuation in
    var start = 0
    while start < bytes.count {
      let end = min(start + size, bytes.count)
      continuation.yield(bytes[start..<end])
      start = end
    }
    continuation.finish()
  }
}

/// `bytes` delivered one byte at a time, as `URLSession.AsyncBytes` does.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
func byteByByte(_ bytes: [UInt8]) -> AsyncStream<UInt8> {
  AsyncStream { continuation in
    for byte in bytes { continuation.yield(byte) }
    continuation.finish()
  }
}

/// The elements of an async stream, and the error that ended it, if any.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
func collect<T: Equatable & Sendable, S: AsyncSequence>(_ elements: S) async -> (
  elements: [SeenElement<T>], error: (any Error)?
)
where S.Element == FlexElement<T> {
  var seen: [SeenElement<T>] = []
  do {
    for try await element in elements { seen.append(SeenElement(element)) }
    return (seen, nil)
  } catch {
    return (seen, error)
  }
}

/// A small record, as log lines and exports hold them.
struct StreamRecord: Codable, Equatable, Sendable {
  var id: Int
  var name: String
}
