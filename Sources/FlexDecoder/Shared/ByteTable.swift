// Entries by the byte of a one-byte coding key (see KeyTagTable.swift): the decoder's UTF-8 of
// the keys, the encoder's bytes written for them. A table holds the bytes seen so far, grown by
// doubling up to 256; the owner frees its memory.

/// Trivial entries by a key's byte; `empty` stands for a byte that has none.
struct ByteTable<Entry: BitwiseCopyable> {
  private(set) var entries: UnsafeMutablePointer<Entry>
  private(set) var capacity: Int
  private let empty: Entry

  init(capacity: Int, empty: Entry) {
    self.capacity = capacity
    self.empty = empty
    entries = .allocate(capacity: capacity)
    entries.initialize(repeating: empty, count: capacity)
  }

  /// The entry of `tag`, or `empty`.
  @inline(__always)
  subscript(tag: Int) -> Entry {
    tag < capacity ? entries[tag] : empty
  }

  /// Stores the entry of `tag` (below 256), growing the table if it is too small.
  mutating func set(_ entry: Entry, at tag: Int) {
    if tag >= capacity {
      let newCapacity = max(capacity &* 2, (tag | 15) &+ 1)
      let grown = UnsafeMutablePointer<Entry>.allocate(capacity: newCapacity)
      grown.moveInitialize(from: entries, count: capacity)
      (grown + capacity).initialize(repeating: empty, count: newCapacity &- capacity)
      entries.deallocate()
      entries = grown
      capacity = newCapacity
    }
    entries[tag] = entry
  }

  /// Frees the entries; the table is not used after.
  func deallocate() {
    entries.deallocate()
  }
}
