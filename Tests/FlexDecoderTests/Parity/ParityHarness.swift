import FlexDecoder
import Foundation
import Testing

// The differential harness behind DecoderParityTests: each ParityCase decodes one input with
// Foundation's JSONDecoder (the oracle) and with FlexJSONDecoder.strict(), both configured with
// the same ParityOptions, and compares the outcomes. Values must be equal; errors must be the same
// DecodingError case at the same coding path (and the same missing key, or the same type named
// by typeMismatch and valueNotFound). Error messages are not compared: ours have their own
// wording. Every input that Foundation decodes also goes through the default FlexJSONDecoder(),
// which must produce the same value.

// MARK: - Options

/// Decoder options, applied identically to `JSONDecoder` and `FlexJSONDecoder`.
struct ParityOptions: Sendable {
  enum DateStrategy: Sendable {
    case deferredToDate
    case secondsSince1970
    case millisecondsSince1970
    case iso8601
    case formatted(DateFormatter)
    case custom(@Sendable (any Decoder) throws -> Date)
  }

  enum DataStrategy: Sendable {
    case deferredToData
    case base64
    case custom(@Sendable (any Decoder) throws -> Data)
  }

  enum FloatStrategy: Sendable {
    case `throw`
    case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  enum KeyStrategy: Sendable {
    case useDefaultKeys
    case convertFromSnakeCase
    case custom(@Sendable ([any CodingKey]) -> any CodingKey)
  }

  var dates = DateStrategy.deferredToDate
  var data = DataStrategy.base64
  var floats = FloatStrategy.throw
  var keys = KeyStrategy.useDefaultKeys
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  var allowsJSON5 = false
  var assumesTopLevelDictionary = false

  /// `.convertFromString` with the strings most APIs use for the non-conforming floats.
  static let infinityStrings = ParityOptions(
    floats: .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"))

  static let json5 = ParityOptions(allowsJSON5: true)
  static let snakeCase = ParityOptions(keys: .convertFromSnakeCase)

  func makeJSONDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    switch dates {
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    case .formatted(let formatter): decoder.dateDecodingStrategy = .formatted(formatter)
    case .custom(let closure): decoder.dateDecodingStrategy = .custom(closure)
    }
    switch data {
    case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
    case .base64: decoder.dataDecodingStrategy = .base64
    case .custom(let closure): decoder.dataDecodingStrategy = .custom(closure)
    }
    switch floats {
    case .throw: decoder.nonConformingFloatDecodingStrategy = .throw
    case .convertFromString(let positiveInfinity, let negativeInfinity, let nan):
      decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
    }
    switch keys {
    case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
    case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
    case .custom(let closure): decoder.keyDecodingStrategy = .custom(closure)
    }
    // JSONDecoder keeps assumesTopLevelDictionary inside userInfo: set userInfo first.
    decoder.userInfo = userInfo
    decoder.allowsJSON5 = allowsJSON5
    decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
    return decoder
  }

  func configure(_ decoder: FlexJSONDecoder) -> FlexJSONDecoder {
    switch dates {
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    case .formatted(let formatter): decoder.dateDecodingStrategy = .formatted(formatter)
    case .custom(let closure): decoder.dateDecodingStrategy = .custom(closure)
    }
    switch data {
    case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
    case .base64: decoder.dataDecodingStrategy = .base64
    case .custom(let closure): decoder.dataDecodingStrategy = .custom(closure)
    }
    switch floats {
    case .throw: decoder.nonConformingFloatDecodingStrategy = .throw
    case .convertFromString(let positiveInfinity, let negativeInfinity, let nan):
      decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
    }
    switch keys {
    case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
    case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
    case .custom(let closure): decoder.keyDecodingStrategy = .custom(closure)
    }
    decoder.userInfo = userInfo
    decoder.allowsJSON5 = allowsJSON5
    decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
    return decoder
  }

