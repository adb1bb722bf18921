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
///
/// A key written twice is handled as `JSONEncoder` handles it. A value replaces what the key
/// held. A second nested container for the key writes into the first if they are of one kind
/// (members or elements of both are kept), or into a value of its kind encoded there (an object
/// for a keyed container, an array for an unkeyed one). A super encoder's value replaces what
/// the key holds when the super encoder is released (`{}` if it wrote nothing). A nested
/// container asked for where anything else was encoded is a programming error: like
/// `JSONEncoder`, `FlexJSONEncoder` stops with a precondition failure. So does a second single
/// value on one encoder; a single value encoded after a container is dropped.
open class FlexJSONEncoder: @unchecked Sendable {
  /// The options, behind their lock.
  private let storage = LockedState.make(Storage(snapshot: defaultSnapshot))

  /// The snapshot of the default options, shared by every coder until it changes an option, so
  /// that a coder made for one call (`FlexJSONDecoder().decode(…)`) builds none.
  private static let defaultSnapshot = Storage().makeSnapshot()

  private struct Storage {
    /// The snapshot the last call made, until an option changes (see ``EncodingOptions``).
    var snapshot: EncodingOptions?
    var outputFormatting: OutputFormatting = []
    var dateEncodingStrategy = DateEncodingStrategy.deferredToDate
    var dataEncodingStrategy = DataEncodingStrategy.base64
    var nonConformingFloatEncodingStrategy = NonConformingFloatEncodingStrategy.throw
    var keyEncodingStrategy = KeyEncodingStrategy.useDefaultKeys
    var keyMapping = FlexKeyMap.empty
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// The snapshot of these options.
    func makeSnapshot() -> EncodingOptions {
      EncodingOptions(
        outputFormatting: outputFormatting,
        dateEncodingStrategy: dateEncodingStrategy,
        dataEncodingStrategy: dataEncodingStrategy,
        nonConformingFloatEncodingStrategy: nonConformingFloatEncodingStrategy,
        keyEncodingStrategy: keyEncodingStrategy,
        keyMapping: keyMapping,
        userInfo: userInfo)
    }
  }

  private func withLock<R>(_ body: (inout Storage) -> R) -> R {
    storage.withLock(body)
  }

  /// Changes an option: under the lock, and the snapshot of the options is made again.
  private func update(_ body: (inout Storage) -> Void) {
    storage.withLock { storage in
      body(&storage)
      storage.snapshot = nil
    }
  }

  // MARK: - Options

  /// How the output is laid out. Default: compact.
  open var outputFormatting: OutputFormatting {
    get { withLock { $0.outputFormatting } }
    set { update { $0.outputFormatting = newValue } }
  }

  /// How `Date` values are encoded. Default: ``DateEncodingStrategy/deferredToDate``.
  open var dateEncodingStrategy: DateEncodingStrategy {
    get { withLock { $0.dateEncodingStrategy } }
    set { update { $0.dateEncodingStrategy = newValue } }
  }

  /// How `Data` values are encoded. Default: ``DataEncodingStrategy/base64``.
  open var dataEncodingStrategy: DataEncodingStrategy {
    get { withLock { $0.dataEncodingStrategy } }
    set { update { $0.dataEncodingStrategy = newValue } }
  }

