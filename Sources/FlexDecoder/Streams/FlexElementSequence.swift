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
  let bytes: Data
  let framing: FlexFraming
  let options: DecodingOptions

  /// An iterator over the elements.
  public func makeIterator() -> Iterator {
    Iterator(elements: InMemoryElements(bytes: bytes, stream: ElementStream(framing: framing, options: options)))
  }

  /// Decodes the elements as it goes.
  public struct Iterator: IteratorProtocol {
    var elements: InMemoryElements

    /// The next element; `nil` at the end.
    public mutating func next() -> FlexElement<T>? {
      do {
        return try elements.nextElement()
      } catch let error as FlexStreamError {
        return FlexElement(streamError: error)
      } catch {
        preconditionFailure("a stream throws FlexStreamError only: \(error)")
      }
    }
  }
}

// MARK: - Sendable

extension FlexElementSequence: Sendable {}
