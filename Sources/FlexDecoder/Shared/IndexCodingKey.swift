/// The coding key of an array element: `"Index 3"` with `intValue` 3, as in Foundation.
///
/// Stores only the integer; the string is made when someone reads it (an error message), so
/// decoding an array element costs no string allocation.
struct IndexCodingKey: CodingKey, Sendable {
  let index: Int

  init(index: Int) { self.index = index }

  init?(intValue: Int) { self.index = intValue }

  init?(stringValue: String) { return nil }

  var intValue: Int? { index }

  var stringValue: String { "Index \(index)" }
}
