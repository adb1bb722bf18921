import FlexDecoder
import Foundation

// The values the reference decodes by their own rules rather than their `init(from:)`: arrays
// and dictionaries (whose failing elements and values are dropped, `Optional` ones made `nil`),
// and FlexDecoder's wrappers (which catch their own failures and leave a note).

/// A type the reference decodes itself.
protocol ReferenceCustomDecodable {
  static func referenceDecode(_ node: ReferenceNode, path: [ReferencePathComponent], session: ReferenceSession)
    throws -> Any
}

/// `Optional`, whose placeholder is `nil`.
protocol ReferenceOptional {
  static var referenceNone: Self { get }
}

extension Optional: ReferenceOptional {
  static var referenceNone: Self { nil }
}

extension ReferenceSession {
  /// An element or dictionary value of type `T` at `node`: dropped when it fails (`nil`), or,
  /// for an `Optional` type, made `nil` and kept (`.some(nil)`).
  func element<T: Decodable>(_ type: T.Type, _ node: ReferenceNode, path: [ReferencePathComponent]) throws -> T? {
    if let optional = T.self as? any ReferenceOptional.Type {
      return try repaired(
        T.self, path: path, order: node.order, action: .makeNil, placeholder: { optional.referenceNone as? T }
      ) {
        try decodeValue(T.self, node, path: path)
      }
    }
    return try dropping(path: path, order: node.order) { try decodeValue(T.self, node, path: path) }
  }
}

extension Array: ReferenceCustomDecodable where Element: Decodable {
  static func referenceDecode(_ node: ReferenceNode, path: [ReferencePathComponent], session: ReferenceSession)
    throws -> Any
  {
    var result: [Element] = []
    for (index, element) in try session.arrayElements(node, path: path).enumerated() {
      if let value = try session.element(Element.self, element, path: path + [.index(index)]) {
        result.append(value)
      }
    }
    return result
  }
}

extension Dictionary: ReferenceCustomDecodable where Key: Decodable, Value: Decodable {
  static func referenceDecode(_ node: ReferenceNode, path: [ReferencePathComponent], session: ReferenceSession)
    throws -> Any
  {
    var result: [Key: Value] = [:]
    for (name, member) in try session.objectMembers(node, path: path).members {
      let memberPath = path + [.key(name, isDictionaryKey: true)]
      let key: Key?
      if Key.self == String.self {
        key = name as? Key
      } else if Key.self == Int.self {
        key = Int(name) as? Key
      } else if let representable = Key.self as? any CodingKeyRepresentable.Type {
        key = representable.init(codingKey: ReferenceCodingKey(stringValue: name)) as? Key
      } else {
        preconditionFailure("the reference decodes dictionaries keyed by String, Int or CodingKeyRepresentable")
      }
      // A member whose key does not convert is dropped (the zoo never sends one).
      guard let key else {
        _ = try session.dropping(path: memberPath, order: member.order) { () throws -> Value in
          throw session.problem(.typeMismatch, path: memberPath, order: member.order)
        }
        continue
      }
      if let value = try session.element(Value.self, member, path: memberPath) { result[key] = value }
    }
    return result
  }
}

extension FlexDefault: ReferenceCustomDecodable {
  /// `null` is the provider's value; a value that fails (after the coercions) too, noted as
  /// `.defaulted`, never thrown.
  static func referenceDecode(_ node: ReferenceNode, path: [ReferencePathComponent], session: ReferenceSession)
    throws -> Any
  {
    if node.isNull { return Self() }
    do {
      return Self(
        wrappedValue: try session.insideWrapper { try session.decodeValue(Provider.Value.self, node, path: path) })
    } catch let failure as ReferenceFailure {
      // Noted at the failing value, ordered at the wrapper's.
      session.noteWrapper(.defaulted, path: failure.path, order: node.order)
      return Self()
    }
  }
}

