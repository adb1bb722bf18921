/// A mutation applied at one place of a document.
public struct AppliedMutation: Sendable, CustomStringConvertible {
  /// What was done.
  public let kind: JSONMutation
  /// Where, in the document before mutation.
  public let location: JSONLocation

  /// Creates a record of `kind` applied at `location`.
  public init(_ kind: JSONMutation, at location: JSONLocation) {
    self.kind = kind
    self.location = location
  }

  /// `numberToString at [3].actor.id`.
  public var description: String { "\(kind) at \(location.pathDescription)" }
}

/// Makes messy documents from valid ones, deterministically from a seed, changing only the
/// mutated values' bytes (see ``JSONSourceText``).
///
/// ```swift
/// let source = try JSONSourceText(Array(data))
/// var mutator = DocumentMutator(seed: 7)
/// let (messy, applied) = mutator.mutate(source, count: 5, kinds: JSONMutation.allCases)
/// let nulls = mutator.mutateEach(source, .scalarToNull, oneIn: 50)   // about 2% of the scalars
/// ```
public struct DocumentMutator: Sendable {
  /// The generator every choice is drawn from.
  public var random: SplitMix64

  /// A mutator drawing from `random`.
  public init(random: SplitMix64) {
    self.random = random
  }

  /// A mutator drawing from `SplitMix64(seed: seed)`.
  public init(seed: UInt64) {
    self.init(random: SplitMix64(seed: seed))
  }

  /// `source` with `kind` applied, independently with probability `1 / n`, at each value it
  /// applies to (`n` = 1: all of them), and how many were mutated. Values inside a mutated value
  /// are left alone.
  public mutating func mutateEach(
    _ source: JSONSourceText, _ kind: JSONMutation, oneIn n: Int
  ) -> (document: [UInt8], count: Int) {
    var edits: [Int: JSONSourceText.Edit] = [:]
    source.forEachValue { index, valueKind, isObjectMember, text in
      guard kind.applies(to: valueKind, isObjectMember: isObjectMember, text: { text }), random.oneIn(n) else {
        return true
      }
      edits[index] = kind.edit(of: text)
      return false
    }
    return (source.rewritten(edits), edits.count)
  }

  /// `source` with up to `count` mutations, each of a kind drawn from `kinds` at a value drawn
  /// from those it applies to, none inside another; and the mutations, in document order. Fewer
  /// than `count` when the document has too few places for them.
  public mutating func mutate(
    _ source: JSONSourceText, count: Int, kinds: [JSONMutation]
  ) -> (document: [UInt8], mutations: [AppliedMutation]) {
    let locations = source.locations()
    let candidates = kinds.map { kind in locations.filter(kind.applies) }
    var chosen: [AppliedMutation] = []
    var attempts = 0
    while chosen.count < count && attempts < 50 * max(count, 1) && !kinds.isEmpty {
      attempts += 1
      let pick = random.below(kinds.count)
      guard !candidates[pick].isEmpty else { continue }
      let location = candidates[pick][random.below(candidates[pick].count)]
      if !chosen.contains(where: { $0.location.contains(location) || location.contains($0.location) }) {
        chosen.append(AppliedMutation(kinds[pick], at: location))
      }
    }
    chosen.sort { $0.location.index < $1.location.index }
    return (Self.apply(chosen, to: source), chosen)
  }

  /// `source` with `mutations` applied; a mutation inside another one's value is not applied.
  public static func apply(_ mutations: [AppliedMutation], to source: JSONSourceText) -> [UInt8] {
    var edits: [Int: JSONSourceText.Edit] = [:]
    for mutation in mutations {
      edits[mutation.location.index] = mutation.kind.edit(of: source.text(at: mutation.location.index))
    }
    return source.rewritten(edits)
  }
}
