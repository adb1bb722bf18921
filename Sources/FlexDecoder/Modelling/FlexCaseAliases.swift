/// A `String` enum that also reads other spellings of its cases: an API that sends `"enabled"`,
/// `"on"` and `"active"` for one case.
///
/// ```swift
/// enum Status: String, Codable, FlexCaseAliases {
///   case active, suspended
///   static let caseAliases: [String: Status] = ["enabled": .active, "on": .active, "banned": .suspended]
/// }
/// // ["active", "on", "banned"] decodes as [.active, .active, .suspended]
/// ```
///
/// The protocol supplies `init(from:)`, so the aliases work under any decoder. A raw value wins
/// over an alias; a string that is neither is the standard library's error ("Cannot initialize
/// Status from invalid String value …"). Encoding writes the raw value.
/// (``FlexCoercions/caseInsensitiveEnums`` matches raw values ignoring case, for any
/// `CaseIterable` `String` enum.)
public protocol FlexCaseAliases: RawRepresentable, Decodable where RawValue == String {
  /// Other spellings of the cases, matched exactly.
  static var caseAliases: [String: Self] { get }
}

extension FlexCaseAliases {
  /// Reads the raw value, or an alias.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Self(rawValue: text) ?? Self.caseAliases[text] else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Cannot initialize \(Self.self) from invalid String value \(text)")
    }
    self = value
  }
}
