// A subclass without an `init(from:)` of its own inherits its superclass's, which decodes the
// superclass's properties only: the subclass's own keep their initial values, silently (Swift's
// rule, under JSONDecoder too). The engine sees it happen: the container that the subclass's
// decoding asks for is keyed by the superclass's `CodingKeys`. Such a value's own stored
// properties are then listed in the report, once per class and decode.

extension TapeDecoder {
  /// Notes that the decoding of `type`, a subclass of a `Decodable` class, asked for a container
  /// keyed by `keyType`: if that is a key type of the superclass, the superclass's `init(from:)`
  /// is decoding the value at the cursor.
  /// (A subclass with its own `init(from:)` asks for its own keys too, and its
  /// `super.init(from:)` for the superclass's: only a value whose decoding asked for the
  /// superclass's keys alone is reported.)
  @inline(never)
  func noteContainer(of type: Any.Type, keyedBy keyType: Any.Type, superclassPrefix: String) {
    let owner = session.keyOwners.owner(of: keyType, decoding: type, superclassPrefix: superclassPrefix)
    guard owner != .neither else { return }
    let valueIndex = index
    // The value being decoded is nearly always the last one noted.
    if let position = session.subclassDecodings.lastIndex(where: { $0.valueIndex == valueIndex }) {
      session.subclassDecodings[position].note(owner)
    } else {
      // Values whose decoding failed are never checked: their entries are dropped, oldest first,
      // before they make the search long (an entry of a value still being decoded would have to
      // be 128 subclass values deep).
      if session.subclassDecodings.count >= 256 { session.subclassDecodings.removeFirst(128) }
      var decoding = SubclassDecoding(valueIndex: valueIndex)
      decoding.note(owner)
      session.subclassDecodings.append(decoding)
    }
  }

  /// After decoding `value` at `valueIndex`: if its superclass's `init(from:)` decoded it and its
  /// class declares stored properties, reports them (an `.unknownKey` issue: the JSON keys that
  /// would fill them go unused), once per class and decode.
  @inline(never)
  func checkSubclass<T>(_ value: T, at valueIndex: Int) {
    guard let position = session.subclassDecodings.lastIndex(where: { $0.valueIndex == valueIndex }) else { return }
    let decoding = session.subclassDecodings.remove(at: position)
    guard decoding.askedSuperclassKeys, !decoding.askedOwnKeys else { return }
    guard session.reportedSubclasses.insert(ObjectIdentifier(T.self)).inserted else { return }
    let mirror = Mirror(reflecting: value)
    let own = mirror.children.compactMap(\.label)
    let superclass = mirror.superclassMirror.map { "\($0.subjectType)" } ?? "its superclass"
    let properties: String
    if !own.isEmpty {
      properties = "its properties " + own.map { "\"\($0)\"" }.joined(separator: ", ") + " kept their initial values"
    } else if mirror.superclassMirror?.hierarchyHasNoChildren ?? true {
      // The superclass decoded keys into properties that `Mirror` does not see either: the app
      // is built without reflection metadata, and the subclass's own properties are unknown.
      properties =
        "any properties it declares kept their initial values (their names are unknown: the app is built without"
        + " reflection metadata)"
    } else {
      return
    }
    recordNote(
      .unknownKey, path: pathStack,
      message:
        "\(T.self) has no init(from:) of its own: \(superclass)'s decoded it, and \(properties)"
        + " (give \(T.self) an init(from:) that calls super.init(from:))",
      valueIndex: valueIndex)
  }
}

/// The containers a subclass's value asked for while it was decoded.
struct SubclassDecoding {
  /// The value's tape index.
  let valueIndex: Int
  /// A container keyed by the subclass's own coding keys.
  private(set) var askedOwnKeys = false
  /// A container keyed by its superclass's coding keys.
  private(set) var askedSuperclassKeys = false

  init(valueIndex: Int) {
    self.valueIndex = valueIndex
  }

  mutating func note(_ owner: KeyOwners.Owner) {
    switch owner {
    case .subclass: askedOwnKeys = true
    case .superclass: askedSuperclassKeys = true
    case .neither: break
    }
  }
}

/// Which class a key type belongs to, told by the names of the types (`Dog.CodingKeys` is
/// `Dog`'s): worked out once per pair of types and remembered for the last pair asked about, the
/// same for every element of an array of a subclass (naming the types and comparing the names
/// cost about 2,000 instructions a container).
struct KeyOwners {
  /// Whose keys a key type is.
  enum Owner {
    case subclass, superclass, neither
  }

  private var last: (type: ObjectIdentifier, keyType: ObjectIdentifier, owner: Owner)?

  /// Whose keys `keyType` is, for the decoding of `type`, whose superclass's names begin with
  /// `superclassPrefix`.
  mutating func owner(of keyType: Any.Type, decoding type: Any.Type, superclassPrefix: String) -> Owner {
    if let last, last.type == ObjectIdentifier(type), last.keyType == ObjectIdentifier(keyType) { return last.owner }
    let keyName = Self.typeNames.value(for: ObjectIdentifier(keyType)) { String(reflecting: keyType) }
    let typeName = Self.typeNames.value(for: ObjectIdentifier(type)) { String(reflecting: type) }
    let owner: Owner =
      keyName.hasPrefix(typeName + ".") ? .subclass : keyName.hasPrefix(superclassPrefix) ? .superclass : .neither
    last = (ObjectIdentifier(type), ObjectIdentifier(keyType), owner)
    return owner
  }

  /// `String(reflecting:)` of the types seen, once per type and process (it costs microseconds).
  private static let typeNames = ProcessTypeCache<String>()
}
