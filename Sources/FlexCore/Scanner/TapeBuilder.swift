/// A growable, manually managed buffer of tape entries.
///
/// The scanner appends one entry per value; `Array.append` would add a uniqueness check and a
/// bounds check to every append, which shows up at ~1 entry per 10 input bytes. The buffer is
/// handed over to ``JSONTape`` (which frees it) or freed by ``discard()`` on error.
struct TapeBuilder {
  private(set) var base: UnsafeMutablePointer<JSONTapeEntry>
  private(set) var count = 0
  private var capacity: Int

  /// Creates a builder sized for a document of `byteCount` bytes. Real documents average one
  /// value per 10–45 bytes; the buffer doubles when that guess is short.
  init(byteCount: Int) {
    capacity = max(16, byteCount / 8)
    base = .allocate(capacity: capacity)
  }

  @inline(__always)
  mutating func append(_ entry: JSONTapeEntry) {
    if count == capacity { grow() }
    (base + count).initialize(to: entry)
    count &+= 1
  }

  @inline(__always)
  subscript(index: Int) -> JSONTapeEntry {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }

  private mutating func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<JSONTapeEntry>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Gives up ownership: the returned buffer must be deallocated by the caller.
  func finish() -> UnsafeMutableBufferPointer<JSONTapeEntry> {
    UnsafeMutableBufferPointer(start: base, count: count)
  }

  /// Frees the buffer after a failed scan.
  func discard() {
    base.deallocate()
  }
}
