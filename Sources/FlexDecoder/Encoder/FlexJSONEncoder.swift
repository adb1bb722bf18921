@_spi(Engine) import FlexCore
import Foundation

/// Encodes `Encodable` values as JSON: a drop-in replacement for Foundation's `JSONEncoder`.
///
/// Same options, same output: with `.sortedKeys` the bytes are identical to `JSONEncoder`'s
/// (numbers, escaping and pretty-printing included). Without it, members keep the order in which
/// they were encoded, where `JSONEncoder`'s order is unspecified.
///
/// ```swift
/// let encoder = FlexJSONEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// let data = try encoder.encode(user)
/// ```
///
/// Types that conform to ``FlexKeyMapping`` are written under their first candidate key; a key
/// path writes nested objects, so `decode(encode(x)) == x` with the same map.
open class FlexJSONEncoder: @unchecked Sendable {
  private let lock = NSLock()
  private var storage = Storage()

  private struct Storage {
    var outputFormatting: OutputFormatting = []
    var dateEncodingStrategy = DateEncodingStrategy.deferredToDate
    var dataEncodingStrategy = DataEncodingStrategy.base64
    var nonConformingFloatEncodingStrategy = NonConformingFloatEncodingStrategy.throw
    var keyEncodingStrategy = KeyEncodingStrategy.useDefaultKeys
    var keyMapping = FlexKeyMap.empty
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  }

  private func withLock<R>(_ body: (inout Storage) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&storage)
  }

  // MARK: - Options

  /// How the output is laid out. Default: compact.
  open var outputFormatting: OutputFormatting {
    get { withLock { $0.outputFormatting } }
    set { withLock { $0.outputFormatting = newValue } }
  }

  /// How `Date` values are encoded. Default: ``DateEncodingStrategy/deferredToDate``.
  open var dateEncodingStrategy: DateEncodingStrategy {
    get { withLock { $0.dateEncodingStrategy } }
    set { withLock { $0.dateEncodingStrategy = newValue } }
  }

  /// How `Data` values are encoded. Default: ``DataEncodingStrategy/base64``.
  open var dataEncodingStrategy: DataEncodingStrategy {
    get { withLock { $0.dataEncodingStrategy } }
    set { withLock { $0.dataEncodingStrategy = newValue } }
  }

  /// How infinity and NaN are encoded. Default: ``NonConformingFloatEncodingStrategy/throw``.
  open var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
    get { withLock { $0.nonConformingFloatEncodingStrategy } }
    set { withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
  }

  /// How coding keys become JSON keys. Default: ``KeyEncodingStrategy/useDefaultKeys``.
  open var keyEncodingStrategy: KeyEncodingStrategy {
    get { withLock { $0.keyEncodingStrategy } }
    set { withLock { $0.keyEncodingStrategy = newValue } }
  }

  /// A key map applied to every type, for the properties its own ``FlexKeyMapping`` does not
  /// map: each property is written under its first candidate. Default: empty.
  open var keyMapping: FlexKeyMap {
    get { withLock { $0.keyMapping } }
    set { withLock { $0.keyMapping = newValue } }
  }

  /// Values handed to every `encode(to:)` through `Encoder.userInfo`.
  open var userInfo: [CodingUserInfoKey: any Sendable] {
    get { withLock { $0.userInfo } }
    set { withLock { $0.userInfo = newValue } }
  }

  // MARK: - Constructing

  /// Creates an encoder with the default options.
  public init() {}

  // MARK: - Encoding Values

  /// Encodes `value` as UTF-8 JSON.
  ///
  /// - Throws: `EncodingError.invalidValue` for a non-finite float without a
  ///   ``NonConformingFloatEncodingStrategy/convertToString(positiveInfinity:negativeInfinity:nan:)``
  ///   strategy, or a top-level value that encodes nothing — with the coding path, as
  ///   `JSONEncoder` does — and any error the value's `encode(to:)` throws.
  open func encode<T: Encodable>(_ value: T) throws -> Data {
    try Self.encodeBytes(value, options: makeOptions()).withUnsafeBytes { Data($0) }
  }

  /// Encodes `value` as a JSON string.
  /// - Throws: the errors of ``encode(_:)``.
  public func encodeToString<T: Encodable>(_ value: T) throws -> String {
    try Self.encodeBytes(value, options: makeOptions()).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// Encodes `value` as a ``JSONValue`` (numbers keep the text they would be written with).
  /// - Throws: the errors of ``encode(_:)``.
  public func encodeToJSONValue<T: Encodable>(_ value: T) throws -> JSONValue {
    try Self.encodeTree(value, options: makeOptions()).jsonValue
  }

  // MARK: - Internals

  private func makeOptions() -> EncodingOptions {
    let storage = withLock { $0 }
    return EncodingOptions(
      outputFormatting: storage.outputFormatting,
      dateEncodingStrategy: storage.dateEncodingStrategy,
      dataEncodingStrategy: storage.dataEncodingStrategy,
      nonConformingFloatEncodingStrategy: storage.nonConformingFloatEncodingStrategy,
      keyEncodingStrategy: storage.keyEncodingStrategy,
      keyMapping: storage.keyMapping,
      userInfo: storage.userInfo)
  }

  /// Streams `value` into bytes; if its Codable calls cannot be streamed (see
  /// Streaming/StreamingSession.swift), encodes it again through a tree. Internal:
  /// FlexBackedJSONEncoder encodes through it too.
  static func encodeBytes<T: Encodable>(_ value: T, options: EncodingOptions) throws -> JSONOutput {
    do {
      return try StreamingSession(options: options).encodeDocument(value)
    } catch is StreamingUnavailable {
      var writer = JSONWriter(options: options.formatting, capacity: 1024)
      try Self.encodeTree(value, options: options).write(to: &writer)
      return writer.output
    }
  }

  private static func encodeTree<T: Encodable>(_ value: T, options: EncodingOptions) throws -> EncodedValue {
    let encoder = TreeEncoder(session: EncodeSession(options: options), codingPath: [])
    guard let tree = try encoder.boxEncodable(value, path: []) else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values.")
      )
    }
    return tree
  }
}
