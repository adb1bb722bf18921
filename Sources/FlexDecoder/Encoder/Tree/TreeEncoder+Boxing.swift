import Foundation

// Turning one Swift value into an EncodedValue: scalars directly, the types JSONEncoder treats
// specially (Date, Data, URL, Decimal; JSONValue here too), and anything else through its
// `encode(to:)` with a child encoder.

extension TreeEncoder {
  /// The encoded form of `value`, whose coding path is `path`. A value that encodes nothing is an
  /// empty object, as in `JSONEncoder`.
  func box<T: Encodable>(_ value: T, path: @autoclosure () -> [any CodingKey]) throws -> EncodedValue {
    if let scalar = try boxScalar(value, path: path()) { return scalar }
    return try boxEncodable(value, path: path()) ?? .object(EncodedObject())
  }

  /// Like ``box(_:path:)`` but `nil` when the value encoded nothing (the top level reports it).
  func boxEncodable<T: Encodable>(_ value: T, path: [any CodingKey]) throws -> EncodedValue? {
    if let scalar = try boxScalar(value, path: path) { return scalar }
    if let special = try boxSpecial(value, path: path) { return special }
    let traits = session.traits(of: T.self)
    let child = TreeEncoder(
      session: session, codingPath: path, typeMapping: traits.keyMapping,
      exemptsKeyStrategy: !options.usesDefaultKeys && EncodingTraits.isStringKeyedDictionary(T.self))
    try value.encode(to: child)
    return child.value
  }

  /// The standard scalars, straight to their text. `T.self == X.self` is one pointer
  /// comparison; when it holds, `T` is `X` and the bit cast only informs the compiler.
  @inline(__always)
  func boxScalar<T: Encodable>(_ value: T, path: @autoclosure () -> [any CodingKey]) throws -> EncodedValue? {
    if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
    if T.self == Int.self { return .number(String(unsafeBitCast(value, to: Int.self))) }
    if T.self == Double.self { return try boxFloat(unsafeBitCast(value, to: Double.self), path: path()) }
    if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
    if T.self == Int64.self { return .number(String(unsafeBitCast(value, to: Int64.self))) }
    if T.self == Float.self { return try boxFloat(unsafeBitCast(value, to: Float.self), path: path()) }
    if T.self == Int32.self { return .number(String(unsafeBitCast(value, to: Int32.self))) }
    if T.self == UInt.self { return .number(String(unsafeBitCast(value, to: UInt.self))) }
    if T.self == UInt64.self { return .number(String(unsafeBitCast(value, to: UInt64.self))) }
    if T.self == Int8.self { return .number(String(unsafeBitCast(value, to: Int8.self))) }
    if T.self == Int16.self { return .number(String(unsafeBitCast(value, to: Int16.self))) }
    if T.self == UInt8.self { return .number(String(unsafeBitCast(value, to: UInt8.self))) }
    if T.self == UInt16.self { return .number(String(unsafeBitCast(value, to: UInt16.self))) }
    if T.self == UInt32.self { return .number(String(unsafeBitCast(value, to: UInt32.self))) }
    return nil
  }

  /// `JSONEncoder`'s number text: the shortest round-tripping form (`description`) without a
  /// trailing `.0` (`100.0` → `100`, `1e-07`, `1e+16` stay as they are).
  ///
  /// Infinity and NaN follow `nonConformingStrategy`, by default the encoder's.
  func boxFloat<F: BinaryFloatingPoint & CustomStringConvertible>(
    _ value: F, path: [any CodingKey],
    nonConformingStrategy: FlexJSONEncoder.NonConformingFloatEncodingStrategy? = nil
  ) throws -> EncodedValue {
    let (text, isString) = try options.formatFloat(value, path: path, nonConformingStrategy: nonConformingStrategy)
    return isString ? .string(text) : .number(text)
  }

  private func boxSpecial<T: Encodable>(_ value: T, path: [any CodingKey]) throws -> EncodedValue? {
    if T.self == Date.self { return try boxDate(unsafeBitCast(value, to: Date.self), path: path) }
    if T.self == Data.self { return try boxData(unsafeBitCast(value, to: Data.self), path: path) }
    if T.self == URL.self { return .string(unsafeBitCast(value, to: URL.self).absoluteString) }
    if T.self == UUID.self { return .string(UUIDText.text(of: unsafeBitCast(value, to: UUID.self))) }
    if T.self == Decimal.self { return .number(DecimalText.text(of: unsafeBitCast(value, to: Decimal.self))) }
    if T.self == JSONValue.self {
      let json = unsafeBitCast(value, to: JSONValue.self)
      return EncodedValue(
        try json.conformingToRFC8259(path: path, strategy: options.nonConformingFloatEncodingStrategy))
    }
    return nil
  }

  private func boxDate(_ date: Date, path: [any CodingKey]) throws -> EncodedValue? {
    switch options.dateEncodingStrategy {
    case .deferredToDate:
      return try boxThroughChild(path) { try date.encode(to: $0) }
    // A date whose number is infinite or NaN throws whatever the non-conforming float
    // strategy, as in JSONEncoder.
    case .secondsSince1970:
      return try boxFloat(date.timeIntervalSince1970, path: path, nonConformingStrategy: .throw)
    case .millisecondsSince1970:
      return try boxFloat(1000 * date.timeIntervalSince1970, path: path, nonConformingStrategy: .throw)
    case .iso8601:
      return .string(ISO8601DateWriter.iso8601String(from: date))
    case .formatted(let formatter):
      return .string(session.formattedDates.pattern(for: formatter)?.string(from: date) ?? formatter.string(from: date))
    case .custom(let closure):
      return try boxThroughChild(path) { try closure(date, $0) }
    }
  }

  private func boxData(_ data: Data, path: [any CodingKey]) throws -> EncodedValue? {
    switch options.dataEncodingStrategy {
    case .deferredToData:
      return try boxThroughChild(path) { try data.encode(to: $0) }
    case .base64:
      return .string(data.base64EncodedString())
    case .custom(let closure):
      return try boxThroughChild(path) { try closure(data, $0) }
    }
  }

  /// Runs `body` with a child encoder; a closure that encodes nothing gives an empty object.
  private func boxThroughChild(_ path: [any CodingKey], _ body: (TreeEncoder) throws -> Void) throws -> EncodedValue {
    let child = TreeEncoder(session: session, codingPath: path)
    try body(child)
    return child.value ?? .object(EncodedObject())
  }
}

/// `[String: some Encodable]`, whose keys JSONEncoder writes as they are under any key strategy
/// (and the global key map leaves alone). The values need not be `Decodable`.
protocol StringKeyedEncodableDictionaryMarker {}
extension Dictionary: StringKeyedEncodableDictionaryMarker where Key == String, Value: Encodable {}

extension EncodedValue {
  /// A JSONValue as an encoded value; numbers keep their exact text.
  init(_ json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .number(let number): self = .number(number.text)
    case .string(let value): self = .string(value)
    case .array(let elements):
      let array = EncodedArray()
      array.elements = elements.map(EncodedValue.init)
      self = .array(array)
    case .object(let members):
      let object = EncodedObject()
      for (key, value) in members { object.set(EncodedValue(value), forKey: key) }
      self = .object(object)
    }
  }
}
