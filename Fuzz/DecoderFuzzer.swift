// libFuzzer target for FlexJSONDecoder and FlexJSONEncoder: built by Scripts/fuzz.sh, not by
// SwiftPM.
//
// An input is a header of `Header.size` (8) option bytes, then the document. The header picks
// every option of FlexJSONDecoder (see `DecoderOptions`: the date strategy, `.formatted` with
// common DateFormatter patterns, `.flexible` and `.custom` included; the data, non-conforming float
// and key strategies; the coercions, any subset; the unknown-key policy, dropping elements,
// `maxDepth`, `assumesTopLevelDictionary`, `requiresRFC8259`, `reportsCoercions`, a global key
// map, `userInfo`) and of FlexJSONEncoder (see `EncoderOptions`), and which other ways in are
// tried (`[UInt8]`, `String`, UTF-16, a key path, FlexBackedJSONDecoder). The seeds in
// Fuzz/Seeds carry a header; Scripts/fuzz.sh gives the other seeds one.
//
// The document is decoded into `FuzzDocument` (arrays, optionals, dictionaries, enums, nested and
// recursive structs, a FlexKeyMapping type, Double/Int/String/Bool/Date/Data, JSONValue) under
// those options, for JSON5 off and on × the strict setting (`.failFast`, no coercions) and the
// three error policies with the header's coercions. Besides "no crash, no hang", each decode
// must keep these promises:
//   - it throws only `DecodingError` or `FlexDecodingError`;
//   - a value re-encoded with FlexJSONEncoder decodes again, and encodes to the same bytes;
//   - where the strict decoder succeeds, every other policy and coercion set gives the same
//     value, and so does JSON5 where RFC 8259 succeeded;
//   - the other ways in (`[UInt8]`, a `String`, the document in UTF-16, FlexBackedJSONDecoder
//     with the same options) give what `Data` gave; a key path gives the value at that path;
// and the encoder, with the header's options, on a decoded value:
//   - throws only `EncodingError`; `encodeToString` and `encodeToJSONValue` agree with `encode`;
//   - its output is JSON, which a decoder with the mirroring options reads back (to the same
//     value where the strategies are exact both ways).

import FlexDecoder
import Foundation

// MARK: - Model

/// The top-level type the fuzzer decodes.
struct FuzzDocument: Codable {
  /// A string-backed enum; `CaseIterable` for the `.caseInsensitiveEnums` coercion.
  enum Kind: String, Codable, CaseIterable { case alpha, beta, gamma }

  /// An integer-backed enum.
  enum Level: Int, Codable {
    case low = 0
    case middle = 5
    case high = 10
  }

  /// An enum with associated values: synthesized nested keyed containers.
  enum Shape: Codable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case label(String)
    case empty
  }

  /// A struct with optionals and a fixed-width integer.
  struct Point: Codable {
    var x: Double
    var y: Double
    var z: Float?
    var weight: Int8?
  }

  /// A type with its own key map: candidates and a key path.
  struct Meta: Codable, FlexKeyMapping {
    var author: String
    var url: String?
    var revision: UInt16?
    static let keyMapping: FlexKeyMap = [
      "author": ["author", "by", "user.name"],
      "url": ["link.href", "url"],
    ]
  }

  /// A recursive node: nesting as deep as the document goes.
  struct Node: Codable {
    var value: Int?
    var label: String?
    var children: [Node]?
  }

  var id: Int
  var name: String
  var score: Double
  var active: Bool
  var created: Date
  var kind: Kind
  var level: Level?
  var shape: Shape?
  var nickname: String?
  var ratio: Double?
  var flags: [Bool]
  var tags: [String]?
  var points: [Point]?
  var matrix: [[Int]]?
  var counts: [String: Int]?
  var labels: [Int: String]?
  var groups: [String: [Point]]?
  var meta: Meta?
  var tree: Node?
  var updated: Date?
  var lastSeen: Date?
  /// Dates in an array and in a dictionary: the date strategy below containers.
  var history: [Date]?
  var deadlines: [String: Date]?
  /// Data, for the data strategies.
  var blob: Data?
  var chunks: [Data]?
  var big: UInt64?
  var small: Int16?
  /// Free-form JSON: FlexJSONDecoder builds it from the tape, FlexJSONEncoder writes it back.
  var extra: JSONValue?
}

// MARK: - Header

/// The option bytes at the start of an input.
struct Header {
  /// The number of option bytes; an input shorter than this has an empty document and zero bytes
  /// for the rest of the header.
  static let size = 8

  let bytes: [UInt8]

  init(_ input: UnsafeRawBufferPointer) {
    var bytes = [UInt8](repeating: 0, count: Self.size)
    for index in 0..<min(Self.size, input.count) { bytes[index] = input[index] }
    self.bytes = bytes
  }