  /// The options that differ from the defaults, for case names: `[json5, keys: snake]`.
  var summary: String {
    var parts: [String] = []
    switch dates {
    case .deferredToDate: break
    case .secondsSince1970: parts.append("dates: seconds")
    case .millisecondsSince1970: parts.append("dates: ms")
    case .iso8601: parts.append("dates: iso8601")
    case .formatted(let formatter): parts.append("dates: \(formatter.dateFormat ?? "formatted")")
    case .custom: parts.append("dates: custom")
    }
    switch data {
    case .base64: break
    case .deferredToData: parts.append("data: deferred")
    case .custom: parts.append("data: custom")
    }
    if case .convertFromString = floats { parts.append("floats: fromString") }
    switch keys {
    case .useDefaultKeys: break
    case .convertFromSnakeCase: parts.append("keys: snake")
    case .custom: parts.append("keys: custom")
    }
    if !userInfo.isEmpty { parts.append("userInfo") }
    if allowsJSON5 { parts.append("json5") }
    if assumesTopLevelDictionary { parts.append("topLevelDictionary") }
    return parts.isEmpty ? "" : " [\(parts.joined(separator: ", "))]"
  }
}

// MARK: - Outcomes

/// One component of a coding path, as compared: its string and integer values.
struct PathKey: Equatable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral
{
  let stringValue: String
  let intValue: Int?

  init(_ key: any CodingKey) {
    stringValue = key.stringValue
    intValue = key.intValue
  }

  /// A dictionary or object key.
  init(stringLiteral value: String) {
    stringValue = value
    intValue = nil
  }

  /// An array position, spelled as Foundation spells it: `"Index 3"` with `intValue` 3.
  init(integerLiteral value: Int) {
    stringValue = "Index \(value)"
    intValue = value
  }

  var description: String {
    guard let intValue else { return stringValue }
    return stringValue == "Index \(intValue)" ? stringValue : "\(stringValue)(\(intValue))"
  }
}

/// What is compared of a thrown error: the `DecodingError` case, the coding path, the missing
/// key of `keyNotFound`, and the type named by `typeMismatch` and `valueNotFound` (unless a
/// signature written in a table leaves it out). Any other error is compared by its type and
/// description.
struct ErrorSignature: Equatable, Sendable, CustomStringConvertible {
  enum Kind: Equatable, Sendable {
    case typeMismatch, valueNotFound, keyNotFound, dataCorrupted
    case other(String)
  }

  let kind: Kind
  let codingPath: [PathKey]
  let key: PathKey?
  /// The type of `typeMismatch` and `valueNotFound`, as `String(describing:)` spells it.
  let typeName: String?

  init(kind: Kind, codingPath: [PathKey], key: PathKey? = nil, typeName: String? = nil) {
    self.kind = kind
    self.codingPath = codingPath
    self.key = key
    self.typeName = typeName
  }

  init(_ error: any Error) {
    switch error as? DecodingError {
    case .typeMismatch(let type, let context)?:
      self.init(kind: .typeMismatch, codingPath: context.codingPath.map(PathKey.init), typeName: "\(type)")
    case .valueNotFound(let type, let context)?:
      self.init(kind: .valueNotFound, codingPath: context.codingPath.map(PathKey.init), typeName: "\(type)")
    case .keyNotFound(let key, let context)?:
      self.init(kind: .keyNotFound, codingPath: context.codingPath.map(PathKey.init), key: PathKey(key))
    case .dataCorrupted(let context)?:
      self.init(kind: .dataCorrupted, codingPath: context.codingPath.map(PathKey.init))
    default:
      self.init(kind: .other("\(type(of: error)): \(error)"), codingPath: [])
    }
  }

  static func typeMismatch(at path: [PathKey]) -> Self { Self(kind: .typeMismatch, codingPath: path) }
  static func valueNotFound(at path: [PathKey]) -> Self { Self(kind: .valueNotFound, codingPath: path) }
  static func dataCorrupted(at path: [PathKey]) -> Self { Self(kind: .dataCorrupted, codingPath: path) }
  static func keyNotFound(_ key: PathKey, at path: [PathKey]) -> Self {
    Self(kind: .keyNotFound, codingPath: path, key: key)
  }

  /// Equal, except that a missing type name (in a table's expectation) matches any type.
  static func == (lhs: ErrorSignature, rhs: ErrorSignature) -> Bool {
    lhs.kind == rhs.kind && lhs.codingPath == rhs.codingPath && lhs.key == rhs.key
      && (lhs.typeName == nil || rhs.typeName == nil || lhs.typeName == rhs.typeName)
  }

