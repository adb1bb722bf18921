@_spi(Engine) import FlexCore
import Foundation

/// A `JSONDecoder` that decodes with FlexDecoder, for code that holds a `JSONDecoder`.
///
/// Networking code often types its decoder as `JSONDecoder`: a stored `let decoder: JSONDecoder`,
/// a `decoder: JSONDecoder = JSONDecoder()` parameter, an `APIDecoder: JSONDecoder` subclass, or a
/// library API that takes a `JSONDecoder`. ``FlexJSONDecoder`` does not fit there (its strategy
/// enums have cases `JSONDecoder`'s lack, so it cannot be a subclass). This subclass fits, so
/// changing one line is enough:
///
/// ```swift
/// let client = APIClient(decoder: FlexBackedJSONDecoder())   // was JSONDecoder()
///
/// final class APIDecoder: FlexBackedJSONDecoder {            // was JSONDecoder
///   override init() {
///     super.init()
///     keyDecodingStrategy = .convertFromSnakeCase
///     dateDecodingStrategy = .iso8601
///   }
/// }
/// ```
///
/// Every decode goes through Flex, also when it is called through a `JSONDecoder` reference.
/// `JSONDecoder`'s options keep their meaning: the date, data, non-conforming float and key
/// strategies (`.custom` included), `userInfo`, `allowsJSON5` and `assumesTopLevelDictionary`.
/// Flex's own options (``coercions``, ``errorPolicy``, ``keyMapping``, ``maxDepth``,
/// ``reportsCoercions``, ``unknownKeyPolicy``) start at the defaults of `FlexJSONDecoder()`.
/// So a document that `JSONDecoder` decodes decodes to the same value, `"42"` decodes into an
/// `Int`, and a decode that fails with one problem throws the `DecodingError` that `JSONDecoder`
/// throws. Types that conform to ``FlexKeyMapping`` are decoded through their map.
///
/// `JSONDecoder`'s enums cannot hold Flex's extra strategies. To use them, set
/// ``flexDateDecodingStrategy`` (for `.flexible` dates) or ``flexKeyDecodingStrategy`` (for
/// `.convertFromAnyCase` and the other key cases). When either is set, it is used instead of the
/// `JSONDecoder` option.
///
/// The options are read when a decode starts, and the decode works on that snapshot. A decoder
/// can be shared between threads: the options are kept under locks, as `JSONDecoder` keeps its own.
open class FlexBackedJSONDecoder: JSONDecoder, @unchecked Sendable {
  private let lock = NSLock()
  private var flexOptions: FlexOptions

  /// The options that `JSONDecoder` does not have. `JSONDecoder` stores the rest.
  private struct FlexOptions {
    var coercions: FlexCoercions
    var errorPolicy: FlexJSONDecoder.ErrorPolicy
    var keyMapping: FlexKeyMap
    var maxDepth: Int
    var reportsCoercions: Bool
    var unknownKeyPolicy: FlexJSONDecoder.UnknownKeyPolicy
    var dropsElementsWithDefaults: Bool
    var dateDecodingStrategy: FlexJSONDecoder.DateDecodingStrategy?
    var keyDecodingStrategy: FlexJSONDecoder.KeyDecodingStrategy?

    /// The options of `decoder`. They are read from a new `FlexJSONDecoder()`, so the defaults
    /// are Flex's by construction.
    init(of decoder: FlexJSONDecoder) {
      coercions = decoder.coercions
      errorPolicy = decoder.errorPolicy
      keyMapping = decoder.keyMapping
      maxDepth = decoder.maxDepth
      reportsCoercions = decoder.reportsCoercions
      unknownKeyPolicy = decoder.unknownKeyPolicy
      dropsElementsWithDefaults = decoder.dropsElementsWithDefaults
    }
  }

