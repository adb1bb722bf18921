@_spi(Engine) import FlexCore
import Foundation

/// A `JSONEncoder` that encodes with FlexDecoder, for code that holds a `JSONEncoder`.
///
/// Use it where the type must be `JSONEncoder`: a stored `let encoder: JSONEncoder`, an
/// `APIEncoder: JSONEncoder` subclass, or a library API that takes a `JSONEncoder` (such as
/// Alamofire's `JSONParameterEncoder(encoder:)`). Changing one line is enough:
///
/// ```swift
/// let encoder: JSONEncoder = FlexBackedJSONEncoder()   // was JSONEncoder()
/// encoder.outputFormatting = .sortedKeys
/// let body = try encoder.encode(user)
/// ```
///
/// Every encode goes through Flex, also when it is called through a `JSONEncoder` reference.
/// `JSONEncoder`'s options keep their meaning: `outputFormatting`, the date, data,
/// non-conforming float and key strategies (`.custom` included), and `userInfo`. With
/// `.sortedKeys` the bytes are identical to `JSONEncoder`'s. Without it, members keep the order
/// in which they were encoded, where `JSONEncoder`'s order is unspecified. Types that conform to
/// ``FlexKeyMapping`` are written under their first candidate key, as ``FlexJSONEncoder`` writes
/// them.
///
/// The options are read when an encode starts, and the encode works on that snapshot. An encoder
/// can be shared between threads.
open class FlexBackedJSONEncoder: JSONEncoder, @unchecked Sendable {
  private let lock = NSLock()
  private var flexOptions = FlexOptions()

  /// The options that `JSONEncoder` does not have. `JSONEncoder` stores the rest.
  private struct FlexOptions {
    var keyMapping = FlexKeyMap.empty
    var keyEncodingStrategy: FlexJSONEncoder.KeyEncodingStrategy?
  }

  private func withLock<R>(_ body: (inout FlexOptions) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&flexOptions)
  }

  // MARK: - Constructing

  /// Creates an encoder with `JSONEncoder`'s default options.
  ///
  /// ```swift
  /// let encoder: JSONEncoder = FlexBackedJSONEncoder()
  /// ```
  public override init() {
    super.init()
  }

  // MARK: - Flex Options

  /// A key map applied to every type, for the properties its own ``FlexKeyMapping`` does not
  /// map: each property is written under its first candidate. This is
  /// ``FlexJSONEncoder/keyMapping``. Default: empty.
  ///
  /// ```swift
  /// encoder.keyMapping = ["id": "ID"]   // every type's `id` is written as "ID"
  /// ```
  open var keyMapping: FlexKeyMap {
    get { withLock { $0.keyMapping } }
    set { withLock { $0.keyMapping = newValue } }
  }

  /// A Flex key strategy to use instead of `keyEncodingStrategy`, for the cases that
  /// `JSONEncoder.KeyEncodingStrategy` cannot hold. Default `nil`: `keyEncodingStrategy`
  /// applies.
  ///
  /// ```swift
  /// encoder.flexKeyEncodingStrategy = .convertToKebabCase   // firstName → first-name
  /// ```
  open var flexKeyEncodingStrategy: FlexJSONEncoder.KeyEncodingStrategy? {
    get { withLock { $0.keyEncodingStrategy } }
    set { withLock { $0.keyEncodingStrategy = newValue } }
  }

  // MARK: - Encoding Values

  /// Encodes `value` as UTF-8 JSON, with Flex, under this encoder's options.
  ///
  /// ```swift
  /// let encoder: JSONEncoder = FlexBackedJSONEncoder()
  /// let data = try encoder.encode(user)
  /// ```
  ///
  /// - Parameter value: the value to encode.
  /// - Returns: the JSON document.
  /// - Throws: what ``FlexJSONEncoder/encode(_:)`` throws under the same options:
  ///   `EncodingError.invalidValue` for a non-finite float under the `.throw` strategy, or for a
  ///   top-level value that encodes nothing, and any error the value's `encode(to:)` throws.
  open override func encode<T: Encodable>(_ value: T) throws -> Data {
    guard let options = makeOptions() else { return try super.encode(value) }
    return try FlexJSONEncoder.encodeBytes(value, options: options) { Data($0) }
  }

  /// Encodes an `EncodableWithConfiguration` value as UTF-8 JSON, with Flex, under this
  /// encoder's options. Its `encode(to:configuration:)` gets `configuration`.
  ///
  /// ```swift
  /// // struct Price: EncodableWithConfiguration { func encode(to: any Encoder, configuration: Currency) … }
  /// let data = try encoder.encode(price, configuration: Currency.euro)
  /// ```
  ///
  /// - Throws: the errors of ``encode(_:)``.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  open override func encode<T: EncodableWithConfiguration>(
    _ value: T, configuration: T.EncodingConfiguration
  ) throws -> Data {
    guard let options = makeOptions() else { return try super.encode(value, configuration: configuration) }
    let configured = ConfiguredEncodable(value, configuration: configuration)
    return try FlexJSONEncoder.encodeBytes(configured, options: options) { Data($0) }
  }

  /// Encodes an `EncodableWithConfiguration` value as UTF-8 JSON, with Flex, under this
  /// encoder's options. Its `encode(to:configuration:)` gets `C.encodingConfiguration`.
  ///
  /// ```swift
  /// // enum Euro: EncodingConfigurationProviding { static var encodingConfiguration: Currency { .euro } }
  /// let data = try encoder.encode(price, configuration: Euro.self)
  /// ```
  ///
  /// - Throws: the errors of ``encode(_:)``.
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  open override func encode<T, C>(
    _ value: T, configuration: C.Type
  ) throws -> Data
  where
    T: EncodableWithConfiguration, C: EncodingConfigurationProviding, T.EncodingConfiguration == C.EncodingConfiguration
  {
    try encode(value, configuration: C.encodingConfiguration)
  }

  // MARK: - Internals

  /// A snapshot of the options for one encode, or `nil` if a `JSONEncoder` option has no Flex
  /// equivalent (a Foundation case or formatting option added after this file, on Apple
  /// platforms). The callers then encode with Foundation, which honours every option.
  private func makeOptions() -> EncodingOptions? {
    let flex = withLock { $0 }
    guard
      let formatting = FlexJSONEncoder.OutputFormatting(outputFormatting),
      let dateStrategy = FlexJSONEncoder.DateEncodingStrategy(dateEncodingStrategy),
      let dataStrategy = FlexJSONEncoder.DataEncodingStrategy(dataEncodingStrategy),
      let floatStrategy = FlexJSONEncoder.NonConformingFloatEncodingStrategy(nonConformingFloatEncodingStrategy),
      let keyStrategy = flex.keyEncodingStrategy ?? FlexJSONEncoder.KeyEncodingStrategy(keyEncodingStrategy)
    else { return nil }
    return EncodingOptions(
      outputFormatting: formatting,
      dateEncodingStrategy: dateStrategy,
      dataEncodingStrategy: dataStrategy,
      nonConformingFloatEncodingStrategy: floatStrategy,
      keyEncodingStrategy: keyStrategy,
      keyMapping: flex.keyMapping,
      userInfo: CodingUserInfo.sendable(userInfo))
  }
}
