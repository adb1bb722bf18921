@_spi(Engine) import FlexCore
import Foundation

// Writing one value at the current position: scalars directly, the types JSONEncoder treats
// specially, anything else through its `encode(to:)` with a child StreamEncoder.

extension StreamEncoder {
  /// Writes `value`, a member or element whose key is `key` (pushed on the path while a nested
  /// value encodes).
  ///
  /// A nested container passes its own path (`explicitPath`): the session's path stack is
  /// replaced by it while the value encodes.
  @inline(__always)
  func write<T: Encodable>(
    _ value: T, key: any CodingKey, containerPath: @autoclosure () -> [any CodingKey], explicitPath: [any CodingKey]?
  ) throws {
    if try writeScalar(value, path: containerPath() + [key]) { return }
    if let explicitPath {
      let savedPath = session.pathKeys
      session.pathKeys = explicitPath + [key]
      defer { session.pathKeys = savedPath }
      try writeEncodable(value)
      return
    }
    session.pathKeys.append(key)
    defer { session.pathKeys.removeLast() }
    try writeEncodable(value)
  }

  /// Writes a standard scalar; `false` if `value` is not one. (`T.self == X.self` is one pointer
  /// comparison; when it holds, the bit cast only informs the compiler.)
  @inline(__always)
  func writeScalar<T: Encodable>(_ value: T, path: @autoclosure () -> [any CodingKey]) throws -> Bool {
    if T.self == String.self {
      session.writer.writeString(unsafeBitCast(value, to: String.self))
    } else if T.self == Int.self {
      session.writer.writeInteger(unsafeBitCast(value, to: Int.self))
    } else if T.self == Double.self {
      try writeFloat(unsafeBitCast(value, to: Double.self), path: path())
    } else if T.self == Bool.self {
      session.writer.writeRaw(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
    } else if T.self == Int64.self {
      session.writer.writeInteger(unsafeBitCast(value, to: Int64.self))
    } else if T.self == Float.self {
      try writeFloat(unsafeBitCast(value, to: Float.self), path: path())
    } else if T.self == UInt64.self {
      session.writer.writeInteger(unsafeBitCast(value, to: UInt64.self))
    } else if T.self == Int32.self {
      session.writer.writeInteger(unsafeBitCast(value, to: Int32.self))
    } else if T.self == UInt.self {
      session.writer.writeInteger(unsafeBitCast(value, to: UInt.self))
    } else {
      return false
    }
    return true
  }

  /// Writes a float as JSONEncoder does (see ``EncodingOptions/formatFloat(_:path:nonConformingStrategy:)``).
  ///
  /// Infinity and NaN follow `nonConformingStrategy`, by default the encoder's.
  func writeFloat<F: BinaryFloatingPoint & CustomStringConvertible>(
    _ value: F, path: @autoclosure () -> [any CodingKey],
    nonConformingStrategy: FlexJSONEncoder.NonConformingFloatEncodingStrategy? = nil
  ) throws {
    // Finite values, the common case, go straight into the output.
    if value.isFinite {
      if F.self == Double.self {
        session.writer.writeFinite(unsafeBitCast(value, to: Double.self))
        return
      }
      if F.self == Float.self {
        session.writer.writeFinite(unsafeBitCast(value, to: Float.self))
        return
      }
    }
    let (text, isString) = try session.options.formatFloat(
      value, path: path(), nonConformingStrategy: nonConformingStrategy)
    if isString { session.writer.writeString(text) } else { session.writer.writeRaw(text) }
  }

  /// Writes a value that is not a standard scalar; the path already ends with its key. Returns
  /// whether it wrote anything (a value that encodes nothing is `{}` unless `isTopLevel`).
  @discardableResult
  func writeEncodable<T: Encodable>(_ value: T, isTopLevel: Bool = false) throws -> Bool {
    if try writeSpecial(value) { return true }
    let traits = session.traits(of: T.self)
    if let kind = traits.numberArrayKind {
      try writeNumberArray(value, kind: kind)
      return true
    }
    if let arrayType = traits.directArrayType {
      try writeDirectArray(value, as: arrayType)
      return true
    }
    if let dictionaryType = traits.directDictionaryType, !session.usesDefaultKeys || session.globalMapping == nil {
      try writeDirectDictionary(value, as: dictionaryType)
      return true
    }
    // The top-level value is encoded by the call's root encoder, made for its type (see
    // ``StreamingSession/encodeDocument(_:)``); a nested value by an encoder of its own.
    let child =
      isTopLevel
      ? self
      : StreamEncoder(
        session: session, typeMapping: traits.keyMapping, isStringKeyedDictionary: traits.isStringKeyedDictionary)
    return try encode(with: child, isTopLevel: isTopLevel) { try value.encode(to: child) }
  }

  /// Runs `body`, which encodes into `child`, then closes what it opened.
  private func encode(with child: StreamEncoder, isTopLevel: Bool, _ body: () throws -> Void) throws -> Bool {
    let levelBefore = session.stack.count
    try body()
    session.close(downTo: levelBefore)
    if case .empty = child.state {
      guard !isTopLevel else { return false }
      session.writer.writeObjectStart()
      session.writer.writeObjectEnd(isEmpty: true, depth: session.memberDepth)
    }
    return true
  }

  private func writeSpecial<T: Encodable>(_ value: T) throws -> Bool {
    if T.self == Date.self {
      try writeDate(unsafeBitCast(value, to: Date.self))
    } else if T.self == Data.self {
      try writeData(unsafeBitCast(value, to: Data.self))
    } else if T.self == URL.self {
      session.writer.writeString(unsafeBitCast(value, to: URL.self).absoluteString)
    } else if T.self == UUID.self {
      UUIDText.withQuotedText(of: unsafeBitCast(value, to: UUID.self)) { session.writer.writeRaw($0) }
    } else if T.self == Decimal.self {
      session.writer.writeRaw(DecimalText.text(of: unsafeBitCast(value, to: Decimal.self)))
    } else if T.self == JSONValue.self {
      let json = try unsafeBitCast(value, to: JSONValue.self).conformingToRFC8259(
        path: session.pathKeys, strategy: session.options.nonConformingFloatEncodingStrategy)
      session.writer.write(json, depth: session.memberDepth)
    } else if let scalar = try writeOtherInteger(value) {
      return scalar
    } else {
      return false
    }
    return true
  }

  /// The less common integer widths.
  private func writeOtherInteger<T: Encodable>(_ value: T) throws -> Bool? {
    if T.self == Int8.self {
      session.writer.writeInteger(unsafeBitCast(value, to: Int8.self))
      return true
    }
    if T.self == Int16.self {
      session.writer.writeInteger(unsafeBitCast(value, to: Int16.self))
      return true
    }
    if T.self == UInt8.self {
      session.writer.writeInteger(unsafeBitCast(value, to: UInt8.self))
      return true
    }
    if T.self == UInt16.self {
      session.writer.writeInteger(unsafeBitCast(value, to: UInt16.self))
      return true
    }
    if T.self == UInt32.self {
      session.writer.writeInteger(unsafeBitCast(value, to: UInt32.self))
      return true
    }
    return nil
  }

  private func writeDate(_ date: Date) throws {
    switch session.options.dateEncodingStrategy {
    case .deferredToDate:
      let child = StreamEncoder(session: session)
      _ = try encode(with: child, isTopLevel: false) { try date.encode(to: child) }
    // A date whose number is infinite or NaN throws whatever the non-conforming float strategy,
    // as in JSONEncoder.
    case .secondsSince1970:
      try writeFloat(date.timeIntervalSince1970, path: session.pathKeys, nonConformingStrategy: .throw)
    case .millisecondsSince1970:
      try writeFloat(1000 * date.timeIntervalSince1970, path: session.pathKeys, nonConformingStrategy: .throw)
    case .iso8601:
      // Written in place, quotes included: nothing in it needs escaping.
      let output = session.writer.output
      let start = output.reserve(ISO8601DateWriter.length + 2)
      if ISO8601DateWriter.write(date, to: start + 1) {
        start[0] = UInt8(ascii: "\"")
        start[ISO8601DateWriter.length + 1] = UInt8(ascii: "\"")
        output.didWrite(upTo: start + ISO8601DateWriter.length + 2)
      } else {
        session.writer.writeString(FoundationISO8601.string(from: date))
      }
    case .formatted(let formatter):
      // Through `writeString(utf8:)`: a format may have a `/` or a quoted `"` to escape.
      let written =
        session.formattedDates.pattern(for: formatter).map { pattern in
          withUnsafeTemporaryAllocation(of: UInt8.self, capacity: pattern.maximumLength) { buffer -> Bool in
            guard let base = buffer.baseAddress, let count = pattern.write(date, to: base) else { return false }
            session.writer.writeString(utf8: UnsafeRawBufferPointer(start: base, count: count))
            return true
          }
        } ?? false
      if !written { session.writer.writeString(formatter.string(from: date)) }
    case .custom(let closure):
      let child = StreamEncoder(session: session)
      _ = try encode(with: child, isTopLevel: false) { try closure(date, child) }
    }
  }

  private func writeData(_ data: Data) throws {
    switch session.options.dataEncodingStrategy {
    case .deferredToData:
      let child = StreamEncoder(session: session)
      _ = try encode(with: child, isTopLevel: false) { try data.encode(to: child) }
    case .base64:
      session.writer.writeString(data.base64EncodedString())
    case .custom(let closure):
      let child = StreamEncoder(session: session)
      _ = try encode(with: child, isTopLevel: false) { try closure(data, child) }
    }
  }
}
