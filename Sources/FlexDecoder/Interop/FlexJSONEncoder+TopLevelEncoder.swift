#if canImport(Combine)
  import Combine
  import Foundation

  /// Combine's `encode(encoder:)` operator takes a ``FlexJSONEncoder``, as it takes a
  /// `JSONEncoder`:
  ///
  /// ```swift
  /// Just(user).encode(encoder: FlexJSONEncoder())
  /// ```
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  extension FlexJSONEncoder: TopLevelEncoder {
    /// Combine encodes to `Data`, with ``encode(_:)``.
    public typealias Output = Data
  }
#endif
