// The `dates` suite: a model with three dates, alone and in a page of 50, decoded and encoded
// under each date strategy, Foundation configured alike.

import FlexDecoder
import Foundation

/// An event with three dates, the shape of most date-heavy API models.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct CalendarEvent: Codable, Equatable {
  let id: Int
  let title: String
  let createdAt: Date
  let updatedAt: Date
  let startsAt: Date

  /// An event whose dates (2023–2024) vary with `seed`: whole seconds, or with milliseconds.
  static func sample(_ seed: Int, milliseconds: Bool = false) -> CalendarEvent {
    let base = 1_700_000_000 + Double(seed * 7_919) + (milliseconds ? Double(seed * 137 % 1000) / 1000 : 0)
    return CalendarEvent(
      id: seed, title: "Standup \(seed)", createdAt: Date(timeIntervalSince1970: base),
      updatedAt: Date(timeIntervalSince1970: base + 3_600),
      startsAt: Date(timeIntervalSince1970: base + Double(86_400 * (seed % 40))))
  }
}

/// The rows of `--mode dates`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum DateBenchmarks {
  /// A date strategy, as each library spells it.
  private struct Strategy {
    let name: String
    let foundationDecoding: JSONDecoder.DateDecodingStrategy
    let flexDecoding: FlexJSONDecoder.DateDecodingStrategy
    let foundationEncoding: JSONEncoder.DateEncodingStrategy
    let flexEncoding: FlexJSONEncoder.DateEncodingStrategy
    /// Whether the dates have milliseconds.
    var milliseconds = false
    /// Whether the encode row is timed (not when the encoding strategies only make the input).
    var timesEncoding = true
  }

  /// Every row, checked (Flex's values and bytes equal Foundation's) before timing.
  ///
  /// - Throws: ``MicroBenchmarkMismatch`` when a row's libraries disagree.
  static func all() throws -> [MicroBenchmark] {
    var rows: [MicroBenchmark] = []
    for strategy in strategies() {
      let event = CalendarEvent.sample(1, milliseconds: strategy.milliseconds)
      let page = (0..<50).map { CalendarEvent.sample($0, milliseconds: strategy.milliseconds) }
      let foundationEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = strategy.foundationEncoding
        return encoder
      }
      let flexEncoder = {
        let encoder = FlexJSONEncoder()
        encoder.dateEncodingStrategy = strategy.flexEncoding
        return encoder
      }
      let foundationDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy.foundationDecoding
        return decoder
      }
      let flexDecoder = {
        let decoder = FlexJSONDecoder()
        decoder.dateDecodingStrategy = strategy.flexDecoding
        return decoder
      }
      let eventJSON = try foundationEncoder().encode(event)
      let pageJSON = try foundationEncoder().encode(page)
      rows += try MicroBenchmark.decoding(
        "decode 3 dates, \(strategy.name) (\(eventJSON.count) B)", CalendarEvent.self, from: eventJSON,
        foundation: foundationDecoder, flex: flexDecoder)
      rows += try MicroBenchmark.decoding(
        "decode 50 × 3 dates, \(strategy.name)", [CalendarEvent].self, from: pageJSON,
        foundation: foundationDecoder, flex: flexDecoder)
      guard strategy.timesEncoding else { continue }
      rows += try MicroBenchmark.encoding(
        "encode 50 × 3 dates, \(strategy.name)", page, foundation: foundationEncoder, flex: flexEncoder)
    }
    return rows
  }

  /// The strategies compared. `.formatted` is given to Foundation as the `.custom` closure
  /// JSONDecoder runs for it, since only Apple's Foundation has the case.
  private static func strategies() -> [Strategy] {
    let iso = posixFormatter("yyyy-MM-dd'T'HH:mm:ssZZZZZ")
    let sql = posixFormatter("yyyy-MM-dd HH:mm:ss")
    let milliseconds = posixFormatter("yyyy-MM-dd'T'HH:mm:ss.SSSZ")
    let india = posixFormatter("yyyy-MM-dd'T'HH:mm:ssXXX", zone: TimeZone(secondsFromGMT: 19_800))
    let fractionalISO = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    let writesFractionalISO: @Sendable (Date, any Encoder) throws -> Void = { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(fractionalISO.format(date))
    }
    return [
      Strategy(
        name: ".deferredToDate", foundationDecoding: .deferredToDate, flexDecoding: .deferredToDate,
        foundationEncoding: .deferredToDate, flexEncoding: .deferredToDate),
      Strategy(
        name: ".secondsSince1970", foundationDecoding: .secondsSince1970, flexDecoding: .secondsSince1970,
        foundationEncoding: .secondsSince1970, flexEncoding: .secondsSince1970),
      Strategy(
        name: ".millisecondsSince1970", foundationDecoding: .millisecondsSince1970,
        flexDecoding: .millisecondsSince1970, foundationEncoding: .millisecondsSince1970,
        flexEncoding: .millisecondsSince1970),
      Strategy(
        name: ".iso8601", foundationDecoding: .iso8601, flexDecoding: .iso8601, foundationEncoding: .iso8601,
        flexEncoding: .iso8601),
      Strategy(
        name: ".iso8601, fractional seconds", foundationDecoding: .iso8601, flexDecoding: .iso8601,
        foundationEncoding: .custom(writesFractionalISO), flexEncoding: .custom(writesFractionalISO),
        milliseconds: true, timesEncoding: false),
      Strategy(
        name: ".flexible (Foundation: .iso8601)", foundationDecoding: .iso8601, flexDecoding: .flexible,
        foundationEncoding: .iso8601, flexEncoding: .iso8601),
      Strategy(
        name: ".formatted(\(iso.dateFormat!))", foundationDecoding: .custom(formatted(iso)),
        flexDecoding: .formatted(iso), foundationEncoding: .custom(formatting(iso)), flexEncoding: .formatted(iso)),
      Strategy(
        name: ".formatted(\(sql.dateFormat!))", foundationDecoding: .custom(formatted(sql)),
        flexDecoding: .formatted(sql), foundationEncoding: .custom(formatting(sql)), flexEncoding: .formatted(sql)),
      Strategy(
        name: ".formatted(\(milliseconds.dateFormat!))", foundationDecoding: .custom(formatted(milliseconds)),
        flexDecoding: .formatted(milliseconds), foundationEncoding: .custom(formatting(milliseconds)),
        flexEncoding: .formatted(milliseconds), milliseconds: true),
      Strategy(
        name: ".formatted(\(india.dateFormat!), +05:30)", foundationDecoding: .custom(formatted(india)),
        flexDecoding: .formatted(india), foundationEncoding: .custom(formatting(india)), flexEncoding: .formatted(india)
      ),
    ]
  }

  /// A formatter with `format`, the POSIX locale and UTC (or `zone`), as Apple's guidance says to
  /// make one.
  private static func posixFormatter(_ format: String, zone: TimeZone? = TimeZone(secondsFromGMT: 0)) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    formatter.dateFormat = format
    return formatter
  }

  /// What JSONDecoder does for `.formatted(formatter)`.
  private static func formatted(_ formatter: DateFormatter) -> @Sendable (any Decoder) throws -> Date {
    return { decoder in
      let container = try decoder.singleValueContainer()
      let string = try container.decode(String.self)
      guard let date = formatter.date(from: string) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Date string does not match format expected by formatter.")
      }
      return date
    }
  }

  /// What JSONEncoder does for `.formatted(formatter)`.
  private static func formatting(_ formatter: DateFormatter) -> @Sendable (Date, any Encoder) throws -> Void {
    return { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(formatter.string(from: date))
    }
  }
}
