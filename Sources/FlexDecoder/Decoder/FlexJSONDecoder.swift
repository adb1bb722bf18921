@_spi(Engine) import FlexCore
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
  /// The options, behind their lock.
  private let storage = LockedState.make(Storage(snapshot: defaultSnapshot))

  /// The snapshot of the default options, shared by every coder until it changes an option, so
  /// that a coder made for one call (`FlexJSONDecoder().decode(…)`) builds none.
  private static let defaultSnapshot = Storage().makeSnapshot()

  /// The option values, kept together so a snapshot is one copy.
  private struct Storage {
    /// The snapshot the last call made, until an option changes (see ``DecodingOptions``).
    var snapshot: DecodingOptions?
    var dateDecodingStrategy = DateDecodingStrategy.deferredToDate
    var dataDecodingStrategy = DataDecodingStrategy.base64
    var nonConformingFloatDecodingStrategy = NonConformingFloatDecodingStrategy.throw
    var keyDecodingStrategy = KeyDecodingStrategy.useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var allowsJSON5 = false
    var assumesTopLevelDictionary = false
    var requiresRFC8259 = false
    var maxDepth = JSONParsingOptions.defaultMaxDepth
    var coercions = FlexCoercions.standard
    var keyMapping = FlexKeyMap.empty
    var errorPolicy = ErrorPolicy.collectAll
    var reportsCoercions = false
    var unknownKeyPolicy = UnknownKeyPolicy.ignore
    var dropsElementsWithDefaults = false

    /// The snapshot of these options.
    func makeSnapshot() -> DecodingOptions {
      DecodingOptions(
        dateDecodingStrategy: dateDecodingStrategy,
        dataDecodingStrategy: dataDecodingStrategy,
        nonConformingFloatDecodingStrategy: nonConformingFloatDecodingStrategy,
        keyDecodingStrategy: keyDecodingStrategy,
        userInfo: userInfo,
        parsing: JSONParsingOptions(
          allowsJSON5: allowsJSON5, maxDepth: maxDepth,
          assumesTopLevelDictionary: assumesTopLevelDictionary,
          allowsTrailingCommas: !requiresRFC8259),
        coercions: coercions,
        keyMapping: keyMapping,
        errorPolicy: errorPolicy,
        reportsCoercions: reportsCoercions,
        unknownKeyPolicy: unknownKeyPolicy,
        dropsElementsWithDefaults: dropsElementsWithDefaults)
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

  /// How `Date` values are decoded. Default: ``DateDecodingStrategy/deferredToDate``.
  open var dateDecodingStrategy: DateDecodingStrategy {
    get { withLock { $0.dateDecodingStrategy } }
    set { update { $0.dateDecodingStrategy = newValue } }
  }

  /// How `Data` values are decoded. Default: ``DataDecodingStrategy/base64``.
  open var dataDecodingStrategy: DataDecodingStrategy {
    get { withLock { $0.dataDecodingStrategy } }
    set { update { $0.dataDecodingStrategy = newValue } }
  }

  /// How infinity and NaN are decoded. Default: ``NonConformingFloatDecodingStrategy/throw``.
  open var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
    get { withLock { $0.nonConformingFloatDecodingStrategy } }
    set { update { $0.nonConformingFloatDecodingStrategy = newValue } }
  }

  /// How JSON keys are matched to coding keys. Default: ``KeyDecodingStrategy/useDefaultKeys``.
  open var keyDecodingStrategy: KeyDecodingStrategy {
    get { withLock { $0.keyDecodingStrategy } }
    set { update { $0.keyDecodingStrategy = newValue } }
  }

  /// Values handed to every `init(from:)` through `Decoder.userInfo`.
  open var userInfo: [CodingUserInfoKey: any Sendable] {
    get { withLock { $0.userInfo } }
    set { update { $0.userInfo = newValue } }
  }

  /// Accept JSON5 (comments, trailing commas, unquoted keys, single quotes, hexadecimal,
  /// `Infinity`, `NaN` …). Default `false`: JSON as `JSONDecoder` reads it (RFC 8259, plus the
  /// trailing commas ``requiresRFC8259`` turns off).
  open var allowsJSON5: Bool {
    get { withLock { $0.allowsJSON5 } }
    set { update { $0.allowsJSON5 = newValue } }
  }

  /// Read a document that does not start with `{` as the members of an object whose braces
  /// were left out (`"a": 1, "b": 2`); an empty document is an empty object. Works with and
  /// without ``allowsJSON5``, as in `JSONDecoder`. Default `false`.
  open var assumesTopLevelDictionary: Bool {
    get { withLock { $0.assumesTopLevelDictionary } }
    set { update { $0.assumesTopLevelDictionary = newValue } }
  }

  /// Reject every document RFC 8259 rejects, for code that validates its input. Default
  /// `false`: the decoder accepts what `JSONDecoder` accepts, which includes one trailing comma
  /// in an array or object (`[1,]`, `{"a": 1,}`).
  ///
  /// ```swift
  /// decoder.requiresRFC8259 = true
  /// try decoder.decode([Int].self, from: "[1,]")   // throws DecodingError.dataCorrupted
  /// ```
  ///
  /// Has no effect when ``allowsJSON5`` is set: JSON5 allows trailing commas.
  open var requiresRFC8259: Bool {
    get { withLock { $0.requiresRFC8259 } }
    set { update { $0.requiresRFC8259 = newValue } }
  }

  /// The deepest nesting of arrays and objects accepted; deeper input throws
  /// `dataCorrupted`. Default 512, as in `JSONDecoder`.
  open var maxDepth: Int {
    get { withLock { $0.maxDepth } }
    set { update { $0.maxDepth = newValue } }
  }

  // MARK: - Leniency

  /// Which type mismatches are converted instead of thrown. Default ``FlexCoercions/standard``
  /// (number ↔ string, string → bool, 0/1 → bool); `[]` decodes like `JSONDecoder`.
  open var coercions: FlexCoercions {
    get { withLock { $0.coercions } }
    set { update { $0.coercions = newValue } }
  }

  /// A key map applied to every type, for the properties the type's own ``FlexKeyMapping``
  /// does not map. Default: empty. Keys of `[String: …]` dictionaries are left as they are.
  ///
  /// ```swift
  /// decoder.keyMapping = ["id": ["id", "ID", "_id"]]   // every type's `id`
  /// ```
  open var keyMapping: FlexKeyMap {
    get { withLock { $0.keyMapping } }
    set { update { $0.keyMapping = newValue } }
  }

  /// What happens when a value does not fit its type. Default ``ErrorPolicy/collectAll``: every
  /// problem is collected and thrown once, as a ``FlexDecodingError``.
  open var errorPolicy: ErrorPolicy {
    get { withLock { $0.errorPolicy } }
    set { update { $0.errorPolicy = newValue } }
  }

  /// Report each coercion applied as a ``FlexIssue/Kind/coerced`` issue in
  /// ``decodeWithReport(_:from:)``'s issues (never thrown), e.g.
  /// `user.id: coerced string "42" to Int`. Default `false`.
  open var reportsCoercions: Bool {
    get { withLock { $0.reportsCoercions } }
    set { update { $0.reportsCoercions = newValue } }
  }

  /// What happens to JSON keys no property used. Default ``UnknownKeyPolicy/ignore``.
  open var unknownKeyPolicy: UnknownKeyPolicy {
    get { withLock { $0.unknownKeyPolicy } }
    set { update { $0.unknownKeyPolicy = newValue } }
  }

  /// Under ``ErrorPolicy/useDefaults``: drop an array element or dictionary value whole when a
  /// default had to replace a missing or bad value inside it, as the lossy libraries do, instead
  /// of keeping it with that default. Default `false`: bad values become defaults, as the policy
  /// says; only elements that cannot be decoded at all are dropped.
  ///
  /// ```swift
  /// decoder.errorPolicy = .useDefaults
  /// decoder.dropsElementsWithDefaults = true
  /// // [{"id": 1, "title": "a"}, {"id": "x", "title": "b"}] as [Post]: [Post(id: 1, title: "a")],
  /// // reported as "[1].id: expected Int but found the string "x"; dropped the element"
  /// ```
  open var dropsElementsWithDefaults: Bool {
    get { withLock { $0.dropsElementsWithDefaults } }
    set { update { $0.dropsElementsWithDefaults = newValue } }
  }

  // MARK: - Constructing

  /// Creates a decoder with the default options.
  public init() {}

  /// A decoder that behaves exactly like Foundation's `JSONDecoder`: no coercions, no global
  /// key map, and the first problem throws.
  ///
  /// Types that conform to ``FlexKeyMapping`` keep their own map: it is part of the type, like
  /// its `CodingKeys`.
  ///
  /// ```swift
  /// let decoder = FlexJSONDecoder.strict()
  /// ```
  public static func strict() -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.coercions = []
    decoder.errorPolicy = .failFast
    return decoder
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
    try Self.decodeDocument(type, from: data, options: makeOptions())
  }

  /// Decodes a value of type `T` from UTF-8 JSON data, and reports what was recovered from or
  /// tolerated on the way.
  ///
  /// ```swift
  /// decoder.errorPolicy = .useDefaults
  /// decoder.reportsCoercions = true
  /// let result = try decoder.decodeWithReport(User.self, from: data)
  /// for issue in result.issues { print(issue) }   // user.id: coerced string "42" to Int
  /// ```
  ///
  /// - Returns: the value and the issues, in document order: substitutions under
  ///   `.useDefaults`, coercions with ``reportsCoercions``, unknown keys with
  ///   ``unknownKeyPolicy`` `.report`.
  /// - Throws: what ``decode(_:from:)-(_,Data)`` throws under the same options.
  public func decodeWithReport<T: Decodable>(_ type: T.Type, from data: Data) throws -> FlexDecoded<T> {
    try Self.decodeDocumentWithReport(type, from: data, options: makeOptions())
  }

  /// Decodes a value of type `T` from a JSON string.
  /// - Throws: the errors of ``decode(_:from:)-(_,Data)``.
  public func decode<T: Decodable>(_ type: T.Type, from string: String) throws -> T {
    let options = makeOptions()
    var string = string
    var issues: [FlexIssue] = []
    return try string.withUTF8 {
      try Self.decodeDocument(type, from: UnsafeRawBufferPointer($0), options: options, at: nil, issues: &issues)
    }
  }

  /// Decodes a value of type `T` from JSON bytes, in the encodings that ``decode(_:from:)-(_,Data)``
  /// reads.
  /// - Throws: the errors of ``decode(_:from:)-(_,Data)``.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    let options = makeOptions()
    var issues: [FlexIssue] = []
    return try bytes.withUnsafeBytes { bytes in
      try Self.withUTF8Document(bytes) {
        try Self.decodeDocument(type, from: $0, options: options, at: nil, issues: &issues)
      }
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

  /// Decodes the value found at `keyPath` inside the document, for API envelopes such as
  /// `{"code": 0, "data": {"list": […]}}`.
  ///
  /// ```swift
  /// let items = try decoder.decode([Item].self, from: data, at: "data.list")
  /// ```
  ///
  /// The key path has the syntax of ``FlexKeyMap`` candidates: components split on `.`, digits
  /// index arrays, `\.` is a literal dot. Keys compare exactly.
  /// - Throws: `DecodingError.keyNotFound` at the path of the first missing step, or the errors
  ///   of ``decode(_:from:)-(_,Data)``.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data, at keyPath: String) throws -> T {
    try Self.decodeDocument(type, from: data, options: makeOptions(), at: FlexKeyPath(keyPath))
  }

  // MARK: - Decoding Values with a Configuration

  /// Decodes a value of a type that needs a configuration to decode (`DecodableWithConfiguration`),
  /// as `JSONDecoder`'s method of the same name does.
  ///
  /// The value is decoded by the same engine as ``decode(_:from:)-(_,Data)``, under every option
  /// of this decoder: key strategies and maps, coercions, the error policy, validation.
  ///
  /// ```swift
  /// let page = try decoder.decode(Page.self, from: data, configuration: .init(locale: "fr"))
  /// ```
  ///
  /// - Parameters:
  ///   - type: the type to decode.
  ///   - data: the JSON document, in the encodings ``decode(_:from:)-(_,Data)`` reads.
  ///   - configuration: handed to `type`'s `init(from:configuration:)`.
  /// - Returns: the decoded value.
  /// - Throws: the errors of ``decode(_:from:)-(_,Data)``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  open func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
  ) throws -> T {
    try decodeConfigured(type, from: data, configuration: configuration)
  }

  /// Decodes a value of a type that needs a configuration to decode, with the configuration
  /// that `configuration` provides (`DecodingConfigurationProviding`).
  ///
  /// Calls ``decode(_:from:configuration:)-(_,_,T.DecodingConfiguration)`` with
  /// `C.decodingConfiguration`, as `JSONDecoder` does.
  /// - Throws: the errors of ``decode(_:from:)-(_,Data)``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  open func decode<T, C>(
    _ type: T.Type, from data: Data, configuration: C.Type
  ) throws -> T
  where
    T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration
  {
    try decode(type, from: data, configuration: C.decodingConfiguration)
  }

  // MARK: - Internals

  /// A snapshot of the options, for one decode.
  func makeOptions() -> DecodingOptions {
    withLock { storage in
      if let snapshot = storage.snapshot { return snapshot }
      let snapshot = storage.makeSnapshot()
      storage.snapshot = snapshot
      return snapshot
    }
  }

  /// Decodes `data`, in the encodings ``decode(_:from:)-(_,Data)`` reads, as the UTF-8 form
  /// below does: the entry point of every `Data` decode, FlexBackedJSONDecoder's too.
  static func decodeDocument<T: Decodable>(
    _ type: T.Type, from data: Data, options: DecodingOptions, at keyPath: FlexKeyPath? = nil,
    configuration: AnyObject? = nil
  ) throws -> T {
    var issues: [FlexIssue] = []
    return try decodeDocument(
      type, from: data, options: options, at: keyPath, configuration: configuration, issues: &issues)
  }

  /// ``decodeDocument(_:from:options:at:configuration:)-(_,Data,_,_,_)`` with the issues, for
  /// `decodeWithReport`.
  static func decodeDocumentWithReport<T: Decodable>(
    _ type: T.Type, from data: Data, options: DecodingOptions
  ) throws -> FlexDecoded<T> {
    var issues: [FlexIssue] = []
    let value = try decodeDocument(type, from: data, options: options, at: nil, configuration: nil, issues: &issues)
    return FlexDecoded(value: value, issues: issues)
  }

  private static func decodeDocument<T: Decodable>(
    _ type: T.Type, from data: Data, options: DecodingOptions, at keyPath: FlexKeyPath?,
    configuration: AnyObject?, issues: inout [FlexIssue]
  ) throws -> T {
    try data.withUnsafeBytes { bytes in
      try withUTF8Document(bytes) {
        try decodeDocument(
          type, from: $0, options: options, at: keyPath, configuration: configuration, issues: &issues)
      }
    }
  }

  /// Scans the document, then decodes its top-level value (or the value at `keyPath`) under the
  /// error policy, and adds to `issues` what was recovered from or noticed.
  ///
  /// The value is returned as `T`, not in a ``FlexDecoded``: this runs unspecialized for the
  /// caller's `T`, and forming a generic struct of `T` costs a runtime metadata lookup, about
  /// a thousand instructions, per call.
  ///
  /// `configuration` is the ``ConfigurationBox`` of a `decode(_:from:configuration:)` call.
  static func decodeDocument<T: Decodable>(
    _ type: T.Type, from bytes: UnsafeRawBufferPointer, options: DecodingOptions, at keyPath: FlexKeyPath?,
    configuration: AnyObject? = nil, issues: inout [FlexIssue]
  ) throws -> T {
    var tape: JSONTape
    do {
      tape = try JSONScanner.scan(bytes, options: options.parsing)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
    }
    // The tape borrows `bytes`, which the caller frees after this call. If a model kept its
    // decoder or a container (JSONDecoder lets it read them later), the tape is still held: it
    // then copies the document, so that what was kept stays readable.
    defer { if !isKnownUniquelyReferenced(&tape) { tape.keepBytes() } }
    return try decode(type, from: tape, options: options, at: keyPath, configuration: configuration, issues: &issues)
  }

  /// Decodes the scanned document (in a function of its own, so that nothing of the decode
  /// holds the tape once it returns).
  private static func decode<T: Decodable>(
    _ type: T.Type, from tape: JSONTape, options: DecodingOptions, at keyPath: FlexKeyPath?,
    configuration: AnyObject?, issues: inout [FlexIssue]
  ) throws -> T {
    try DocumentDecoding(tape: tape, options: options, keyPath: keyPath, configuration: configuration).decode(
      type, issues: &issues)
  }
}
