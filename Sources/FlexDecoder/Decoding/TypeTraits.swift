@_spi(Engine) import FlexCore

/// What the decoder needs to know about a type beyond `Decodable`.
struct TypeTraits: Sendable {
  /// The type's ``FlexKeyMapping``, if it has one.
  let keyMapping: FlexKeyMap?
  /// Whether `keyMapping` is checked against the key type of the first container the type asks
  /// for. Not for a class: a subclass hands its decoder, and so its map, to
  /// `super.init(from:)`, whose container has other keys.
  let checksKeyMapping: Bool
  /// Whether the type is a `[String: …]` dictionary the engine decodes itself
  /// (TapeDecoder+Dictionaries.swift). A flag, not the metatype: the traits are copied for every
  /// value, and the metatype is looked up only for dictionaries.
  let isDirectDictionary: Bool
  /// What the modelling protocols (Modelling/) add to the type, if it adopts any: one reference,
  /// `nil` for most types. (Traits are copied for every value: a wider struct made those copies
  /// go through the runtime's tuple value witness, +3% on a page of small objects.)
  let modelling: ModellingTraits?

  private static let cache = ProcessTypeCache<TypeTraits>()

  /// The traits of `type`, from the process-wide cache.
  static func shared(for type: any Decodable.Type, _ identifier: ObjectIdentifier) -> TypeTraits {
    cache.value(for: identifier) {
      let isDirectDictionary = type is any DirectDictionaryDecodable.Type
      // One conformance question for the many types that customize nothing (and are no
      // subclasses: see SubclassCheck.swift).
      guard type is any _FlexTypeCustomization.Type || _getSuperclass(type) != nil else {
        return TypeTraits(
          keyMapping: nil, checksKeyMapping: false, isDirectDictionary: isDirectDictionary,
          modelling: nil)
      }
      let keyMapping = FlexKeyMap.declared(by: type)
      return TypeTraits(
        keyMapping: keyMapping,
        checksKeyMapping: keyMapping != nil && !(representedType(of: type) is AnyClass),
        isDirectDictionary: isDirectDictionary,
        modelling: ModellingTraits(type))
    }
  }
}

/// What the modelling protocols add to a type: ``FlexDeclaredDefaults``, ``FlexDidDecode``,
/// ``FlexValidatable``, ``FlexTypeErrorPolicy``, ``FlexPolymorphicClass``.
final class ModellingTraits: Sendable {
  /// The type's declared initial values.
  let declaredDefaults: DeclaredDefaults?
  /// The type's ``FlexDidDecode/didDecode()``.
  let didDecode: ModelHooks.DidDecode?
  /// The type's ``FlexValidatable/validate()``.
  let validate: ModelHooks.Validate?
  /// The type's own error policy.
  let errorPolicy: FlexJSONDecoder.ErrorPolicy?
  /// For a class whose superclass is `Decodable`: how the superclass's names begin
  /// (`"Module.Animal."`), to tell a container of the superclass's `CodingKeys` (see
  /// SubclassCheck.swift).
  let superclassPrefix: String?
  /// The subclasses a ``FlexPolymorphicClass`` decodes by tag.
  let polymorphic: PolymorphicClassTraits?

  /// The traits of `type`, or `nil` if it adopts none of the protocols and is no subclass of a
  /// `Decodable` class.
  init?(_ type: any Decodable.Type) {
    declaredDefaults = (type as? any FlexDeclaredDefaults.Type).map { DeclaredDefaults($0) }
    didDecode = ModelHooks.didDecode(of: type)
    validate = ModelHooks.validate(of: type)
    errorPolicy = (type as? any FlexTypeErrorPolicy.Type)?.errorPolicy
    superclassPrefix = _getSuperclass(type).flatMap { $0 is any Decodable.Type ? String(reflecting: $0) + "." : nil }
    polymorphic = (type as? any FlexPolymorphicClass.Type).map { PolymorphicClassTraits($0) }
    if declaredDefaults == nil && didDecode == nil && validate == nil && errorPolicy == nil && superclassPrefix == nil
      && polymorphic == nil
    {
      return nil
    }
  }
}

/// What a type's own declarations change in the keyed containers its `init(from:)` asks for.
struct TypeRules {
  /// The type's ``FlexKeyMapping``.
  var keyMapping: FlexKeyMap?
  /// The type's declared initial values (``FlexDeclaredDefaults``).
  var declaredDefaults: DeclaredDefaults?

  /// No rules: a container of a type that declares nothing, or of a nested object.
  static var none: TypeRules { TypeRules() }
}
