@_spi(Engine) import FlexCore
import Foundation

// Types that JSONDecoder decodes its own way instead of calling their `init(from:)`: Date and
// Data (per strategy), URL (from a string), Decimal (from the number's text), and `[String: …]`
// dictionaries (exempt from key strategies and the global key map). JSONValue is added here: it is built straight from
// the tape, keeping every number's text.

/// Marks `[String: Value]`, whose keys a key decoding strategy or global key map must leave
/// alone.
protocol StringKeyedDictionaryMarker {}
extension Dictionary: StringKeyedDictionaryMarker where Key == String, Value: Decodable {}

extension TapeDecoder {
  /// Whether ``decodeSpecialType(_:at:)`` handles `type` (asked first, for the reason given at
  /// ``isFastScalar(_:at:)``).
  @inline(__always)
  func isSpecialType(_ type: Any.Type) -> Bool {
    if type == Date.self || type == Data.self || type == URL.self || type == Decimal.self || type == JSONValue.self {
      return true
    }
    return !(options.usesDefaultKeys && options.keyMapping.isEmpty) && type is any StringKeyedDictionaryMarker.Type
  }

  /// Whether decoding the special type `T` runs code that asks this decoder for containers: a
  /// `Date` or `Data` whose strategy defers to the type's own `init(from:)` or is a closure.
  func specialTypeCallsBack<T>(_ type: T.Type) -> Bool {
    if T.self == Date.self {
      switch options.dateDecodingStrategy {
      case .deferredToDate, .custom: return true
      default: return false
      }
    }
    if T.self == Data.self {
      switch options.dataDecodingStrategy {
      case .deferredToData, .custom: return true
      default: return false
      }
    }
    return false
  }

  /// Decodes one of the special types at `valueIndex`; `T` must pass ``isSpecialType(_:)``.
  @inline(never)
  func decodeSpecialType<T: Decodable>(_ type: T.Type, at valueIndex: Int) throws -> T {
    if T.self == Date.self { return unsafeBitCast(try decodeDate(at: valueIndex), to: T.self) }
    if T.self == Data.self { return unsafeBitCast(try decodeData(at: valueIndex), to: T.self) }
    if T.self == URL.self { return unsafeBitCast(try decodeURL(at: valueIndex, path: pathStack), to: T.self) }
    if T.self == Decimal.self { return unsafeBitCast(try decodeDecimal(at: valueIndex), to: T.self) }
    if T.self == JSONValue.self { return unsafeBitCast(JSONValue(tape: tape, at: valueIndex), to: T.self) }
    // A `[String: …]` dictionary under a key strategy or global key map: its keys are read as
    // written either way.
    if tape[valueIndex].kind == .object && session.traits(of: type).isDirectDictionary {
      return try decodeDirectDictionary(type, at: valueIndex)
    }
    let savedIndex = index
    index = valueIndex
    exemptsNextContainerFromKeyStrategy = true
    defer {
      index = savedIndex
      exemptsNextContainerFromKeyStrategy = false
    }
    return try type.init(from: self)
  }

  /// Runs `body` with the cursor at `valueIndex` (for strategies that call back into the decoder).
  private func at<R>(_ valueIndex: Int, _ body: () throws -> R) rethrows -> R {
    let savedIndex = index
    index = valueIndex
    defer { index = savedIndex }
    return try body()
  }

  /// The UTF-8 bytes of the string at `valueIndex`, in place, if it is a string without
  /// escapes: what the native date parsers read (Dates/). Other strings take the slow paths.
  @inline(__always)
  private func unescapedString(at valueIndex: Int) -> UnsafeRawBufferPointer? {
    let entry = tape[valueIndex]
    guard entry.kind == .string, entry.flags & StringFlags.hasEscapes == 0 else { return nil }
    return tape.rawBytes(at: valueIndex)
  }

