import Foundation

/// The key paths of a JSON document, such as `statuses[].user.id`, split by whether any
/// occurrence holds a non-`null` value.
///
/// Array indices are dropped (`[]` stands for every element), and so are object keys made only of
/// digits (`{id}` stands for every such key, as in citm's `events.{id}.name`), so the set describes
/// the document's shape, not its size. Other keys are kept as written.
struct JSONKeyPathSet {
  /// Paths that hold a non-`null` value at least once.
  private(set) var valued: Set<String> = []
  /// Paths that occur at all, `null` or not.
  private(set) var all: Set<String> = []

  /// Paths that hold `null` wherever they occur.
  var alwaysNull: Set<String> { all.subtracting(valued) }

  /// Collects the key paths of `data`, parsed with `JSONSerialization`.
  init(parsing data: Data) throws {
    let root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    collect(root, at: "")
  }

  private mutating func collect(_ value: Any, at path: String) {
    if let object = value as? [String: Any] {
      for (key, member) in object {
        let isID = !key.isEmpty && key.allSatisfy { $0.isASCII && $0.isNumber }
        let component = isID ? "{id}" : key
        let memberPath = path.isEmpty ? component : "\(path).\(component)"
        all.insert(memberPath)
        if !(member is NSNull) {
          valued.insert(memberPath)
        }
        collect(member, at: memberPath)
      }
    } else if let array = value as? [Any] {
      for element in array {
        collect(element, at: "\(path)[]")
      }
    }
  }
}
