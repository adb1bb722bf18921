import FlexDecoder
import Foundation
import Testing

// `decode(_:from:configuration:)`, both forms (a configuration value, and a
// `DecodingConfigurationProviding` type), against JSONDecoder's: same values, same errors; and
// Flex's options, error policy, key maps and validation apply inside.

extension DecoderParityTests {
  /// The decoders every configured case runs with: strict, and the defaults.
  static let configuredFlexDecoders: [(label: String, make: @Sendable () -> FlexJSONDecoder)] = [
    ("strict", { FlexJSONDecoder.strict() }), ("default", { FlexJSONDecoder() }),
  ]

  @Test func configuredTypesDecodeLikeJSONDecoder() throws {
    let data = Data(Order.sampleJSON.utf8)
    let expected = try JSONDecoder().decode(Order.self, from: data, configuration: PriceFormat.euroCents)
    #expect(expected == Order.sample)
    #expect(try JSONDecoder().decode(Order.self, from: data, configuration: EuroCents.self) == expected)
    for (label, make) in Self.configuredFlexDecoders {
      #expect(try make().decode(Order.self, from: data, configuration: .euroCents) == expected, "\(label)")
      #expect(try make().decode(Order.self, from: data, configuration: EuroCents.self) == expected, "\(label)")
    }
  }

  /// Documents with one problem each, which no coercion repairs.
  static let badOrders: [String] = [
    #"{"id": 7, "items": ["tea"], "total": {"amount": "twelve"}}"#,
    #"{"id": 7, "items": ["tea"], "total": {"amount": null}}"#,
    #"{"id": 7, "items": ["tea"], "total": {}}"#,
    #"{"id": 7, "items": ["tea"]}"#,
    #"{"id": 7, "items": ["tea"], "total": 12}"#,
    #"{"id": 7, "items": ["tea", {}], "total": {"amount": 1}}"#,
    #"{"id": 7, "items": ["tea"], "total": {"amount": 1}, "discount": []}"#,
    #"{"items": ["tea"], "total": {"amount": 1}}"#,
    #"{"id": 7, "items": ["tea"], "total": {"amount": 1}"#,
    #"[1]"#,
    #"null"#,
  ]

  @Test(arguments: badOrders)
  func configuredTypesThrowLikeJSONDecoder(_ json: String) throws {
    let data = Data(json.utf8)
    let expected = ErrorSignature(
      try requireThrows(DecodingError.self) {
        try JSONDecoder().decode(Order.self, from: data, configuration: EuroCents.self)
      })
    for (label, make) in Self.configuredFlexDecoders {
      let valueForm = ParityOutcome { try make().decode(Order.self, from: data, configuration: .euroCents) }
      let providerForm = ParityOutcome { try make().decode(Order.self, from: data, configuration: EuroCents.self) }
      for outcome in [valueForm, providerForm] {
        #expect(outcome.matches(.failure(expected), by: ==), "\(label): \(outcome.description), expected \(expected)")
      }
    }
  }

  @Test func coercionsApplyInsideConfiguredTypes() throws {
    // Numbers sent as strings: JSONDecoder throws, the default coercions decode them.
    let data = Data(#"{"id": "7", "items": ["tea"], "total": {"amount": "42"}}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Order.self, from: data, configuration: EuroCents.self)
    }
    let order = try FlexJSONDecoder().decode(Order.self, from: data, configuration: EuroCents.self)
    #expect(order == Order(id: 7, items: ["tea"], total: Price(cents: 4200, currency: "EUR")))
    #expect(throws: DecodingError.self) {
      try FlexJSONDecoder.strict().decode(Order.self, from: data, configuration: EuroCents.self)
    }
  }

  @Test func errorPolicyAppliesToConfiguredTypes() throws {
    let data = Data(#"{"id": "seven", "items": ["tea", {}], "total": {"amount": 1}}"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) {
      try FlexJSONDecoder().decode(Order.self, from: data, configuration: EuroCents.self)
    }
    #expect(error.issues.map(\.path) == ["id", "items[1]"])
    #expect(error.description.hasPrefix("2 problems decoding Order:"))

    // Under `.useDefaults` even the top-level value has a default, built with the configuration.
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    #expect(
      try decoder.decode(Order.self, from: data, configuration: EuroCents.self)
        == Order(id: 0, items: ["tea"], total: Price(cents: 100, currency: "EUR")))  // the bad element dropped
    let placeholder = try decoder.decode(Order.self, from: Data("[1]".utf8), configuration: EuroCents.self)
    #expect(placeholder == Order(id: 0, items: [], total: Price(cents: 0, currency: "EUR")))
  }

  @Test func keyMapsAndValidationApplyToConfiguredTypes() throws {
    let decoder = FlexJSONDecoder()
    #expect(
      try decoder.decode(Ticket.self, from: Data(#"{"seat_no": 12}"#.utf8), configuration: "Arena")
        == Ticket(seat: 12, venue: "Arena"))
    #expect(throws: Ticket.InvalidSeat.self) {
      try decoder.decode(Ticket.self, from: Data(#"{"seat": 0}"#.utf8), configuration: "Arena")
    }
  }
}