  var description: String {
    let path = "[" + codingPath.map(\.description).joined(separator: ", ") + "]"
    switch kind {
    case .typeMismatch: return "typeMismatch(\(typeName ?? "_")) at \(path)"
    case .valueNotFound: return "valueNotFound(\(typeName ?? "_")) at \(path)"
    case .keyNotFound: return "keyNotFound(\(key?.description ?? "?")) at \(path)"
    case .dataCorrupted: return "dataCorrupted at \(path)"
    case .other(let text): return "non-DecodingError \(text)"
    }
  }
}

/// The result of one decode: a value or the signature of the error thrown.
enum ParityOutcome<T> {
  case value(T)
  case failure(ErrorSignature)

  init(_ body: () throws -> T) {
    do {
      self = .value(try body())
    } catch {
      self = .failure(ErrorSignature(error))
    }
  }

  var succeeded: Bool {
    if case .value = self { return true }
    return false
  }

  var description: String {
    switch self {
    case .value(let value): return "value \(String(reflecting: value))"
    case .failure(let signature): return signature.description
    }
  }

  func matches(_ other: ParityOutcome<T>, by isSame: (T, T) -> Bool) -> Bool {
    switch (self, other) {
    case (.value(let lhs), .value(let rhs)): return isSame(lhs, rhs)
    case (.failure(let lhs), .failure(let rhs)): return lhs == rhs
    default: return false
    }
  }
}

extension ParityOutcome: Sendable where T: Sendable {}

// MARK: - Cases

/// One row of the parity table: a type, a JSON input, options, and what is expected.
struct ParityCase: Sendable, CustomTestStringConvertible {
  /// What one run found: problems to report, and whether Foundation decoded the input.
  struct Report {
    var problems: [String] = []
    var foundationSucceeded = false
  }

  let name: String
  let input: [UInt8]
  let options: ParityOptions
  /// Set when the case is a difference we have not resolved; the test then expects the
  /// mismatch (and fails once it disappears, so the mark gets removed).
  let knownDifference: String?
  let sourceLocation: Testing.SourceLocation
  private let run: @Sendable ([UInt8], ParityOptions) -> Report

  var testDescription: String { name + options.summary }

  /// Both decoders must agree: equal values, or the same error.
  init<T: Decodable & Equatable & FlexSendableMetatype>(
    _ name: String, _ type: T.Type, _ json: String, options: ParityOptions = ParityOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    self.init(name, type, bytes: Array(json.utf8), options: options, isSame: ==, sourceLocation: sourceLocation)
  }

  /// Floating-point values compare by sign too (so `-0.0` is not `0.0`, and `-nan` is not
  /// `nan`), and NaN matches NaN.
  init<T: Decodable & Equatable & FloatingPoint & FlexSendableMetatype>(
    _ name: String, _ type: T.Type, _ json: String, options: ParityOptions = ParityOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    self.init(
      name, type, bytes: Array(json.utf8), options: options, isSame: Self.sameFloatingPoint,
      sourceLocation: sourceLocation)
  }

  /// Arrays of floating-point values compare element by element, as single values do.
  init<E: Decodable & Equatable & FloatingPoint & FlexSendableMetatype>(
    _ name: String, _ type: [E].Type, _ json: String, options: ParityOptions = ParityOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    self.init(
      name, type, bytes: Array(json.utf8), options: options,
      isSame: { $0.count == $1.count && zip($0, $1).allSatisfy(Self.sameFloatingPoint) },
      sourceLocation: sourceLocation)
  }

