import Foundation
import Testing

@testable import FlexDecoder

/// UUIDs read from their text without `UUID(uuidString:)` (UUIDText.swift): the same UUIDs for
/// the same texts, and every other text left to Foundation.
@Suite("UUID text")
struct UUIDTextTests {
  private static let canonical = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

  private static func native(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8 { UUIDText.uuid(from: UnsafeRawBufferPointer($0)) }
  }

  @Test(arguments: [
    canonical, canonical.lowercased(), "e621E1f8-c36C-495a-93Fc-0c247A3e6E5f", "00000000-0000-0000-0000-000000000000",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
  ])
  func aCanonicalTextGivesFoundationsUUID(text: String) throws {
    let expected = try #require(UUID(uuidString: text))
    #expect(Self.native(text) == expected)
  }

  /// Every position of the text, replaced by bytes of each kind (digits, letters either side of
  /// the hexadecimal ranges, signs, spaces, the dash, a control and a non-ASCII character): a
  /// UUID read natively is Foundation's, and only the canonical form is read natively. (On Linux
  /// `UUID(uuidString:)` also takes spaces and signs that its `sscanf` skips: those texts are
  /// left to it.)
  @Test func eachPositionReadsNativelyOnlyHexDigitsAndDashesInPlace() {
    let replacements: [Character] = [
      "0", "9", "a", "f", "A", "F", "g", "G", "@", "`", "/", ":", "-", "+", " ", "x", "\u{01}", "é",
    ]
    let dashes: Set = [8, 13, 18, 23]
    for position in 0..<UUIDText.length {
      for replacement in replacements {
        var characters = Array(Self.canonical)
        characters[position] = replacement
        let text = String(characters)
        let native = Self.native(text)
        if let native { #expect(native == UUID(uuidString: text), "\(text)") }
        let isCanonical = dashes.contains(position) ? replacement == "-" : replacement.isHexDigit
        #expect((native != nil) == isCanonical, "\(text)")
      }
    }
  }

  @Test(arguments: [
    "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
    "E621E1F8C36C495A93FC0C247A3E6E5F", "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
  ])
  func otherLengthsAreLeftToFoundation(text: String) {
    #expect(Self.native(text) == nil)
  }

  /// Through the decoder: valid texts, escaped ones (left to `UUID.init(from:)`) and invalid
  /// ones decode, or fail, as with JSONDecoder.
  @Test(arguments: [
    #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]"#,
    #"["\u0045621E1F8-C36C-495A-93FC-0C247A3E6E5F"]"#,
    #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5G"]"#,
    #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", 12]"#,
    #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", null]"#,
    #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E+F"]"#,
  ])
  func uuidsDecodeAsWithJSONDecoder(json: String) throws {
    let data = Data(json.utf8)
    let foundation = Result { try JSONDecoder().decode([UUID].self, from: data) }
    let flex = Result { try FlexJSONDecoder.strict().decode([UUID].self, from: data) }
    switch (flex, foundation) {
    case (.success(let flexValue), .success(let foundationValue)):
      #expect(flexValue == foundationValue)
      #expect(flexValue.first?.uuidString == Self.canonical)
    case (.failure(let flexError as DecodingError), .failure(let foundationError as DecodingError)):
      #expect(DecodingErrorSummary(flexError).kind == DecodingErrorSummary(foundationError).kind)
      #expect(DecodingErrorSummary(flexError).path == DecodingErrorSummary(foundationError).path)
    default:
      Issue.record("Flex: \(flex), Foundation: \(foundation)")
    }
  }

  // MARK: Writing

  @Test func theTextOfAUUIDIsItsUUIDString() throws {
    var generator = SeededGenerator(seed: 0x0DD)
    for _ in 0..<2_000 {
      let uuid = UUID(uuid: withUnsafeBytes(of: (generator.next(), generator.next())) { $0.load(as: uuid_t.self) })
      #expect(UUIDText.text(of: uuid) == uuid.uuidString)
    }
    #expect(UUIDText.text(of: try #require(UUID(uuidString: Self.canonical.lowercased()))) == Self.canonical)
  }

  /// Through both encoders, streaming and tree (a key encoded twice takes the tree): JSONEncoder's
  /// bytes.
  @Test(arguments: [false, true])
  func uuidsEncodeAsWithJSONEncoder(encodesAKeyTwice: Bool) throws {
    let ids = (0..<5).map { _ in UUID() }
    let order = UUIDOrder(id: ids[0], lines: Array(ids[1...]), parent: nil, encodesIDTwice: encodesAKeyTwice)
    let flex = FlexJSONEncoder()
    flex.outputFormatting = [.sortedKeys]
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys]
    #expect(try flex.encode(order) == foundation.encode(order))
    #expect(try flex.encode(ids) == foundation.encode(ids))
  }
}

private struct UUIDOrder: Encodable {
  let id: UUID
  let lines: [UUID]
  let parent: UUID?
  let encodesIDTwice: Bool

  private enum CodingKeys: String, CodingKey { case id, lines, parent }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if encodesIDTwice { try container.encode("placeholder", forKey: .id) }
    try container.encode(id, forKey: .id)
    try container.encode(lines, forKey: .lines)
    try container.encodeIfPresent(parent, forKey: .parent)
  }
}
