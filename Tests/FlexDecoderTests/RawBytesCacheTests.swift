import Foundation
import Testing

@testable import FlexDecoder

/// The per-decode cache of values made from a string's raw bytes (converted keys, URLs).
@Suite("Raw bytes cache")
struct RawBytesCacheTests {
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
