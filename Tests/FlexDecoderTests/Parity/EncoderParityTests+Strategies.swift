import FlexDecoder
import Foundation
import Testing

// Date, data, non-conforming float and key strategies: each configured the same on both
// encoders, compared byte for byte.

/// A date strategy, set the same way on both encoders.
enum ParityDateStrategy: CaseIterable, Sendable, CustomTestStringConvertible {
  case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601, formatted
  case customString, customKeyed, customNothing, customCodingPath

  static let formatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 3600)
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"
    return formatter
  }()

  /// The closure of the custom cases; both encoders get the same one.
  var custom: (@Sendable (Date, any Encoder) throws -> Void)? {
    switch self {
    case .customString:
      return { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode("t=\(date.timeIntervalSince1970)")
      }
    case .customKeyed:
      return { date, encoder in
        var container = encoder.container(keyedBy: DynamicKey.self)
        try container.encode(date.timeIntervalSince1970, forKey: DynamicKey("since1970"))
        try container.encode(date.timeIntervalSinceReferenceDate, forKey: DynamicKey("since2001"))
      }
    case .customNothing:
      return { _, _ in }
    case .customCodingPath:
      return { _, encoder in
        var container = encoder.unkeyedContainer()
        for key in encoder.codingPath {
          try container.encode(key.stringValue)
          try container.encode(key.intValue)
        }
      }
    default:
      return nil
    }
  }

  func apply(to encoders: ParityEncoders) {
    switch self {
    case .deferredToDate:
      encoders.foundation.dateEncodingStrategy = .deferredToDate
      encoders.flex.dateEncodingStrategy = .deferredToDate
    case .secondsSince1970:
      encoders.foundation.dateEncodingStrategy = .secondsSince1970
      encoders.flex.dateEncodingStrategy = .secondsSince1970
    case .millisecondsSince1970:
      encoders.foundation.dateEncodingStrategy = .millisecondsSince1970
      encoders.flex.dateEncodingStrategy = .millisecondsSince1970
    case .iso8601:
      encoders.foundation.dateEncodingStrategy = .iso8601
      encoders.flex.dateEncodingStrategy = .iso8601
    case .formatted:
      encoders.foundation.dateEncodingStrategy = .formatted(Self.formatter)
      encoders.flex.dateEncodingStrategy = .formatted(Self.formatter)
    case .customString, .customKeyed, .customNothing, .customCodingPath:
      guard let custom else { return }
      encoders.foundation.dateEncodingStrategy = .custom(custom)
      encoders.flex.dateEncodingStrategy = .custom(custom)
    }
  }

  var testDescription: String { "\(self)" }
}

/// A data strategy, set the same way on both encoders.
enum ParityDataStrategy: CaseIterable, Sendable, CustomTestStringConvertible {
  case deferredToData, base64, customHex, customNothing

  func apply(to encoders: ParityEncoders) {
    switch self {
    case .deferredToData:
      encoders.foundation.dataEncodingStrategy = .deferredToData
      encoders.flex.dataEncodingStrategy = .deferredToData
    case .base64:
      encoders.foundation.dataEncodingStrategy = .base64
      encoders.flex.dataEncodingStrategy = .base64
    case .customHex:
      let hex: @Sendable (Data, any Encoder) throws -> Void = { data, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(data.map { String(format: "%02x", $0) }.joined())
      }
      encoders.foundation.dataEncodingStrategy = .custom(hex)
      encoders.flex.dataEncodingStrategy = .custom(hex)
    case .customNothing:
      encoders.foundation.dataEncodingStrategy = .custom { _, _ in }
      encoders.flex.dataEncodingStrategy = .custom { _, _ in }
    }
  }

  var testDescription: String { "\(self)" }
}

/// A struct with a date and data among other members.
private struct ParityStamped: Codable, Equatable {
  var name = "stamp"
  var date: Date
  var dates: [Date]
  var data: Data
  var optionalDate: Date?
}

extension EncoderParityTests {
  // MARK: - Dates

