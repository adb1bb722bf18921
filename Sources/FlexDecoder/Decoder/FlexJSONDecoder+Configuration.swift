import Foundation

// `decode(_:from:configuration:)`: the engine decodes `Decodable` types, so a
// `DecodableWithConfiguration` type is decoded as its `Decodable` face, ConfiguredDecodable (see
// Decoding/ConfiguredDecodable.swift), with the configuration carried by the decode's session.
// Nothing is routed through Foundation: the options, the error policy and the reports are the
// decoder's own, as for any other type.
//
// The public `decode(_:…configuration:)` methods are declared in the class itself, not here: a
// subclass can override only what the class body declares, and subclasses of JSONDecoder
// override these.

extension FlexJSONDecoder {
  /// The work of ``decode(_:from:configuration:)-(_,_,T.DecodingConfiguration)``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  func decodeConfigured<T: DecodableWithConfiguration>(
    _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
  ) throws -> T {
    try Self.decodeDocument(
      ConfiguredDecodable<T>.self, from: data, options: makeOptions(), configuration: ConfigurationBox(configuration)
    ).value
  }
}
