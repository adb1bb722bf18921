import Testing

/// Differential tests against Foundation's `JSONDecoder`: every row of the tables decodes the
/// same input with `JSONDecoder` and with `FlexJSONDecoder.strict()`, configured alike, and
/// expects the same value or the same `DecodingError` case and coding path (see
/// ParityHarness.swift). Inputs that JSONDecoder decodes must also decode to the same value with
/// the default `FlexJSONDecoder()`.
///
/// Rows made with `.specified(…)` are the documented differences: Foundation on Linux rejects
/// valid RFC 8259 or JSON5 there and FlexDecoder follows the specification (SPEC.md, "Strict mode is JSONDecoder"). Rows marked
/// `.knownDifference(…)` are differences not resolved yet; they are expected to fail.
@Suite("Decoder parity with JSONDecoder")
struct DecoderParityTests {
  static var allCases: [ParityCase] {
    scalarCases + specialTypeCases + containerCases + modelCases + customDecodingCases + dateCases
      + dataCases + nonConformingFloatCases + keyStrategyCases + malformedCases + json5Cases + encodingCases
      + casesWithWideIntegers
  }

  /// The cases of 128-bit integers, on the systems that have them.
  static var casesWithWideIntegers: [ParityCase] {
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return [] }
    return wideIntegerCases + unkeyedIfPresentCases
  }

  @Test(arguments: scalarCases)
  func scalarsDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test(arguments: wideIntegerCases)
  func wideIntegersDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: specialTypeCases)
  func decimalsURLsAndFragmentsDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: containerCases)
  func containersOptionalsAndEnumsDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: modelCases)
  func structsClassesAndPropertyWrappersDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: customDecodingCases)
  func customInitsSeeWhatJSONDecoderShowsThem(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  @Test(arguments: unkeyedIfPresentCases)
  func unkeyedDecodeIfPresentSeesWhatJSONDecoderShows(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: dateCases)
  func dateStrategiesDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: dataCases)
  func dataStrategiesDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: nonConformingFloatCases)
  func nonConformingFloatsDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: keyStrategyCases)
  func keyStrategiesMatchKeysLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: malformedCases)
  func malformedJSONFailsLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: json5Cases)
  func json5AndTopLevelDictionariesDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test(arguments: encodingCases)
  func byteOrderMarksAndEncodingsDecodeLikeJSONDecoder(_ parityCase: ParityCase) {
    parityCase.verify()
  }

  @Test func tablesCoverAtLeast150ValidAndInvalidInputs() {
    let cases = Self.allCases
    let valid = cases.filter { $0.report().foundationSucceeded }.count
    print("Decoder parity: \(cases.count) cases, \(valid) that JSONDecoder decodes, \(cases.count - valid) it rejects")
    #expect(cases.count >= 150)
    #expect(valid >= 50 && cases.count - valid >= 50)
    #expect(Set(cases.map(\.testDescription)).count == cases.count, "case names must be unique")
  }
}
