import FlexDecoder
import Foundation
import Testing

/// The encoder writes a member's key from the bytes it wrote for it before (KeyBytesCache.swift):
/// found by the key `String`, or, for coding keys of one byte, by that byte in a table per key
/// type. Whatever the key type and however the cache was filled or emptied, the output must be
/// `JSONEncoder`'s, byte for byte (keys sorted).
@Suite("Key bytes cache")
struct KeyBytesCacheTests {
  @Test func twoKeyTypesWhoseSameByteNamesDifferentKeysWriteTheirOwnKeys() throws {
    let value = TwoKeyTypesValue(alpha: 1, beta: 2, gamma: 3, child: TwoKeyTypesValue(alpha: 4, beta: 5, gamma: 6))
    try expectSameEncoding(value)
    #expect(
      String(decoding: try sortedEncoder().encode(value), as: UTF8.self)
        == #"{"alpha":1,"beta":2,"child":{"alpha":4,"beta":5,"gamma":6},"gamma":3}"#)
  }

  @Test func aOneByteStructKeyUsingEveryByteWritesEachKey() throws {
    try expectSameEncoding(EveryByte())
  }

  @Test func anEnumKeyWithAPayloadInItsByteWritesEachKey() throws {
    try expectSameEncoding(PayloadKeyedValue())
  }

  @Test func keysWrittenAfterTheFormattingChangedAreTheNewFormatting() throws {
    // Each change of formatting empties the cache and the byte tables with it.
    let value = RenamedValue(id: 1, name: "Ada", tags: ["a", "b"])
    let flex = FlexJSONEncoder()
    let foundation = JSONEncoder()
    for formatting in [[.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys], [.sortedKeys, .prettyPrinted]]
      as [JSONEncoder.OutputFormatting]
    {
      flex.outputFormatting = FlexJSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
      foundation.outputFormatting = formatting
      #expect(try flex.encode(value) == foundation.encode(value))
      #expect(try flex.encode([value, value]) == foundation.encode([value, value]))
    }
  }

  @Test func keyStrategiesWriteConvertedKeysForOneByteKeys() throws {
    let value = RenamedValue(id: 1, name: "Ada", tags: [])
    let flex = sortedEncoder()
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    // The same key type without, with, then without the strategy.
    for snakeCase in [false, true, false] {
      flex.keyEncodingStrategy = snakeCase ? .convertToSnakeCase : .useDefaultKeys
      foundation.keyEncodingStrategy = snakeCase ? .convertToSnakeCase : .useDefaultKeys
      #expect(try flex.encode(value) == foundation.encode(value))
    }
  }

  // MARK: - Helpers

  private func sortedEncoder() -> FlexJSONEncoder {
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }

  /// Encodes `value` with JSONEncoder and FlexJSONEncoder (a shared one twice, then a new one),
  /// keys sorted, and expects the same bytes.
  private func expectSameEncoding<T: Encodable>(
    _ value: T, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let expected = try foundation.encode(value)
    let shared = sortedEncoder()
    for encoder in [shared, shared, sortedEncoder()] {
      #expect(try encoder.encode(value) == expected, sourceLocation: sourceLocation)
    }
  }
}

private struct RenamedValue: Encodable {
  var id: Int
  var name: String
  var tags: [String]

  enum CodingKeys: String, CodingKey {
    case id = "ID"
    case name = "full_name"
    case tags = "tagList"
  }
}

/// Writes `alpha` and `child` through one key type and `beta` and `gamma` through another, whose
/// first case has the same byte as `alpha`.
private final class TwoKeyTypesValue: Encodable {
  let alpha: Int
  let beta: Int
  let gamma: Int
  let child: TwoKeyTypesValue?

  init(alpha: Int, beta: Int, gamma: Int, child: TwoKeyTypesValue? = nil) {
    (self.alpha, self.beta, self.gamma, self.child) = (alpha, beta, gamma, child)
  }

  enum FirstKeys: CodingKey { case alpha, child }
  enum SecondKeys: CodingKey { case beta, gamma }

  func encode(to encoder: any Encoder) throws {
    var first = encoder.container(keyedBy: FirstKeys.self)
    var second = encoder.container(keyedBy: SecondKeys.self)
    try first.encode(alpha, forKey: .alpha)
    try second.encode(beta, forKey: .beta)
    try first.encodeIfPresent(child, forKey: .child)
    try second.encode(gamma, forKey: .gamma)
  }
}

/// All 256 keys of ``ByteKey``, odd bytes first: the byte table grows past its first entries.
private struct EveryByte: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ByteKey.self)
    for byte in ByteKey.allBytesShuffled {
      try container.encode(byte * 3, forKey: ByteKey(byte: UInt8(byte)))
    }
  }
}

private struct PayloadKeyedValue: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: PayloadKey.self)
    try container.encode(1, forKey: .flag(true))
    try container.encode(2, forKey: .flag(false))
    try container.encode(3, forKey: .plain)
  }
}