  subscript(index: Int) -> UInt8 { bytes[index] }

  /// Whether bit `bit` of byte `index` is set.
  func bit(_ index: Int, _ bit: Int) -> Bool { bytes[index] & (1 << bit) != 0 }

  /// The chunk size the stream check cuts the input into, besides 1 and 7 bytes (2 to 257,
  /// from bits the options also read: any size is as good as another there).
  var streamSplit: Int { Int(bytes[0] ^ bytes[7]) + 2 }
}

// MARK: - Strategies

/// The `userInfo` key the custom strategies check.
private let userInfoKey = CodingUserInfoKey(rawValue: "fuzz")!

/// A `DateFormatter` with a pattern, a locale and a time zone.
private func formatter(_ pattern: String, locale: String = "en_US_POSIX", zone: TimeZone?) -> DateFormatter {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: locale)
  formatter.timeZone = zone
  formatter.dateFormat = pattern
  return formatter
}

/// Formatters for `.formatted`: numeric POSIX patterns (read and written without the formatter),
/// and ones only the formatter reads (names of days and months, another locale, a zone with
/// daylight saving time).
private let formatters: [(name: String, formatter: DateFormatter)] = {
  let utc = TimeZone(secondsFromGMT: 0)
  return [
    ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", formatter("yyyy-MM-dd'T'HH:mm:ss.SSSZ", zone: utc)),
    ("yyyy-MM-dd'T'HH:mm:ssZZZZZ", formatter("yyyy-MM-dd'T'HH:mm:ssZZZZZ", zone: utc)),
    ("yyyy-MM-dd HH:mm:ss", formatter("yyyy-MM-dd HH:mm:ss", zone: utc)),
    ("yyyy-MM-dd", formatter("yyyy-MM-dd", zone: utc)),
    (
      "yyyy-MM-dd'T'HH:mm:ss.SSSXXX +02:00",
      formatter("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", zone: TimeZone(secondsFromGMT: 7200))
    ),
    ("yyyyMMdd'T'HHmmss.SSSSSS", formatter("yyyyMMdd'T'HHmmss.SSSSSS", zone: utc)),
    ("MM/dd/yyyy New York", formatter("MM/dd/yyyy", zone: TimeZone(identifier: "America/New_York"))),
    ("EEE, dd MMM yyyy HH:mm:ss zzz", formatter("EEE, dd MMM yyyy HH:mm:ss zzz", zone: utc)),
    ("dd.MM.yy HH:mm de_DE", formatter("dd.MM.yy HH:mm", locale: "de_DE", zone: TimeZone(identifier: "Europe/Berlin"))),
    ("h:mm a", formatter("h:mm a", zone: utc)),
  ]
}()

/// `.custom` dates: seconds since 2001 as a number or a numeric string (a `try?` first, as
/// models that try one shape then another do). Checks that `userInfo` reached it.
@Sendable private func customDate(_ decoder: any Decoder) throws -> Date {
  guard decoder.userInfo[userInfoKey] as? String == "fuzz" else {
    fatalError("userInfo lost in a custom date strategy")
  }
  let container = try decoder.singleValueContainer()
  if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
  let text = try container.decode(String.self)
  guard let seconds = Double(text) else {
    throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a date: \(text)")
  }
  return Date(timeIntervalSinceReferenceDate: seconds)
}

/// Writes what `customDate` reads.
@Sendable private func encodeCustomDate(_ date: Date, _ encoder: any Encoder) throws {
  var container = encoder.singleValueContainer()
  try container.encode(date.timeIntervalSinceReferenceDate)
}

/// Hexadecimal digits of bytes.
private func hexadecimal(_ data: Data) -> String {
  let digits = Array("0123456789abcdef")
  var text = ""
  for byte in data {
    text.append(digits[Int(byte >> 4)])
    text.append(digits[Int(byte & 15)])
  }
  return text
}

/// `.custom` data: an array of bytes, or a string of hexadecimal digits.
@Sendable private func customData(_ decoder: any Decoder) throws -> Data {
  guard decoder.userInfo[userInfoKey] as? String == "fuzz" else {
    fatalError("userInfo lost in a custom data strategy")
  }
  if var elements = try? decoder.unkeyedContainer() {
    var bytes: [UInt8] = []
    while !elements.isAtEnd { bytes.append(try elements.decode(UInt8.self)) }
    return Data(bytes)
  }
  let container = try decoder.singleValueContainer()
  let text = Array(try container.decode(String.self).utf8)
  var bytes: [UInt8] = []
  var index = 0
  while index + 1 < text.count {
    guard let high = hexValue(text[index]), let low = hexValue(text[index + 1]) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not hexadecimal")
    }
    bytes.append(high << 4 | low)
    index += 2
  }
  guard index == text.count else {
    throw DecodingError.dataCorruptedError(in: container, debugDescription: "Odd number of digits")
  }
  return Data(bytes)
}

