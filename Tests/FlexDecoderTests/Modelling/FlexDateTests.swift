import FlexDecoder
import Foundation
import Testing

/// `@FlexDate` / `@FlexOptionalDate`: one property's date format, whatever the coder's strategy,
/// the same under FlexJSONDecoder and JSONDecoder.
@Suite("FlexDate")
struct FlexDateTests {
  enum DayFormat: FlexDatePattern {
    static var pattern: String { "dd/MM/yyyy" }
  }

  struct Event: Codable, Equatable {
    @FlexDate<FlexDateFormats.ISO8601> var startsAt: Date
    @FlexDate<FlexDateFormats.MillisecondsSince1970> var createdAt: Date
    @FlexDate<FlexDateFormats.SecondsSince1970> var updatedAt: Date
    @FlexDate<DayFormat> var day: Date
    @FlexDate<FlexDateFormats.Flexible> var seen: Date
    @FlexOptionalDate<FlexDateFormats.ISO8601> var endsAt: Date?
  }

  private static let json = #"""
    {"startsAt": "2024-05-01T12:30:00Z", "createdAt": 1714566600000, "updatedAt": 1714566600,
     "day": "01/05/2024", "seen": "2024-05-01 12:30:00"}
    """#

  private static let instant = Date(timeIntervalSince1970: 1_714_566_600)
  private static let day = Date(timeIntervalSince1970: 1_714_521_600)

  @Test func eachPropertyReadsItsOwnFormatUnderBothDecoders() throws {
    let flexDecoder = FlexJSONDecoder()
    flexDecoder.dateDecodingStrategy = .secondsSince1970
    let flex = try flexDecoder.decode(Event.self, from: Data(Self.json.utf8))
    let foundation = try JSONDecoder().decode(Event.self, from: Data(Self.json.utf8))
    #expect(flex.startsAt == Self.instant)
    #expect(flex.createdAt == Self.instant)
    #expect(flex.updatedAt == Self.instant)
    #expect(flex.day == Self.day)
    #expect(flex.seen == Self.instant)
    #expect(flex.endsAt == nil)
    #expect(foundation == flex)
  }

  @Test func encodingWritesEachFormatAndRoundTrips() throws {
    let event = try FlexJSONDecoder().decode(Event.self, from: Data(Self.json.utf8))
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = try encoder.encodeToString(event)
    #expect(
      text
        == #"{"createdAt":1714566600000,"day":"01\/05\/2024","seen":"2024-05-01T12:30:00Z","startsAt":"2024-05-01T12:30:00Z","updatedAt":1714566600}"#
    )
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    #expect(String(decoding: try foundation.encode(event), as: UTF8.self) == text)
    #expect(try FlexJSONDecoder().decode(Event.self, from: Data(text.utf8)) == event)
  }

  @Test func aDateInAnotherFormatIsAProblemAtItsPath() throws {
    let bad = Self.json.replacingOccurrences(of: "01/05/2024", with: "2024-05-01")
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder().decode(Event.self, from: Data(bad.utf8))
    }
    #expect(FlexDecodingError.issues(in: error).map(\.path) == ["day"])
    #expect(FlexDecodingError.issues(in: error).map(\.kind) == [.dataCorrupted])
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Event.self, from: Data(bad.utf8)) }
  }

  @Test func anOptionalDateIsReadWhenPresentAndNilWhenNull() throws {
    let present = Self.json.replacingOccurrences(of: "}", with: #", "endsAt": "2024-05-01T12:30:00Z"}"#)
    #expect(try FlexJSONDecoder().decode(Event.self, from: Data(present.utf8)).endsAt == Self.instant)
    let null = Self.json.replacingOccurrences(of: "}", with: #", "endsAt": null}"#)
    #expect(try FlexJSONDecoder().decode(Event.self, from: Data(null.utf8)).endsAt == nil)
    #expect(try JSONDecoder().decode(Event.self, from: Data(null.utf8)).endsAt == nil)
  }
}
