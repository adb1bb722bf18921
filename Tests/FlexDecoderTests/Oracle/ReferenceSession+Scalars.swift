import FlexDecoder
import Foundation

// Scalars and Foundation's special types, read with the coercions in force (SPEC.md,
// "Coercions"). A coercion is noted only when the whole read succeeds.

extension ReferenceSession {
  /// The value at `node` if `T` is a scalar or special type, `nil` for any other type.
  func scalar<T>(_ type: T.Type, _ node: ReferenceNode, path: [ReferencePathComponent]) throws -> T? {
    let read: (value: Any, coerced: Bool)
    switch type {
    case is String.Type: read = try readString(node, path: path)
    case is Bool.Type: read = try readBool(node, path: path)
    case is Int.Type: read = try readInteger(Int.self, node, path: path)
    case is Int64.Type: read = try readInteger(Int64.self, node, path: path)
    case is Int32.Type: read = try readInteger(Int32.self, node, path: path)
    case is UInt8.Type: read = try readInteger(UInt8.self, node, path: path)
    case is UInt.Type: read = try readInteger(UInt.self, node, path: path)
    case is Double.Type: read = try readDouble(node, path: path)
    case is Date.Type: read = try readDate(node, path: path)
    case is Data.Type:
      let text = try readString(node, path: path)
      guard let data = Data(base64Encoded: text.value) else {
        throw problem(.dataCorrupted, path: path, order: node.order)
      }
      read = (data, text.coerced)
    case is URL.Type:
      let text = try readString(node, path: path)
      guard let url = URL(string: text.value) else { throw problem(.dataCorrupted, path: path, order: node.order) }
      read = (url, text.coerced)
    case is Decimal.Type: read = try readDecimal(node, path: path)
    default: return nil
    }
    if read.coerced { noteCoercion(path: path, order: node.order) }
    guard let value = read.value as? T else {
      preconditionFailure("read a \(Swift.type(of: read.value)) for \(T.self)")
    }
    return value
  }

  /// `valueNotFound` for `null`, else `typeMismatch`.
  private func mismatch(_ node: ReferenceNode, path: [ReferencePathComponent]) -> any Error {
    problem(node.isNull ? .valueNotFound : .typeMismatch, path: path, order: node.order)
  }

  func readString(_ node: ReferenceNode, path: [ReferencePathComponent]) throws -> (value: String, coerced: Bool) {
    switch node.content {
    case .string(let string): return (string, false)
    case .number(let number) where options.coercions.contains(.numberToString): return (number.text, true)
    default: throw mismatch(node, path: path)
    }
  }

  private func readBool(_ node: ReferenceNode, path: [ReferencePathComponent]) throws -> (value: Any, coerced: Bool) {
    switch node.content {
    // JSONDecoder's quirk, which strict mode keeps: `null` for a `Bool` is a type mismatch.
    case .null: throw problem(.typeMismatch, path: path, order: node.order)
    case .bool(let bool): return (bool, false)
    case .string(let string) where options.coercions.contains(.stringToBool):
      switch string.lowercased() {
      case "true", "yes", "1": return (true, true)
      case "false", "no", "0": return (false, true)
      default: throw mismatch(node, path: path)
      }
    case .number(let number) where options.coercions.contains(.numberToBool):
      switch number.text {
      case "0": return (false, true)
      case "1": return (true, true)
      default: throw mismatch(node, path: path)
      }
    default: throw mismatch(node, path: path)
    }
  }

  /// The trimmed number inside a string, under `.stringToNumber`.
  private func numberInString(_ node: ReferenceNode) -> JSONNumber? {
    guard options.coercions.contains(.stringToNumber), case .string(let string) = node.content else { return nil }
    return JSONNumber(text: string.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  private func readInteger<I: FixedWidthInteger>(_ type: I.Type, _ node: ReferenceNode, path: [ReferencePathComponent])
    throws -> (value: Any, coerced: Bool)
  {
    switch node.content {
    case .number(let number):
      guard let value = number.integer(as: I.self) else { throw problem(.dataCorrupted, path: path, order: node.order) }
      return (value, false)
    case .bool(let bool) where options.coercions.contains(.boolToNumber):
      return (bool ? I(1) : I(0), true)
    default:
      guard let number = numberInString(node) else { throw mismatch(node, path: path) }
      guard let value = number.integer(as: I.self) else { throw problem(.dataCorrupted, path: path, order: node.order) }
      return (value, true)
    }
  }

  private func readDouble(_ node: ReferenceNode, path: [ReferencePathComponent]) throws -> (value: Any, coerced: Bool) {
    switch node.content {
    case .number(let number):
      guard let value = number.doubleValue else { throw problem(.dataCorrupted, path: path, order: node.order) }
      return (value, false)
    case .bool(let bool) where options.coercions.contains(.boolToNumber):
      return (bool ? 1.0 : 0.0, true)
    default:
      guard let number = numberInString(node) else { throw mismatch(node, path: path) }
      guard let value = number.doubleValue else { throw problem(.dataCorrupted, path: path, order: node.order) }
      return (value, true)
    }
  }

  private func readDecimal(_ node: ReferenceNode, path: [ReferencePathComponent]) throws -> (value: Any, coerced: Bool)
  {
    let number: JSONNumber
    let coerced: Bool
    if case .number(let value) = node.content {
      (number, coerced) = (value, false)
    } else if let value = numberInString(node) {
      (number, coerced) = (value, true)
    } else {
      throw mismatch(node, path: path)
    }
    guard let decimal = Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX")) else {
      throw problem(.dataCorrupted, path: path, order: node.order)
    }
    return (decimal, coerced)
  }

  private func readDate(_ node: ReferenceNode, path: [ReferencePathComponent]) throws -> (value: Any, coerced: Bool) {
    switch options.dateStrategy {
    case .deferredToDate:
      let seconds = try readDouble(node, path: path)
      return (Date(timeIntervalSinceReferenceDate: seconds.value as? Double ?? 0), seconds.coerced)
    case .secondsSince1970:
      let seconds = try readDouble(node, path: path)
      return (Date(timeIntervalSince1970: seconds.value as? Double ?? 0), seconds.coerced)
    case .iso8601:
      let text = try readString(node, path: path)
      guard let date = ISO8601DateFormatter().date(from: text.value) else {
        throw problem(.dataCorrupted, path: path, order: node.order)
      }
      return (date, text.coerced)
    }
  }
}