private func hexValue(_ digit: UInt8) -> UInt8? {
  switch digit {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
  default: return nil
  }
}

/// Writes what `customData` reads, as hexadecimal.
@Sendable private func encodeCustomData(_ data: Data, _ encoder: any Encoder) throws {
  var container = encoder.singleValueContainer()
  try container.encode(hexadecimal(data))
}

/// `.custom` keys on decoding: leading underscores dropped, an all-uppercase key lowercased,
/// else its first letter lowercased (`_id` → `id`, `ID` → `id`, `Name` → `name`).
@Sendable private func customKey(_ path: [any CodingKey]) -> any CodingKey {
  guard let last = path.last else { fatalError("a custom key strategy was given an empty path") }
  var key = Substring(last.stringValue)
  while key.first == "_" { key = key.dropFirst() }
  if key.isEmpty { return last }
  if key.allSatisfy({ $0.isUppercase }) { return JSONKey(key.lowercased()) }
  return JSONKey(key.prefix(1).lowercased() + key.dropFirst())
}

/// `.custom` keys on encoding: a leading underscore added (`id` → `_id`).
@Sendable private func customEncodingKey(_ path: [any CodingKey]) -> any CodingKey {
  guard let last = path.last else { fatalError("a custom key strategy was given an empty path") }
  return JSONKey("_" + last.stringValue)
}

/// A coding key made of a string.
private struct JSONKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ stringValue: String) { self.stringValue = stringValue }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// A global key map: candidates, key paths through objects and arrays, an escaped dot.
private let globalKeyMap: FlexKeyMap = [
  "id": ["id", "ID", "_id"],
  "name": ["name", "title", "user.name"],
  "value": ["value", "val", "v.0"],
  "label": ["label", "label\\.text"],
  "x": ["x", "pos.0"],
  "y": ["y", "pos.1"],
]

/// The decoder's date strategies, by header byte 0.
private let dateStrategies: [(name: String, strategy: FlexJSONDecoder.DateDecodingStrategy)] =
  [
    ("deferredToDate", .deferredToDate), ("secondsSince1970", .secondsSince1970),
    ("millisecondsSince1970", .millisecondsSince1970), ("iso8601", .iso8601), ("flexible", .flexible),
    ("custom", .custom(customDate)),
  ]
  + formatters.map {
    (name: "formatted(\($0.name))", strategy: FlexJSONDecoder.DateDecodingStrategy.formatted($0.formatter))
  }

/// The decoder's key strategies.
private let keyStrategies: [(name: String, strategy: FlexJSONDecoder.KeyDecodingStrategy)] = [
  ("useDefaultKeys", .useDefaultKeys), ("convertFromSnakeCase", .convertFromSnakeCase),
  ("convertFromTitleCase", .convertFromTitleCase), ("convertFromKebabCase", .convertFromKebabCase),
  ("convertFromAnyCase", .convertFromAnyCase), ("custom", .custom(customKey)),
]

/// The decoder's data strategies (the default first).
private let dataStrategies: [(name: String, strategy: FlexJSONDecoder.DataDecodingStrategy)] = [
  ("base64", .base64), ("deferredToData", .deferredToData), ("custom", .custom(customData)),
]

/// The strings of the non-conforming float strategies (`nil`: `.throw`); the first is what the
/// round trip writes.
private let floatStrings: [(positiveInfinity: String, negativeInfinity: String, nan: String)?] = [
  ("inf", "-inf", "nan"), nil, ("Infinity", "-Infinity", "NaN"),
]

/// The `maxDepth` values, by three bits of header byte 4.
private let maxDepths = [JSONParsingOptions.defaultMaxDepth, 0, 1, 2, 3, 8, 64, 1024]

/// The encoder's date strategies.
private let encoderDateStrategies: [(name: String, strategy: FlexJSONEncoder.DateEncodingStrategy)] =
  [
    ("deferredToDate", .deferredToDate), ("secondsSince1970", .secondsSince1970),
    ("millisecondsSince1970", .millisecondsSince1970), ("iso8601", .iso8601), ("custom", .custom(encodeCustomDate)),
  ]
  + formatters.map {
    (name: "formatted(\($0.name))", strategy: FlexJSONEncoder.DateEncodingStrategy.formatted($0.formatter))
  }

/// The encoder's key strategies.
private let encoderKeyStrategies: [(name: String, strategy: FlexJSONEncoder.KeyEncodingStrategy)] = [
  ("useDefaultKeys", .useDefaultKeys), ("convertToSnakeCase", .convertToSnakeCase),
  ("convertToTitleCase", .convertToTitleCase), ("convertToKebabCase", .convertToKebabCase),
  ("custom", .custom(customEncodingKey)),
]

// MARK: - Options

