import Foundation
import Testing

// Date, data, non-conforming float and key decoding strategies.

/// A formatter for `yyyy-MM-dd` in UTC.
private let dayFormatter: DateFormatter = {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(identifier: "UTC")
  formatter.dateFormat = "yyyy-MM-dd"
  return formatter
}()

/// Dates written as `"@<seconds since 1970>"`; anything else throws from the container.
private let atSecondsStrategy = ParityOptions.DateStrategy.custom { decoder in
  let container = try decoder.singleValueContainer()
  let string = try container.decode(String.self)
  guard string.hasPrefix("@"), let seconds = Double(string.dropFirst()) else {
    throw DecodingError.dataCorruptedError(in: container, debugDescription: "not @seconds")
  }
  return Date(timeIntervalSince1970: seconds)
}

/// An error that is not a DecodingError, thrown by a strategy.
private struct StrategyError: Error, Equatable {
  var text: String
}

/// Like `atSecondsStrategy`, but `"!"` throws an error of its own.
private let throwingStrategy = ParityOptions.DateStrategy.custom { decoder in
  let string = try decoder.singleValueContainer().decode(String.self)
  guard string != "!" else { throw StrategyError(text: "bang at \(render(decoder.codingPath))") }
  return Date(timeIntervalSince1970: Double(string.dropFirst()) ?? 0)
}

/// Reads null as the reference date, anything else as seconds since 1970.
private let nullTolerantDates = ParityOptions.DateStrategy.custom { decoder in
  let container = try decoder.singleValueContainer()
  return container.decodeNil()
    ? Date(timeIntervalSinceReferenceDate: 0) : Date(timeIntervalSince1970: try container.decode(Double.self))
}

/// Reads null as empty data, anything else as a Base64 string.
private let nullTolerantData = ParityOptions.DataStrategy.custom { decoder in
  let container = try decoder.singleValueContainer()
  return container.decodeNil() ? Data() : Data(base64Encoded: try container.decode(String.self)) ?? Data()
}

/// Data written as an array of hex strings, read through an unkeyed container.
private let hexDataStrategy = ParityOptions.DataStrategy.custom { decoder in
  var container = try decoder.unkeyedContainer()
  var bytes: [UInt8] = []
  while !container.isAtEnd {
    let string = try container.decode(String.self)
    guard let byte = UInt8(string, radix: 16) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not hex")
    }
    bytes.append(byte)
  }
  return Data(bytes)
}

/// Lowercases every JSON key.
private let lowercaseKeys = ParityOptions.KeyStrategy.custom { path in
  AnyKey(stringValue: path.last?.stringValue.lowercased() ?? "")
}

/// Prefixes every JSON key with the path it was found at, so the keys record the paths that
/// the strategy was given.
private let pathPrefixKeys = ParityOptions.KeyStrategy.custom { path in
  AnyKey(stringValue: render(path))
}

/// Appends to every JSON key the path of its object, so that PathProbe's log records the paths
/// that the strategy was given (and keys starting with `nested` or `super` keep their role).
private let pathSuffixKeys = ParityOptions.KeyStrategy.custom { path in
  AnyKey(stringValue: (path.last?.stringValue ?? "") + "@" + render(path.dropLast()))
}

