/// The one concrete `CodingKey` the engine creates: for array positions, `super`, and keys
/// produced by key strategies.
///
/// Array positions read `"Index 3"` with `intValue` 3, as in Foundation, so coding paths compare
/// equal to `JSONDecoder`'s.
struct AnyCodingKey: CodingKey, Sendable {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }

  init(stringValue: String, intValue: Int?) {
    self.stringValue = stringValue
    self.intValue = intValue
  }

  /// The key of the element at `index` in an array.
  init(index: Int) {
    self.stringValue = "Index \(index)"
    self.intValue = index
  }

  /// The key of a `[String: …]` dictionary's member, as the standard library's
  /// `Dictionary.encode(to:)` makes it: a key that reads as an integer has that `intValue` too.
  init(dictionaryKey key: String) {
    self.stringValue = key
    self.intValue = Int(key)
  }

  /// The key `superDecoder()` uses.
  static let `super` = AnyCodingKey(stringValue: "super")
}
