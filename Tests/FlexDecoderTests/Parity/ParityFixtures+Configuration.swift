import FlexDecoder
import Foundation

// Types that need a configuration to decode and encode (`CodableWithConfiguration`), for the
// `decode(_:from:configuration:)` and `encode(_:configuration:)` parity tests.

/// How prices are read and written: the currency is not in the JSON, and amounts are sent in
/// whole units of `scale` cents.
struct PriceFormat: Equatable, Sendable {
  var currency: String
  var scale: Int

  static let euroCents = PriceFormat(currency: "EUR", scale: 100)
}

/// ``PriceFormat/euroCents`` as a configuration provider, for the `configuration: C.Type` forms.
enum EuroCents: DecodingConfigurationProviding, EncodingConfigurationProviding {
  static let decodingConfiguration = PriceFormat.euroCents
  static let encodingConfiguration = PriceFormat.euroCents
}

/// A price: `{"amount": 12}` is 1200 cents in the configuration's currency.
struct Price: CodableWithConfiguration, Equatable, Sendable {
  var cents: Int
  var currency: String

  private enum CodingKeys: String, CodingKey { case amount }

  init(cents: Int, currency: String) {
    self.cents = cents
    self.currency = currency
  }

  init(from decoder: any Decoder, configuration: PriceFormat) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    cents = try container.decode(Int.self, forKey: .amount) * configuration.scale
    currency = configuration.currency
  }

  func encode(to encoder: any Encoder, configuration: PriceFormat) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(cents / configuration.scale, forKey: .amount)
  }
}

/// An order whose prices are configured values, nested through the containers'
/// `decode(_:forKey:configuration:)` and `encode(_:forKey:configuration:)`.
struct Order: CodableWithConfiguration, Equatable, Sendable {
  var id: Int
  var items: [String]
  var total: Price
  var discount: Price?

  private enum CodingKeys: String, CodingKey { case id, items, total, discount }

  init(id: Int, items: [String], total: Price, discount: Price? = nil) {
    self.id = id
    self.items = items
    self.total = total
    self.discount = discount
  }

  init(from decoder: any Decoder, configuration: PriceFormat) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    items = try container.decode([String].self, forKey: .items)
    total = try container.decode(Price.self, forKey: .total, configuration: configuration)
    discount = try container.decodeIfPresent(Price.self, forKey: .discount, configuration: configuration)
  }

  func encode(to encoder: any Encoder, configuration: PriceFormat) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(items, forKey: .items)
    try container.encode(total, forKey: .total, configuration: configuration)
    try container.encodeIfPresent(discount, forKey: .discount, configuration: configuration)
  }

  static let sample = Order(
    id: 7, items: ["tea", "cake/slice"], total: Price(cents: 1200, currency: "EUR"),
    discount: Price(cents: 200, currency: "EUR"))
  static let sampleJSON =
    #"{"id": 7, "items": ["tea", "cake/slice"], "total": {"amount": 12}, "discount": {"amount": 2}}"#
}

/// A configured type with a key map and a validation: both apply as they do to a `Decodable`
/// type.
struct Ticket: CodableWithConfiguration, FlexKeyMapping, FlexValidatable, Equatable, Sendable {
  var seat: Int
  var venue: String

  private enum CodingKeys: String, CodingKey { case seat }

  static let keyMapping: FlexKeyMap = ["seat": ["seat_no", "seat"]]

  /// Seats are numbered from 1.
  struct InvalidSeat: Error {}

  init(seat: Int, venue: String) {
    self.seat = seat
    self.venue = venue
  }

  init(from decoder: any Decoder, configuration: String) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    seat = try container.decode(Int.self, forKey: .seat)
    venue = configuration
  }

  func encode(to encoder: any Encoder, configuration: String) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(seat, forKey: .seat)
  }

  func validate() throws {
    guard seat >= 1 else { throw InvalidSeat() }
  }
}

/// A reading written scaled by its configuration: a scale that overflows to infinity cannot be
/// encoded, and a negative scale encodes nothing at all.
struct Reading: EncodableWithConfiguration, Sendable {
  var value: Double

  private enum CodingKeys: String, CodingKey { case value }

  func encode(to encoder: any Encoder, configuration: Double) throws {
    guard configuration >= 0 else { return }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value * configuration, forKey: .value)
  }
}
