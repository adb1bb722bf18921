import Foundation

/// What the encoders need to know about a type beyond `Encodable`. The answers are dynamic casts,
/// worth making once per type and process rather than once per value.
struct EncodingTraits: Sendable {
  /// The type's ``FlexKeyMapping``, if it has one.
  let keyMapping: FlexKeyMap?
  /// Whether the type is a `[String: …]` dictionary, whose keys a key strategy leaves alone.
  let isStringKeyedDictionary: Bool
  /// The type as an array the streaming encoder writes itself, if it is one.
  let directArrayType: (any DirectArrayEncodable.Type)?

  private static let cache = EncodingTraitsCache()

  /// The traits of `type`, from the process-wide cache.
  static func of(_ type: any Encodable.Type) -> EncodingTraits {
    cache.traits(of: type)
  }
}

/// A lock-protected map from types to their encoding traits.
private final class EncodingTraitsCache: @unchecked Sendable {
  private let lock = NSLock()
  private var traits = TypeTable<EncodingTraits>()

  func traits(of type: any Encodable.Type) -> EncodingTraits {
    let identifier = ObjectIdentifier(type)
    lock.lock()
    if let cached = traits[identifier] {
      lock.unlock()
      return cached
    }
    lock.unlock()
    // Outside the lock: a type's `keyMapping` is user code.
    let computed = EncodingTraits(
      keyMapping: (type as? any FlexKeyMapping.Type)?.keyMapping,
      isStringKeyedDictionary: type is any StringKeyedEncodableDictionaryMarker.Type,
      directArrayType: type as? any DirectArrayEncodable.Type)
    lock.lock()
    traits[identifier] = computed
    lock.unlock()
    return computed
  }
}

/// The traits of the types one encode call meets: the process-wide cache, without its lock after
/// the first look.
struct EncodingTraitsTable {
  private var table = TypeTable<EncodingTraits>()
  private var last: (type: ObjectIdentifier, traits: EncodingTraits)?

  /// `type`'s traits.
  mutating func traits(of type: any Encodable.Type) -> EncodingTraits {
    let identifier = ObjectIdentifier(type)
    if let last, last.type == identifier { return last.traits }
    let found = table[identifier] ?? EncodingTraits.of(type)
    table[identifier] = found
    last = (identifier, found)
    return found
  }
}
