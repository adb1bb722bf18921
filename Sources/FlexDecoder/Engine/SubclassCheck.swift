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
    let keyName = Self.typeNames.value(for: ObjectIdentifier(keyType)) { String(reflecting: keyType) }
    let typeName = Self.typeNames.value(for: ObjectIdentifier(type)) { String(reflecting: type) }
    if keyName.hasPrefix(typeName + ".") {
      session.ownDecodingIndices.insert(index)
    } else if keyName.hasPrefix(superclassPrefix) {
      session.inheritedDecodingIndices.insert(index)
    }
  }

  /// After decoding `value` at `valueIndex`: if its superclass's `init(from:)` decoded it and its
  /// class declares stored properties, reports them (an `.unknownKey` issue: the JSON keys that
  /// would fill them go unused), once per class and decode.
  @inline(never)
  func checkSubclass<T>(_ value: T, at valueIndex: Int) {
    guard session.inheritedDecodingIndices.remove(valueIndex) != nil,
      session.ownDecodingIndices.remove(valueIndex) == nil
    else { return }
    guard session.reportedSubclasses.insert(ObjectIdentifier(T.self)).inserted else { return }
    let mirror = Mirror(reflecting: value)
    let own = mirror.children.compactMap(\.label)
    guard !own.isEmpty else { return }
    let superclass = mirror.superclassMirror.map { "\($0.subjectType)" } ?? "its superclass"
    recordNote(
      .unknownKey, path: pathStack,
      message:
        "\(T.self) has no init(from:) of its own: \(superclass)'s decoded it, and its properties "
        + own.map { "\"\($0)\"" }.joined(separator: ", ")
        + " kept their initial values (give \(T.self) an init(from:) that calls super.init(from:))",
      valueIndex: valueIndex)
  }

  /// `String(reflecting:)` of the types seen, once per type and process (it costs microseconds).
  private static let typeNames = ProcessTypeCache<String>()
}
