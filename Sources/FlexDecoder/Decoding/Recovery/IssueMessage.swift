@_spi(Engine) import FlexCore
import Foundation

// How problems are worded, in thrown errors and in issues.
//
// A thrown `DecodingError` keeps JSONDecoder's sentence ("Expected to decode Int but found …
// instead.") and its type (`[Any]` for an array, as JSONDecoder has it), but names the value it
// found: `the string "abc"`, `the number 2`, `true`. An issue says the same in a clause
// (`expected Int but found the string "abc"`), names the type as the model declares it
// (`[MediaAttachment]`, `Venue?`), and keeps every other message (a model's own error, a
// `dataCorrupted` the model wrote) as written; the sentences Flex, Foundation and the standard
// library write become clauses too.

/// Issue wording.
enum IssueMessage {
  /// The longest string or number text quoted in a message, in characters.
  static let quotedLength = 40

  /// `text` as `String(reflecting:)` writes it: quoted, escaped. Printable ASCII without quotes
  /// or backslashes needs no escapes, and is quoted directly (`String(reflecting:)` costs a few
  /// thousand instructions, paid for every error built during a recovery pass).
  static func quoted(_ text: String) -> String {
    isQuotedAsIs(text.utf8) ? "\"" + text + "\"" : String(reflecting: text)
  }

  /// Whether `String(reflecting:)` quotes the text of `utf8` unchanged: printable ASCII without
  /// `"`, `\` or `'`.
  static func isQuotedAsIs(_ utf8: some Sequence<UInt8>) -> Bool {
    utf8.allSatisfy { byte in
      byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        && byte != UInt8(ascii: "'")
    }
  }

  /// How an issue words `error`: its kind, its message and the `DecodingError` behind it.
  static func describe(_ error: any Error, path: [any CodingKey]) -> (FlexIssue.Kind, String, DecodingError?) {
    guard let decodingError = error as? DecodingError else {
      let wrapped = DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: path, debugDescription: "\(error)", underlyingError: error))
      return (.dataCorrupted, "\(error)", wrapped)
    }
    switch decodingError {
    case .keyNotFound:
      return (.keyNotFound, "key not found", decodingError)
    case .valueNotFound(let type, _):
      return (.valueNotFound, expected(type, found: "null"), decodingError)
    case .typeMismatch(let type, let context):
      return (.typeMismatch, clause(context.debugDescription, type: type), decodingError)
    case .dataCorrupted(let context):
      if let validation = ValidationFailure.validationError(in: context) {
        return (.validationFailed, "validation failed: \(validation)", decodingError)
      }
      return (.dataCorrupted, libraryClause(context.debugDescription), decodingError)
    @unknown default:
      return (.dataCorrupted, "\(decodingError)", decodingError)
    }
  }

  /// `Expected to decode Int but found a string instead.` (JSONDecoder's and Flex's wording) →
  /// `expected Int but found a string`; other text as ``libraryClause(_:)`` has it.
  private static func clause(_ text: String, type: Any.Type) -> String {
    let opening = "Expected to decode \(type) but found "
    let closing = " instead."
    guard text.hasPrefix(opening), text.hasSuffix(closing), text.count > opening.count + closing.count else {
      return libraryClause(text)
    }
    return expected(type, found: String(text.dropFirst(opening.count).dropLast(closing.count)))
  }

  /// How the sentences that Flex, Foundation and the standard library write for corrupted data
  /// begin. An issue says them as clauses (`unknown key "x"`, `invalid URL string`); any other
  /// message is the model's own and is kept exactly as written.
  private static let librarySentences = [
    "Attempted to decode UUID from invalid UUID string", "Cannot get ", "Cannot initialize ",
    "Could not convert key to type ", "Expected Int key but found String key instead",
    "Date string does not match format expected by formatter", "Encountered Data is not valid Base64",
    "Expected a date (", "Expected an object or array at ", "Expected date string to be ISO8601-formatted",
    "Invalid URL string", "No value associated with key ", "The array has no element ",
    "The given data was not valid JSON", "Unkeyed container is at end", "Unknown key \"",
  ]

  /// A library sentence as a clause (`Unknown key "x".` → `unknown key "x"`); other text as is.
  private static func libraryClause(_ text: String) -> String {
    let isLibrarySentence =
      librarySentences.contains { text.hasPrefix($0) }
      || (text.hasPrefix("Number ") && text.contains(" is not representable in "))
    guard isLibrarySentence, let first = text.first else { return text }
    var clause = first.lowercased() + text.dropFirst()
    if clause.hasSuffix(".") { clause.removeLast() }
    return clause
  }

  /// `typeMismatch`/`valueNotFound` message for a value of type `type` that is `found`.
  static func expected(_ type: Any.Type, found: String) -> String {
    "expected \(typeName(type)) but found \(found)"
  }

  // MARK: Type names

  /// A type named as Swift source writes it: `[MediaAttachment]`, `[String: Int]`, `Date?`, where
  /// the runtime says `Array<MediaAttachment>`, `Dictionary<String, Int>`, `Optional<Date>`.
  static func typeName(_ type: Any.Type) -> String {
    typeNames.value(for: ObjectIdentifier(type)) {
      if let named = type as? any NamedInMessagesAs.Type { return typeName(named.typeInMessages) }
      return sugared(String(describing: type))
    }
  }

  private static let typeNames = ProcessTypeCache<String>()
}

