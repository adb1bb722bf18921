import FlexDecoder
import Foundation
import Testing

/// Coding keys of one byte (the enums `Codable` synthesizes, and any other key type of at most
/// one byte) are looked up by that byte after their first use (KeyTagTable.swift). Whatever the
/// key type, the same key must find the same value as `JSONDecoder`: raw values that differ from
/// case names, two key types whose same byte names different keys, key types of no byte, of one
/// byte that is not an enum, with payloads, with every byte used, and key strategies and maps,
/// which work on names.
@Suite("Key tag table")
struct KeyTagTableTests {
  @Test func rawValuesOtherThanTheCaseNamesAreTheKeysLookedUp() throws {
    let data = Data(#"[{"ID": 7, "full_name": "Ada", "id": 1, "name": "x"}, {"full_name": "Bo", "ID": 8}]"#.utf8)
    try expectSameDecoding([RenamedKeys].self, from: data)
    let decoded = try FlexJSONDecoder().decode([RenamedKeys].self, from: data)
    #expect(decoded == [RenamedKeys(id: 7, name: "Ada"), RenamedKeys(id: 8, name: "Bo")])
  }

  @Test func twoKeyTypesWhoseSameByteNamesDifferentKeysReadTheirOwnKeys() throws {
    // `FirstKeys.alpha` and `SecondKeys.beta` are both byte 0, asked of one object in turn, and
    // of nested objects of the same type (a container that is still in use is not reused).
    let data = Data(#"{"alpha": 1, "beta": 2, "gamma": 3, "child": {"alpha": 4, "beta": 5, "gamma": 6}}"#.utf8)
    try expectSameDecoding(TwoKeyTypes.self, from: data)
    let decoded = try FlexJSONDecoder().decode(TwoKeyTypes.self, from: data)
    #expect(decoded.values == [1, 2, 3])
    #expect(decoded.child?.value.values == [4, 5, 6])
  }

  @Test func aKeyTypeOfNoByteHasItsOneKey() throws {
    #expect(MemoryLayout<OnlyKey.CodingKeys>.size == 0)
    let data = Data(#"[{"only": 1}, {"other": 2, "only": 3}, {}]"#.utf8)
    try expectSameDecoding([OnlyKey].self, from: data)
    #expect(try FlexJSONDecoder().decode([OnlyKey].self, from: data).map(\.only) == [1, 3, nil])
  }

  @Test func aOneByteStructKeyUsingEveryByteFindsEachKey() throws {
    // 256 keys: the table grows past its first entries and holds every byte.
    #expect(MemoryLayout<ByteKey>.size == 1)
    let members = (0..<256).map { "\"k\($0)\": \($0 * 3)" }
    let data = Data(("{" + members.joined(separator: ", ") + "}").utf8)
    for _ in 0..<2 {
      let decoded = try FlexJSONDecoder().decode(AllBytes.self, from: data)
      #expect(decoded.values == (0..<256).map { $0 * 3 })
    }
    let reference = try JSONDecoder().decode(AllBytes.self, from: data)
    #expect(try FlexJSONDecoder.strict().decode(AllBytes.self, from: data) == reference)
  }

  @Test func anEnumKeyWithAPayloadInItsByteFindsEachKey() throws {
    #expect(MemoryLayout<PayloadKey>.size == 1)
    let data = Data(#"{"on": 1, "off": 2, "plain": 3}"#.utf8)
    try expectSameDecoding(PayloadKeyed.self, from: data)
    #expect(try FlexJSONDecoder().decode(PayloadKeyed.self, from: data).values == [1, 2, 3])
  }

  @Test func keyStrategiesAndKeyMapsStillConvertAndMapTheKeys() throws {
    let data = Data(#"{"user_id": 5, "display_name": "Ann"}"#.utf8)
    let snake = FlexJSONDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    let reference = JSONDecoder()
    reference.keyDecodingStrategy = .convertFromSnakeCase
    // The same key type first without, then with the strategy, then without again.
    #expect(try FlexJSONDecoder().decode(SnakeModel.self, from: data) == SnakeModel(userId: nil, displayName: nil))
    #expect(try snake.decode(SnakeModel.self, from: data) == reference.decode(SnakeModel.self, from: data))
    #expect(try snake.decode(SnakeModel.self, from: data) == SnakeModel(userId: 5, displayName: "Ann"))
    #expect(try FlexJSONDecoder().decode(SnakeModel.self, from: data) == SnakeModel(userId: nil, displayName: nil))

    let mapped = FlexJSONDecoder()
    mapped.keyMapping = ["userId": ["user_id"]]
    #expect(try mapped.decode(SnakeModel.self, from: data) == SnakeModel(userId: 5, displayName: nil))
  }

  @Test func unknownKeysAreThoseNoLookupUsed() throws {
    let decoder = FlexJSONDecoder()
    decoder.unknownKeyPolicy = .report
    // Twice: the second call finds both keys by their bytes.
    for _ in 0..<2 {
      let result = try decoder.decodeWithReport(
        RenamedKeys.self, from: Data(#"{"ID": 1, "id": 2, "full_name": "A"}"#.utf8))
      #expect(result.value == RenamedKeys(id: 1, name: "A"))
      #expect(result.issues == [FlexIssue(kind: .unknownKey, path: "id", message: #"unknown key "id""#)])
    }
  }

  // MARK: - Helpers

  /// Decodes `data` with JSONDecoder, FlexJSONDecoder.strict() and a default FlexJSONDecoder,
  /// twice each (the second call finds the keys in the table), and expects equal values.
  private func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, from data: Data, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let expected = try JSONDecoder().decode(type, from: data)
    for decoder in [FlexJSONDecoder.strict(), FlexJSONDecoder()] {
      for _ in 0..<2 {
        #expect(try decoder.decode(type, from: data) == expected, sourceLocation: sourceLocation)
      }
    }
  }
}

private struct RenamedKeys: Codable, Equatable {
  var id: Int
  var name: String

  enum CodingKeys: String, CodingKey {
    case id = "ID"
    case name = "full_name"
  }
}

/// Reads `alpha` through one key type and `beta` and `gamma` through another, whose first case
/// has the same byte as `alpha`.
private struct TwoKeyTypes: Decodable, Equatable {
  var values: [Int]
  var child: Box?

  final class Box: Decodable, Equatable {
    let value: TwoKeyTypes
    init(from decoder: any Decoder) throws { value = try TwoKeyTypes(from: decoder) }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
  }

  enum FirstKeys: CodingKey { case alpha, child }
  enum SecondKeys: CodingKey { case beta, gamma }

  init(from decoder: any Decoder) throws {
    let first = try decoder.container(keyedBy: FirstKeys.self)
    let second = try decoder.container(keyedBy: SecondKeys.self)
    values = [
      try first.decode(Int.self, forKey: .alpha), try second.decode(Int.self, forKey: .beta),
      try second.decode(Int.self, forKey: .gamma),
    ]
    child = try first.decodeIfPresent(Box.self, forKey: .child)
  }
}

private struct OnlyKey: Decodable, Equatable {
  var only: Int?

  enum CodingKeys: CodingKey { case only }
}

private struct AllBytes: Decodable, Equatable {
  var values: [Int]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ByteKey.self)
    // Odd bytes first, then even ones: not in document order.
    var values = [Int](repeating: -1, count: 256)
    for byte in ByteKey.allBytesShuffled {
      values[byte] = try container.decode(Int.self, forKey: ByteKey(byte: UInt8(byte)))
    }
    self.values = values
  }
}

private struct PayloadKeyed: Decodable, Equatable {
  var values: [Int]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: PayloadKey.self)
    values = try PayloadKey.allKeys.map { try container.decode(Int.self, forKey: $0) }
  }
}

private struct SnakeModel: Decodable, Equatable {
  var userId: Int?
  var displayName: String?
}
