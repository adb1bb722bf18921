// The values of a stream held in memory.

import Foundation

/// The values of JSON held in memory (JSON Lines, Server-Sent Events, an array, …), decoded one
/// at a time.
///
/// ```swift
/// var values = decoder.values(of: LogLine.self, from: data).makeIterator()
/// while let line = try values.next() { handle(line) }
/// // or: let lines = try decoder.values(of: LogLine.self, from: data).collect()
/// ```
///
/// Under `.collectAll` and `.useDefaults` an element that cannot be decoded is skipped (ask
/// ``FlexJSONDecoder/elements(of:from:framing:)-(_,Data,_)`` to see it); under `.failFast`
/// iteration throws at the first. An error of the stream itself is thrown under every policy.
/// (Not a `Sequence`: a sequence's iteration cannot throw.)
public struct FlexValueSequence<T: Decodable> {
  let bytes: Data
  let framing: FlexFraming
  let options: DecodingOptions

  /// An iterator over the values.
  public func makeIterator() -> Iterator {
    Iterator(elements: InMemoryElements(bytes: bytes, stream: ElementStream(framing: framing, options: options)))
  }

  /// Every value, in order.
  ///
  /// - Throws: a ``FlexStreamError``, as ``Iterator/next()`` does.
  public func collect() throws -> [T] {
    var iterator = makeIterator()
    var values: [T] = []
    while let value = try iterator.next() { values.append(value) }
    return values
  }

  /// Decodes the values as it goes.
  public struct Iterator {
    var elements: InMemoryElements

    /// The next value; `nil` at the end.
    ///
    /// - Throws: a ``FlexStreamError``: under `.failFast` at the first bad element (its
    ///   ``FlexStreamError/underlyingError`` is the element's own), and under every policy when
    ///   the stream itself is wrong (cut inside an element, an array not found).
    public mutating func next() throws -> T? {
      try elements.nextValue()
    }
  }
}

// MARK: - Sendable

extension FlexValueSequence: Sendable {}
