/// A value whose contents never appear in the corpus.
///
/// Some fields are `{}` in every element (Jenkins' `overallLoad`), only ever hold empty arrays
/// (Twitter's `symbols`), or are `null` wherever they appear (Twitter's `place`). Their real shape
/// is unknown, so they are modeled as this empty struct: it encodes as `{}` and its synthesized
/// `init(from:)` reads nothing.
public struct UnobservedValue: Codable, Equatable, Sendable {}
