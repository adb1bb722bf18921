/// Which mismatched JSON types ``FlexJSONDecoder`` converts instead of throwing.
///
/// Each option is independent. A coercion only acts where `JSONDecoder` would have thrown a
/// type mismatch: values of the right type decode exactly as before.
///
/// ```swift
/// let decoder = FlexJSONDecoder()
/// decoder.coercions = .standard                 // the default
/// decoder.coercions.insert(.singleToArray)      // add one
/// decoder.coercions = []                        // none: JSONDecoder's behaviour
/// ```
public struct FlexCoercions: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt32

  /// Creates a set from raw bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// A number where a `String` is expected becomes the number's own text: `42` → `"42"`,
  /// `1.50` → `"1.50"`; so does a number where a `String`-backed enum is expected (`404` is the
  /// case whose raw value is `"404"`). A number never becomes a `URL`.
  public static let numberToString = FlexCoercions(rawValue: 1 << 0)
  /// A string holding a number where a number is expected is parsed: `"42"`, `" 42 "`, `"1e3"`,
  /// `"-0.5"`. Range-checked like a number: `"300"` into `UInt8` and `"1.5"` into `Int` are type
  /// mismatches, `"1.0"` into `Int` is 1. `"abc"` stays a type mismatch.
  public static let stringToNumber = FlexCoercions(rawValue: 1 << 1)
  /// `"true"`, `"false"`, `"yes"`, `"no"`, `"1"`, `"0"` (any case, surrounding spaces ignored)
  /// where a `Bool` is expected.
  public static let stringToBool = FlexCoercions(rawValue: 1 << 2)
  /// The numbers `0` and `1` where a `Bool` is expected.
  public static let numberToBool = FlexCoercions(rawValue: 1 << 3)
  /// `true` and `false` where a number is expected become 1 and 0.
  public static let boolToNumber = FlexCoercions(rawValue: 1 << 4)
  /// A string that holds a JSON object or array is parsed (with the decoder's own options) when
  /// a keyed or unkeyed container is asked for: `"{\"a\":1}"` decodes as `{"a":1}`.
  public static let jsonStringToValue = FlexCoercions(rawValue: 1 << 5)
  /// A single value where an array is expected becomes a one-element array: `"a"` decodes as
  /// `["a"]` into `[String]`.
  public static let singleToArray = FlexCoercions(rawValue: 1 << 6)

  /// `true` and `false` where a `String` is expected become `"true"` and `"false"`. Off in
  /// `.standard`: a flag read as text is more often a modelling mistake than API drift.
  public static let boolToString = FlexCoercions(rawValue: 1 << 7)
  /// A number with a fraction where an integer is expected is truncated toward zero: `1.9` → 1,
  /// `-1.9` → -1 (also in a string under `stringToNumber`). Range-checked. Off in `.standard`:
  /// it loses data.
  public static let truncatingFloatToInteger = FlexCoercions(rawValue: 1 << 8)
  /// A number with a fraction where an integer is expected is rounded to the nearest, halves away
  /// from zero: `1.5` → 2, `1.4` → 1 (also in a string under `stringToNumber`). Range-checked; wins
  /// over `truncatingFloatToInteger` when both are set. Off in `.standard`: it loses data.
  public static let roundingFloatToInteger = FlexCoercions(rawValue: 1 << 9)
  /// The one-letter strings `"y"`, `"t"` (true) and `"n"`, `"f"` (false), any case, where a
  /// `Bool` is expected. Off in `.standard`: single letters are too easily something else.
  public static let letterToBool = FlexCoercions(rawValue: 1 << 10)
  /// The strings `"<null>"`, `"null"`, `"nil"` and `"NULL"` (any case) where an optional of
  /// another type is expected read as `null`: `"price": "<null>"` decodes `nil` into `Double?`
  /// (a `String?` keeps the text, which is a valid string). Off in `.standard`: those strings are
  /// text for a `String`.
  public static let nullStrings = FlexCoercions(rawValue: 1 << 11)
  /// The raw value of a `String` enum that is `CaseIterable` matched ignoring case: `"ACTIVE"`
  /// is `.active` (`rawValue` `"active"`). Off in `.standard`: two cases may differ only by case.
  public static let caseInsensitiveEnums = FlexCoercions(rawValue: 1 << 12)
  /// Any number, or a string holding one (as `stringToNumber` reads it), where a `Bool` is
  /// expected: zero is `false`, anything else `true` (`2`, `1.5`, `"2"`, `"1.0"`, `"-3"` are `true`;
  /// `0`, `-0`, `0.0`, `"0.0"`, `"-0"` are `false`), as YYModel's `NSNumber.boolValue` and
  /// ReerCodable read them. Zero is decided on the digits, so `1e-400` is `true`. Off in
  /// `.standard`: a count or a status code read as a flag is more often a modelling mistake.
  public static let nonZeroToBool = FlexCoercions(rawValue: 1 << 13)
  /// The strings `"true"`, `"yes"` (1) and `"false"`, `"no"` (0), any case, surrounding spaces
  /// ignored, where a number is expected, as YYModel reads `@"YES"` into an `int` or `double`
  /// property. Off in `.standard`: a word where a number is expected is more often API drift.
  public static let boolStringToNumber = FlexCoercions(rawValue: 1 << 14)

  /// The default: `numberToString`, `stringToNumber`, `stringToBool`, `numberToBool`.
  public static let standard: FlexCoercions = [.numberToString, .stringToNumber, .stringToBool, .numberToBool]
  /// Every coercion.
  public static let all: FlexCoercions = [
    .numberToString, .stringToNumber, .stringToBool, .numberToBool, .boolToNumber, .jsonStringToValue,
    .singleToArray, .boolToString, .truncatingFloatToInteger, .roundingFloatToInteger, .letterToBool, .nullStrings,
    .caseInsensitiveEnums, .nonZeroToBool, .boolStringToNumber,
  ]

  /// Whether a number with a fraction may become an integer.
  var convertsFloatToInteger: Bool {
    !isDisjoint(with: [.truncatingFloatToInteger, .roundingFloatToInteger])
  }
}