/// An internal type that messages name as another: a lossy collection's element wrapper as the
/// user's element type.
protocol NamedInMessagesAs {
  /// The type messages name instead.
  static var typeInMessages: Any.Type { get }
}

extension IssueMessage {
  /// `Array<Dictionary<String, Optional<Int>>>` → `[[String: Int?]]`.
  static func sugared(_ name: String) -> String {
    var parser = TypeNameParser(text: Array(name))
    return parser.parse()
  }

  /// Rewrites the generic spellings of `Array`, `Dictionary` and `Optional` in a type name.
  private struct TypeNameParser {
    let text: [Character]
    var position = 0

    /// One type: a name, then its generic arguments if any.
    mutating func parse() -> String {
      var name = ""
      while position < text.count, !"<>,".contains(text[position]) {
        name.append(text[position])
        position += 1
      }
      name = name.trimmingCharacters(in: .whitespaces)
      guard position < text.count, text[position] == "<" else { return name }
      position += 1
      var arguments: [String] = []
      while position < text.count {
        arguments.append(parse())
        guard position < text.count else { break }
        let separator = text[position]
        position += 1
        if separator == ">" { break }
      }
      switch (name, arguments.count) {
      case ("Array", 1), ("Swift.Array", 1): return "[\(arguments[0])]"
      case ("Dictionary", 2), ("Swift.Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
      case ("Optional", 1), ("Swift.Optional", 1): return "\(arguments[0])?"
      default: return "\(name)<\(arguments.joined(separator: ", "))>"
      }
    }
  }
}

extension TapeDecoder {
  /// The value at `valueIndex` as messages name it: `null`, `true`, `the number 2.5`,
  /// `the string "abc"` (long text cut after ``IssueMessage/quotedLength`` characters), `an array`,
  /// `an object`.
  func foundValue(_ valueIndex: Int) -> String {
    switch tape[valueIndex].kind {
    case .null: return "null"
    case .true: return "true"
    case .false: return "false"
    case .number: return "the number \(Self.cut(tape.numberText(at: valueIndex)))"
    case .string: return "the string \(IssueMessage.quoted(Self.cut(tape.string(at: valueIndex))))"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  private static func cut(_ text: String) -> String {
    text.count > IssueMessage.quotedLength ? text.prefix(IssueMessage.quotedLength) + "…" : text
  }
}
