// The bytes a JSONWriter produces.
//
// `[UInt8].append` checks the array's uniqueness and capacity on every call, a runtime call and a
// few branches per byte written; a writer appends a byte or a short run for every token. This
// buffer is owned by one writer, so an append is a capacity check and a store.

// SPI-public rather than `package` (as the tape is, see JSONTape.swift): the encoder appends to
// it for every token, and only public declarations are inlined into FlexDecoder.

/// A growable byte buffer, appended to by one ``JSONWriter``.
///
/// A class, so that the writer's copies would share it; a writer is never used through two
/// copies at once.
@_spi(Engine) public final class JSONOutput {
  @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
  @usableFromInline @exclusivity(unchecked) var capacity: Int
  @usableFromInline @exclusivity(unchecked) var written = 0

  /// The number of bytes written.
  @inlinable public var count: Int { written }

  /// An empty buffer with room for `capacity` bytes before it grows.
  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// The room for bytes, allocated.
  package var allocatedCapacity: Int { capacity }

  /// Forgets the bytes written, keeping the memory.
  package func removeAll() {
    written = 0
  }

  /// The bytes written, as an array.
  package var bytes: [UInt8] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }

  /// Calls `body` with the bytes written (valid only during the call).
  @inlinable
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: base, count: written))
  }

  /// The bytes in `range`.
  package func bytes(in range: Range<Int>) -> [UInt8] {
    precondition(range.lowerBound >= 0 && range.upperBound <= count)
    return Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }

  /// The byte at `index`.
  package subscript(index: Int) -> UInt8 {
    precondition(index >= 0 && index < count)
    return base[index]
  }

  /// Appends one byte.
  @inlinable @inline(__always)
  public func append(_ byte: UInt8) {
    if written == capacity { grow(toHold: written &+ 1) }
    base[written] = byte
    written &+= 1
  }

  /// Appends `bytes`.
  @inlinable @inline(__always)
  public func append(contentsOf bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    if capacity &- written < bytes.count { grow(toHold: written &+ bytes.count) }
    UnsafeMutableRawPointer(base + written).copyMemory(from: source, byteCount: bytes.count)
    written &+= bytes.count
  }

  /// Appends `bytes`.
  @inlinable @inline(__always)
  public func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    append(contentsOf: UnsafeRawBufferPointer(bytes))
  }

  /// Appends `bytes`.
  package func append(contentsOf bytes: [UInt8]) {
    bytes.withUnsafeBytes { append(contentsOf: $0) }
  }

  /// Where the next byte goes, with room for `byteCount` bytes from there. Write through the
  /// pointer, then hand its end to ``didWrite(upTo:)``; no other append in between.
  @inlinable @inline(__always)
  public func reserve(_ byteCount: Int) -> UnsafeMutablePointer<UInt8> {
    if capacity &- written < byteCount { grow(toHold: written &+ byteCount) }
    return base + written
  }

  /// Takes the bytes written through ``reserve(_:)``'s pointer, up to `end`.
  @inlinable @inline(__always)
  public func didWrite(upTo end: UnsafeMutablePointer<UInt8>) {
    written = end - base
  }

  /// Drops the bytes from `offset` on.
  package func removeSubrange(from offset: Int) {
    precondition(offset >= 0 && offset <= count)
    written = offset
  }

  /// Drops the last `byteCount` bytes.
  package func removeLast(_ byteCount: Int) {
    precondition(byteCount >= 0 && byteCount <= count)
    written &-= byteCount
  }

  @usableFromInline @inline(never)
  func grow(toHold needed: Int) {
    // Doubled while that fits an `Int` (a wrapping doubling would loop forever past 1 GiB where
    // `Int` is 32 bits), else exactly what is needed.
    var newCapacity = capacity
    while newCapacity < needed { newCapacity = newCapacity <= Int.max / 2 ? newCapacity * 2 : needed }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: written)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
