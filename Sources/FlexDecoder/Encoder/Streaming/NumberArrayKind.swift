/// The element types whose arrays the streaming encoder writes in one loop (see
/// StreamEncoder+NumberArrays.swift): the standard integers of 64 bits at most, `Double`,
/// `Float` and `Bool`.
///
/// Found once per array type, with the type's other ``EncodingTraits``.
enum NumberArrayKind: Sendable {
  case int, int8, int16, int32, int64
  case uint, uint8, uint16, uint32, uint64
  case double, float
  case bool

  /// The kind of an array of `Element`, or `nil` for any other element type.
  init?<Element>(elementType: Element.Type) {
    // Metadata pointer comparisons; the common element types first.
    switch ObjectIdentifier(Element.self) {
    case ObjectIdentifier(Double.self): self = .double
    case ObjectIdentifier(Int.self): self = .int
    case ObjectIdentifier(Float.self): self = .float
    case ObjectIdentifier(Bool.self): self = .bool
    case ObjectIdentifier(Int8.self): self = .int8
    case ObjectIdentifier(Int16.self): self = .int16
    case ObjectIdentifier(Int32.self): self = .int32
    case ObjectIdentifier(Int64.self): self = .int64
    case ObjectIdentifier(UInt.self): self = .uint
    case ObjectIdentifier(UInt8.self): self = .uint8
    case ObjectIdentifier(UInt16.self): self = .uint16
    case ObjectIdentifier(UInt32.self): self = .uint32
    case ObjectIdentifier(UInt64.self): self = .uint64
    default: return nil
    }
  }
}
