@_spi(Engine) import FlexCore
import Foundation
import Testing

/// The one-loop writers of arrays' elements must write what the element-by-element writers
/// write: the same separators, indentation and numbers.
@Suite("JSONWriter number arrays")
struct JSONWriterNumberArraysTests {
  @Test(arguments: [0, 1, 3])
  func integerElementsAreWrittenAsElementByElement(depth: Int) {
    let values: [Int64] =
      [0, -1, 9, 10, -99, 100, Int64.min, Int64.max]
      + (0..<200).map { _ in Int64.random(in: .min ... .max) >> Int64.random(in: 0..<63) }
    for pretty in [false, true] {
      let options: JSONFormattingOptions = pretty ? .prettyPrinted : []
      let bulk = written(options) { writer in
        values.withUnsafeBufferPointer { writer.writeIntegerElements($0, depth: depth) }
      }
      let oneByOne = written(options) { writer in
        for (index, value) in values.enumerated() {
          writer.writeElementSeparator(isFirst: index == 0, depth: depth)
          writer.writeInteger(value)
        }
      }
      #expect(bulk == oneByOne)
    }
  }

  @Test func integerElementsOfEveryWidthAreTheirDescriptions() {
    #expect(
      written { w in [UInt8.max, 0].withUnsafeBufferPointer { w.writeIntegerElements($0, depth: 1) } } == "255,0")
    #expect(written { w in [Int16.min].withUnsafeBufferPointer { w.writeIntegerElements($0, depth: 1) } } == "-32768")
    #expect(
      written { w in [UInt64.max, 1].withUnsafeBufferPointer { w.writeIntegerElements($0, depth: 1) } }
        == "18446744073709551615,1")
  }

  @Test func finiteElementsStopAtTheFirstNonFiniteOne() {
    let values: [Double] = [1, 0.5, .nan, 2, .infinity]
    var stops: [Int] = []
    let text = written { writer in
      values.withUnsafeBufferPointer { values in
        var index = writer.writeFiniteElements(values, from: 0, depth: 1)
        while index < values.count {
          stops.append(index)
          index = writer.writeFiniteElements(values, from: index + 1, depth: 1)
        }
      }
    }
    #expect(stops == [2, 4])
    #expect(text == "1,0.5,2")
  }

  @Test func finiteArraysStopBeforeTheFirstArrayWithANonFiniteElement() {
    let arrays: [[Double]] = [[1, 2], [], [3, .nan, 4], [5]]
    var stop = 0
    let text = written { writer in
      arrays.withUnsafeBufferPointer { stop = writer.writeFiniteArrays($0, from: 0, depth: 1) }
    }
    #expect(stop == 2)
    #expect(text == "[1,2],[]")
  }

  @Test func prettyFiniteArraysAreIndentedAsNestedArrays() {
    let text = written(.prettyPrinted) { writer in
      [[Float(0.5)], []].withUnsafeBufferPointer { _ = writer.writeFiniteArrays($0, from: 0, depth: 1) }
    }
    #expect(text == "\n  [\n    0.5\n  ],\n  [\n\n  ]")
  }

  @Test func prettyFiniteElementsAreIndented() {
    let text = written(.prettyPrinted) { writer in
      [Float(0.1), 2].withUnsafeBufferPointer { _ = writer.writeFiniteElements($0, from: 0, depth: 2) }
    }
    #expect(text == "\n    0.1,\n    2")
  }

  /// Texts of every length from 1 to 24 bytes (the sink copies them in overlapping words).
  @Test func finiteElementsOfEveryTextLengthAreTheirDescriptions() {
    var values: [Double] = [
      -1.0, -0.0, 1e-7, 0.30000000000000004, -0.30000000000000004, 2.2250738585072014e-308,
      -2.2250738585072014e-308,
    ]
    for digits in 1...17 {
      let integral = Double(String(repeating: "7", count: digits)) ?? 0
      values += [integral, -integral, integral / 1000, -integral / 1000]
    }
    let expected = values.map { value -> String in
      var text = value.description
      if text.hasSuffix(".0") { text.removeLast(2) }
      return text
    }
    let text = written { writer in
      values.withUnsafeBufferPointer { _ = writer.writeFiniteElements($0, from: 0, depth: 1) }
    }
    #expect(text == expected.joined(separator: ","))
    #expect(Set(expected.map(\.utf8.count)).isSuperset(of: 1...24))
  }

  @Test func booleanElementsAreTrueAndFalse() {
    #expect(
      written { w in [true, false].withUnsafeBufferPointer { w.writeBooleanElements($0, depth: 1) } } == "true,false")
    #expect(
      written(.prettyPrinted) { w in [false].withUnsafeBufferPointer { w.writeBooleanElements($0, depth: 1) } }
        == "\n  false")
  }

  /// What `body` writes into an empty writer.
  private func written(_ options: JSONFormattingOptions = [], _ body: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter(options: options)
    body(&writer)
    return String(decoding: writer.output.bytes, as: UTF8.self)
  }
}
