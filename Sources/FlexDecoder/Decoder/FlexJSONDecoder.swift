import Foundation

/// Decodes `Decodable` values from JSON: a drop-in replacement for Foundation's `JSONDecoder`.
///
/// Change `JSONDecoder()` to `FlexJSONDecoder()`: the same options have the same names and
/// meaning, the same inputs decode to the same values, and failures throw the same
/// `DecodingError` cases with the same coding paths.
///
/// ```swift
/// struct User: Codable { var id: Int; var name: String }
///
/// let decoder = FlexJSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let users = try decoder.decode([User].self, from: data)
/// ```
///
/// Malformed JSON throws `DecodingError.dataCorrupted` whose `underlyingError` is a
/// ``JSONParseError`` with the line and column of the problem.
///
/// A decoder may be shared between threads: options are read under a lock, and each `decode`
/// call works on its own snapshot of them.
open class FlexJSONDecoder: @unchecked Sendable {
  private let lock = NSLock()
  private var storage = Storage()

  /// The option values, kept together so a snapshot is one copy.
  private struct Storage {
    var dateDecodingStrategy = DateDecodingStrategy.deferredToDate
    var dataDecodingStrategy = DataDecodingStrategy.base64
    var nonConformingFloatDecodingStrategy = NonConformingFloatDecodingStrategy.throw
    var keyDecodingStrategy = KeyDecodingStrategy.useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var allowsJSON5 = false
    var assumesTopLevelDictionary = false
    var maxDepth = JSONParsingOptions.defaultMaxDepth
  }

