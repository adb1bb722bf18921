// An `Encoder` that writes nothing and remembers what a value's keyed container was given, by
// key: the values `encode(to:)` puts under each JSON key, in their own types. DeclaredDefaults
// reads a FlexDeclaredDefaults value through it.

/// Records the top-level keyed values of an `encode(to:)` run.
final class DefaultsRecorder: Encoder {
  let codingPath: [any CodingKey] = []
  let userInfo: [CodingUserInfoKey: Any] = [:]
  /// What was encoded under each key of the top-level keyed containers (a superclass's through
  /// `superEncoder()` included).
  fileprivate(set) var values: [String: Any] = [:]

  /// The keyed values `value.encode(to:)` writes; none if it throws.
  static func record(_ value: some Encodable) -> [String: Any] {
    let recorder = DefaultsRecorder()
    do {
      try value.encode(to: recorder)
    } catch {
      return [:]
    }
    return recorder.values
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(RecordingContainer<Key>(recorder: self))
  }

  // A value that is not an object has no keys to record: its containers write into a scratch
  // encoder.

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    Self.scratchEncoder().unkeyedContainer()
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Self.scratchEncoder().singleValueContainer()
  }

  private static func scratchEncoder() -> TreeEncoder {
    TreeEncoder(session: EncodeSession(options: FlexJSONEncoder().makeOptions()), codingPath: [])
  }
}

/// The keyed container of a ``DefaultsRecorder``: every value is kept under its key's
/// `stringValue`; nested containers write into scratch recorders.
private struct RecordingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let recorder: DefaultsRecorder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws {}

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    recorder.values[key.stringValue] = value
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: String, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: Double, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: Float, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: Int, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: Int8, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: Int16, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: Int32, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: Int64, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: UInt, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { recorder.values[key.stringValue] = value }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { recorder.values[key.stringValue] = value }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    DefaultsRecorder().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    DefaultsRecorder().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { recorder }
  mutating func superEncoder(forKey key: Key) -> any Encoder { DefaultsRecorder() }
}
