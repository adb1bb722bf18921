// The elements of a stream held in memory.

import Foundation

/// The elements of JSON held in memory (JSON Lines, Server-Sent Events, an array, …), decoded
/// one at a time as the sequence is iterated, each with its position and its value or error.
///
/// Made by ``FlexJSONDecoder/elements(of:from:framing:)-(_,Data,_)``. The sequence never stops
/// at a bad element under `.collectAll` and `.useDefaults`; an error of the stream itself (an
/// element too large under `.failFast`, a stream cut inside an element), or under `.failFast`
/// the first bad element, is handed over as a last element whose result is a
/// ``FlexStreamError``.
public struct FlexElementSequence<T: Decodable>: Sequence {
  let bytes: any ContiguousBytes
  let framing: FlexFraming
  let options: DecodingOptions

  /// An iterator over the elements.
  public func makeIterator() -> Iterator {
    Iterator(bytes: bytes, stream: ElementStream(framing: framing, options: options))
  }

  /// Decodes the elements as it goes.
  public struct Iterator: IteratorProtocol {
    let bytes: any ContiguousBytes
    var stream: ElementStream<T>
    var position = 0
    var isFinished = false

    /// The next element; `nil` at the end.
    public mutating func next() -> FlexElement<T>? {
      do {
        return try nextOrThrow()
      } catch let error as FlexStreamError {
        return FlexElement(
          index: error.index, line: error.line, byteOffset: error.byteOffset, result: .failure(error), issues: [])
      } catch {
        preconditionFailure("a stream throws FlexStreamError only: \(error)")
      }
    }

    /// The next element, or the stream's error thrown; `nil` at the end, and after an error.
    mutating func nextOrThrow() throws -> FlexElement<T>? {
      guard !isFinished else { return nil }
      do {
        let count = bytes.withUnsafeBytes { $0.count }
        if !stream.hasEnded, position < count {
          let element = try bytes.withUnsafeBytes { buffer in
            try stream.next(in: buffer, at: &position, chunkOffset: 0)
          }
          if let element { return element }
        }
        isFinished = true
        return try stream.finish(endOffset: Int64(count))
      } catch {
        isFinished = true
        throw error
      }
    }
  }
}
