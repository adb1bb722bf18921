import FlexCore

/// One way an API gets a value wrong, applied to a valid document to test and measure recovery.
public enum JSONMutation: String, CaseIterable, Sendable {
  /// A number sent as a string of its own text: `12` -> `"12"`.
  case numberToString
  /// A string of decimal digits sent as a number: `"12"` -> `12` (only strings that are valid
  /// JSON integers, such as `"0"` or `"-42"`, not `"007"`).
  case digitStringToNumber
  /// A string, number or bool sent as `null`.
  case scalarToNull
  /// An object member left out, key and value.
  case memberRemoved
  /// A string, number or bool sent as `[]`.
  case scalarToEmptyArray
  /// A string, number or bool sent as `{}`.
  case scalarToEmptyObject
  /// An object sent as a string holding its JSON text: `{"a": 1}` -> `"{\"a\": 1}"`.
  case objectToString

  /// Whether the mutation can be applied at `location`.
  public func applies(to location: JSONLocation) -> Bool {
    applies(to: location.kind, isObjectMember: location.isObjectMember) {
      Array((location.literal ?? "").utf8)[...]
    }
  }

  /// Whether the mutation can be applied to a value of `kind` whose text `text` gives.
  func applies(to kind: JSONLocation.Kind, isObjectMember: Bool, text: () -> ArraySlice<UInt8>) -> Bool {
    switch self {
    case .numberToString: kind == .number
    case .digitStringToNumber: kind == .string && Self.isIntegerStringLiteral(text())
    case .scalarToNull, .scalarToEmptyArray, .scalarToEmptyObject: kind == .string || kind == .number || kind == .bool
    case .memberRemoved: isObjectMember
    case .objectToString: kind == .object
    }
  }

  /// What becomes of a value whose JSON text is `text`, a value the mutation applies to.
  public func edit(of text: ArraySlice<UInt8>) -> JSONSourceText.Edit {
    switch self {
    case .numberToString: .replace([UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")])
    case .digitStringToNumber: .replace(Array(text.dropFirst().dropLast()))
    case .scalarToNull: .replace(Array("null".utf8))
    case .memberRemoved: .remove
    case .scalarToEmptyArray: .replace(Array("[]".utf8))
    case .scalarToEmptyObject: .replace(Array("{}".utf8))
    case .objectToString: .replace(JSONValue.string(String(decoding: text, as: UTF8.self)).serialized())
    }
  }

  /// Whether `literal` is a string literal holding a JSON integer: `"0"`, `"-42"`, not `"007"`.
  private static func isIntegerStringLiteral(_ literal: ArraySlice<UInt8>) -> Bool {
    var digits = literal.dropFirst().dropLast()
    if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    guard let first = digits.first, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return false }
    return first != UInt8(ascii: "0") || digits.count == 1
  }
}
