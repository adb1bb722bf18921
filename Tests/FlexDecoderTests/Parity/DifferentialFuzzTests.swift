import FlexDecoder
import Foundation
import Testing

/// Random valid documents, some of them with problems, decoded by `FlexJSONDecoder.strict()` and
/// by `JSONDecoder`: both must give the same value, or throw the same `DecodingError` case at the
/// same coding path. Seeded, so a failure names the seed and index that reproduce it.
@Suite("Differential fuzzing against JSONDecoder")
struct DifferentialFuzzTests {
  @Test(arguments: [0xF1E4_0001, 0xF1E4_0002] as [UInt64])
  func strictDecoderAgreesWithJSONDecoderOnRandomDocuments(seed: UInt64) {
    var generator = RecordDocumentGenerator(seed: seed)
    let flex = FlexJSONDecoder.strict()
    let foundation = JSONDecoder()
    var decoded = 0
    for index in 0..<200 {
      let data = Data(generator.document().utf8)
      let expected = Result { try foundation.decode(FuzzRecord.self, from: data) }
      let actual = Result { try flex.decode(FuzzRecord.self, from: data) }
      switch (expected, actual) {
      case (.success(let expectedValue), .success(let actualValue)):
        decoded += 1
        #expect(
          actualValue == expectedValue, "seed \(seed), document \(index): \(String(decoding: data, as: UTF8.self))")
      case (.failure(let expectedError), .failure(let actualError)):
        #expect(
          ErrorShape(actualError) == ErrorShape(expectedError),
          "seed \(seed), document \(index): \(String(decoding: data, as: UTF8.self))")
      case (.success, .failure(let error)):
        Issue.record("seed \(seed), document \(index): JSONDecoder decoded it, FlexJSONDecoder threw \(error)")
      case (.failure(let error), .success):
        Issue.record("seed \(seed), document \(index): FlexJSONDecoder decoded it, JSONDecoder threw \(error)")
      }
    }
    // The mix stays useful: neither almost all values nor almost all errors.
    #expect((40...170).contains(decoded), "\(decoded) of 200 documents decoded")
  }

  @Test func generatesTheSameDocumentsForTheSameSeed() {
    var first = RecordDocumentGenerator(seed: 7)
    var second = RecordDocumentGenerator(seed: 7)
    for _ in 0..<10 {
      #expect(first.document() == second.document())
    }
  }
}