/// The decoder options the header picks, shared by every configuration of one input.
private struct DecoderOptions: CustomStringConvertible {
  let date: Int
  let keys: Int
  let data: Int
  let floats: Int
  let coercions: FlexCoercions
  let unknownKeyPolicy: FlexJSONDecoder.UnknownKeyPolicy
  let dropsElementsWithDefaults: Bool
  let maxDepth: Int
  let assumesTopLevelDictionary: Bool
  let requiresRFC8259: Bool
  let reportsCoercions: Bool
  let usesKeyMap: Bool

  /// Byte 0: the date strategy. Byte 1: the key, data and float strategies. Bytes 2 and 3 (low
  /// five bits): the coercions, one bit each. Byte 3, bits 5-6: the unknown-key policy; bit 7:
  /// `dropsElementsWithDefaults`. Byte 4, bits 0-2: `maxDepth`; bit 3:
  /// `assumesTopLevelDictionary`; bit 4: `requiresRFC8259`; bit 5: `reportsCoercions`; bit 6:
  /// the global key map.
  init(_ header: Header) {
    date = Int(header[0]) % dateStrategies.count
    let strategies = Int(header[1])
    keys = strategies % keyStrategies.count
    data = strategies / keyStrategies.count % dataStrategies.count
    floats = strategies / (keyStrategies.count * dataStrategies.count) % floatStrings.count
    coercions = FlexCoercions(rawValue: UInt32(header[2]) | UInt32(header[3] & 0x1F) << 8).intersection(.all)
    let unknownKeyPolicies: [FlexJSONDecoder.UnknownKeyPolicy] = [.ignore, .report, .fail, .report]
    unknownKeyPolicy = unknownKeyPolicies[Int(header[3] >> 5 & 3)]
    dropsElementsWithDefaults = header.bit(3, 7)
    maxDepth = maxDepths[Int(header[4] & 7)]
    assumesTopLevelDictionary = header.bit(4, 3)
    requiresRFC8259 = header.bit(4, 4)
    reportsCoercions = header.bit(4, 5)
    usesKeyMap = header.bit(4, 6)
  }

  var floatStrategy: FlexJSONDecoder.NonConformingFloatDecodingStrategy {
    guard let strings = floatStrings[floats] else { return .throw }
    return .convertFromString(
      positiveInfinity: strings.positiveInfinity, negativeInfinity: strings.negativeInfinity, nan: strings.nan)
  }

  /// Sets these options on `decoder`, with a policy, a coercion set and a dialect.
  func configure(
    _ decoder: FlexJSONDecoder, json5: Bool, policy: FlexJSONDecoder.ErrorPolicy, coercions: FlexCoercions
  ) {
    decoder.allowsJSON5 = json5
    decoder.errorPolicy = policy
    decoder.coercions = coercions
    decoder.dateDecodingStrategy = dateStrategies[date].strategy
    decoder.keyDecodingStrategy = keyStrategies[keys].strategy
    decoder.dataDecodingStrategy = dataStrategies[data].strategy
    decoder.nonConformingFloatDecodingStrategy = floatStrategy
    decoder.keyMapping = usesKeyMap ? globalKeyMap : [:]
    decoder.userInfo = [userInfoKey: "fuzz"]
    decoder.maxDepth = maxDepth
    decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
    decoder.requiresRFC8259 = requiresRFC8259
    decoder.reportsCoercions = reportsCoercions
    decoder.unknownKeyPolicy = unknownKeyPolicy
    decoder.dropsElementsWithDefaults = dropsElementsWithDefaults
  }

  /// Sets the same options on a FlexBackedJSONDecoder, through its `JSONDecoder` options where
  /// they have them.
  func configure(
    _ decoder: FlexBackedJSONDecoder, json5: Bool, policy: FlexJSONDecoder.ErrorPolicy, coercions: FlexCoercions
  ) {
    decoder.allowsJSON5 = json5
    decoder.errorPolicy = policy
    decoder.coercions = coercions
    decoder.flexDateDecodingStrategy = dateStrategies[date].strategy
    decoder.flexKeyDecodingStrategy = keyStrategies[keys].strategy
    switch dataStrategies[data].strategy {
    case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
    case .base64: decoder.dataDecodingStrategy = .base64
    case .custom(let read): decoder.dataDecodingStrategy = .custom(read)
    }
    if let strings = floatStrings[floats] {
      decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: strings.positiveInfinity, negativeInfinity: strings.negativeInfinity, nan: strings.nan)
    } else {
      decoder.nonConformingFloatDecodingStrategy = .throw
    }
    decoder.keyMapping = usesKeyMap ? globalKeyMap : [:]
    decoder.userInfo = [userInfoKey: "fuzz"]
    decoder.maxDepth = maxDepth
    decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
    decoder.reportsCoercions = reportsCoercions
    decoder.unknownKeyPolicy = unknownKeyPolicy
    decoder.dropsElementsWithDefaults = dropsElementsWithDefaults
  }

  var description: String {
    "date: \(dateStrategies[date].name), keys: \(keyStrategies[keys].name), data: \(dataStrategies[data].name), "
      + "floats: \(floatStrings[floats].map { "\($0)" } ?? "throw"), coercions: \(coercions.rawValue), "
      + "unknownKeys: \(unknownKeyPolicy), dropsElements: \(dropsElementsWithDefaults), maxDepth: \(maxDepth), "
      + "topLevelDictionary: \(assumesTopLevelDictionary), RFC8259: \(requiresRFC8259), "
      + "reportsCoercions: \(reportsCoercions), keyMap: \(usesKeyMap)"
  }
}

