import Foundation

/// The ``DateFormatPattern`` of the `.formatted` strategy's formatter, found when a decode or
/// encode call first needs it, then kept for the rest of the call (one per call: a formatter
/// changed between two calls is looked at again).
struct DateFormatPatternSlot {
  private var state: DateFormatPattern?? = .none

  /// The pattern of `formatter` (always the same formatter in one call), or `nil` if the
  /// formatter must do the work.
  @inline(__always)
  mutating func pattern(for formatter: DateFormatter) -> DateFormatPattern? {
    if case .some(let known) = state { return known }
    let found = DateFormatPattern(formatter: formatter)
    state = .some(found)
    return found
  }
}
