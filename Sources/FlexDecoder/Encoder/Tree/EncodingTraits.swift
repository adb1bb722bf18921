import Foundation

/// What the encoders need to know about a type beyond `Encodable`. The answers are dynamic casts,
/// made once per type and process (see ProcessTypeCache.swift).
struct EncodingTraits: Sendable {
  /// The type's ``FlexKeyMapping``, if it has one.
  let keyMapping: FlexKeyMap?
  /// The type as an array the streaming encoder writes itself, if it is one.
  let directArrayType: (any DirectArrayEncodable.Type)?
  /// The kind of the type's elements, if it is an array the streaming encoder writes in one loop.
  let numberArrayKind: NumberArrayKind?
  /// Whether the type is a `[String: …]` dictionary (see ``isStringKeyedDictionary(_:)``).
  let isStringKeyedDictionary: Bool
  /// The type as a `[String: …]` dictionary the streaming encoder writes itself, if it is one.
  let directDictionaryType: (any DirectDictionaryEncodable.Type)?

  /// The traits of a type that is none of the above (a placeholder).
  static let none = EncodingTraits(
    keyMapping: nil, directArrayType: nil, numberArrayKind: nil, isStringKeyedDictionary: false,
    directDictionaryType: nil)

  private static let cache = ProcessTypeCache<EncodingTraits>()
  private static let dictionaries = ProcessTypeCache<Bool>()

  /// The traits of `type`, from the process-wide cache.
  static func of(_ type: any Encodable.Type) -> EncodingTraits {
    cache.value(for: ObjectIdentifier(type)) {
      let directArrayType = type as? any DirectArrayEncodable.Type
      return EncodingTraits(
        keyMapping: type is any _FlexTypeCustomization.Type ? FlexKeyMap.declared(by: type) : nil,
        directArrayType: directArrayType, numberArrayKind: directArrayType?.numberArrayKind,
        isStringKeyedDictionary: type is any StringKeyedEncodableDictionaryMarker.Type,
        directDictionaryType: type as? any DirectDictionaryEncodable.Type)
    }
  }

  /// Whether `type` is a `[String: …]` dictionary, whose keys a key strategy leaves alone. Asked
  /// only under a key strategy.
  static func isStringKeyedDictionary(_ type: any Encodable.Type) -> Bool {
    dictionaries.value(for: ObjectIdentifier(type)) { type is any StringKeyedEncodableDictionaryMarker.Type }
  }
}

/// The traits of the types one encode call meets: the process-wide cache, without its lock after
/// the first look.
struct EncodingTraitsTable {
  private var table = TypeTable<EncodingTraits>()
  // The last type asked about and its traits, in two fields: as an optional tuple, each copy
  // went through the runtime's generic tuple copy (about 100 instructions a value encoded).
  private var lastType: ObjectIdentifier?
  private var lastTraits = EncodingTraits.none

  /// `type`'s traits.
  mutating func traits(of type: any Encodable.Type) -> EncodingTraits {
    let identifier = ObjectIdentifier(type)
    if lastType == identifier { return lastTraits }
    let found = table.value(for: identifier) { EncodingTraits.of(type) }
    lastType = identifier
    lastTraits = found
    return found
  }
}