/// The encoder options the header picks.
private struct EncoderOptions: CustomStringConvertible {
  let formatting: FlexJSONEncoder.OutputFormatting
  let keys: Int
  let data: Int
  let date: Int
  let convertsFloats: Bool

  /// Byte 5, bits 0-2: the output formatting; bits 3-5: the key strategy; bits 6-7: the data
  /// strategy. Byte 6: the date strategy, and (high bit) `.convertToString` for floats.
  init(_ header: Header) {
    var formatting: FlexJSONEncoder.OutputFormatting = []
    if header.bit(5, 0) { formatting.insert(.prettyPrinted) }
    if header.bit(5, 1) { formatting.insert(.sortedKeys) }
    if header.bit(5, 2) { formatting.insert(.withoutEscapingSlashes) }
    self.formatting = formatting
    keys = Int(header[5] >> 3 & 7) % encoderKeyStrategies.count
    data = Int(header[5] >> 6) % dataStrategies.count
    date = Int(header[6] & 0x7F) % encoderDateStrategies.count
    convertsFloats = !header.bit(6, 7)
  }

  func configure(_ encoder: FlexJSONEncoder, usesKeyMap: Bool) {
    encoder.outputFormatting = formatting
    encoder.keyEncodingStrategy = encoderKeyStrategies[keys].strategy
    switch dataStrategies[data].strategy {
    case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
    case .base64: encoder.dataEncodingStrategy = .base64
    case .custom: encoder.dataEncodingStrategy = .custom(encodeCustomData)
    }
    encoder.dateEncodingStrategy = encoderDateStrategies[date].strategy
    encoder.nonConformingFloatEncodingStrategy =
      convertsFloats ? .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan") : .throw
    encoder.keyMapping = usesKeyMap ? globalKeyMap : [:]
    encoder.userInfo = [userInfoKey: "fuzz"]
  }

  /// Sets on `decoder` the options that read what this encoder writes: strict, JSON, the
  /// mirroring strategies.
  func configureMirror(_ decoder: FlexJSONDecoder, usesKeyMap: Bool) {
    decoder.errorPolicy = .failFast
    decoder.coercions = []
    decoder.maxDepth = 2048
    let mirroringKeys: [FlexJSONDecoder.KeyDecodingStrategy] = [
      .useDefaultKeys, .convertFromSnakeCase, .convertFromTitleCase, .convertFromKebabCase, .custom(customKey),
    ]
    decoder.keyDecodingStrategy = mirroringKeys[keys]
    decoder.dataDecodingStrategy = dataStrategies[data].strategy
    switch encoderDateStrategies[date].strategy {
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    case .formatted(let formatter): decoder.dateDecodingStrategy = .formatted(formatter)
    case .custom: decoder.dateDecodingStrategy = .custom(customDate)
    }
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    decoder.keyMapping = usesKeyMap ? globalKeyMap : [:]
    decoder.userInfo = [userInfoKey: "fuzz"]
  }

  /// Whether the mirroring decoder reads back exactly the value written: dates as numbers of
  /// seconds since 2001, keys as they are (a key strategy also converts the keys of
  /// dictionaries and JSON values, which the decoder leaves alone).
  var isExact: Bool {
    keys == 0 && (date == 0 || encoderDateStrategies[date].name == "custom")
  }

  var description: String {
    "encoder formatting: \(formatting.rawValue), keys: \(encoderKeyStrategies[keys].name), "
      + "data: \(dataStrategies[data].name), date: \(encoderDateStrategies[date].name), convertsFloats: \(convertsFloats)"
  }
}

/// What else the header asks for. Byte 7, bits 0-1: the document again through `[UInt8]`, a
/// `String` or UTF-16 (0: none); bit 2: the `tree` key path; bit 3: FlexBackedJSONDecoder; bits
/// 4-6: which configuration these compare with.
private struct Extras {
  let entryPoint: Int
  let decodesKeyPath: Bool
  let usesBackedDecoder: Bool
  let configurationIndex: Int