  static let dates: [Date] = [
    Date(timeIntervalSince1970: 0),
    Date(timeIntervalSince1970: 1.5),
    Date(timeIntervalSince1970: -1),
    Date(timeIntervalSince1970: 1_700_000_000.123),
    Date(timeIntervalSinceReferenceDate: 0),
    Date(timeIntervalSinceReferenceDate: 1e10),
  ]

  @Test(arguments: ParityDateStrategy.allCases, [ParityFormatting.compact, .pretty])
  func datesEncodeLikeJSONEncoder(_ strategy: ParityDateStrategy, formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    strategy.apply(to: encoders)
    for date in Self.dates {
      try encoders.expectSameBytesInEveryPosition(date)
    }
    try encoders.expectSameBytes(
      ParityStamped(date: Self.dates[3], dates: Self.dates, data: Data([1, 2]), optionalDate: Self.dates[1]))
  }

  // MARK: - Data

  static let data: [Data] = [
    Data(), Data([0]), Data([0, 1]), Data([0, 1, 2]), Data([0xFF, 0xFE, 0x3E, 0x3F]), Data(0..<200),
  ]

  @Test(arguments: ParityDataStrategy.allCases, [ParityFormatting.compact, .pretty, .unescapedSlashes])
  func dataEncodesLikeJSONEncoder(_ strategy: ParityDataStrategy, formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    strategy.apply(to: encoders)
    for data in Self.data {
      try encoders.expectSameBytesInEveryPosition(data)
    }
    try encoders.expectSameBytes(ParityStamped(date: Self.dates[0], dates: [], data: Data(0..<64), optionalDate: nil))
  }

  // MARK: - Non-conforming floats

  static let nonConformingValues: [ParityValue] = [
    ParityValue("Double.nan", Double.nan),
    ParityValue("Double.infinity", Double.infinity),
    ParityValue("-Double.infinity", -Double.infinity),
    ParityValue("Float.nan", Float.nan),
    ParityValue("-Float.infinity", -Float.infinity),
  ]

  @Test(arguments: nonConformingValues)
  func nonConformingFloatsThrowInvalidValueAtTheSamePath(_ float: ParityValue) throws {
    try nonConformingFloatsThrowInvalidValueAtTheSamePath(float.value)
  }

  private func nonConformingFloatsThrowInvalidValueAtTheSamePath<T: Encodable>(_ float: T) throws {
    let encoders = ParityEncoders()
    #expect(try encoders.expectSameError(float) == EncodingErrorSummary(invalidValueAt: []))
    #expect(try encoders.expectSameError([float]).path == [.init(stringValue: "Index 0", intValue: 0)])
    let withNil: [T?] = [nil, float]
    try encoders.expectSameError(["a": withNil])
    try encoders.expectSameError(["1": float])
    try encoders.expectSameError([2: float])
    try encoders.expectSameError(ParityWrapper(inner: ParityWrapper(inner: [float])))
    try encoders.expectSameError(ParitySingleValue(value: [ParitySingleValue(value: float)]))
  }