extension DecoderParityTests {
  static let dateCases: [ParityCase] = [
    ParityCase("deferredToDate", Date.self, "0"),
    ParityCase("deferredToDate fraction", [Date].self, "[1.5, -1e9]"),
    ParityCase("deferredToDate from a string", Box<Date>.self, #"{"value": "2024"}"#),
    ParityCase("deferredToDate from null", Box<Date>.self, #"{"value": null}"#),
    ParityCase("secondsSince1970", Date.self, "1700000000", options: ParityOptions(dates: .secondsSince1970)),
    ParityCase("secondsSince1970 fraction", [Date].self, "[1.5, -2]", options: ParityOptions(dates: .secondsSince1970)),
    ParityCase(
      "secondsSince1970 from a string", Box<Date>.self, #"{"value": "1"}"#,
      options: ParityOptions(dates: .secondsSince1970)),
    ParityCase("secondsSince1970 from null", [Date].self, "[null]", options: ParityOptions(dates: .secondsSince1970)),
    ParityCase("secondsSince1970 out of range", Date.self, "1e400", options: ParityOptions(dates: .secondsSince1970)),
    ParityCase(
      "millisecondsSince1970", Date.self, "1700000000123",
      options: ParityOptions(dates: .millisecondsSince1970)),
    ParityCase(
      "millisecondsSince1970 from a bool", Box<Date>.self, #"{"value": true}"#,
      options: ParityOptions(dates: .millisecondsSince1970)),
    ParityCase("iso8601", Date.self, #""2024-05-01T12:30:00Z""#, options: ParityOptions(dates: .iso8601)),
    ParityCase(
      "iso8601 with an offset", Date.self, #""2024-05-01T12:30:00+02:00""#,
      options: ParityOptions(dates: .iso8601)),
    ParityCase(
      "iso8601 with fractional seconds", Date.self, #""2024-05-01T12:30:00.123Z""#,
      options: ParityOptions(dates: .iso8601)),
    ParityCase("iso8601 date only", Date.self, #""2024-05-01""#, options: ParityOptions(dates: .iso8601)),
    ParityCase(
      "iso8601 garbage in a struct", Box<Date>.self, #"{"value": "yesterday"}"#,
      options: ParityOptions(dates: .iso8601)),
    ParityCase(
      "iso8601 garbage in an array", [Date].self, #"["2024-05-01T12:30:00Z", "x"]"#,
      options: ParityOptions(dates: .iso8601)),
    ParityCase(
      "iso8601 garbage in a nested container", [DatesInContainers].self, #"[{"outer": {"date": "x"}}]"#,
      options: ParityOptions(dates: .iso8601)),
    ParityCase(
      "iso8601 garbage in a single-value container", [DatesInContainers].self,
      #"[{"outer": {"date": "2024-05-01T12:30:00Z"}, "single": "x"}]"#, options: ParityOptions(dates: .iso8601)),
    ParityCase(
      "iso8601 garbage in a [String: Date]", Box<[String: Date]>.self, #"{"value": {"a": "x"}}"#,
      options: ParityOptions(dates: .iso8601)),
    ParityCase(
      "iso8601 garbage in a [String: Date] under snake case", Box<[String: Date]>.self,
      #"{"value": {"a": "x"}}"#, options: ParityOptions(dates: .iso8601, keys: .convertFromSnakeCase)
    )
    .knownDifference(
      "Under a key strategy JSONDecoder decodes [String: …] itself without entering its path, so it "
        + "reports an invalid ISO 8601 date inside at the path above the dictionary"),
    ParityCase(
      "iso8601 garbage in a nested array", Box<[[Date]]>.self, #"{"value": [[], ["x"]]}"#,
      options: ParityOptions(dates: .iso8601)),
    ParityCase("iso8601 from a number", Box<Date>.self, #"{"value": 0}"#, options: ParityOptions(dates: .iso8601)),
    ParityCase("iso8601 from null", Box<Date>.self, #"{"value": null}"#, options: ParityOptions(dates: .iso8601)),
    ParityCase("formatted", Date.self, #""2024-05-01""#, options: ParityOptions(dates: .formatted(dayFormatter))),
    ParityCase(
      "formatted mismatch", Box<Date>.self, #"{"value": "05/01/2024"}"#,
      options: ParityOptions(dates: .formatted(dayFormatter))),
    ParityCase("formatted from a number", [Date].self, "[1]", options: ParityOptions(dates: .formatted(dayFormatter))),
    ParityCase("custom", [Date].self, #"["@0", "@1.5"]"#, options: ParityOptions(dates: atSecondsStrategy)),
    ParityCase(
      "custom throws at the value's path", Box<[Date]>.self, #"{"value": ["@0", "now"]}"#,
      options: ParityOptions(dates: atSecondsStrategy)),
    ParityCase(
      "custom gets a type mismatch", Box<Date>.self, #"{"value": 1}"#,
      options: ParityOptions(dates: atSecondsStrategy)),
    ParityCase(
      "custom throws its own error", [Date].self, #"["@1", "!"]"#,
      options: ParityOptions(dates: throwingStrategy)),
    ParityCase(
      "custom is not asked for null", [Date].self, "[1, null]", options: ParityOptions(dates: nullTolerantDates)),
    ParityCase(
      "custom is not asked for null in a struct", Box<Date>.self, #"{"value": null}"#,
      options: ParityOptions(dates: nullTolerantDates)),
    ParityCase(
      "optional date absent and null", [String: Date?].self, #"{"a": null, "b": "@2"}"#,
      options: ParityOptions(dates: atSecondsStrategy)),
  ]

  static let dataCases: [ParityCase] = [
    ParityCase("base64", Data.self, #""aGVsbG8=""#),
    ParityCase("base64 empty", Data.self, #""""#),
    ParityCase("base64 with escapes", Data.self, #""aGVs\u0062G8=""#),
    ParityCase("base64 with an escaped newline", Data.self, #""aGVs\nbG8=""#),
    ParityCase("base64 with a raw space", Data.self, #""aGVs bG8=""#),
    ParityCase("base64 with extra padding", Data.self, #""aGVsbG8==""#),
    ParityCase("base64 URL alphabet", Data.self, #""-_8=""#),
    ParityCase("base64 invalid", Box<Data>.self, #"{"value": "not base64!"}"#),
    ParityCase("base64 without padding", Data.self, #""aGVsbG8""#),
    ParityCase("base64 from a number", Box<Data>.self, #"{"value": 1}"#),
    ParityCase("base64 from an array", Data.self, "[104, 105]"),
    ParityCase("base64 from null", [Data].self, "[null]"),
    ParityCase("deferredToData", Data.self, "[104, 105]", options: ParityOptions(data: .deferredToData)),
    ParityCase(
      "deferredToData out of range", Box<Data>.self, #"{"value": [1, 256]}"#,
      options: ParityOptions(data: .deferredToData)),
    ParityCase("deferredToData from a string", Data.self, #""aGk=""#, options: ParityOptions(data: .deferredToData)),
    ParityCase("custom", Data.self, #"["0a", "FF"]"#, options: ParityOptions(data: hexDataStrategy)),
    ParityCase(
      "custom is not asked for null", [Data].self, #"["aGk=", null]"#, options: ParityOptions(data: nullTolerantData)),
    ParityCase(
      "deferredToData from null", Box<Data>.self, #"{"value": null}"#, options: ParityOptions(data: .deferredToData)),
    ParityCase(
      "custom throws at the container's path", Box<Data>.self, #"{"value": ["0a", "zz"]}"#,
      options: ParityOptions(data: hexDataStrategy)),
    ParityCase(
      "custom gets a type mismatch", [Data].self, #"[["0a"], "0a"]"#,
      options: ParityOptions(data: hexDataStrategy)),
  ]

  static let nonConformingFloatCases: [ParityCase] = [
    ParityCase("inf into Double", Double.self, #""inf""#, options: .infinityStrings),
    ParityCase("-inf into Double", Double.self, #""-inf""#, options: .infinityStrings),
    ParityCase("nan into Double", Double.self, #""nan""#, options: .infinityStrings),
    ParityCase("inf into Float", Float.self, #""inf""#, options: .infinityStrings),
    ParityCase("-inf into Float", Float.self, #""-inf""#, options: .infinityStrings),
    ParityCase("nan into Float", Float.self, #""nan""#, options: .infinityStrings),
    ParityCase(
      "nan into Double in a struct", Box<Double>.self, bytes: Array(#"{"value": "nan"}"#.utf8),
      options: .infinityStrings, isSame: { $0.value.isNaN && $1.value.isNaN }),
    ParityCase(
      "other string with convertFromString", [Double].self, #"[1, "Infinity"]"#,
      options: .infinityStrings),
    ParityCase(
      "inf with convertFromString into Int", Int.self, #""inf""#,
      options: .infinityStrings),
    ParityCase(
      "escaped inf with convertFromString", Double.self, #""\u0069nf""#,
      options: .infinityStrings),
    ParityCase(
      "non-ASCII infinity string", [Float].self, #"["∞", "-∞"]"#,
      options: ParityOptions(floats: .convertFromString(positiveInfinity: "∞", negativeInfinity: "-∞", nan: "é"))),
    ParityCase(
      "canonically equivalent NaN string", Double.self, "\"e\u{301}\"",
      options: ParityOptions(floats: .convertFromString(positiveInfinity: "∞", negativeInfinity: "-∞", nan: "é"))),
    ParityCase("inf with throw", Box<Double>.self, #"{"value": "inf"}"#),
    ParityCase("bare Infinity is malformed JSON", Double.self, "Infinity"),
    ParityCase(
      "bare NaN is malformed JSON", Double.self, "NaN",
      options: .infinityStrings),
  ]

  static let keyStrategyCases: [ParityCase] = [
    ParityCase("snake case", SnakeKeys.self, #"{"first_name": "A"}"#, options: .snakeCase),
    ParityCase("snake case keeps a leading underscore", SnakeKeys.self, #"{"_leading": 1}"#, options: .snakeCase),
    ParityCase("snake case keeps a trailing underscore", SnakeKeys.self, #"{"trailing_": 1}"#, options: .snakeCase),
    ParityCase(
      "snake case keeps two leading underscores", SnakeKeys.self, #"{"__double_leading": 1}"#,
      options: .snakeCase),
    ParityCase("snake case drops empty words", SnakeKeys.self, #"{"a__b": 1}"#, options: .snakeCase),
    ParityCase("snake case lowercases the first word", SnakeKeys.self, #"{"URL_string": 1}"#, options: .snakeCase),
    ParityCase("snake case capitalizes after a digit", SnakeKeys.self, #"{"1st_place": 1}"#, options: .snakeCase),
    ParityCase("snake case of ALL_CAPS", SnakeKeys.self, #"{"ALL_CAPS": 1}"#, options: .snakeCase),
    ParityCase("snake case leaves camel case alone", SnakeKeys.self, #"{"alreadyCamel": 1}"#, options: .snakeCase),
    ParityCase(
      "snake case does not match the converted name in the JSON", SnakeKeys.self,
      #"{"first_name": "A", "firstName": "B"}"#, options: .snakeCase),
    ParityCase(
      "snake case leaves [String: Int] keys alone", SnakeKeys.self,
      #"{"counts": {"snake_key": 1, "x": 2}}"#, options: .snakeCase),
    ParityCase(
      "snake case leaves top-level [String: Int] keys alone", [String: Int].self, #"{"a_b": 1}"#,
      options: .snakeCase),
    ParityCase(
      "snake case leaves [String: Person] keys but converts Person's", [String: Box<Int>].self,
      #"{"a_b": {"value": 1}}"#, options: .snakeCase),
    ParityCase(
      "snake case converts CodingKeyRepresentable keys", [Color: Int].self, #"{"red": 1, "gre_en": 2}"#,
      options: .snakeCase),
    ParityCase(
      "snake case keys colliding in a struct: the first wins", SnakeKeys.self,
      #"{"firstName": "camel", "first_name": "snake"}"#, options: .snakeCase),
    ParityCase(
      "snake case in a large object", SnakeKeys.self,
      "{" + (0..<70).map { "\"k_\($0)\": \($0)" }.joined(separator: ", ") + #", "first_name": "A"}"#,
      options: .snakeCase),
    ParityCase(
      "snake case in associated-value enums", [Shape].self, #"[{"point": {}}, {"circle": {"radius": 1}}]"#,
      options: .snakeCase),
    ParityCase(
      "custom key strategy with colliding keys", LowercaseKeys.self, #"{"ID": 1, "Name": "A", "NAME": "B"}"#,
      options: ParityOptions(keys: lowercaseKeys)),
    ParityCase("snake case of an escaped key", SnakeKeys.self, #"{"first\u005fname": "A"}"#, options: .snakeCase),
    ParityCase("snake case with a missing key", Person.self, #"{"first_name": "x", "age": 1}"#, options: .snakeCase),
    ParityCase("snake case error path", SnakeKeys.self, #"{"person": {"name": "A", "age": "x"}}"#, options: .snakeCase),
    ParityCase("snake case with combining marks", [String: Int].self, #"{"a_\u0301b": 1}"#, options: .snakeCase),
    ParityCase("snake case key of underscores only", KeyList.self, #"{"___": 1, "_": 2}"#, options: .snakeCase),
    ParityCase("snake case of non-ASCII words", KeyList.self, #"{"straße_öl": 1, "ǆ_ǆ": 2}"#, options: .snakeCase),
    ParityCase("snake case into Int keys", [Int: String].self, #"{"1_2": "a"}"#, options: .snakeCase),
    ParityCase(
      "snake case leaves keys of [[String: Int]] alone", [[String: Int]].self, #"[{"a_b": 1}]"#,
      options: .snakeCase),
    ParityCase(
      "snake case leaves keys of [String: Int]? alone", Box<[String: Int]?>.self,
      #"{"value": {"a_b": 1}}"#, options: .snakeCase),
    ParityCase(
      "custom key strategy", LowercaseKeys.self, #"{"NAME": "A", "Id": 1}"#,
      options: ParityOptions(keys: lowercaseKeys)),
    ParityCase(
      "custom key strategy with a missing key", LowercaseKeys.self, #"{"NAME": "A"}"#,
      options: ParityOptions(keys: lowercaseKeys)),
    ParityCase(
      "custom key strategy gets each key's path", KeyList.self, #"{"a": 1, "b": 2}"#,
      options: ParityOptions(keys: pathPrefixKeys)),
    ParityCase(
      "custom key strategy gets nested paths", [String: [KeyList]].self, #"{"x": [{"y": 1}, {"z": 2}]}"#,
      options: ParityOptions(keys: pathPrefixKeys)),
    ParityCase(
      "custom key strategy in nested containers and super decoders", PathProbe.self,
      #"{"a": {"b": 1}, "nestedC": {"d": [1, {"e": 2}]}, "superF": {"g": 3}, "super": 4}"#,
      options: ParityOptions(keys: pathSuffixKeys)),
    ParityCase(
      "custom key strategy leaves [String: Int] keys alone", Box<[String: Int]>.self,
      #"{"VALUE": {"A": 1}}"#, options: ParityOptions(keys: lowercaseKeys)),
  ]
}
