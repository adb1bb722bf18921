// A set that is usually tiny: the failing calls one recovery pass learns are one to a few in
// most documents with problems, and thousands in a few messy ones.

/// A set kept as a short list while it holds a few elements (compared one by one, no hashing,
/// one small allocation), then as a `Set`.
///
/// A `Set` of one element costs its table's allocation and a round of the hasher per question;
/// a recovery pass made for one problem paid both for its one lesson.
struct SmallSet<Element: Hashable> {
  /// The elements while there are at most ``listLimit`` of them.
  private var list: [Element] = []
  /// The elements once the list is outgrown.
  private var table: Set<Element>?

  /// The most elements kept in the list.
  static var listLimit: Int { 8 }

  /// The number of elements.
  var count: Int { table?.count ?? list.count }

  /// Whether `element` is in the set.
  func contains(_ element: Element) -> Bool {
    if let table { return table.contains(element) }
    return list.contains(element)
  }

  /// Adds `element`; returns whether it was new.
  @discardableResult
  mutating func insert(_ element: Element) -> Bool {
    if table != nil { return table!.insert(element).inserted }
    if list.contains(element) { return false }
    if list.count < Self.listLimit {
      list.append(element)
    } else {
      var grown = Set(list)
      grown.insert(element)
      table = grown
      list = []
    }
    return true
  }

  /// Removes `element`, if it is in the set.
  mutating func remove(_ element: Element) {
    if table != nil {
      table!.remove(element)
    } else if let position = list.firstIndex(of: element) {
      list.remove(at: position)
    }
  }
}