  private func withLock<R>(_ body: (inout Storage) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&storage)
  }

  // MARK: - Options

  /// How `Date` values are decoded. Default: ``DateDecodingStrategy/deferredToDate``.
  open var dateDecodingStrategy: DateDecodingStrategy {
    get { withLock { $0.dateDecodingStrategy } }
    set { withLock { $0.dateDecodingStrategy = newValue } }
  }

  /// How `Data` values are decoded. Default: ``DataDecodingStrategy/base64``.
  open var dataDecodingStrategy: DataDecodingStrategy {
    get { withLock { $0.dataDecodingStrategy } }
    set { withLock { $0.dataDecodingStrategy = newValue } }
  }

  /// How infinity and NaN are decoded. Default: ``NonConformingFloatDecodingStrategy/throw``.
  open var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
    get { withLock { $0.nonConformingFloatDecodingStrategy } }
    set { withLock { $0.nonConformingFloatDecodingStrategy = newValue } }
  }

  /// How JSON keys are matched to coding keys. Default: ``KeyDecodingStrategy/useDefaultKeys``.
  open var keyDecodingStrategy: KeyDecodingStrategy {
    get { withLock { $0.keyDecodingStrategy } }
    set { withLock { $0.keyDecodingStrategy = newValue } }
  }

  /// Values handed to every `init(from:)` through `Decoder.userInfo`.
  open var userInfo: [CodingUserInfoKey: any Sendable] {
    get { withLock { $0.userInfo } }
    set { withLock { $0.userInfo = newValue } }
  }

  /// Accept JSON5 (comments, trailing commas, unquoted keys, single quotes, hexadecimal,
  /// `Infinity`, `NaN` …). Default `false`: RFC 8259 only.
  open var allowsJSON5: Bool {
    get { withLock { $0.allowsJSON5 } }
    set { withLock { $0.allowsJSON5 = newValue } }
  }

  /// Read a document that does not start with `{` as the members of an object whose braces
  /// were left out (`"a": 1, "b": 2`); an empty document is an empty object. Works with and
  /// without ``allowsJSON5``, as in `JSONDecoder`. Default `false`.
  open var assumesTopLevelDictionary: Bool {
    get { withLock { $0.assumesTopLevelDictionary } }
    set { withLock { $0.assumesTopLevelDictionary = newValue } }
  }

  /// The deepest nesting of arrays and objects accepted; deeper input throws
  /// `dataCorrupted`. Default 512, as in `JSONDecoder`.
  open var maxDepth: Int {
    get { withLock { $0.maxDepth } }
    set { withLock { $0.maxDepth = newValue } }
  }

  // MARK: - Constructing

  /// Creates a decoder with the default options.
  public init() {}

  /// A decoder that behaves exactly like Foundation's `JSONDecoder`: no coercions, no key
  /// maps, and the first problem throws.
  ///
  /// ```swift
  /// let decoder = FlexJSONDecoder.strict()
  /// ```
  public static func strict() -> FlexJSONDecoder {
    FlexJSONDecoder()
  }

  // MARK: - Decoding Values

  /// Decodes a value of type `T` from JSON data in UTF-8, or in UTF-16 or UTF-32 as
  /// `JSONDecoder` detects them (byte order mark, or the zero bytes of the first characters).
  ///
  /// - Parameters:
  ///   - type: the type to decode.
  ///   - data: the JSON document.
  /// - Returns: the decoded value.
  /// - Throws: `DecodingError.dataCorrupted` for malformed JSON (its `underlyingError` is a
  ///   ``JSONParseError``), and the `DecodingError` that `JSONDecoder` would throw for a value
  ///   that does not fit `T`.
  open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    let options = makeOptions()
    return try data.withUnsafeBytes { bytes in
      try Self.withUTF8Document(bytes) { try Self.decode(type, from: $0, options: options) }
    }
  }

  /// Decodes a value of type `T` from a JSON string.
  /// - Throws: the errors of ``decode(_:from:)-(_,Data)``.
  public func decode<T: Decodable>(_ type: T.Type, from string: String) throws -> T {
    let options = makeOptions()
    var string = string
    return try string.withUTF8 { try Self.decode(type, from: UnsafeRawBufferPointer($0), options: options) }
  }

  /// Decodes a value of type `T` from JSON bytes, in the encodings that ``decode(_:from:)-(_,Data)``
  /// reads.
  /// - Throws: the errors of ``decode(_:from:)-(_,Data)``.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    let options = makeOptions()
    return try bytes.withUnsafeBytes { bytes in
      try Self.withUTF8Document(bytes) { try Self.decode(type, from: $0, options: options) }
    }
  }

  /// Decodes a value of type `T` from a parsed ``JSONValue``.
  /// - Throws: the `DecodingError` that decoding the value's JSON text would throw.
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try decode(type, from: value.serialized())
  }

  /// Decodes a value of type `T` from the output of `JSONSerialization.jsonObject(with:)`:
  /// dictionaries, arrays, strings, numbers, booleans and `NSNull`.
  /// - Throws: `DecodingError.dataCorrupted` if `object` holds anything else, or the errors of
  ///   decoding its JSON text.
  public func decode<T: Decodable>(_ type: T.Type, fromJSONObject object: Any) throws -> T {
    try decode(type, from: try JSONValue(jsonObject: object))
  }

  // MARK: - Internals

  private func makeOptions() -> DecodingOptions {
    let storage = withLock { $0 }
    return DecodingOptions(
      dateDecodingStrategy: storage.dateDecodingStrategy,
      dataDecodingStrategy: storage.dataDecodingStrategy,
      nonConformingFloatDecodingStrategy: storage.nonConformingFloatDecodingStrategy,
      keyDecodingStrategy: storage.keyDecodingStrategy,
      userInfo: storage.userInfo,
      parsing: JSONParsingOptions(
        allowsJSON5: storage.allowsJSON5, maxDepth: storage.maxDepth,
        assumesTopLevelDictionary: storage.assumesTopLevelDictionary))
  }

  /// Scans the document, then decodes its top-level value.
  static func decode<T: Decodable>(
    _ type: T.Type, from bytes: UnsafeRawBufferPointer, options: DecodingOptions
  ) throws -> T {
    let tape: JSONTape
    do {
      tape = try JSONScanner.scan(bytes, options: options.parsing)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
    }
    let decoder = TapeDecoder(tape: tape, options: options)
    return try decoder.decodeValue(type, at: 0)
  }
}
