import CorpusModels
import FlexDecoder
import Foundation
import Testing

// Arrays of integers, floats and booleans, which the streaming encoder writes in one loop per
// array (StreamEncoder+NumberArrays.swift): alone, nested, as members, in every formatting, and
// with floats that are not finite.

/// A document shaped like mesh.json and canada.json: number arrays as members, nested number
/// arrays, and empty ones.
private struct NumberArrayDocument: Encodable {
  var indices: [Int] = [0, 1, 2, 2, 1, 3, 40_000, -7]
  var positions: [Double] = [0.5, -1.25, 3, 1e-7, 1e21, -0.0]
  var weights: [Float] = [0.1, 1.1, 0.3, 16_777_216]
  var flags: [Bool] = [true, false, true]
  var bytes: [UInt8] = [0, 127, 255]
  var rings: [[[Double]]] = [[[-65.6, 43.5], [-65.5, 43.4], [-65.6, 43.5]], [], [[1, 2]]]
  var empty: [Double] = []
  var emptyRows: [[Int]] = [[], [1], []]
}

/// Number arrays written through containers asked for by hand, nested under a key and an index.
private struct HandWrittenNumberArrays: Encodable {
  let values: [Double]

  func encode(to encoder: any Encoder) throws {
    var root = encoder.container(keyedBy: DynamicKey.self)
    var list = root.nestedUnkeyedContainer(forKey: DynamicKey("list"))
    try list.encode([1, 2, 3] as [Int16])
    try list.encode(values)
    var keyed = list.nestedContainer(keyedBy: DynamicKey.self)
    try keyed.encode([[values]], forKey: DynamicKey("deep"))
    try root.encode(values, forKey: DynamicKey("member"))
  }
}

extension EncoderParityTests {
  // MARK: - Integer arrays

  /// `UInt64`s on each side of every power of ten (each digit count and its boundaries).
  static let powerOfTenBoundaries: [UInt64] = (0...19).flatMap { exponent -> [UInt64] in
    var power: UInt64 = 1
    for _ in 0..<exponent { power *= 10 }
    return [power - 1, power, power + 1]
  }

  static let integerArrays: [ParityValue] = [
    ParityValue("[Int]", [0, 1, -1, 9, 10, 99, 100, -100, 12_345, Int.min, Int.max]),
    ParityValue("[Int8]", [Int8.min, -1, 0, 1, Int8.max]),
    ParityValue("[Int16]", [Int16.min, -1, 0, 1, Int16.max]),
    ParityValue("[Int32]", [Int32.min, -1, 0, 1, Int32.max]),
    ParityValue("[Int64]", [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max]),
    ParityValue("[UInt]", [UInt.min, 1, UInt.max]),
    ParityValue("[UInt8]", [UInt8.min, 9, 10, 99, 100, UInt8.max]),
    ParityValue("[UInt16]", [UInt16.min, 1, UInt16.max]),
    ParityValue("[UInt32]", [UInt32.min, 1, UInt32.max]),
    ParityValue("[UInt64]", [UInt64.min, 1, UInt64.max]),
    ParityValue("[UInt64] around powers of ten", powerOfTenBoundaries),
    ParityValue("[Int64] around negative powers of ten", powerOfTenBoundaries.map { -Int64(clamping: $0) }),
  ]

  @Test(arguments: integerArrays, ParityFormatting.allCases)
  func integerArraysEncodeLikeJSONEncoder(_ array: ParityValue, formatting: ParityFormatting) throws {
    try ParityEncoders(formatting).expectSameBytesInEveryPosition(array.value)
  }

  @Test func integerArrayIsWrittenAsJSONEncoderWritesIt() throws {
    #expect(try ParityEncoders().expectSameBytes([Int.min, 0, 42]) == "[-9223372036854775808,0,42]")
  }

  // MARK: - Floating-point arrays

  static let doubleArray: [Double] = [
    0, -0.0, 1, -1, 0.1, 1e-7, 1e15, 1e16, 1e21, 1e22, .pi, -.pi, 1.0 / 3, 123_456_789.125,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude,
    .leastNormalMagnitude / 3, -.leastNonzeroMagnitude * 7, 9_007_199_254_740_994,
  ]

  /// Floats whose shortest text is not their `Double` value's (`0.1` and not
  /// `0.10000000149011612`), and the extremes.
  static let floatArray: [Float] = [
    0, -0.0, 0.1, 1.1, 0.3, 1e-7, 1e21, 3.4e38, .pi, 16_777_216, 16_777_218, .greatestFiniteMagnitude,
    .leastNormalMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude / 3,
  ]

