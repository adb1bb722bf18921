import Testing

@testable import FlexDecoder

/// The set of failing calls a recovery pass learns: a list, then a `Set`.
@Suite("Small set")
struct SmallSetTests {
  @Test func agreesWithSetAcrossTheListLimitThroughInsertsAndRemovals() {
    var small = SmallSet<Int>()
    var reference = Set<Int>()
    // Inserts with repeats (the list, then the table), removals on both sides of the limit.
    let steps = (0..<40).map { ($0 * 7) % 23 } + [3, 3, 100, 5]
    for (position, value) in steps.enumerated() {
      if position % 5 == 4 {
        small.remove(value)
        reference.remove(value)
      } else {
        let inserted = small.insert(value)
        #expect(inserted == reference.insert(value).inserted, "insert \(value)")
      }
      #expect(small.count == reference.count)
      for probe in -1...101 { #expect(small.contains(probe) == reference.contains(probe), "contains \(probe)") }
    }
  }

  @Test func aFewElementsStayInTheListAndTheNinthMovesThemToATable() {
    var small = SmallSet<String>()
    for index in 0..<SmallSet<String>.listLimit {
      let inserted = small.insert("k\(index)")
      #expect(inserted)
    }
    let repeated = small.insert("k0")
    #expect(!repeated)
    let ninth = small.insert("k8")
    #expect(ninth)
    #expect(small.count == 9)
    #expect((0...8).allSatisfy { small.contains("k\($0)") })
    small.remove("k4")
    #expect(!small.contains("k4") && small.count == 8)
  }
}