  init(_ header: Header) {
    entryPoint = Int(header[7] & 3)
    decodesKeyPath = header.bit(7, 2)
    usesBackedDecoder = header.bit(7, 3)
    configurationIndex = Int(header[7] >> 4 & 7)
  }
}

/// One decoder configuration: a dialect, an error policy, strict or with the header's coercions.
private struct Configuration: CustomStringConvertible {
  let json5: Bool
  let policy: FlexJSONDecoder.ErrorPolicy
  let coerces: Bool

  /// Every combination, the strict one of each JSON5 setting first.
  static let all: [Configuration] = [false, true].flatMap { json5 in
    [
      Configuration(json5: json5, policy: .failFast, coerces: false),
      Configuration(json5: json5, policy: .failFast, coerces: true),
      Configuration(json5: json5, policy: .collectAll, coerces: true),
      Configuration(json5: json5, policy: .useDefaults, coerces: true),
    ]
  }

  var isStrict: Bool { !coerces }

  var description: String { "json5: \(json5), policy: \(policy), coerces: \(coerces)" }
}

/// Decoders and encoders are made once and configured for each input: the fuzzer calls in
/// millions of times.
private let decoders = Configuration.all.map { _ in FlexJSONDecoder() }
private let backedDecoder = FlexBackedJSONDecoder()
private let optionEncoder = FlexJSONEncoder()
private let mirrorDecoder = FlexJSONDecoder()