  @Test(arguments: ParityFormatting.allCases)
  func floatingPointArraysEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytesInEveryPosition(Self.doubleArray)
    try encoders.expectSameBytesInEveryPosition(Self.floatArray)
    try encoders.expectSameBytesInEveryPosition(Self.doubleArray.map { [$0, -$0] })
  }

  /// Doubles of every shape, which FlexCore formats itself (ShortestDouble.swift): random bit
  /// patterns, decimals of 1 to 17 digits as mesh.json holds, values near one, powers of two and
  /// ten with their neighbours, integers around 2^53, and subnormal values. Seeded.
  static let manyDoubles: [Double] = {
    var random = SplitMix64(seed: 0x5EED_0005)
    var values: [Double] = []
    for _ in 0..<20_000 {
      values.append(Double(bitPattern: random.next()))
      var scale: UInt64 = 1
      for _ in 0...random.below(17) { scale *= 10 }
      values.append(Double("\(random.next() % scale)e\(random.below(80) - 50)") ?? 0)
      values.append(Double(bitPattern: random.next() & 0x800F_FFFF_FFFF_FFFF | UInt64(983 + random.below(100)) << 52))
    }
    for exponent in stride(from: -1074, through: 1023, by: 7) {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      values += [power, power.nextUp, power.nextDown]
    }
    for exponent in -323...308 { values.append(Double("1e\(exponent)") ?? 0) }
    for offset in -6...6 { values += [9_007_199_254_740_992 + Double(offset * 2), 1e-4 * (1 + Double(offset) * 1e-3)] }
    return values.filter(\.isFinite)
  }()

  @Test(arguments: ParityFormatting.allCases)
  func manyDoublesEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    let expected = try encoders.foundation.encode(Self.manyDoubles)
    let actual = try encoders.flex.encode(Self.manyDoubles)
    // Compared outside `#expect`, which would diff two large `Data`s element by element.
    let isSame = actual == expected
    #expect(isSame, "first difference at byte \(zip(actual, expected).prefix { $0 == $1 }.count)")
    // One at a time, outside an array.
    let differentSingles = try Self.manyDoubles.prefix(2_000).filter {
      try encoders.flex.encode($0) != encoders.foundation.encode($0)
    }
    #expect(differentSingles.isEmpty)
  }

  @Test func floatArrayKeepsTheShortestFloatText() throws {
    #expect(try ParityEncoders().expectSameBytes([Float(0.1), 1.1, 3]) == "[0.1,1.1,3]")
  }

  // MARK: - Boolean arrays

  @Test(arguments: ParityFormatting.allCases)
  func booleanArraysEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytesInEveryPosition([true, false, false, true])
    try encoders.expectSameBytesInEveryPosition([[true], [], [false, true]])
  }

  // MARK: - Empty, nested and member arrays

  @Test(arguments: ParityFormatting.allCases)
  func emptyNumberArraysEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytesInEveryPosition([Int]())
    try encoders.expectSameBytesInEveryPosition([Double]())
    try encoders.expectSameBytesInEveryPosition([Float]())
    try encoders.expectSameBytesInEveryPosition([Bool]())
    try encoders.expectSameBytesInEveryPosition([[Double]]())
    try encoders.expectSameBytesInEveryPosition([[Double](), [], []])
  }

  @Test(arguments: ParityFormatting.allCases)
  func nestedNumberArraysEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytesInEveryPosition([[1.5, -2], [], [3e-8]])
    try encoders.expectSameBytesInEveryPosition([[[0.25, 1], [2, 3]], [[4, 5]]] as [[[Double]]])
    try encoders.expectSameBytesInEveryPosition([[1, 2], [Int.max]] as [[Int]])
    try encoders.expectSameBytesInEveryPosition([[UInt8.max], [0]])
    try encoders.expectSameBytesInEveryPosition([[Float(0.1)], [1.1]])
    try encoders.expectSameBytesInEveryPosition([[1.5], nil, [2]] as [[Double]?])
    try encoders.expectSameBytesInEveryPosition([[1.5, nil], [nil]] as [[Double?]])
  }

  @Test(arguments: ParityFormatting.allCases)
  func numberArrayMembersEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    try encoders.expectSameBytesInEveryPosition(NumberArrayDocument())
    try encoders.expectSameBytesInEveryPosition(["b": [2.5, 3], "a": [], "c": [-1]] as [String: [Double]])
    try encoders.expectSameBytesInEveryPosition(HandWrittenNumberArrays(values: [0.5, 7, -0.0]))
  }

  /// Without `.sortedKeys`, for documents without objects (whose key order JSONEncoder leaves
  /// unspecified).
  @Test(arguments: [JSONEncoder.OutputFormatting(), .prettyPrinted])
  func numberArraysEncodeLikeJSONEncoderWithoutSortedKeys(_ formatting: JSONEncoder.OutputFormatting) throws {
    let encoders = ParityEncoders()
    encoders.foundation.outputFormatting = formatting
    encoders.flex.outputFormatting = formatting.contains(.prettyPrinted) ? .prettyPrinted : []
    try encoders.expectSameBytes([[[1.5, -2], [0]], [[]]] as [[[Double]]])
    try encoders.expectSameBytes([Int64.min, 0, Int64.max])
    try encoders.expectSameBytes([true, false])
  }

  @Test func prettyPrintedNumberArrayIsIndentedAsJSONEncoderIndentsIt() throws {
    let text = try ParityEncoders(.pretty).expectSameBytes([[1, 2.5], []])
    #expect(text == "[\n  [\n    1,\n    2.5\n  ],\n  [\n\n  ]\n]")
  }

  // MARK: - Non-conforming floats

  @Test func nonFiniteDoubleInAnArrayThrowsAtItsIndex() throws {
    let encoders = ParityEncoders()
    let summary = try encoders.expectSameError([1.5, 2, 3, .nan, 4] as [Double])
    #expect(summary == EncodingErrorSummary(invalidValueAt: [.init(stringValue: "Index 3", intValue: 3)]))
    try encoders.expectSameError([.infinity] as [Double])
    try encoders.expectSameError([1, -.infinity] as [Float])
  }

  @Test func nonFiniteFloatInANestedArrayThrowsAtBothIndices() throws {
    let encoders = ParityEncoders()
    let summary = try encoders.expectSameError([[1.5], [2, 3, .nan]] as [[Double]])
    #expect(
      summary
        == EncodingErrorSummary(invalidValueAt: [
          .init(stringValue: "Index 1", intValue: 1), .init(stringValue: "Index 2", intValue: 2),
        ]))
    try encoders.expectSameError([[[0, 1]], [[2, 3], [.infinity, 5]]] as [[[Double]]])
    try encoders.expectSameError([[Float(1)], [.nan]])
    try encoders.expectSameError([[1.5], nil, [.nan]] as [[Double]?])
  }

  @Test func nonFiniteFloatInAMemberArrayThrowsAtTheMemberPath() throws {
    let encoders = ParityEncoders()
    var document = NumberArrayDocument()
    document.positions[4] = .nan
    let summary = try encoders.expectSameError(document)
    #expect(summary.path.map(\.stringValue) == ["positions", "Index 4"])
    document = NumberArrayDocument()
    document.rings[2][0][1] = -.infinity
    try encoders.expectSameError(document)
    document = NumberArrayDocument()
    document.weights[0] = .infinity
    try encoders.expectSameError(document)
    try encoders.expectSameError(["key": [[1, .nan]]] as [String: [[Double]]])
    try encoders.expectSameError(ParityWrapper(inner: [0.5, .nan]))
    try encoders.expectSameError(ParitySingleValue(value: [0.5, .nan]))
  }

  /// Under nested containers, JSONEncoder's path leaves out their keys (a known difference, see
  /// `errorInsideNestedContainersHasTheFullPath`): the path is the element-by-element path's.
  @Test func nonFiniteFloatInAHandWrittenContainerThrowsAtTheFullPath() throws {
    let error = try requireThrows(EncodingError.self) {
      try FlexJSONEncoder().encode(HandWrittenNumberArrays(values: [0, .nan]))
    }
    #expect(EncodingErrorSummary(error).path.map(\.stringValue) == ["list", "Index 1", "Index 1"])
  }

  @Test(arguments: ParityFormatting.allCases)
  func nonFiniteFloatsInArraysConvertToStringLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    encoders.foundation.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN\n")
    encoders.flex.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN\n")
    try encoders.expectSameBytesInEveryPosition([.nan, 1, .infinity, -.infinity, 2.5, .nan] as [Double])
    try encoders.expectSameBytesInEveryPosition([.infinity, .nan] as [Float])
    try encoders.expectSameBytesInEveryPosition([[.nan], [1, -.infinity]] as [[Double]])
    try encoders.expectSameBytesInEveryPosition([[1], [2, .nan, 3], [4, 5], [], [.infinity]] as [[Double]])
    try encoders.expectSameBytesInEveryPosition([[1], [], [.nan, 3]] as [[Float]])
    var document = NumberArrayDocument()
    document.positions = [.nan, 0.5, .infinity]
    document.rings = [[[.nan, -.infinity]]]
    try encoders.expectSameBytesInEveryPosition(document)
  }
}
