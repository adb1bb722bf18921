/// One problem met (or one thing tolerated) while decoding: what, where, and in words.
///
/// ```swift
/// issue.kind     // .keyNotFound
/// issue.path     // "items[1].sku"
/// issue.message  // "key not found (tried \"sku\", \"SKU\")"
/// print(issue)   // items[1].sku: key not found (tried "sku", "SKU")
/// ```
public struct FlexIssue: Sendable, CustomStringConvertible, Equatable {
  /// What kind of problem or tolerance an issue records.
  ///
  /// A struct with a static member per kind rather than an enum, so that a kind added later
  /// does not break a `switch` over it: compare with `==`, or switch with a `default:` case.
  ///
  /// ```swift
  /// let missing = report.issues.filter { $0.kind == .keyNotFound }
  /// ```
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    /// The kinds this version knows.
    enum Base: UInt8, Sendable, Hashable {
      case keyNotFound, valueNotFound, typeMismatch, dataCorrupted, validationFailed
      case defaulted, droppedElement, coerced, unknownKey
    }

    let base: Base

    init(_ base: Base) { self.base = base }

    /// A required key was absent.
    public static var keyNotFound: Kind { Kind(.keyNotFound) }
    /// A required value was `null`.
    public static var valueNotFound: Kind { Kind(.valueNotFound) }
    /// A value had the wrong JSON type.
    public static var typeMismatch: Kind { Kind(.typeMismatch) }
    /// A value had the right type but was unusable (bad enum raw value, out-of-range number,
    /// invalid date or Base64…).
    public static var dataCorrupted: Kind { Kind(.dataCorrupted) }
    /// ``FlexValidatable/validate()`` threw.
    public static var validationFailed: Kind { Kind(.validationFailed) }
    /// `.useDefaults` replaced a bad or missing value with a default; or, under any policy, a
    /// wrapper such as ``FlexDefault`` took its default, or a bad value of a mapped key was
    /// replaced by another candidate key's value.
    public static var defaulted: Kind { Kind(.defaulted) }
    /// `.useDefaults` dropped an array element or dictionary value that failed.
    public static var droppedElement: Kind { Kind(.droppedElement) }
    /// A coercion was applied (reported only with `reportsCoercions`).
    public static var coerced: Kind { Kind(.coerced) }
    /// A JSON key that no property used (reported with an `unknownKeyPolicy` other than
    /// `.ignore`).
    public static var unknownKey: Kind { Kind(.unknownKey) }

    /// Whether the issue is a problem (under `.collectAll`, one that makes decoding throw), as
    /// opposed to a note about something tolerated.
    public var isProblem: Bool {
      switch base {
      case .keyNotFound, .valueNotFound, .typeMismatch, .dataCorrupted, .validationFailed: return true
      case .defaulted, .droppedElement, .coerced, .unknownKey: return false
      }
    }

    /// The kind's name, e.g. `keyNotFound`.
    public var description: String { "\(base)" }
  }

  /// What kind of issue this is.
  public let kind: Kind
  /// Where, as `items[3].author.id`: keys joined by `.`, array positions in brackets; `""` for
  /// the top-level value.
  public var path: String { storage.path }
  /// The problem in words, e.g. `expected Int but found the string "two"`; a message the model
  /// wrote is kept as written.
  public var message: String { storage.message }
  /// The same problem as a `DecodingError`, when it is one.
  var decodingError: DecodingError? { storage.decodingError }
  /// The error as it was thrown: the `DecodingError`, or the model's own error (from its
  /// `init(from:)` or ``FlexValidatable/validate()``). A decode that fails with this problem
  /// alone throws it.
  var thrownError: (any Error)? { storage.thrownError }

  /// All but the kind, in one object: an issue is copied as it is recorded, kept for a value
  /// decoded again, ordered and filtered, and one reference is retained where its two strings
  /// and two errors were.
  private let storage: Storage

  private final class Storage: Sendable {
    let path: String
    let message: String
    let decodingError: DecodingError?
    let thrownError: (any Error)?

    init(path: String, message: String, decodingError: DecodingError?, thrownError: (any Error)?) {
      self.path = path
      self.message = message
      self.decodingError = decodingError
      self.thrownError = thrownError
    }
  }

  /// Creates an issue.
  public init(kind: Kind, path: String, message: String) {
    self.init(kind: kind, path: path, message: message, decodingError: nil, thrownError: nil)
  }

  init(kind: Kind, path: String, message: String, decodingError: DecodingError?, thrownError: (any Error)?) {
    self.kind = kind
    self.storage = Storage(
      path: path, message: message, decodingError: decodingError, thrownError: thrownError ?? decodingError)
  }

  /// `path: message`, or just the message at the top level.
  public var description: String {
    path.isEmpty ? message : "\(path): \(message)"
  }

  /// Issues are equal when kind, path and message are.
  public static func == (lhs: FlexIssue, rhs: FlexIssue) -> Bool {
    lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.message == rhs.message
  }
}