  /// A null is `valueNotFound(Date.self)` whatever the strategy: as in JSONDecoder, a custom
  /// closure is never given one.
  func decodeDate(at valueIndex: Int) throws -> Date {
    guard tape[valueIndex].kind != .null else { throw valueNotFound(Date.self, path: pathStack) }
    switch options.dateDecodingStrategy {
    case .deferredToDate:
      return try at(valueIndex) { try Date(from: self) }
    case .secondsSince1970:
      return Date(timeIntervalSince1970: try unwrapDouble(at: valueIndex, path: pathStack))
    case .millisecondsSince1970:
      return Date(timeIntervalSince1970: try unwrapDouble(at: valueIndex, path: pathStack) / 1000)
    case .iso8601:
      return try decodeISO8601Date(at: valueIndex, path: pathStack, errorPath: pathStack)
    case .formatted(let formatter):
      if let text = unescapedString(at: valueIndex), let pattern = session.formattedDates.pattern(for: formatter),
        let date = pattern.date(from: text)
      {
        return date
      }
      let string = try unwrapString(at: valueIndex, path: pathStack)
      guard let date = formatter.parsedDate(from: string) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: pathStack, debugDescription: "Date string does not match format expected by formatter."))
      }
      return date
    case .custom(let closure):
      return try at(valueIndex) { try closure(self) }
    case .flexible:
      switch tape[valueIndex].kind {
      case .number:
        return FlexibleDateParser.date(fromNumber: try unwrapDouble(at: valueIndex, path: pathStack))
      case .string:
        let date =
          if let text = unescapedString(at: valueIndex) {
            FlexibleDateParser.date(from: text)
          } else {
            FlexibleDateParser.date(from: tape.string(at: valueIndex))
          }
        guard let date else {
          throw DecodingError.dataCorrupted(
            DecodingError.Context(
              codingPath: pathStack,
              debugDescription:
                "Expected a date (ISO 8601, yyyy-MM-dd, yyyy-MM-dd HH:mm:ss, RFC 2822 or seconds since 1970)."))
        }
        return date
      case .null:
        throw valueNotFound(Date.self, path: pathStack)
      default:
        throw typeMismatch(Date.self, at: valueIndex, path: pathStack)
      }
    }
  }

  /// `.iso8601`. A string that is not ISO 8601 is reported at `errorPath`: JSONDecoder reports
  /// it at the coding path of the decoder that asked for the date, without the date's own key
  /// (``decodeChild(_:at:key:explicitPath:)`` passes its path), unlike its other errors.
  func decodeISO8601Date(
    at valueIndex: Int, path: @autoclosure () -> [any CodingKey], errorPath: @autoclosure () -> [any CodingKey]
  ) throws -> Date {
    if let text = unescapedString(at: valueIndex), let date = ISO8601DateParser.date(from: text) { return date }
    guard tape[valueIndex].kind != .null else { throw valueNotFound(Date.self, path: path()) }
    let string = try unwrapString(at: valueIndex, path: path())
    guard let date = ISO8601DateParser.date(from: string) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: errorPath(), debugDescription: "Expected date string to be ISO8601-formatted."))
    }
    return date
  }

  /// A null is `valueNotFound(Data.self)` whatever the strategy, as for dates.
  func decodeData(at valueIndex: Int) throws -> Data {
    guard tape[valueIndex].kind != .null else { throw valueNotFound(Data.self, path: pathStack) }
    switch options.dataDecodingStrategy {
    case .deferredToData:
      return try at(valueIndex) { try Data(from: self) }
    case .base64:
      let string = try unwrapString(at: valueIndex, path: pathStack)
      guard let data = Data(base64Encoded: string) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: pathStack, debugDescription: "Encountered Data is not valid Base64."))
      }
      return data
    case .custom(let closure):
      return try at(valueIndex) { try closure(self) }
    }
  }

  /// The URL at `valueIndex`; errors are reported at `path`.
  func decodeURL(at valueIndex: Int, path: @autoclosure () -> [any CodingKey]) throws -> URL {
    guard tape[valueIndex].kind != .null else { throw valueNotFound(URL.self, path: path()) }
    // A number never becomes a URL, whatever the coercions: `.numberToString` is for text sent
    // as a number (an id, a code), and `1` is no address. JSONDecoder's error: a String expected.
    guard tape[valueIndex].kind == .string else { throw typeMismatch(String.self, at: valueIndex, path: path()) }
    // Parsed once per distinct text in a decode (see RawBytesCache.swift): `URL(string:)` gives
    // equal URLs for equal strings.
    return try session.urls.value(forRaw: tape.rawBytes(at: valueIndex)) {
      guard let url = URL(string: tape.string(at: valueIndex)) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: path(), debugDescription: "Invalid URL string."))
      }
      return url
    }
  }

  /// The UUID at `valueIndex` if it is a string in the canonical form (UUIDText.swift), read
  /// without `UUID(uuidString:)`; else `nil`, and `UUID.init(from:)` decides as in JSONDecoder.
  @inline(never)
  func uuidValue(at valueIndex: Int) -> UUID? {
    unescapedString(at: valueIndex).flatMap(UUIDText.uuid(from:))
  }

  func decodeDecimal(at valueIndex: Int) throws -> Decimal {
    switch tape[valueIndex].kind {
    case .number:
      guard let decimal = decimalValue(at: valueIndex) else { throw numberOutOfRange(Decimal.self, at: valueIndex) }
      return decimal
    case .null:
      throw valueNotFound(Decimal.self, path: pathStack)
    case .string where !coercions.isDisjoint(with: [.stringToNumber, .boolStringToNumber]):
      let decimal =
        coercions.contains(.stringToNumber)
        ? StringCoercion.withNumberText(in: tape.string(at: valueIndex)) { text, _ in
          Decimal(string: String(decoding: text, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX"))
        } : nil
      guard let decimal = decimal ?? boolWord(at: valueIndex).map({ $0 ? 1 : 0 }) else {
        throw typeMismatch(Decimal.self, at: valueIndex, path: pathStack)
      }
      noteCoercion(at: valueIndex, to: Decimal.self, path: pathStack)
      return decimal
    case .true where coercions.contains(.boolToNumber):
      noteCoercion(at: valueIndex, to: Decimal.self, path: pathStack)
      return 1
    case .false where coercions.contains(.boolToNumber):
      noteCoercion(at: valueIndex, to: Decimal.self, path: pathStack)
      return 0
    default:
      throw typeMismatch(Decimal.self, at: valueIndex, path: pathStack)
    }
  }
}
