import FlexDecoder
import Foundation

// A reference decoder for the oracle tests (issue 32): SPEC.md's lenient semantics written as a
// plain tree walk over FlexCore's `JSONValue`, for clarity, not speed. It knows only what the zoo
// (OracleZoo.swift) needs: synthesized `Codable` models, the Foundation special types, optionals,
// arrays, dictionaries keyed by `String`, `Int` or a `CodingKeyRepresentable` enum, the wrappers
// `FlexDefault` and `FlexLossyArray`, `FlexValidatable`, `FlexDeclaredDefaults`,
// `FlexKeyMapping` (candidates, no key paths), `.convertFromSnakeCase` and three date strategies.
//
// The rules, each from SPEC.md ("Errors and recovery") and Docs/ErrorsAndReports.md:
//
// - A problem (missing key, `null` for a non-optional, type mismatch, bad raw value, failed
//   validation) happens at a value. Under `.failFast` it ends the decode at once.
// - Otherwise it is repaired by the nearest call that can repair it: the container call that
//   asked for the value (`decode(_:forKey:)`: the type's placeholder; `decodeIfPresent`, or a
//   value of `Optional` type: `nil`), an array element or dictionary value (dropped; an
//   `Optional` one becomes `nil`), or the top-level value (its placeholder, under `.useDefaults`
//   only). A type without a placeholder (an enum without `FlexDefaultValue`) passes the problem on
//   to the next call up. A single-value container never repairs: its failure is its value's.
// - Under `.collectAll` the problem is listed at its own path when it first reaches a call, and
//   never again; under `.useDefaults` the call that repairs it lists it, at that call's path, as
//   `.defaulted` (`.droppedElement` for a dropped element).
// - Issues are in document order: each sits at its value's place in the document (a missing key
//   at its object's), ties in the order they were met.

// MARK: - Options and outcome

/// The options the reference decoder understands: a subset of ``FlexJSONDecoder``'s.
struct ReferenceOptions: Sendable, CustomStringConvertible {
  /// How dates are read.
  enum DateStrategy: Sendable {
    case deferredToDate
    case secondsSince1970
    case iso8601
  }

  var errorPolicy: FlexJSONDecoder.ErrorPolicy = .collectAll
  var coercions: FlexCoercions = .standard
  var reportsCoercions = false
  var convertsFromSnakeCase = false
  var dateStrategy: DateStrategy = .deferredToDate

  var description: String {
    "policy \(errorPolicy), coercions \(coercions.rawValue), reportsCoercions \(reportsCoercions), "
      + "snake case \(convertsFromSnakeCase), dates \(dateStrategy)"
  }

  /// A ``FlexJSONDecoder`` with the same options.
  func flexDecoder() -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = errorPolicy
    decoder.coercions = coercions
    decoder.reportsCoercions = reportsCoercions
    if convertsFromSnakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
    switch dateStrategy {
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    }
    return decoder
  }

  /// A `JSONEncoder` that writes what these options read, keys sorted (a dictionary's order
  /// changes from process to process: sorted, a seed makes the same document on every run).
  func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    if convertsFromSnakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
    switch dateStrategy {
    case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
    case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
    case .iso8601: encoder.dateEncodingStrategy = .iso8601
    }
    return encoder
  }

  /// A Foundation `JSONDecoder` with the same key and date strategies.
  func foundationDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    if convertsFromSnakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
    switch dateStrategy {
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    }
    return decoder
  }
}

/// One issue as the oracle compares it: kind and path.
struct ReferenceIssue: Equatable, CustomStringConvertible {
  let kind: FlexIssue.Kind
  /// The path with keys spelled as the JSON spells them (``FlexIssue/path``).
  let path: String
  /// The path with the model's key names, as a lone `DecodingError`'s coding path gives it.
  let codingPath: String

  var description: String { "\(kind) at \"\(path)\"" }
}

/// What the reference decoder made of a document.
enum ReferenceOutcome<T> {
  /// A value, and every issue noticed (`decodeWithReport`'s issues).
  case decoded(T, issues: [ReferenceIssue])
  /// The decode throws these problems: one (thrown as its own error), or several.
  case failed(problems: [ReferenceIssue])
}

// MARK: - Entry point

