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
final class TreeEncoder: Encoder {
  let session: EncodeSession
  let codingPath: [any CodingKey]
  /// What the value encoded, once it did.
  var value: EncodedValue?
  /// The key map of the type being encoded.
  let typeMapping: FlexKeyMap?
  /// `[String: …]` dictionaries keep their keys as written under a key strategy.
  let exemptsKeyStrategy: Bool

  init(
    session: EncodeSession, codingPath: [any CodingKey], typeMapping: FlexKeyMap? = nil,
    exemptsKeyStrategy: Bool = false
  ) {
    self.session = session
    self.codingPath = codingPath
    self.typeMapping = typeMapping
    self.exemptsKeyStrategy = exemptsKeyStrategy
  }

  var options: EncodingOptions { session.options }

  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let object: EncodedObject
    if case .object(let existing)? = value {
      object = existing
    } else {
      object = EncodedObject()
      value = .object(object)
    }
    return KeyedEncodingContainer(
      TreeKeyedEncodingContainer<Key>(encoder: self, object: object, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let array: EncodedArray
    if case .array(let existing)? = value {
      array = existing
    } else {
      array = EncodedArray()
      value = .array(array)
    }
    return TreeUnkeyedEncodingContainer(encoder: self, array: array, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    TreeSingleValueEncodingContainer(encoder: self)
  }
}
