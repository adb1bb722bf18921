// A reusable keyed container (SlotKeyedContainer) reads through a lookup that its ContainerSlot
// owns, so that copying the container costs no reference counting. A model may keep its
// container after its `init(from:)` returns, to decode later; its session is then not lent again
// and is dropped, and with it the slot. The slot hands what the container needs to the registry
// below, which keeps it until no one holds the container any more.

/// Keyed containers that outlived their ``ContainerSlot``, kept with the state they read through
/// until no one else holds them.
///
/// Thread-safe. Containers let go are dropped by ``sweep()``, which runs each time a container
/// is added and every ``sweepInterval`` calls of a decode session; until then their state (and
/// the document it reads) stays in memory.
final class HeldContainers: @unchecked Sendable {
  /// The registry of the process.
  static let shared = HeldContainers()

  /// How many calls of a decode session go between two sweeps.
  static var sweepInterval: Int { 256 }

  private struct Entry {
    let state: AnyObject
    var box: NativeObject
  }

  /// The containers kept, behind their lock.
  private let entries = LockedState.make([Entry]())

  /// Keeps `state` and the container `box` until no one else holds the box.
  func keep(state: AnyObject, box: NativeObject) {
    let released = entries.withLock { entries in
      let released = Self.takeReleased(from: &entries)
      entries.append(Entry(state: state, box: box))
      return released
    }
    // Dropped outside the lock: dropping a session drops its slots, which may keep containers.
    withExtendedLifetime(released) {}
  }

  /// Drops the containers that no one holds any more.
  func sweep() {
    let released = entries.withLock { Self.takeReleased(from: &$0) }
    withExtendedLifetime(released) {}
  }

  /// Removes and returns the entries whose container only the registry holds.
  private static func takeReleased(from entries: inout [Entry]) -> [Entry] {
    var released: [Entry] = []
    var index = 0
    while index < entries.count {
      if isKnownUniquelyReferenced(&entries[index].box) {
        released.append(entries.remove(at: index))
      } else {
        index += 1
      }
    }
    return released
  }
}
