@_spi(Engine) import FlexCore
import Testing

/// `Double`s written by ShortestDouble.swift are their `description` without a trailing `.0`, as
/// JSONEncoder writes them: the shortest digits that read back as the value, the closest of those,
/// laid out as the standard library lays them out. Seeded, so a failure names values that can be
/// reproduced.
@Suite("Shortest Double text")
struct ShortestDoubleTests {
  @Test func randomBitPatternsMatchTheirDescription() {
    var random = SplitMix64(seed: 0x5EED_0001)
    expectDescriptions(of: (0..<200_000).map { _ in Double(bitPattern: random.next()) })
  }

  /// Decimals of 1 to 17 significant digits, as files like mesh.json hold (`0.0636837780476`),
  /// parsed to the nearest double: most of them are written back as they were read.
  @Test func shortDecimalsMatchTheirDescription() throws {
    var random = SplitMix64(seed: 0x5EED_0002)
    var values: [Double] = []
    for _ in 0..<100_000 {
      let digits = String(random.next() % power(ofTen: 1 + random.below(17)))
      let text = "\(digits)e\(random.below(80) - 50)"
      values.append(try #require(Double(text)))
    }
    expectDescriptions(of: values)
  }

  /// Values of every binary exponent with small magnitudes of a few units, the shapes of
  /// coordinates, weights and normals.
  @Test func randomValuesNearOneMatchTheirDescription() {
    var random = SplitMix64(seed: 0x5EED_0003)
    let values = (0..<100_000).map { _ in
      let exponent = UInt64(1023 - 40 + random.below(100))
      return Double(bitPattern: random.next() & 0x800F_FFFF_FFFF_FFFF | exponent << 52)
    }
    expectDescriptions(of: values)
  }

  /// Every power of two (a narrower interval below it) and of ten, with their neighbours.
  @Test func powersAndTheirNeighboursMatchTheirDescription() throws {
    var values: [Double] = []
    for exponent in -1074...1023 {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      values += [power, power.nextUp, power.nextDown]
    }
    for exponent in -323...308 {
      let power = try #require(Double("1e\(exponent)"))
      values += [power, power.nextUp, power.nextDown]
    }
    expectDescriptions(of: values)
  }

  /// Where the layout changes: `0.0001` and `1e-05`, integers written out up to 2^53 and
  /// exponential above, halves and quarters, and subnormal values (left to the standard library).
  @Test func layoutBoundariesMatchTheirDescription() {
    var values: [Double] = [
      0, 1e-4, 1e-5, 9.9999e-5, 0.00012, 1e15, 1e16, 1e17, 123_456.789, 0.5, 100, 1e21, 1e22, 1e23,
      .greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, .pi, 0.1 + 0.2,
    ]
    for power in [Double(1 << 52), Double(1 << 53), Double(1 << 54)] {
      for offset in -4...4 { values.append(power + Double(offset * 2)) }
    }
    for integer in 0..<2_000 { values += [Double(integer), Double(integer) / 4, Double(integer) * 1e13] }
    var random = SplitMix64(seed: 0x5EED_0004)
    for _ in 0..<2_000 { values.append(Double(bitPattern: random.next() & 0x800F_FFFF_FFFF_FFFF)) }
    expectDescriptions(of: values + values.map { -$0 })
  }

  // MARK: - Helpers

  private func expectDescriptions(of values: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
    var mismatches: [String] = []
    var writer = JSONWriter()
    for value in values where value.isFinite {
      writer.output.removeAll()
      writer.writeFinite(value)
      let written = String(decoding: writer.output.bytes, as: UTF8.self)
      var expected = value.description
      if expected.hasSuffix(".0") { expected.removeLast(2) }
      if written != expected && mismatches.count < 10 {
        mismatches.append("\(expected) (0x\(String(value.bitPattern, radix: 16))) written \(written)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)", sourceLocation: sourceLocation)
  }

  private func power(ofTen exponent: Int) -> UInt64 {
    (0..<exponent).reduce(1) { product, _ in product * 10 }
  }
}
