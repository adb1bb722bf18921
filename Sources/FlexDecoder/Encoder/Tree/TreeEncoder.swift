import Foundation

/// What one top-level `encode` call shares between the encoders it creates.
final class EncodeSession {
  let options: EncodingOptions
  /// The global key map, or `nil` when it is empty.
  let globalMapping: FlexKeyMap?
  /// Whether keys are written as they are (no key strategy).
  let usesDefaultKeys: Bool
  /// Encoding traits by type, looked up once per type.
  private var traits = EncodingTraitsTable()
  /// `.formatted`: whether the formatter's format is written natively (Dates/DateFormatPattern.swift).
  var formattedDates = DateFormatPatternSlot()

  init(options: EncodingOptions) {
    self.options = options
    self.globalMapping = options.keyMapping.isEmpty ? nil : options.keyMapping
    self.usesDefaultKeys = options.usesDefaultKeys
  }

  func traits(of type: any Encodable.Type) -> EncodingTraits {
    traits.traits(of: type)
  }

}

/// The `Encoder` behind ``FlexJSONEncoder``: one per encoded value that is not a scalar.
///
/// What may be asked of one encoder after it was given a container or a single value follows
/// JSONEncoder (see RepeatedContainerRules.swift).
final class TreeEncoder: Encoder {
  let session: EncodeSession
  let codingPath: [any CodingKey]
  /// What the value encoded, once it did: its container's object or array, or its single value.
  private(set) var value: EncodedValue?
  /// Whether `value` is a container's (else a single value's, if any).
  private var hasContainer = false
  /// Whether a single value was encoded and not taken over by a container since.
  private var hasSingleValue = false
  /// The key map of the type being encoded.
  let typeMapping: FlexKeyMap?
  /// `[String: …]` dictionaries keep their keys as written under a key strategy.
  let exemptsKeyStrategy: Bool
  /// For a keyed container's super encoder: the object and member that its value is stored
  /// under when the encoder is released, as JSONEncoder stores it.
  private let destination: (object: EncodedObject, member: String)?

  init(
    session: EncodeSession, codingPath: [any CodingKey], typeMapping: FlexKeyMap? = nil,
    exemptsKeyStrategy: Bool = false, destination: (object: EncodedObject, member: String)? = nil
  ) {
    self.session = session
    self.codingPath = codingPath
    self.typeMapping = typeMapping
    self.exemptsKeyStrategy = exemptsKeyStrategy
    self.destination = destination
  }

  deinit {
    // The super encoder's value replaces what is under its key now: what JSONEncoder's
    // referencing encoder does when it is deallocated.
    guard let destination else { return }
    destination.object.set(value ?? .object(EncodedObject()), forKey: destination.member)
  }

  var options: EncodingOptions { session.options }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    guard case .object(let object) = containerValue(isObject: true) else { preconditionFailure("not an object") }
    return KeyedEncodingContainer(
      TreeKeyedEncodingContainer<Key>(encoder: self, object: object, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    guard case .array(let array) = containerValue(isObject: false) else { preconditionFailure("not an array") }
    return TreeUnkeyedEncodingContainer(encoder: self, array: array, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    TreeSingleValueEncodingContainer(encoder: self)
  }

  /// The object or array a container writes into: the value's, once it has one (a single value
  /// that is an object or array becomes the container's), else a new one. Another kind of
  /// value stops the program, as it stops JSONEncoder.
  private func containerValue(isObject: Bool) -> EncodedValue {
    switch RepeatedContainerRules.container(isObject: isObject, over: value) {
    case .reuse:
      if let value {
        if !hasContainer {
          // A single value that is an object or array: the container takes it over.
          hasContainer = true
          hasSingleValue = false
        }
        return value
      }
      fallthrough
    case .create:
      let created = isObject ? EncodedValue.object(EncodedObject()) : .array(EncodedArray())
      value = created
      hasContainer = true
      return created
    case .conflict:
      RepeatedContainerRules.containerConflict(isObject: isObject, key: nil, codingPath: codingPath)
    }
  }

  /// Encodes a single value made by `make`: the value, unless the encoder has a container
  /// (then it is made and dropped). A second single value stops the program, as it stops
  /// JSONEncoder.
  func encodeSingleValue(_ make: () throws -> EncodedValue) rethrows {
    switch RepeatedContainerRules.singleValue(hasSingleValue: hasSingleValue, hasContainer: hasContainer) {
    case .store:
      value = try make()
    case .ignore:
      _ = try make()
    case .conflict:
      RepeatedContainerRules.singleValueConflict(codingPath: codingPath)
    }
    hasSingleValue = true
  }
}
