import FlexDecoder
import Foundation
import Testing

/// The output formattings a parity case runs with. `.sortedKeys` is always on: without it
/// `JSONEncoder`'s key order is unspecified, so only its bytes with sorted keys can be compared.
enum ParityFormatting: CaseIterable, Sendable, CustomTestStringConvertible {
  case compact
  case pretty
  case unescapedSlashes
  case prettyUnescapedSlashes

  var foundation: JSONEncoder.OutputFormatting {
    switch self {
    case .compact: [.sortedKeys]
    case .pretty: [.sortedKeys, .prettyPrinted]
    case .unescapedSlashes: [.sortedKeys, .withoutEscapingSlashes]
    case .prettyUnescapedSlashes: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    }
  }

  var flex: FlexJSONEncoder.OutputFormatting {
    switch self {
    case .compact: [.sortedKeys]
    case .pretty: [.sortedKeys, .prettyPrinted]
    case .unescapedSlashes: [.sortedKeys, .withoutEscapingSlashes]
    case .prettyUnescapedSlashes: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    }
  }

  var testDescription: String { "\(self)" }
}

/// A `JSONEncoder` and a `FlexJSONEncoder` configured alike, and the checks that they agree.
///
/// ```swift
/// let encoders = ParityEncoders(.pretty)
/// encoders.foundation.dateEncodingStrategy = .secondsSince1970
/// encoders.flex.dateEncodingStrategy = .secondsSince1970
/// try encoders.expectSameBytes(Date(timeIntervalSince1970: 1.5))
/// ```
struct ParityEncoders {
  let foundation = JSONEncoder()
  let flex = FlexJSONEncoder()

  init(_ formatting: ParityFormatting = .compact) {
    foundation.outputFormatting = formatting.foundation
    flex.outputFormatting = formatting.flex
  }

  /// Expects both encoders to write the same bytes for `value`, and returns them.
  @discardableResult
  func expectSameBytes<T: Encodable>(
    _ value: T, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> String {
    let expected = try foundation.encode(value)
    let actual = try flex.encode(value)
    let expectedText = String(decoding: expected, as: UTF8.self)
    #expect(
      actual == expected,
      """
      \(T.self): first difference at byte \(zip(actual, expected).prefix { $0 == $1 }.count)
        JSONEncoder:     \(expectedText.debugDescription)
        FlexJSONEncoder: \(String(decoding: actual, as: UTF8.self).debugDescription)
      """,
      sourceLocation: sourceLocation)
    return expectedText
  }

  /// Expects `value` to encode to the same bytes alone, as an array element and as an object
  /// member.
  func expectSameBytesInEveryPosition<T: Encodable>(
    _ value: T, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    try expectSameBytes(value, sourceLocation: sourceLocation)
    try expectSameBytes([value, value], sourceLocation: sourceLocation)
    try expectSameBytes(["value": value], sourceLocation: sourceLocation)
  }

  /// Expects both encoders to throw the same `EncodingError` case with the same coding path for
  /// `value`, and returns JSONEncoder's.
  @discardableResult
  func expectSameError<T: Encodable>(
    _ value: T, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> EncodingErrorSummary {
    let expected = try requireThrows(EncodingError.self, sourceLocation: sourceLocation) {
      try foundation.encode(value)
    }
    let actual = try requireThrows(EncodingError.self, sourceLocation: sourceLocation) {
      try flex.encode(value)
    }
    #expect(EncodingErrorSummary(actual) == EncodingErrorSummary(expected), sourceLocation: sourceLocation)
    return EncodingErrorSummary(expected)
  }
}

extension ParityEncoders {
  /// Expects both encoders to write the same bytes for `value`, or both to throw the same
  /// `EncodingError` at the same coding path.
  func expectSameOutcome<T: Encodable>(
    _ value: T, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let expected = Result { try foundation.encode(value) }
    let actual = Result { try flex.encode(value) }
    switch (expected, actual) {
    case (.success, .success):
      try expectSameBytes(value, sourceLocation: sourceLocation)
    case (.failure(let expected as EncodingError), .failure(let actual as EncodingError)):
      #expect(EncodingErrorSummary(actual) == EncodingErrorSummary(expected), sourceLocation: sourceLocation)
    default:
      Issue.record("JSONEncoder: \(expected); FlexJSONEncoder: \(actual)", sourceLocation: sourceLocation)
    }
  }
}

/// An `EncodingError` taken apart for `#expect`: its case and coding path (each key's
/// `stringValue` and `intValue`). The message is left out: only JSONEncoder's wording says
/// "JSONEncoder".
struct EncodingErrorSummary: Equatable, CustomStringConvertible {
  /// A coding path element.
  struct PathKey: Equatable, CustomStringConvertible {
    let stringValue: String
    let intValue: Int?

    var description: String { intValue.map { "\(stringValue)#\($0)" } ?? stringValue }
  }

  /// Whether the error is `invalidValue` (the only case `JSONEncoder` throws).
  let isInvalidValue: Bool
  let path: [PathKey]

  init(_ error: EncodingError) {
    switch error {
    case .invalidValue(_, let context):
      isInvalidValue = true
      path = context.codingPath.map { PathKey(stringValue: $0.stringValue, intValue: $0.intValue) }
    @unknown default:
      isInvalidValue = false
      path = []
    }
  }

  /// A summary for `invalidValue` at `path`: strings are keys, integers array positions.
  init(invalidValueAt path: [PathKey]) {
    isInvalidValue = true
    self.path = path
  }

  var description: String { "\(isInvalidValue ? "invalidValue" : "unknown") at \(path)" }
}

/// A value of any encodable type, for `@Test(arguments:)`, with a readable name.
struct ParityValue: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let value: any Encodable & Sendable

  init(_ name: String, _ value: some Encodable & Sendable) {
    testDescription = name
    self.value = value
  }

  init<T: Encodable & Sendable & CustomStringConvertible>(_ value: T) {
    testDescription = "\(T.self) \(value)"
    self.value = value
  }
}

/// Coding keys made at run time, for containers with arbitrary keys.
struct DynamicKey: CodingKey, Hashable, Sendable {
  let stringValue: String
  let intValue: Int?

  init(_ stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

/// Encodes one member per key, in order, each with its position as value: shows how a key
/// strategy converts each key.
struct KeyedMembers: Encodable, Sendable, CustomTestStringConvertible {
  let keys: [String]

  init(_ keys: String...) { self.keys = keys }
  init(_ keys: [String]) { self.keys = keys }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DynamicKey.self)
    for (position, key) in keys.enumerated() {
      try container.encode(position, forKey: DynamicKey(key))
    }
  }

  var testDescription: String { keys.map(\.debugDescription).joined(separator: ", ") }
}
