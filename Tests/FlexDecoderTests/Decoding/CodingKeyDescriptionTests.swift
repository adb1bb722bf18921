import Foundation
import Testing

@testable import FlexDecoder

/// Missing-key messages name the key as `String(describing: key)` does, with the key type's
/// name kept per type (CodingKeyDescription.swift).
@Suite("Coding key description")
struct CodingKeyDescriptionTests {
  @Test func keysAreDescribedAsTheStandardLibraryDescribesThem() {
    let keys: [any CodingKey] = [
      PlainKeys.id, PlainKeys.displayName, RawKeys.createdAt, Outer.Keys.a, Generic<Int>.Keys.value,
      FreeKey(stringValue: #"with "quotes" and \ backslash"#), FreeKey(intValue: 42)!, FreeKey(stringValue: ""),
    ]
    // Twice: the second time from the kept type names.
    for _ in 0..<2 {
      for key in keys {
        #expect(
          CodingKeyDescription.missingKeyMessage("key ", key)
            == "key \(String(describing: key)) (\"\(key.stringValue)\")")
      }
    }
  }

  @Test func aKeyTypeWithADescriptionOfItsOwnIsAskedEveryTime() {
    for _ in 0..<2 {
      #expect(CodingKeyDescription.missingKeyMessage("", CustomKey.first) == #"first key ("first")"#)
      #expect(CodingKeyDescription.missingKeyMessage("", CustomKey.second) == #"key number 2 ("second")"#)
    }
  }

  /// The whole `keyNotFound` error, as JSONDecoder throws it.
  @Test func aMissingKeysErrorReadsAsJSONDecodersOnEveryCall() throws {
    let json = Data(#"{"id": 1}"#.utf8)
    let expected = try #require(decodingError { try JSONDecoder().decode(Profile.self, from: json) })
    for _ in 0..<3 {
      let strict = try #require(decodingError { try FlexJSONDecoder.strict().decode(Profile.self, from: json) })
      #expect(String(describing: strict) == String(describing: expected))
    }
  }

  /// Kept messages are told apart by key type, string value and integer value.
  @Test func keptMissingKeyMessagesBelongToTheirOwnKey() {
    let keys: [any CodingKey] = [
      PlainKeys.id, Outer.Keys.a, FreeKey(stringValue: "id"), FreeKey(stringValue: "42"), FreeKey(intValue: 42)!,
      CustomKey.first,
    ]
    // Twice: the second time from the kept messages.
    for _ in 0..<2 {
      for key in keys {
        #expect(
          CodingKeyDescription.keyNotFoundMessage(key)
            == "No value associated with key \(String(describing: key)) (\"\(key.stringValue)\").")
      }
    }
  }

  /// A key type that describes its keys its own way may say something else each time: its
  /// messages are written every time, never kept.
  @Test func missingKeyMessagesOfKeysWithTheirOwnDescriptionAreNotKept() {
    for note in ["first", "second"] {
      let key = NotedKey(stringValue: "noted", note: note)
      #expect(
        CodingKeyDescription.keyNotFoundMessage(key) == #"No value associated with key noted (\#(note)) ("noted")."#)
    }
  }

  /// Keys made up at run time fill the kept messages up to their bound, not past it; a key met
  /// after that still gets its message.
  @Test func keptMissingKeyMessagesStayBounded() {
    for index in 0...(CodingKeyDescription.keptMessageLimit + 100) {
      _ = CodingKeyDescription.keyNotFoundMessage(FreeKey(stringValue: "bounded-\(index)"))
    }
    #expect(CodingKeyDescription.keptMessageCount == CodingKeyDescription.keptMessageLimit)
    let late = FreeKey(stringValue: "bounded-late")
    #expect(
      CodingKeyDescription.keyNotFoundMessage(late)
        == "No value associated with key \(String(describing: late)) (\"bounded-late\").")
  }

  private func decodingError(_ body: () throws -> Profile) -> DecodingError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error as? DecodingError
    }
  }
}

private enum PlainKeys: CodingKey { case id, displayName }
private enum RawKeys: String, CodingKey { case createdAt = "created_at" }
private enum Outer { enum Keys: CodingKey { case a } }
private enum Generic<T> { enum Keys: CodingKey { case value } }

private struct FreeKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

private struct NotedKey: CodingKey, CustomStringConvertible {
  var stringValue: String
  var intValue: Int? { nil }
  var note = ""
  init(stringValue: String) { self.stringValue = stringValue }
  init(stringValue: String, note: String) {
    self.stringValue = stringValue
    self.note = note
  }
  init?(intValue: Int) { nil }
  var description: String { "\(stringValue) (\(note))" }
}

private enum CustomKey: String, CodingKey, CustomStringConvertible {
  case first, second
  var description: String { self == .first ? "first key" : "key number 2" }
}

private struct Profile: Decodable {
  var id: Int
  var displayName: String
}