enum ReferenceDecoding {
  /// Decodes `type` from `data` under `options`.
  static func decode<T: Decodable>(_ type: T.Type, from data: Data, options: ReferenceOptions) throws
    -> ReferenceOutcome<T>
  {
    var counter = 0
    let root = ReferenceNode(try JSONValue(parsing: data), counter: &counter)
    let session = ReferenceSession(options: options)
    do {
      let value = try session.repaired(
        T.self, path: [], order: root.order, action: .substitute,
        placeholder: { options.errorPolicy == .useDefaults ? session.placeholder(T.self) : nil }
      ) {
        try session.decodeValue(T.self, root, path: [])
      }
      let issues = session.orderedIssues()
      let problems = issues.filter(\.kind.isProblem)
      return problems.isEmpty ? .decoded(value, issues: issues) : .failed(problems: problems)
    } catch let stop as ReferenceStop {
      return .failed(problems: [stop.issue])
    } catch let failure as ReferenceFailure {
      if !failure.isReported { session.record(failure.kind, path: failure.path, order: failure.order) }
      return .failed(problems: session.orderedIssues().filter(\.kind.isProblem))
    }
  }
}

// MARK: - Document tree

/// A JSON value with its place in the document: values are numbered in document order.
final class ReferenceNode {
  enum Content {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([ReferenceNode])
    case object([(key: String, value: ReferenceNode)])
  }

  let content: Content
  /// The value's place in the document: what orders issues.
  let order: Int

  /// The tree of `value`, numbered from `counter`; with `fixedOrder`, every value is numbered
  /// so (the values of a JSON string parsed by `.jsonStringToValue` sit at the string's place).
  init(_ value: JSONValue, counter: inout Int, fixedOrder: Int? = nil) {
    if let fixedOrder {
      order = fixedOrder
    } else {
      order = counter
      counter += 1
    }
    switch value {
    case .null: content = .null
    case .bool(let bool): content = .bool(bool)
    case .number(let number): content = .number(number)
    case .string(let string): content = .string(string)
    case .array(let elements):
      var nodes: [ReferenceNode] = []
      for element in elements { nodes.append(ReferenceNode(element, counter: &counter, fixedOrder: fixedOrder)) }
      content = .array(nodes)
    case .object(let object):
      var members: [(key: String, value: ReferenceNode)] = []
      for (key, member) in object {
        members.append((key, ReferenceNode(member, counter: &counter, fixedOrder: fixedOrder)))
      }
      content = .object(members)
    }
  }

  var isNull: Bool {
    if case .null = content { return true }
    return false
  }
}

// MARK: - Paths

/// One step of a path.
enum ReferencePathComponent {
  /// A property key (spelled by the key strategy) or a dictionary key (as written).
  case key(String, isDictionaryKey: Bool)
  case index(Int)

  var codingKey: any CodingKey {
    switch self {
    case .key(let name, _): return ReferenceCodingKey(stringValue: name)
    case .index(let index): return ReferenceCodingKey(intValue: index)
    }
  }
}

/// A coding key made of a string or an index.
struct ReferenceCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = "Index \(intValue)"
    self.intValue = intValue
  }
}

extension [ReferencePathComponent] {
  /// `items[3].author.id`, property keys in snake case when `snakeCase`.
  func rendered(snakeCase: Bool) -> String {
    var text = ""
    for component in self {
      switch component {
      case .index(let index): text += "[\(index)]"
      case .key(let name, let isDictionaryKey):
        if !text.isEmpty { text += "." }
        text += snakeCase && !isDictionaryKey ? ReferenceKeys.snakeCase(name) : name
      }
    }
    return text
  }
}

/// The key conversions of `.convertFromSnakeCase`.
enum ReferenceKeys {
  /// `created_at` → `createdAt` (zoo keys have no leading or trailing underscores).
  static func camelCase(_ key: String) -> String {
    let parts = key.split(separator: "_")
    guard parts.count > 1 else { return key }
    return parts[0].lowercased() + parts.dropFirst().map(\.capitalized).joined()
  }

  /// `createdAt` → `created_at`.
  static func snakeCase(_ name: String) -> String {
    var text = ""
    for character in name {
      if character.isUppercase {
        if !text.isEmpty { text += "_" }
        text += character.lowercased()
      } else {
        text.append(character)
      }
    }
    return text
  }
}
