/// The keys of one object's members as a converting key strategy (snake, title, kebab case,
/// `.custom`) turns them into property names, made once per object: the names its coding keys
/// are compared with.
///
/// Small objects keep them in document order and compare them one by one (first occurrence
/// first); larger ones hash them by name (first occurrence wins). Hashing each key into a
/// dictionary costs more than comparing a few.
enum ConvertedMemberKeys {
  /// The members' converted keys in document order, with their tape value indices.
  case listed([(key: String, valueIndex: Int)])
  /// The value index of each converted key's first member.
  case hashed([String: Int])

  /// The most members an object may have for its converted keys to be compared one by one.
  static var listLimit: Int { 8 }

  /// The keys of `members` (converted, in document order).
  init(_ members: [(key: String, valueIndex: Int)]) {
    guard members.count > Self.listLimit else {
      self = .listed(members)
      return
    }
    var firstOccurrences: [String: Int] = [:]
    firstOccurrences.reserveCapacity(members.count)
    for (key, valueIndex) in members where firstOccurrences[key] == nil {
      firstOccurrences[key] = valueIndex
    }
    self = .hashed(firstOccurrences)
  }

  /// The value index of the first member whose converted key is `name`.
  func valueIndex(forName name: String) -> Int? {
    switch self {
    case .listed(let members):
      for member in members where member.key == name { return member.valueIndex }
      return nil
    case .hashed(let firstOccurrences):
      return firstOccurrences[name]
    }
  }
}