/// Writes values back, dates as seconds since 2001 and infinities as strings, so everything a
/// JSON5 document can hold survives.
private let roundTripEncoder: FlexJSONEncoder = {
  let encoder = FlexJSONEncoder()
  encoder.outputFormatting = .sortedKeys
  encoder.nonConformingFloatEncodingStrategy = .convertToString(
    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
  return encoder
}()

/// Reads what `roundTripEncoder` wrote (as deep as any document the options accept).
private let roundTripDecoder: FlexJSONDecoder = {
  let decoder = FlexJSONDecoder.strict()
  decoder.maxDepth = 2048
  decoder.nonConformingFloatDecodingStrategy = .convertFromString(
    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
  return decoder
}()

/// The parsing options that read any encoder output.
private let outputParsing = JSONParsingOptions(maxDepth: 2048)

// MARK: - Checks

/// The options of the input being run, for the messages.
nonisolated(unsafe) private var currentOptions = ""

/// Stops the run with a message libFuzzer shows next to the input that broke the promise.
private func violation(_ message: String, _ context: CustomStringConvertible) -> Never {
  fatalError("\(message) (\(context); \(currentOptions))")
}

/// What one decode gave: the value and its canonical encoding, or `nil` if it threw.
private typealias Outcome = (document: FuzzDocument, encoded: Data)?

/// The canonical encoding of a decoded value, after checking it round-trips.
private func canonical(_ document: FuzzDocument, _ context: CustomStringConvertible) -> Data {
  let encoded: Data
  do {
    encoded = try roundTripEncoder.encode(document)
  } catch {
    violation("re-encoding a decoded value threw \(error)", context)
  }
  do {
    let again = try roundTripDecoder.decode(FuzzDocument.self, from: encoded)
    if try roundTripEncoder.encode(again) != encoded {
      violation("round trip changed \(String(decoding: encoded, as: UTF8.self))", context)
    }
  } catch {
    violation("decoding \(String(decoding: encoded, as: UTF8.self)) threw \(error)", context)
  }
  return encoded
}

/// Runs a decode: the value, or `nil` if it threw one of the errors a decode may throw.
private func outcome(_ context: CustomStringConvertible, _ decode: () throws -> FuzzDocument) -> Outcome {
  let document: FuzzDocument
  do {
    document = try decode()
  } catch let error as FlexDecodingError {
    if error.issues.isEmpty { violation("FlexDecodingError with no issues", context) }
    _ = error.description
    _ = error.decodingErrors
    return nil
  } catch let error as DecodingError {
    _ = "\(error)"
    return nil
  } catch {
    violation("unexpected error type \(type(of: error)): \(error)", context)
  }
  return (document, canonical(document, context))
}

/// Decodes under one configuration, with the report.
private func check(_ data: Data, _ decoder: FlexJSONDecoder, _ configuration: Configuration) -> Outcome {
  outcome(configuration) {
    let decoded = try decoder.decodeWithReport(FuzzDocument.self, from: data)
    for issue in decoded.issues { _ = issue.description }
    return decoded.value
  }
}

/// Whether `Data` would be read as UTF-8: no zero byte (which JSON text never has outside
/// UTF-16 and UTF-32), no UTF-16 byte order mark.
private func isReadAsUTF8(_ document: Data) -> Bool {
  guard !document.contains(0) else { return false }
  guard document.count >= 2 else { return true }
  let first = document[document.startIndex]
  let second = document[document.startIndex + 1]
  return !(first == 0xFE && second == 0xFF) && !(first == 0xFF && second == 0xFE)
}

/// The document through another entry point gives what `Data` gave.
private func checkEntryPoint(
  _ entryPoint: Int, _ document: Data, _ decoder: FlexJSONDecoder, _ configuration: Configuration,
  expected: Outcome
) {
  let result: Outcome
  switch entryPoint {
  case 1:
    result = outcome(configuration) { try decoder.decode(FuzzDocument.self, from: [UInt8](document)) }
  case 2:
    guard isReadAsUTF8(document), let string = String(data: document, encoding: .utf8) else { return }
    result = outcome(configuration) { try decoder.decode(FuzzDocument.self, from: string) }
  default:
    guard isReadAsUTF8(document), let string = String(data: document, encoding: .utf8) else { return }
    var utf16 = Data([0xFF, 0xFE])
    for unit in string.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
    result = outcome(configuration) { try decoder.decode(FuzzDocument.self, from: utf16) }
  }
  if result?.encoded != expected?.encoded {
    violation("entry point \(entryPoint) gave another result than Data", configuration)
  }
}

/// The encoder, with the header's options, on a decoded value.
private func checkEncoder(_ document: FuzzDocument, _ options: EncoderOptions, usesKeyMap: Bool) {
  options.configure(optionEncoder, usesKeyMap: usesKeyMap)
  let written: Data
  do {
    written = try optionEncoder.encode(document)
  } catch is EncodingError {
    return
  } catch {
    violation("the encoder threw \(type(of: error)): \(error)", options)
  }
  let text = String(decoding: written, as: UTF8.self)
  let tree: JSONValue
  do {
    if try optionEncoder.encodeToString(document) != text {
      violation("encodeToString differs from encode", options)
    }
    tree = try optionEncoder.encodeToJSONValue(document)
  } catch {
    violation("encoding again threw \(error)", options)
  }
  let parsed: JSONValue
  do {
    parsed = try JSONValue(parsing: written, options: outputParsing)
  } catch {
    violation("the encoder wrote something that is not JSON: \(error): \(text)", options)
  }
  // A key strategy may write two members under one key, which a tree and a parse keep apart
  // differently: the tree is compared with keys as they are.
  if options.keys == 0 {
    do {
      if try roundTripEncoder.encode(parsed) != roundTripEncoder.encode(tree) {
        violation("encodeToJSONValue differs from encode: \(text) vs \(tree)", options)
      }
    } catch {
      violation("writing a JSONValue threw \(error)", options)
    }
  }
  options.configureMirror(mirrorDecoder, usesKeyMap: usesKeyMap)
  let back = outcome(options) { try mirrorDecoder.decode(FuzzDocument.self, from: written) }
  guard options.isExact else { return }
  guard let back else { violation("the mirroring decoder did not read \(text)", options) }
  if back.encoded != canonical(document, options) {
    violation("the mirroring decoder read another value from \(text)", options)
  }
}

/// libFuzzer's entry point: one input, every configuration.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let header = Header(UnsafeRawBufferPointer(start: data, count: size))
  // No copy: Data borrows libFuzzer's exactly-sized buffer, so AddressSanitizer sees overreads.
  let offset = min(size, Header.size)
  let document = Data(
    bytesNoCopy: UnsafeMutableRawPointer(mutating: data + offset), count: size - offset, deallocator: .none)
  let options = DecoderOptions(header)
  let encoderOptions = EncoderOptions(header)
  let extras = Extras(header)
  currentOptions = "\(options); \(encoderOptions)"

  var results: [Outcome] = []
  for (index, configuration) in Configuration.all.enumerated() {
    options.configure(
      decoders[index], json5: configuration.json5, policy: configuration.policy,
      coercions: configuration.coerces ? options.coercions : [])
    results.append(check(document, decoders[index], configuration))
  }

  let perJSON5Setting = Configuration.all.count / 2
  for (index, configuration) in Configuration.all.enumerated() where !configuration.isStrict {
    let strictIndex = index < perJSON5Setting ? 0 : perJSON5Setting
    if let strict = results[strictIndex], results[index]?.encoded != strict.encoded {
      violation("the strict decoder succeeded but this one gave a different result", configuration)
    }
  }
  if let strict = results[0], results[perJSON5Setting]?.encoded != strict.encoded {
    violation("RFC 8259 succeeded but JSON5 gave a different result", Configuration.all[perJSON5Setting])
  }

  // The other ways in, compared with one configuration.
  let compared = extras.configurationIndex
  let configuration = Configuration.all[compared]
  if extras.entryPoint != 0 {
    checkEntryPoint(extras.entryPoint, document, decoders[compared], configuration, expected: results[compared])
  }
  if extras.usesBackedDecoder && !options.requiresRFC8259 {
    options.configure(
      backedDecoder, json5: configuration.json5, policy: configuration.policy,
      coercions: configuration.coerces ? options.coercions : [])
    let backed = outcome(configuration) { try backedDecoder.decodeWithReport(FuzzDocument.self, from: document).value }
    if backed?.encoded != results[compared]?.encoded {
      violation("FlexBackedJSONDecoder gave another result than FlexJSONDecoder", configuration)
    }
  }
  if extras.decodesKeyPath {
    // The key path compares keys exactly: with keys as they are, it finds the member the
    // strict decode read.
    let node = outcome(Configuration.all[0]) {
      FuzzDocument(node: try decoders[0].decode(FuzzDocument.Node.self, from: document, at: "tree"))
    }
    if options.keys == 0, let strict = results[0], let tree = strict.document.tree {
      guard let node, node.encoded == canonical(FuzzDocument(node: tree), Configuration.all[0]) else {
        violation("the key path \"tree\" did not give the strict decode's tree", Configuration.all[0])
      }
    }
  }

  checkStreams(document, split: header.streamSplit)
  checkPartial(document, pieceSize: header.streamSplit % 5 + 1)

  if let decoded = results.lazy.compactMap({ $0 }).first {
    checkEncoder(decoded.document, encoderOptions, usesKeyMap: options.usesKeyMap)
  }
  return 0
}

extension FuzzDocument {
  /// A document holding only `node`, to compare nodes through the canonical encoding.
  init(node: Node) {
    self.init(
      id: 0, name: "", score: 0, active: false, created: Date(timeIntervalSinceReferenceDate: 0), kind: .alpha,
      flags: [], tree: node)
  }
}

// MARK: - Streams

/// The framings every input is read as a stream in.
private let streamFramings: [FlexFraming] = [
  .jsonLines, .jsonSequence, .serverSentEvents(), .array(), .array(at: "tree"),
]
private let streamDecoder = FlexJSONDecoder()

/// What a stream's element came to, compared between one buffer and chunks: its position, its
/// value, or the kind of its failure.
private struct StreamOutcome: Equatable {
  let index: Int
  let line: Int
  let byteOffset: Int
  let event: String?
  let value: JSONValue?
  let streamError: FlexStreamError.Reason?

  init(_ element: FlexElement<JSONValue>) {
    index = element.index
    line = element.line
    byteOffset = element.byteOffset
    event = element.event
    value = try? element.result.get()
    if case .failure(let error as FlexStreamError) = element.result {
      streamError = error.reason
    } else {
      streamError = nil
    }
  }
}

/// The input as a stream in each framing: cut into chunks of 1 byte (the smallest inputs), of 7
/// bytes and of `split` bytes, it gives the elements of one buffer. Only inputs of up to 2 kB:
/// the framers' states are all reached there, and each framing decodes the input again (the
/// large seeds took seconds each in the unoptimized build CI runs).
private func checkStreams(_ document: Data, split: Int) {
  guard document.count <= 2048 else { return }
  let bytes = [UInt8](document)
  for framing in streamFramings {
    let whole = Array(streamDecoder.elements(of: JSONValue.self, from: bytes, framing: framing)).map(StreamOutcome.init)
    for size in [1, 7, max(1, split)] where size > 1 || bytes.count <= 256 {
      let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min(bytes.count, $0 + size)]) }
      let chunked = streamDecoder.elements(of: JSONValue.self, fromChunks: chunks, framing: framing).map(
        StreamOutcome.init)
      if chunked != whole {
        fatalError("stream \(framing) in chunks of \(size) gave other elements than one buffer: \(chunked) vs \(whole)")
      }
    }
  }
}

// MARK: - Partial documents

/// The input appended to a ``FlexPartialDecoder`` in pieces (inputs of up to 512 bytes, not
/// UTF-16): a document JSONDecoder's rules accept is never refused by `append`, and every
/// `value()` of its prefixes decodes; `finish()` is what a plain decode gives, valid or not.
private func checkPartial(_ document: Data, pieceSize: Int) {
  guard document.count <= 512, !document.prefix(4).contains(0) else { return }
  let bytes = [UInt8](document)
  let whole = try? streamDecoder.decode(JSONValue.self, from: document)
  var partial = FlexPartialDecoder(of: JSONValue.self, decoder: streamDecoder)
  var refused = false
  for start in stride(from: 0, to: bytes.count, by: pieceSize) {
    do {
      try partial.append(bytes[start..<min(bytes.count, start + pieceSize)])
    } catch {
      refused = true
      break
    }
    if whole != nil, (try? partial.value()) == nil {
      fatalError("value() of a \(start + pieceSize)-byte prefix of a valid document threw")
    }
  }
  if whole != nil && refused { fatalError("append refused a document that decode accepts") }
  if !refused, (try? partial.finish()) != whole { fatalError("finish() is not what decode(_:from:) gives") }
}
