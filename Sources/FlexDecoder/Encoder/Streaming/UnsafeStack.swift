/// A growable stack of trivial values in manually managed memory, for the streaming session's
/// bookkeeping (its open containers and the members of open objects).
///
/// The session touches these on every member it writes; an `Array` element update pays a
/// uniqueness check (a runtime call) each time. The owner calls ``deallocate()`` once, in its
/// `deinit`; the stack is never copied while in use.
struct UnsafeStack<Element: BitwiseCopyable> {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// The number of elements.
  private(set) var count = 0

  /// An empty stack with room for `capacity` elements before it grows.
  init(capacity: Int) {
    self.capacity = max(capacity, 4)
    base = .allocate(capacity: self.capacity)
  }

  /// Frees the memory; the stack must not be used afterwards.
  func deallocate() {
    base.deallocate()
  }

  /// The element at `index`, read or updated in place.
  @inline(__always)
  subscript(index: Int) -> Element {
    unsafeAddress {
      assert(index >= 0 && index < count)
      return UnsafePointer(base + index)
    }
    nonmutating unsafeMutableAddress {
      assert(index >= 0 && index < count)
      return base + index
    }
  }

  /// The elements from `start` to the top, in order.
  func elements(from start: Int) -> UnsafeBufferPointer<Element> {
    precondition(start >= 0 && start <= count)
    return UnsafeBufferPointer(start: base + start, count: count &- start)
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count &+= 1
  }

  /// Removes and returns the top element.
  @inline(__always)
  mutating func removeLast() -> Element {
    precondition(count > 0)
    count &-= 1
    return base[count]
  }

  /// Removes the elements from `start` on.
  @inline(__always)
  mutating func removeAll(from start: Int) {
    precondition(start >= 0 && start <= count)
    count = start
  }

  private mutating func grow() {
    let newCapacity = capacity &* 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