  /// Both decoders must agree on raw bytes (for byte order marks, UTF-16, invalid UTF-8).
  init<T: Decodable & FlexSendableMetatype>(
    _ name: String, _ type: T.Type, bytes: [UInt8], options: ParityOptions = ParityOptions(),
    isSame: @escaping @Sendable (T, T) -> Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    self.name = name
    self.input = bytes
    self.options = options
    self.knownDifference = nil
    self.sourceLocation = sourceLocation
    self.run = { input, options in
      let data = Data(input)
      var report = Report()
      let foundation = ParityOutcome { try options.makeJSONDecoder().decode(T.self, from: data) }
      let strict = ParityOutcome { try options.configure(FlexJSONDecoder.strict()).decode(T.self, from: data) }
      report.foundationSucceeded = foundation.succeeded
      if !strict.matches(foundation, by: isSame) {
        report.problems.append(
          "strict FlexJSONDecoder gave \(strict.description); JSONDecoder gave \(foundation.description)")
      }
      if foundation.succeeded {
        let lenient = ParityOutcome { try options.configure(FlexJSONDecoder()).decode(T.self, from: data) }
        if !lenient.matches(foundation, by: isSame) {
          report.problems.append(
            "default FlexJSONDecoder gave \(lenient.description); JSONDecoder gave \(foundation.description)")
        }
      }
      return report
    }
  }

  private init(
    name: String, input: [UInt8], options: ParityOptions, knownDifference: String?,
    sourceLocation: Testing.SourceLocation, run: @escaping @Sendable ([UInt8], ParityOptions) -> Report
  ) {
    self.name = name
    self.input = input
    self.options = options
    self.knownDifference = knownDifference
    self.sourceLocation = sourceLocation
    self.run = run
  }

  /// A case where Foundation on this platform departs from the specification (RFC 8259, or JSON5
  /// with `allowsJSON5`) and FlexDecoder deliberately follows it (SPEC.md, "Strict mode is
  /// JSONDecoder"; Docs/MigratingFromJSONDecoder.md). Both behaviours are pinned: Foundation's, so
  /// a fixed Foundation is noticed, and ours, which every FlexJSONDecoder must show.
  static func specified<T: Decodable & Equatable & Sendable & FlexSendableMetatype>(
    _ name: String, _ type: T.Type, _ json: String, options: ParityOptions = ParityOptions(),
    foundation: ParityOutcome<T>, flex: ParityOutcome<T>, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> ParityCase {
    ParityCase(
      name: name, input: Array(json.utf8), options: options, knownDifference: nil, sourceLocation: sourceLocation
    ) { input, options in
      let data = Data(input)
      var report = Report()
      let actualFoundation = ParityOutcome { try options.makeJSONDecoder().decode(T.self, from: data) }
      report.foundationSucceeded = actualFoundation.succeeded
      if !actualFoundation.matches(foundation, by: ==) {
        report.problems.append(
          "JSONDecoder gave \(actualFoundation.description), documented as \(foundation.description): "
            + "update the migration guide")
      }
      for (label, decoder) in [("strict", FlexJSONDecoder.strict()), ("default", FlexJSONDecoder())] {
        let actual = ParityOutcome { try options.configure(decoder).decode(T.self, from: data) }
        if !actual.matches(flex, by: ==) {
          report.problems.append("\(label) FlexJSONDecoder gave \(actual.description), expected \(flex.description)")
        }
      }
      return report
    }
  }

  /// The same case, marked as a known, unresolved difference from JSONDecoder.
  func knownDifference(_ reason: String) -> ParityCase {
    ParityCase(
      name: name, input: input, options: options, knownDifference: reason, sourceLocation: sourceLocation,
      run: run)
  }

  /// Runs the case without recording anything.
  func report() -> Report {
    run(input, options)
  }

  /// Runs the case and records an issue, at the case's line in the table, for each problem.
  @discardableResult
  func verify() -> Report {
    let report = report()
    let record = {
      for problem in report.problems {
        Issue.record("\(testDescription): \(problem)", sourceLocation: sourceLocation)
      }
    }
    if let knownDifference {
      withKnownIssue(Comment(rawValue: knownDifference), sourceLocation: sourceLocation) { record() }
    } else {
      record()
    }
    return report
  }

  /// Equal with the same sign (so `-0.0` is not `0.0`), or both NaN with the same sign.
  private static func sameFloatingPoint<T: FloatingPoint>(_ lhs: T, _ rhs: T) -> Bool {
    (lhs == rhs || lhs.isNaN && rhs.isNaN) && lhs.sign == rhs.sign
  }
}
