// `validate()` runs once per value: the recovery pass decodes some values a second time (and the
// plain pass before it may have validated them already), so each outcome is kept for the decode.

/// The outcomes of ``FlexValidatable/validate()`` in one decode, by value and type.
final class ValidationLog {
  /// A value of the document (or of JSON embedded in one of its strings) decoded as a type.
  struct Key: Hashable {
    let valueIndex: Int
    let type: ObjectIdentifier
    let tape: ObjectIdentifier
  }

  /// `nil` for a value that validated; else the error `validate()` threw.
  @exclusivity(unchecked) private var outcomes: [Key: (any Error)?] = [:]

  /// The outcome of an earlier validation of the value: `.some(nil)` if it passed, `.some(error)`
  /// if it threw, `nil` if it was not validated yet.
  func outcome(for key: Key) -> (any Error)?? {
    outcomes[key]
  }

  /// Keeps the outcome of a validation.
  func remember(_ outcome: (any Error)?, for key: Key) {
    outcomes[key] = .some(outcome)
  }
}
