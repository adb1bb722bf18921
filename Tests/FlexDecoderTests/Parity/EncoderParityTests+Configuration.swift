import FlexDecoder
import Foundation
import Testing

// `encode(_:configuration:)`, both forms (a configuration value, and an
// `EncodingConfigurationProviding` type), against JSONEncoder's: same bytes, same errors.

extension EncoderParityTests {
  @Test(arguments: ParityFormatting.allCases)
  func configuredValuesEncodeLikeJSONEncoder(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    let expected = try encoders.foundation.encode(Order.sample, configuration: PriceFormat.euroCents)
    #expect(try encoders.foundation.encode(Order.sample, configuration: EuroCents.self) == expected)
    #expect(try encoders.flex.encode(Order.sample, configuration: .euroCents) == expected)
    #expect(try encoders.flex.encode(Order.sample, configuration: EuroCents.self) == expected)
    // The options apply inside.
    encoders.foundation.keyEncodingStrategy = .convertToSnakeCase
    encoders.flex.keyEncodingStrategy = .convertToSnakeCase
    #expect(
      try encoders.flex.encode(Order.sample, configuration: EuroCents.self)
        == encoders.foundation.encode(Order.sample, configuration: EuroCents.self))
  }

  @Test func configuredValuesRoundTrip() throws {
    let data = try FlexJSONEncoder().encode(Order.sample, configuration: EuroCents.self)
    #expect(try FlexJSONDecoder().decode(Order.self, from: data, configuration: EuroCents.self) == Order.sample)
  }

  @Test func configuredValuesThrowLikeJSONEncoder() throws {
    let encoders = ParityEncoders()
    let reading = Reading(value: 1e300)
    let expected = try requireThrows(EncodingError.self) {
      try encoders.foundation.encode(reading, configuration: 1e300)
    }
    let actual = try requireThrows(EncodingError.self) { try encoders.flex.encode(reading, configuration: 1e300) }
    #expect(EncodingErrorSummary(actual) == EncodingErrorSummary(expected))
    #expect(EncodingErrorSummary(actual).path.map(\.stringValue) == ["value"])
  }

  @Test func configuredValueThatEncodesNothingThrowsLikeJSONEncoder() throws {
    let encoders = ParityEncoders()
    let reading = Reading(value: 1)
    let expected = try requireThrows(EncodingError.self) {
      try encoders.foundation.encode(reading, configuration: -1)
    }
    let actual = try requireThrows(EncodingError.self) { try encoders.flex.encode(reading, configuration: -1) }
    #expect(EncodingErrorSummary(actual) == EncodingErrorSummary(expected))
    guard case .invalidValue(let expectedValue, let expectedContext) = expected,
      case .invalidValue(let actualValue, let actualContext) = actual
    else { return }
    #expect(actualContext.debugDescription == expectedContext.debugDescription)
    #expect(type(of: actualValue) == type(of: expectedValue))
  }

  @Test func keyMapsApplyToConfiguredValues() throws {
    let encoder = FlexJSONEncoder()
    #expect(
      try encoder.encode(Ticket(seat: 12, venue: "Arena"), configuration: "Arena") == Data(#"{"seat_no":12}"#.utf8))
  }
}