extension FlexLossyArray: ReferenceCustomDecodable {
  /// `null` is empty; each element that fails (read whole, after the coercions) is left out and
  /// noted as `.droppedElement`; a value that is not an array is a problem as for any array.
  static func referenceDecode(_ node: ReferenceNode, path: [ReferencePathComponent], session: ReferenceSession)
    throws -> Any
  {
    if node.isNull { return Self(wrappedValue: []) }
    var result: [Element] = []
    for (index, element) in try session.arrayElements(node, path: path).enumerated() {
      let elementPath = path + [.index(index)]
      do {
        result.append(try session.insideWrapper { try session.decodeValue(Element.self, element, path: elementPath) })
      } catch let failure as ReferenceFailure {
        session.noteWrapper(.droppedElement, path: failure.path, order: element.order)
      }
    }
    return Self(wrappedValue: result)
  }
}

// MARK: - Placeholders

/// The values that stand in for missing or bad ones (Docs/ErrorsAndReports.md, "Defaults").
enum ReferencePlaceholders {
  /// `T`'s placeholder, or `nil` when it cannot be built from nothing; with `anyCase`, the first
  /// case of a `CaseIterable` enum that has none.
  static func placeholder<T>(_ type: T.Type, anyCase: Bool) -> T? {
    if let defaulted = type as? any FlexDefaultValue.Type { return defaulted.flexDefault as? T }
    if let declared = type as? any FlexDeclaredDefaults.Type { return declared.init() as? T }
    if let optional = type as? any ReferenceOptional.Type { return optional.referenceNone as? T }
    if let scalar = scalarPlaceholder(type) { return scalar as? T }
    if let decodable = type as? any Decodable.Type, let value = try? decodable.init(from: ReferencePlaceholderDecoder())
    {
      return value as? T
    }
    if anyCase, let cases = type as? any CaseIterable.Type { return firstCase(of: cases) as? T }
    return nil
  }

  private static func firstCase<C: CaseIterable>(of type: C.Type) -> Any? {
    type.allCases.first
  }

  private static func scalarPlaceholder(_ type: Any.Type) -> Any? {
    switch type {
    case is String.Type: return ""
    case is Bool.Type: return false
    case is Int.Type: return 0
    case is Int64.Type: return Int64(0)
    case is Int32.Type: return Int32(0)
    case is UInt8.Type: return UInt8(0)
    case is UInt.Type: return UInt(0)
    case is Double.Type: return 0.0
    case is Date.Type: return Date(timeIntervalSinceReferenceDate: 0)
    case is Data.Type: return Data()
    case is URL.Type: return URL(string: "about:blank")
    case is Decimal.Type: return Decimal(0)
    case is UUID.Type: return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    default: return nil
    }
  }
}

/// A decoder of nothing: empty containers, `nil`, placeholders.
struct ReferencePlaceholderDecoder: Decoder, SingleValueDecodingContainer {
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Keyed<Key>())
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    Unkeyed()
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    self
  }

  func decodeNil() -> Bool {
    true
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try Self.required(type)
  }

  static func required<T>(_ type: T.Type) throws -> T {
    guard let value = ReferencePlaceholders.placeholder(type, anyCase: false) else {
      throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: [], debugDescription: "No placeholder"))
    }
    return value
  }

  private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { false }
    func decodeNil(forKey key: Key) throws -> Bool { true }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try ReferencePlaceholderDecoder.required(type)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { nil }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
      -> KeyedDecodingContainer<NestedKey>
    { KeyedDecodingContainer(Keyed<NestedKey>()) }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { Unkeyed() }
    func superDecoder() throws -> any Decoder { ReferencePlaceholderDecoder() }
    func superDecoder(forKey key: Key) throws -> any Decoder { ReferencePlaceholderDecoder() }
  }

  private struct Unkeyed: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }
    private func atEnd() -> any Error {
      DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: [], debugDescription: "Empty"))
    }
    mutating func decodeNil() throws -> Bool { throw atEnd() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw atEnd() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    { throw atEnd() }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw atEnd() }
    mutating func superDecoder() throws -> any Decoder { throw atEnd() }
  }
}
