// The stream entry points: values and elements of JSON Lines, JSON text sequences, Server-Sent
// Events and arrays, from memory or from an AsyncSequence.

import Foundation

extension FlexJSONDecoder {
  /// The values of JSON held in memory, decoded one at a time with this decoder's options.
  ///
  /// ```swift
  /// let rows = try decoder.values(of: Row.self, from: data, framing: .array(at: "data")).collect()
  /// ```
  ///
  /// - Parameters:
  ///   - framing: how the bytes are cut into elements (one per line, by default).
  /// - Returns: a sequence whose iterator throws (see ``FlexValueSequence``).
  public func values<T: Decodable>(of type: T.Type, from data: Data, framing: FlexFraming = .jsonLines)
    -> FlexValueSequence<T>
  {
    FlexValueSequence(bytes: data, framing: framing, options: makeOptions())
  }

  /// ``values(of:from:framing:)-(_,Data,_)`` over bytes in an array.
  public func values<T: Decodable>(of type: T.Type, from bytes: [UInt8], framing: FlexFraming = .jsonLines)
    -> FlexValueSequence<T>
  {
    FlexValueSequence(bytes: Data(bytes), framing: framing, options: makeOptions())
  }

  /// The elements of JSON held in memory, each with its index, line and byte offset and its
  /// value or error, decoded one at a time with this decoder's options.
  ///
  /// ```swift
  /// for element in decoder.elements(of: Row.self, from: data) {
  ///   if case .failure(let error) = element.result { print("line \(element.line): \(error)") }
  /// }
  /// ```
  public func elements<T: Decodable>(of type: T.Type, from data: Data, framing: FlexFraming = .jsonLines)
    -> FlexElementSequence<T>
  {
    FlexElementSequence(bytes: data, framing: framing, options: makeOptions())
  }

  /// ``elements(of:from:framing:)-(_,Data,_)`` over bytes in an array.
  public func elements<T: Decodable>(of type: T.Type, from bytes: [UInt8], framing: FlexFraming = .jsonLines)
    -> FlexElementSequence<T>
  {
    FlexElementSequence(bytes: Data(bytes), framing: framing, options: makeOptions())
  }

  /// The values of JSON arriving as single bytes (`URLSession.AsyncBytes`,
  /// `FileHandle.AsyncBytes`), decoded as each element completes.
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  public func values<T: Decodable, Source: AsyncSequence>(
    of type: T.Type, from source: Source, framing: FlexFraming = .jsonLines
  ) -> FlexAsyncValues<T, Source> where Source.Element == UInt8 {
    FlexAsyncValues(input: input(source, framing, read: byteChunkReader(Source.self, framing: framing)))
  }

  /// The values of JSON arriving in chunks (`Data`, `[UInt8]`, `ArraySlice<UInt8>`), decoded as
  /// each element completes, whatever the chunks' sizes.
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  public func values<T: Decodable, Source: AsyncSequence>(
    of type: T.Type, from source: Source, framing: FlexFraming = .jsonLines
  ) -> FlexAsyncValues<T, Source> where Source.Element: Sequence, Source.Element.Element == UInt8 {
    FlexAsyncValues(input: input(source, framing, read: collectionChunkReader(Source.self)))
  }

  /// The elements of JSON arriving as single bytes, each with its position and its value or
  /// error.
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  public func elements<T: Decodable, Source: AsyncSequence>(
    of type: T.Type, from source: Source, framing: FlexFraming = .jsonLines
  ) -> FlexAsyncElements<T, Source> where Source.Element == UInt8 {
    FlexAsyncElements(input: input(source, framing, read: byteChunkReader(Source.self, framing: framing)))
  }

  /// The elements of JSON arriving in chunks, each with its position and its value or error.
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  public func elements<T: Decodable, Source: AsyncSequence>(
    of type: T.Type, from source: Source, framing: FlexFraming = .jsonLines
  ) -> FlexAsyncElements<T, Source> where Source.Element: Sequence, Source.Element.Element == UInt8 {
    FlexAsyncElements(input: input(source, framing, read: collectionChunkReader(Source.self)))
  }

  /// What a stream's asynchronous sequence reads, with this decoder's options.
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  private func input<Source: AsyncSequence>(
    _ source: Source, _ framing: FlexFraming, read: @escaping ChunkReader<Source>
  )
    -> AsyncStreamInput<Source>
  {
    AsyncStreamInput(source: source, framing: framing, options: makeOptions(), read: read)
  }
}
