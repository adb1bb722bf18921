// `validate()` runs once per value: the recovery pass decodes some values a second time (and the
// plain pass before it may have validated them already), so each outcome is kept for the decode.
//
// Most validated values are validated once, and most decodes never look an outcome up: a hash
// table keyed by value and type cost about 1,700 instructions per validated value (hashing,
// growing from empty in every decode), more than many `validate()`s themselves. So outcomes are
// appended to a list, and a bit per value of the document says whether any outcome is kept for
// it. Only a value whose bit is set is looked up, through a table made from the list on the
// first such lookup; a value of another tape (JSON embedded in a string of the document) always
// is.

/// The outcomes of ``FlexValidatable/validate()`` in one decode, by value and type.
final class ValidationLog {
  /// A value of the document (or of JSON embedded in one of its strings) decoded as a type.
  struct Key: Hashable {
    let valueIndex: Int
    let type: ObjectIdentifier
    let tape: ObjectIdentifier
  }

  /// Every outcome kept, in the order of validation: `nil` for a value that validated, else the
  /// error `validate()` threw.
  @exclusivity(unchecked) private var outcomes: [(key: Key, outcome: (any Error)?)] = []
  /// The tape of the first value validated (the document's), whose values have a bit in
  /// `validatedValues`.
  @exclusivity(unchecked) private var firstTape: ObjectIdentifier?
  /// A bit per value index of `firstTape`: set if an outcome is kept for the value.
  @exclusivity(unchecked) private var validatedValues: [UInt64] = []
  /// The position in `outcomes` of each key, made on the first lookup that needs it.
  @exclusivity(unchecked) private var positions: [Key: Int]?

  /// The outcome of an earlier validation of the value: `.some(nil)` if it passed, `.some(error)`
  /// if it threw, `nil` if it was not validated yet. `tapeCount` is the number of values of the
  /// key's tape.
  func outcome(for key: Key, tapeCount: Int) -> (any Error)?? {
    if firstTape == nil {
      firstTape = key.tape
      validatedValues = Array(repeating: 0, count: (tapeCount + 63) / 64)
    }
    if key.tape == firstTape, !isMarked(key.valueIndex) { return nil }
    return position(of: key).map { outcomes[$0].outcome }
  }

  /// Keeps the outcome of a validation, for a key that ``outcome(for:tapeCount:)`` found none for.
  func remember(_ outcome: (any Error)?, for key: Key) {
    if key.tape == firstTape, key.valueIndex >= 0, key.valueIndex < validatedValues.count * 64 {
      validatedValues[key.valueIndex >> 6] |= 1 << UInt64(key.valueIndex & 63)
    }
    outcomes.append((key, outcome))
    positions?[key] = outcomes.count - 1
  }

  private func isMarked(_ valueIndex: Int) -> Bool {
    guard valueIndex >= 0, valueIndex < validatedValues.count * 64 else { return true }
    return validatedValues[valueIndex >> 6] & (1 << UInt64(valueIndex & 63)) != 0
  }

  private func position(of key: Key) -> Int? {
    if positions == nil {
      var made: [Key: Int] = [:]
      made.reserveCapacity(outcomes.count)
      for (position, entry) in outcomes.enumerated() { made[entry.key] = position }
      positions = made
    }
    return positions![key]
  }
}