  private func withLock<R>(_ body: (inout FlexOptions) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&flexOptions)
  }

  // MARK: - Constructing

  /// Creates a decoder with `JSONDecoder`'s default options and `FlexJSONDecoder`'s defaults
  /// for the rest.
  ///
  /// ```swift
  /// let decoder: JSONDecoder = FlexBackedJSONDecoder()
  /// let user = try decoder.decode(User.self, from: data)
  /// ```
  public override init() {
    flexOptions = FlexOptions(of: FlexJSONDecoder())
    super.init()
  }

  // MARK: - Flex Options

  /// Which type mismatches are converted instead of thrown. This is ``FlexJSONDecoder/coercions``.
  /// Default ``FlexCoercions/standard``. Set it to `[]` to coerce nothing.
  ///
  /// ```swift
  /// decoder.coercions = .all
  /// ```
  open var coercions: FlexCoercions {
    get { withLock { $0.coercions } }
    set { withLock { $0.coercions = newValue } }
  }

  /// What happens when a value does not fit its type. This is ``FlexJSONDecoder/errorPolicy``.
  /// Default ``FlexJSONDecoder/ErrorPolicy/collectAll``.
  ///
  /// ```swift
  /// decoder.errorPolicy = .failFast   // with coercions = [], decodes exactly like JSONDecoder
  /// ```
  open var errorPolicy: FlexJSONDecoder.ErrorPolicy {
    get { withLock { $0.errorPolicy } }
    set { withLock { $0.errorPolicy = newValue } }
  }

  /// A key map applied to every type, for the properties the type's own ``FlexKeyMapping``
  /// does not map. This is ``FlexJSONDecoder/keyMapping``. Default: empty.
  ///
  /// ```swift
  /// decoder.keyMapping = ["id": ["id", "ID", "_id"]]   // every type's `id`
  /// ```
  open var keyMapping: FlexKeyMap {
    get { withLock { $0.keyMapping } }
    set { withLock { $0.keyMapping = newValue } }
  }

  /// The deepest nesting of arrays and objects accepted. This is ``FlexJSONDecoder/maxDepth``.
  /// Default 512, as in `JSONDecoder`.
  ///
  /// ```swift
  /// decoder.maxDepth = 64
  /// ```
  open var maxDepth: Int {
    get { withLock { $0.maxDepth } }
    set { withLock { $0.maxDepth = newValue } }
  }

  /// Whether each coercion applied is listed in ``decodeWithReport(_:from:)``'s issues. This is
  /// ``FlexJSONDecoder/reportsCoercions``. Default `false`.
  ///
  /// ```swift
  /// decoder.reportsCoercions = true
  /// ```
  open var reportsCoercions: Bool {
    get { withLock { $0.reportsCoercions } }
    set { withLock { $0.reportsCoercions = newValue } }
  }

  /// Under `.useDefaults`, whether an element in which a default replaced a value is dropped
  /// whole. This is ``FlexJSONDecoder/dropsElementsWithDefaults``. Default `false`.
  open var dropsElementsWithDefaults: Bool {
    get { withLock { $0.dropsElementsWithDefaults } }
    set { withLock { $0.dropsElementsWithDefaults = newValue } }
  }

  /// What happens to JSON keys that no property used. This is
  /// ``FlexJSONDecoder/unknownKeyPolicy``. Default ``FlexJSONDecoder/UnknownKeyPolicy/ignore``.
  ///
  /// ```swift
  /// decoder.unknownKeyPolicy = .report
  /// ```
  open var unknownKeyPolicy: FlexJSONDecoder.UnknownKeyPolicy {
    get { withLock { $0.unknownKeyPolicy } }
    set { withLock { $0.unknownKeyPolicy = newValue } }
  }

  /// A Flex date strategy to use instead of `dateDecodingStrategy`, for the cases that
  /// `JSONDecoder.DateDecodingStrategy` cannot hold. Default `nil`: `dateDecodingStrategy`
  /// applies.
  ///
  /// ```swift
  /// decoder.flexDateDecodingStrategy = .flexible   // ISO 8601 with or without fractions, yyyy-MM-dd, timestamps
  /// ```
  open var flexDateDecodingStrategy: FlexJSONDecoder.DateDecodingStrategy? {
    get { withLock { $0.dateDecodingStrategy } }
    set { withLock { $0.dateDecodingStrategy = newValue } }
  }

  /// A Flex key strategy to use instead of `keyDecodingStrategy`, for the cases that
  /// `JSONDecoder.KeyDecodingStrategy` cannot hold. Default `nil`: `keyDecodingStrategy` applies.
  ///
  /// ```swift
  /// decoder.flexKeyDecodingStrategy = .convertFromAnyCase   // first_name, FirstName, first-name
  /// ```
  open var flexKeyDecodingStrategy: FlexJSONDecoder.KeyDecodingStrategy? {
    get { withLock { $0.keyDecodingStrategy } }
    set { withLock { $0.keyDecodingStrategy = newValue } }
  }

  // MARK: - Decoding Values

  /// Decodes a value of type `T` from JSON data, with Flex, under this decoder's options.
  ///
  /// ```swift
  /// let decoder: JSONDecoder = FlexBackedJSONDecoder()
  /// let user = try decoder.decode(User.self, from: Data(#"{"id": "42"}"#.utf8))   // id == 42
  /// ```
  ///
  /// - Parameters:
  ///   - type: the type to decode.
  ///   - data: the JSON document, in UTF-8, UTF-16 or UTF-32, as `JSONDecoder` reads it.
  /// - Returns: the decoded value.
  /// - Throws: what ``FlexJSONDecoder/decode(_:from:)-(_,Data)`` throws under the same options:
  ///   `DecodingError.dataCorrupted` for malformed JSON, the `DecodingError` or your type's own
  ///   error when one problem remains, a ``FlexDecodingError`` when several do.
  open override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    guard let options = makeOptions() else { return try super.decode(type, from: data) }
    return try FlexJSONDecoder.decodeDocument(type, from: data, options: options)
  }

  /// Decodes a `DecodableWithConfiguration` value from JSON data, with Flex, under this
  /// decoder's options. Its `init(from:configuration:)` gets `configuration`.
  ///
  /// ```swift
  /// // struct Price: DecodableWithConfiguration { init(from: any Decoder, configuration: Currency) … }
  /// let price = try decoder.decode(Price.self, from: data, configuration: Currency.euro)
  /// ```
  ///
  /// - Throws: the errors of ``decode(_:from:)``.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  open override func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
  ) throws -> T {
    guard let options = makeOptions() else { return try super.decode(type, from: data, configuration: configuration) }
    return try FlexJSONDecoder.decodeDocument(
      ConfiguredDecodable<T>.self, from: data, options: options, configuration: ConfigurationBox(configuration)
    ).value
  }

  /// Decodes a `DecodableWithConfiguration` value from JSON data, with Flex, under this
  /// decoder's options. Its `init(from:configuration:)` gets `C.decodingConfiguration`.
  ///
  /// ```swift
  /// // enum Euro: DecodingConfigurationProviding { static var decodingConfiguration: Currency { .euro } }
  /// let price = try decoder.decode(Price.self, from: data, configuration: Euro.self)
  /// ```
  ///
  /// - Throws: the errors of ``decode(_:from:)``.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  open override func decode<T, C>(
    _ type: T.Type, from data: Data, configuration: C.Type
  ) throws -> T
  where
    T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration
  {
    try decode(type, from: data, configuration: C.decodingConfiguration)
  }

  /// Decodes a value of type `T` from JSON data, and reports what was recovered from or
  /// tolerated on the way, as ``FlexJSONDecoder/decodeWithReport(_:from:)`` does.
  ///
  /// ```swift
  /// decoder.errorPolicy = .useDefaults
  /// let result = try decoder.decodeWithReport(User.self, from: data)
  /// for issue in result.issues { print(issue) }
  /// ```
  ///
  /// - Returns: the value and the issues, in document order.
  /// - Throws: the errors of ``decode(_:from:)``.
  public func decodeWithReport<T: Decodable>(_ type: T.Type, from data: Data) throws -> FlexDecoded<T> {
    guard let options = makeOptions() else { return FlexDecoded(value: try super.decode(type, from: data), issues: []) }
    return try FlexJSONDecoder.decodeDocumentWithReport(type, from: data, options: options)
  }

  // MARK: - Internals

  /// A snapshot of the options for one decode, or `nil` if a `JSONDecoder` option has no Flex
  /// equivalent (a Foundation case added after this file, on Apple platforms). The callers then
  /// decode with Foundation, which honours every option.
  private func makeOptions() -> DecodingOptions? {
    let flex = withLock { $0 }
    var allowsJSON5 = false
    var assumesTopLevelDictionary = false
    if #available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *) {
      allowsJSON5 = self.allowsJSON5
      assumesTopLevelDictionary = self.assumesTopLevelDictionary
    }
    guard
      let dateStrategy = flex.dateDecodingStrategy ?? FlexJSONDecoder.DateDecodingStrategy(dateDecodingStrategy),
      let dataStrategy = FlexJSONDecoder.DataDecodingStrategy(dataDecodingStrategy),
      let floatStrategy = FlexJSONDecoder.NonConformingFloatDecodingStrategy(nonConformingFloatDecodingStrategy),
      let keyStrategy = flex.keyDecodingStrategy ?? FlexJSONDecoder.KeyDecodingStrategy(keyDecodingStrategy)
    else { return nil }
    return DecodingOptions(
      dateDecodingStrategy: dateStrategy,
      dataDecodingStrategy: dataStrategy,
      nonConformingFloatDecodingStrategy: floatStrategy,
      keyDecodingStrategy: keyStrategy,
      // As JSONDecoder's: it holds `assumesTopLevelDictionary` too, which JSONDecoder hands to
      // every `init(from:)` along with the rest.
      userInfo: CodingUserInfo.sendable(userInfo),
      parsing: JSONParsingOptions(
        allowsJSON5: allowsJSON5, maxDepth: flex.maxDepth, assumesTopLevelDictionary: assumesTopLevelDictionary,
        allowsTrailingCommas: true),
      coercions: flex.coercions,
      keyMapping: flex.keyMapping,
      errorPolicy: flex.errorPolicy,
      reportsCoercions: flex.reportsCoercions,
      unknownKeyPolicy: flex.unknownKeyPolicy,
      dropsElementsWithDefaults: flex.dropsElementsWithDefaults)
  }
}
