import Foundation
import Testing

@testable import FlexDecoder

/// The cache of values made from a string's raw bytes (converted keys, URLs), kept by a decode
/// session from call to call.
@Suite("Raw bytes cache")
struct RawBytesCacheTests {
  /// A call whose texts never repeat turns the cache off; the next call judges it anew, and
  /// finds what the earlier calls kept.
  @Test func eachCallJudgesTheHitRateAgainAndKeepsEarlierEntries() {
    let cache = RawBytesCache<Int>(maximumEntries: 1000)
    var makes = 0
    _ = lookUp("kept", in: cache) {
      makes += 1
      return -1
    }
    for number in 0..<200 {
      _ = lookUp("once \(number)", in: cache) {
        makes += 1
        return number
      }
    }
    #expect(makes == 201)
    // Off now: the same text is made again.
    _ = lookUp("kept", in: cache) {
      makes += 1
      return -1
    }
    #expect(makes == 202)
    cache.startCall()
    #expect(lookUp("kept", in: cache) { -2 } == -1)
    #expect(lookUp("once 7", in: cache) { -2 } == 7)
  }

  @Test func aFullCacheStartsTheNextCallEmpty() {
    let cache = RawBytesCache<Int>(maximumEntries: 2)
    for text in ["a", "a", "b", "b"] { _ = lookUp(text, in: cache) { 1 } }
    cache.startCall()
    #expect(lookUp("a", in: cache) { 2 } == 2)
  }

  @Test func makesEachDistinctTextOnceAndFindsItAgain() {
    let cache = RawBytesCache<String>(maximumEntries: 100)
    var made: [String] = []
    for text in ["a", "bb", "a", "", "bb", "a", ""] {
      let value = lookUp(text, in: cache) {
        made.append(text)
        return text.uppercased()
      }
      #expect(value == text.uppercased())
    }
    #expect(made == ["a", "bb", ""])
  }

  @Test func aValueWhoseMakingThrewIsMadeAgainNextTime() {
    let cache = RawBytesCache<Int>(maximumEntries: 100)
    #expect(throws: CocoaError.self) { try lookUpThrowing("x", in: cache) { throw CocoaError(.coderInvalidValue) } }
    #expect((try? lookUpThrowing("x", in: cache) { 7 }) == 7)
    #expect((try? lookUpThrowing("x", in: cache) { 8 }) == 7)
  }

  @Test func findsEveryTextAcrossGrowthUpToItsLimit() {
    let cache = RawBytesCache<Int>(maximumEntries: 300)
    var makes = 0
    // Each text twice in a row, so that repeats keep the cache on.
    for round in 0..<2 {
      for number in 0..<400 {
        for _ in 0..<2 {
          let value = lookUp("text \(number)", in: cache) {
            makes += 1
            return number
          }
          #expect(value == number, "round \(round)")
        }
      }
    }
    // The first 300 texts were kept, once each; the last 100 are made at every lookup.
    #expect(makes == 300 + 100 * 4)
  }

  @Test func turnsItselfOffWhenTextsSeldomRepeat() {
    let cache = RawBytesCache<Int>(maximumEntries: 1000)
    var makes = 0
    let make = {
      makes += 1
      return 0
    }
    _ = lookUp("repeated", in: cache, make)
    for number in 0..<200 { _ = lookUp("once \(number)", in: cache, make) }
    makes = 0
    _ = lookUp("repeated", in: cache, make)
    #expect(makes == 1)
  }

  @Test func staysOnWhileTextsRepeat() {
    let cache = RawBytesCache<Int>(maximumEntries: 1000)
    var makes = 0
    for number in 0..<400 {
      _ = lookUp("schema", in: cache) {
        makes += 1
        return 0
      }
      _ = lookUp("unique \(number)", in: cache) {
        makes += 1
        return 0
      }
    }
    #expect(makes == 401)
  }

  // MARK: - Helpers

  private func lookUp<Value>(_ text: String, in cache: RawBytesCache<Value>, _ make: () -> Value) -> Value {
    Array(text.utf8).withUnsafeBytes { cache.value(forRaw: $0, make: make) }
  }

  private func lookUpThrowing<Value>(_ text: String, in cache: RawBytesCache<Value>, _ make: () throws -> Value) throws
    -> Value
  {
    try Array(text.utf8).withUnsafeBytes { try cache.value(forRaw: $0, make: make) }
  }
}
