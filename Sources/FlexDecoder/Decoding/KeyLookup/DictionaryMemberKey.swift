/// The coding key of a `[String: …]` member the engine decodes itself: the key as written, with
/// the `intValue` the standard library's `_DictionaryCodingKey` gives it (`"12"` has 12).
///
/// Stores only the string, and parses `intValue` when someone reads it (an error path), so the
/// key fits an existential's inline buffer and pushing it on the coding path allocates nothing.
struct DictionaryMemberKey: CodingKey {
  let stringValue: String

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init(intValue: Int) {
    self.stringValue = String(intValue)
  }

  var intValue: Int? { Int(stringValue) }
}
