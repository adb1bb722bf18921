/// The ``FlexKeyMapping`` of each type an encode call meets, looked up once per type.
struct TypeKeyMappings {
  private var mappings: [ObjectIdentifier: FlexKeyMap?] = [:]

  /// `type`'s key map, or `nil` if it does not conform to ``FlexKeyMapping``.
  mutating func mapping(of type: Any.Type) -> FlexKeyMap? {
    let identifier = ObjectIdentifier(type)
    if let cached = mappings[identifier] { return cached }
    let mapping = (type as? any FlexKeyMapping.Type)?.keyMapping
    mappings[identifier] = mapping
    return mapping
  }
}