  @Test(arguments: nonConformingValues, ParityFormatting.allCases)
  func nonConformingFloatsConvertToStringLikeJSONEncoder(_ float: ParityValue, formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    encoders.foundation.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+∞/Inf", negativeInfinity: "-Infinity", nan: "\"NaN\"")
    encoders.flex.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+∞/Inf", negativeInfinity: "-Infinity", nan: "\"NaN\"")
    try encoders.expectSameBytesInEveryPosition(float.value)
    try encoders.expectSameBytesInEveryPosition([1.5, .nan, .infinity, -.infinity, 2] as [Double])
  }

  @Test func nonConformingFloatInACustomDateStrategyThrowsAtTheDatePath() throws {
    let encoders = ParityEncoders()
    let closure: @Sendable (Date, any Encoder) throws -> Void = { _, encoder in
      var container = encoder.container(keyedBy: DynamicKey.self)
      try container.encode(Double.nan, forKey: DynamicKey("bad"))
    }
    encoders.foundation.dateEncodingStrategy = .custom(closure)
    encoders.flex.dateEncodingStrategy = .custom(closure)
    let summary = try encoders.expectSameError(["when": [Date()]])
    #expect(summary.path.map(\.stringValue) == ["when", "Index 0", "bad"])
  }

  @Test(arguments: [ParityDateStrategy.secondsSince1970, .millisecondsSince1970])
  func nonFiniteDatesAreHandledLikeJSONEncoder(_ strategy: ParityDateStrategy) throws {
    for convertsToString in [false, true] {
      let encoders = ParityEncoders()
      strategy.apply(to: encoders)
      if convertsToString {
        encoders.foundation.nonConformingFloatEncodingStrategy = .convertToString(
          positiveInfinity: "+", negativeInfinity: "-", nan: "?")
        encoders.flex.nonConformingFloatEncodingStrategy = .convertToString(
          positiveInfinity: "+", negativeInfinity: "-", nan: "?")
      }
      for interval in [Double.infinity, -.infinity, .nan, .greatestFiniteMagnitude] {
        try encoders.expectSameOutcome(["at": [Date(timeIntervalSince1970: interval)]])
      }
    }
  }

  /// Known differences: under a key strategy, JSONEncoder writes `[String: V]` through a path of
  /// its own, whose keys have no `intValue` (`"1"` has none; with the default keys, and in
  /// FlexJSONEncoder, it has 1 as in `Dictionary`'s own coding keys), and which drops the key
  /// of the dictionary itself when it is an array element or a member of a keyed container.
  @Test(arguments: [ParityKeyStrategy.convertToSnakeCase, .uppercased])
  func errorInAStringKeyedDictionaryHasTheSamePathUnderAKeyStrategy(_ strategy: ParityKeyStrategy) throws {
    let encoders = ParityEncoders()
    strategy.apply(to: encoders)
    try encoders.expectSameError(["outerKey": ["innerKey": Float.infinity]])
    let numericKey = try requireThrows(EncodingError.self) { try encoders.flex.encode(["1": Double.nan]) }
    #expect(EncodingErrorSummary(numericKey).path == [.init(stringValue: "1", intValue: 1)])
    let member = try requireThrows(EncodingError.self) {
      try encoders.flex.encode([7: ["innerKey": Float.infinity]])
    }
    #expect(EncodingErrorSummary(member).path.map(\.stringValue) == ["7", "innerKey"])
    withKnownIssue("JSONEncoder: [\"1\" without intValue], [\"innerKey\"], [\"innerKey\"]") {
      try encoders.expectSameError(["1": Double.nan])
      try encoders.expectSameError([7: ["innerKey": Float.infinity]])
      try encoders.expectSameError([["innerKey": Float.infinity]])
    }
  }

  // MARK: - Key strategies

  static let trickyKeys: [String] = [
    "myURLProperty", "URLString", "iOSVersion", "a1b2C3", "ABC", "_leading", "trailing_",
    "already_snake", "__privateURL", "isHTTPS", "HTTPSRequest", "value2Go", "simple", "a", "A",
    "_", "", "x😀YZw", "a👍🏽Bc", "naïveÜber", "ÉtéÀ", "aBÉc", "aÀ\u{300}Bc", "e\u{301}Abc",
    "aB\u{301}c", "aBC\u{301}d", "a\u{1C5}b", "ΣίσυφοςΜύθος", "straßeName", "ĲsselMeer",
  ]

  @Test(arguments: trickyKeys)
  func convertToSnakeCaseConvertsKeysLikeJSONEncoder(_ key: String) throws {
    let encoders = ParityEncoders()
    encoders.foundation.keyEncodingStrategy = .convertToSnakeCase
    encoders.flex.keyEncodingStrategy = .convertToSnakeCase
    try encoders.expectSameBytes(KeyedMembers(key))
    try encoders.expectSameBytes([KeyedMembers(key, "\(key)Other")])
  }

  /// Converted keys are remembered per call: objects that repeat them, and more distinct keys
  /// than are remembered.
  @Test func convertToSnakeCaseConvertsRepeatedAndManyKeysLikeJSONEncoder() throws {
    let encoders = ParityEncoders()
    encoders.foundation.keyEncodingStrategy = .convertToSnakeCase
    encoders.flex.keyEncodingStrategy = .convertToSnakeCase
    try encoders.expectSameBytes(Array(repeating: KeyedMembers(Self.trickyKeys), count: 3))
    let keys = (0..<5000).map { "keyNumber\($0)" }
    let written = try encoders.expectSameBytes([KeyedMembers(keys), KeyedMembers(keys)])
    #expect(written.contains(#""key_number4999":4999,"#) && !written.contains("keyNumber"))
  }

  @Test func useDefaultKeysWritesKeysAsTheyAre() throws {
    let encoders = ParityEncoders()
    encoders.foundation.keyEncodingStrategy = .useDefaultKeys
    encoders.flex.keyEncodingStrategy = .useDefaultKeys
    try encoders.expectSameBytes(KeyedMembers(Self.trickyKeys))
  }

  @Test(arguments: [ParityFormatting.compact, .pretty])
  func customKeyStrategyGetsTheSameCodingPaths(_ formatting: ParityFormatting) throws {
    let encoders = ParityEncoders(formatting)
    let convert: @Sendable ([any CodingKey]) -> any CodingKey = { path in
      DynamicKey(
        path.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }.joined(separator: "/"))
    }
    encoders.foundation.keyEncodingStrategy = .custom(convert)
    encoders.flex.keyEncodingStrategy = .custom(convert)
    try encoders.expectSameBytes(ParityLibrary.sample)
    try encoders.expectSameBytes([ParityShape.circle(radius: 1), .rectangle(2, 3)])
    try encoders.expectSameBytes([1: [2: "x"]])
  }

  @Test func customKeyStrategyCanMakeIntegerKeys() throws {
    let encoders = ParityEncoders()
    let convert: @Sendable ([any CodingKey]) -> any CodingKey = { path in
      DynamicKey(intValue: path.last?.stringValue.count ?? 0) ?? DynamicKey("")
    }
    encoders.foundation.keyEncodingStrategy = .custom(convert)
    encoders.flex.keyEncodingStrategy = .custom(convert)
    try encoders.expectSameBytes(KeyedMembers("a", "bb", "ccc"))
  }

  @Test(arguments: [ParityKeyStrategy.convertToSnakeCase, .uppercased])
  func stringKeyedDictionariesKeepTheirKeys(_ strategy: ParityKeyStrategy) throws {
    let encoders = ParityEncoders()
    strategy.apply(to: encoders)
    let written = try encoders.expectSameBytes(["myKey": ["innerKey": KeyedMembers("memberKey")]])
    #expect(written.contains("myKey") && written.contains("innerKey") && !written.contains("memberKey"))
    try encoders.expectSameBytes(ParityLibrary.sample)
  }

  @Test(arguments: [ParityKeyStrategy.convertToSnakeCase, .uppercased])
  func intAndEnumKeyedDictionariesAreConvertedLikeJSONEncoder(_ strategy: ParityKeyStrategy) throws {
    let encoders = ParityEncoders()
    strategy.apply(to: encoders)
    try encoders.expectSameBytes([10: "ten", -2: "minus two"])
    let written = try encoders.expectSameBytes([.darkRed: 1, .lightBlueGreen: 2] as [ParityColor: Int])
    #expect(!written.contains("darkRed"))
  }
}

/// A key strategy, set the same way on both encoders.
enum ParityKeyStrategy: Sendable, CustomTestStringConvertible {
  case convertToSnakeCase, uppercased

  func apply(to encoders: ParityEncoders) {
    switch self {
    case .convertToSnakeCase:
      encoders.foundation.keyEncodingStrategy = .convertToSnakeCase
      encoders.flex.keyEncodingStrategy = .convertToSnakeCase
    case .uppercased:
      let convert: @Sendable ([any CodingKey]) -> any CodingKey = { path in
        DynamicKey((path.last?.stringValue ?? "").uppercased())
      }
      encoders.foundation.keyEncodingStrategy = .custom(convert)
      encoders.flex.keyEncodingStrategy = .custom(convert)
    }
  }

  var testDescription: String { "\(self)" }
}
