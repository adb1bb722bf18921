import Foundation

/// A `DecodableWithConfiguration` top-level value as a `Decodable` the engine can decode: its
/// `init(from:)` calls `T(from:configuration:)` with the configuration that
/// ``decode(with:_:)`` put in place.
///
/// The engine decodes `Decodable` types, whose `init(from:)` takes nothing but the decoder, so the
/// configuration is handed over in the calling thread's storage for the length of the decode.
/// A decode is synchronous and runs on that thread, so nothing crosses threads: the configuration
/// need not be `Sendable`, and `decoder.userInfo` stays exactly what the decoder was given.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
struct ConfiguredDecodable<T: DecodableWithConfiguration>: Decodable {
  let value: T

  init(from decoder: any Decoder) throws {
    guard let carrier = Thread.current.threadDictionary[Self.key] as? Carrier else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "No decoding configuration for \(T.self) on this thread."))
    }
    value = try T(from: decoder, configuration: carrier.configuration)
  }

  /// Runs `body`, which decodes a `ConfiguredDecodable<T>` on this thread, with `configuration` in
  /// place, and returns the decoded value. Calls nest: the previous configuration is restored.
  static func decode(with configuration: T.DecodingConfiguration, _ body: () throws -> Self) rethrows -> T {
    let storage = Thread.current.threadDictionary
    let previous = storage[key]
    storage[key] = Carrier(configuration)
    defer { storage[key] = previous }
    return try body().value
  }

  /// The thread-storage key (one for every `T`: the innermost decode's carrier is in place).
  private static var key: String { "FlexDecoder.ConfiguredDecodable.configuration" }

  /// A configuration in thread storage.
  private final class Carrier {
    let configuration: T.DecodingConfiguration
    init(_ configuration: T.DecodingConfiguration) { self.configuration = configuration }
  }
}
