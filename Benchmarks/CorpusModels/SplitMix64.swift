/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, deterministic random number generator.
///
/// The bench's messy documents and the recovery mutation tests draw from it, so a document made
/// from a seed is the same on every run and platform and a failure can be reproduced from its seed.
///
/// ```swift
/// var random = SplitMix64(seed: 42, label: "github_events.json/nulls")
/// random.oneIn(50)   // true about 2% of the time, the same times on every run
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator started from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// A generator started from `seed` mixed with `label` (by FNV-1a of its UTF-8 bytes, which,
  /// unlike `hashValue`, is the same in every process): one seed, a separate stream per label.
  public init(seed: UInt64, label: String) {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in label.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    state = seed ^ hash
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound` (`bound` > 0), without depending on the standard library's sampling
  /// algorithm.
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound")
    return Int(next() % UInt64(bound))
  }

  /// `true` with probability `1 / n` (`n` > 0; always for 1).
  public mutating func oneIn(_ n: Int) -> Bool {
    below(n) == 0
  }
}
