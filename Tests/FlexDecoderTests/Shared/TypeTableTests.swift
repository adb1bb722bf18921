import Testing

@testable import FlexDecoder

/// The engine's map from types to per-decode state.
@Suite("Type table")
struct TypeTableTests {
  @Test func findsEveryKeyInsertedAcrossGrowthAndNoOther() {
    let objects = (0..<1_000).map { _ in Marker() }
    var table = TypeTable<Int>()
    for (index, object) in objects.enumerated() {
      table[ObjectIdentifier(object)] = index
    }
    var found = 0
    for (index, object) in objects.enumerated() where table[ObjectIdentifier(object)] == index {
      found += 1
    }
    #expect(found == 1_000)
    #expect(table[ObjectIdentifier(Marker())] == nil)
  }

  @Test func aSecondValueForAKeyReplacesTheFirst() {
    var table = TypeTable<String>()
    table[ObjectIdentifier(Int.self)] = "first"
    table[ObjectIdentifier(String.self)] = "other"
    table[ObjectIdentifier(Int.self)] = "second"
    #expect(table[ObjectIdentifier(Int.self)] == "second")
    #expect(table[ObjectIdentifier(String.self)] == "other")
    #expect(table[ObjectIdentifier(Double.self)] == nil)
  }
}

private final class Marker {}