  /// How infinity and NaN are encoded. Default: ``NonConformingFloatEncodingStrategy/throw``.
  open var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
    get { withLock { $0.nonConformingFloatEncodingStrategy } }
    set { update { $0.nonConformingFloatEncodingStrategy = newValue } }
  }

  /// How coding keys become JSON keys. Default: ``KeyEncodingStrategy/useDefaultKeys``.
  open var keyEncodingStrategy: KeyEncodingStrategy {
    get { withLock { $0.keyEncodingStrategy } }
    set { update { $0.keyEncodingStrategy = newValue } }
  }

  /// A key map applied to every type, for the properties its own ``FlexKeyMapping`` does not
  /// map: each property is written under its first candidate. Default: empty.
  open var keyMapping: FlexKeyMap {
    get { withLock { $0.keyMapping } }
    set { update { $0.keyMapping = newValue } }
  }

  /// Values handed to every `encode(to:)` through `Encoder.userInfo`.
  open var userInfo: [CodingUserInfoKey: any Sendable] {
    get { withLock { $0.userInfo } }
    set { update { $0.userInfo = newValue } }
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
    try Self.encodeBytes(value, options: makeOptions()) { Data($0) }
  }

  /// Encodes `value` as a JSON string.
  /// - Throws: the errors of ``encode(_:)``.
  public func encodeToString<T: Encodable>(_ value: T) throws -> String {
    try Self.encodeBytes(value, options: makeOptions()) { String(decoding: $0, as: UTF8.self) }
  }

  /// Encodes `value` as a ``JSONValue`` (numbers keep the text they would be written with).
  /// - Throws: the errors of ``encode(_:)``.
  public func encodeToJSONValue<T: Encodable>(_ value: T) throws -> JSONValue {
    try Self.encodeTree(value, options: makeOptions()).jsonValue
  }

  // MARK: - Encoding Values with a Configuration

  /// Encodes a value of a type that needs a configuration to encode (`EncodableWithConfiguration`)
  /// as UTF-8 JSON, as `JSONEncoder`'s method of the same name does.
  ///
  /// The value is encoded by the same engine as ``encode(_:)``, under every option of this
  /// encoder.
  ///
  /// ```swift
  /// let data = try encoder.encode(page, configuration: .init(locale: "fr"))
  /// ```
  ///
  /// - Parameters:
  ///   - value: the value to encode.
  ///   - configuration: handed to `value`'s `encode(to:configuration:)`.
  /// - Returns: the JSON document.
  /// - Throws: the errors of ``encode(_:)``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  open func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
    try encodeConfigured(value, configuration: configuration)
  }

  /// Encodes a value of a type that needs a configuration to encode, with the configuration
  /// that `configuration` provides (`EncodingConfigurationProviding`).
  ///
  /// Calls ``encode(_:configuration:)-(_,T.EncodingConfiguration)`` with
  /// `C.encodingConfiguration`, as `JSONEncoder` does.
  /// - Throws: the errors of ``encode(_:)``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  open func encode<T, C>(_ value: T, configuration: C.Type) throws -> Data
  where
    T: EncodableWithConfiguration, C: EncodingConfigurationProviding, T.EncodingConfiguration == C.EncodingConfiguration
  {
    try encode(value, configuration: C.encodingConfiguration)
  }

  // MARK: - Internals

  /// A snapshot of the options, for one encode.
  func makeOptions() -> EncodingOptions {
    withLock { storage in
      if let snapshot = storage.snapshot { return snapshot }
      let snapshot = storage.makeSnapshot()
      storage.snapshot = snapshot
      return snapshot
    }
  }

  /// Streams `value` into bytes; if its Codable calls cannot be streamed (see
  /// Streaming/StreamingSession.swift), encodes it again through a tree. Internal:
  /// FlexBackedJSONEncoder encodes through it too.
  static func encodeBytes<T: Encodable, R>(
    _ value: T, options: EncodingOptions, _ body: (UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    // The session's output buffer is read before the session goes back to the pool.
    var session: StreamingSession? = .lent(options: options)
    defer { streamingSessionPool.recycle(&session) }
    do {
      return try session!.encodeDocument(value).withUnsafeBytes(body)
    } catch is StreamingUnavailable {
      var writer = JSONWriter(options: options.formatting, capacity: 1024)
      try Self.encodeTree(value, options: options).write(to: &writer)
      return try writer.output.withUnsafeBytes(body)
    }
  }

  private static func encodeTree<T: Encodable>(_ value: T, options: EncodingOptions) throws -> EncodedValue {
    let encoder = TreeEncoder(session: EncodeSession(options: options), codingPath: [])
    guard let tree = try encoder.boxEncodable(value, path: []) else {
      throw EncodingError.topLevelEncodedNothing(value)
    }
    return tree
  }
}
