/// A growable stack of trivial values in manually managed memory: the scanner's tape, the tree
/// builder's open containers, the streaming encoder's open containers and members.
///
/// Each of these appends or updates an element for every token, where an `Array` would add a
/// uniqueness check (a runtime call) and a bounds check each time. The owner frees the memory
/// once, with ``deallocate()`` or by taking it over with ``take()``; the stack is never copied
/// while in use.
///
/// SPI-public and inlinable, like the tape (see JSONTape.swift): FlexDecoder's encoder uses it
/// on every member it writes.
@_spi(Engine) public struct UnsafeStack<Element: BitwiseCopyable> {
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline var capacity: Int
  @usableFromInline var elementCount = 0

  /// The number of elements.
  @inlinable public var count: Int { elementCount }

  /// An empty stack with room for `capacity` elements before it grows.
  public init(capacity: Int) {
    self.capacity = max(capacity, 4)
    base = .allocate(capacity: self.capacity)
  }

  /// Frees the memory; the stack must not be used afterwards.
  public func deallocate() {
    base.deallocate()
  }

  /// The elements, in memory the caller now owns and frees with `deallocate()`; the stack must
  /// not be used afterwards.
  public func take() -> UnsafeMutableBufferPointer<Element> {
    UnsafeMutableBufferPointer(start: base, count: count)
  }

  /// Whether the stack is empty.
  @inlinable public var isEmpty: Bool { count == 0 }

  /// The top element, if any.
  @inlinable public var last: Element? { count > 0 ? base[count &- 1] : nil }

  /// The element at `index`, read or updated in place.
  @inlinable @inline(__always)
  public subscript(index: Int) -> Element {
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
  public func elements(from start: Int) -> UnsafeBufferPointer<Element> {
    precondition(start >= 0 && start <= count)
    return UnsafeBufferPointer(start: base + start, count: count &- start)
  }

  /// Pushes `element`.
  @inlinable @inline(__always)
  public mutating func append(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    elementCount &+= 1
  }

  /// Removes and returns the top element.
  @inlinable @inline(__always)
  public mutating func removeLast() -> Element {
    precondition(count > 0)
    elementCount &-= 1
    return base[count]
  }

  /// Removes the elements from `start` on.
  @inlinable @inline(__always)
  public mutating func removeAll(from start: Int) {
    precondition(start >= 0 && start <= count)
    elementCount = start
  }

  @usableFromInline
  mutating func grow() {
    let newCapacity = capacity &* 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
