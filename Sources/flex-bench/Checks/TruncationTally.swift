// TruncationTally: the outcomes of the truncations check, counted.

import Foundation

/// The prefixes of one document, counted by outcome.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct TruncationTally {
  /// What scanning one prefix did.
  enum Outcome {
    /// Rejected at `bytesBeforeTheCut` bytes before the end of the prefix.
    case rejected(reason: String, bytesBeforeTheCut: Int)
    /// Accepted, and the whole document without its trailing whitespace.
    case acceptedWithoutTrailingWhitespace
    /// Accepted, and a shorter top-level number.
    case acceptedNumberPrefix
    /// Anything else: what happened.
    case violation(String)
  }

  /// A kind of rejection: the reason, and how far before the cut the error points.
  struct Rejection: Hashable {
    /// The `JSONParseError.Reason` case name.
    let reason: String
    /// The prefix length minus the error's offset.
    let bytesBeforeTheCut: Int
  }

  /// Prefixes scanned.
  private(set) var prefixes = 0
  /// Bytes scanned, over all prefixes.
  private(set) var bytesScanned = 0
  /// Prefixes rejected with an error inside them.
  private(set) var rejected = 0
  /// Rejections by reason and distance from the cut.
  private(set) var rejections: [Rejection: Int] = [:]
  /// Accepted prefixes that are the whole document without its trailing whitespace.
  private(set) var acceptedWithoutTrailingWhitespace = 0
  /// Accepted prefixes of a top-level number.
  private(set) var acceptedNumberPrefixes = 0
  /// Prefixes that broke the property.
  private(set) var violationCount = 0
  /// The first few violations, described.
  private(set) var violations: [String] = []

  /// Counts the outcome of a prefix of `length` bytes.
  mutating func record(_ outcome: Outcome, length: Int) {
    prefixes += 1
    bytesScanned += length
    switch outcome {
    case .rejected(let reason, let distance):
      rejected += 1
      rejections[Rejection(reason: reason, bytesBeforeTheCut: distance), default: 0] += 1
    case .acceptedWithoutTrailingWhitespace: acceptedWithoutTrailingWhitespace += 1
    case .acceptedNumberPrefix: acceptedNumberPrefixes += 1
    case .violation(let description):
      violationCount += 1
      if violations.count < 20 { violations.append(description) }
    }
  }

  /// Adds the counts of `other`.
  mutating func merge(_ other: TruncationTally) {
    prefixes += other.prefixes
    bytesScanned += other.bytesScanned
    rejected += other.rejected
    rejections.merge(other.rejections, uniquingKeysWith: +)
    acceptedWithoutTrailingWhitespace += other.acceptedWithoutTrailingWhitespace
    acceptedNumberPrefixes += other.acceptedNumberPrefixes
    violationCount += other.violationCount
    violations += other.violations.prefix(20 - min(violations.count, 20))
  }
}

/// The tallies of the threads of one document, merged under a lock.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
final class TallyCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var merged = TruncationTally()

  /// Merges one thread's tally.
  func add(_ tally: TruncationTally) {
    lock.withLock { merged.merge(tally) }
  }

  /// Every tally added so far.
  var total: TruncationTally {
    lock.withLock { merged }
  }
}
