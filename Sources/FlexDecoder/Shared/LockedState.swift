// A value and the lock that guards it, in one allocation.
//
// Every coder keeps its options behind a lock, and the session pool is locked twice per call.
// Code that makes a coder per call (`FlexJSONEncoder().encode(x)`) pays for the lock each time:
// on Linux, Foundation's `NSLock` is an object of its own that allocates its mutex apart, two
// allocations, an initialization and a teardown, about 500 instructions per coder, a tenth of
// encoding `{"id":1,"name":"x"}`; each lock and unlock is also a method call around the
// platform's. Here the lock is the tail of a `ManagedBuffer` whose header is the value, as in
// swift-foundation's own `LockedState`.

/// A value that threads read and change under a lock.
///
/// ```swift
/// let counter = LockedState.make(0)
/// counter.withLock { $0 += 1 }
/// ```
///
/// Not `Sendable` itself (`ManagedBuffer` is not); the types that hold one are, and share it
/// between threads only through ``withLock(_:)``.
final class LockedState<State>: ManagedBuffer<State, PlatformLock.Primitive> {
  /// `initial` behind a new lock. (An autoclosure, so that the value is made in place: the
  /// coders' options are large enough that a copy and a destroy cost more than the lock.)
  static func make(_ initial: @autoclosure () -> State) -> LockedState<State> {
    let buffer = unsafeDowncast(create(minimumCapacity: 1) { _ in initial() }, to: LockedState<State>.self)
    buffer.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
    return buffer
  }

  deinit {
    withUnsafeMutablePointerToElements { PlatformLock.deinitialize($0) }
  }

  /// Runs `body` with the value, under the lock.
  @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { state, lock in
      PlatformLock.lock(lock)
      defer { PlatformLock.unlock(lock) }
      return try body(&state.pointee)
    }
  }
}
