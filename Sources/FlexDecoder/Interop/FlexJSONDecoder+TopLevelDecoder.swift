#if canImport(Combine)
  import Combine
  import Foundation

  /// Combine's `decode(type:decoder:)` operator takes a ``FlexJSONDecoder``, as it takes a
  /// `JSONDecoder`:
  ///
  /// ```swift
  /// URLSession.shared.dataTaskPublisher(for: url)
  ///   .map(\.data)
  ///   .decode(type: User.self, decoder: FlexJSONDecoder())
  /// ```
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  extension FlexJSONDecoder: TopLevelDecoder {
    /// Combine decodes from `Data`, with ``decode(_:from:)-(_,Data)``.
    public typealias Input = Data
  }
#endif
