import Foundation

// Reusing keyed containers.
//
// Every `decoder.container(keyedBy:)` must return a `KeyedDecodingContainer<Key>`, a struct that
// holds a heap-allocated box around the decoder's own container. Building one from generic code
// costs three runtime lookups (the metadata of `KeyedContainer<Key>`, its conformance, the
// metadata of the box) and two allocations, and dropping it two deallocations: about 2,000
// instructions, more than decoding a small object's members. Payloads are mostly arrays of
// small objects of a few types, so the decoder keeps one container per key type and decode
// call, and when its previous user has let go of it (the slot holds the only reference to the
// box), points its ObjectLookup at the next object and hands it out again.
//
// Knowing that the slot holds the only reference needs the box pointer, which the standard
// library keeps private: `KeyedDecodingContainer` is a struct with a single stored property,
// its box. That layout is checked once per process (size, and the pointer against the box that
// reflection reports); if it ever differs, containers are simply not reused.

/// One reusable keyed container of a key type, for one decode call.
final class ContainerSlot<Key: CodingKey> {
  /// The container's state; repointed at each object the container is handed out for.
  let lookup: ObjectLookup
  /// The container handed out, kept at a fixed address so that ``isFree`` can look at its box
  /// without generic code (which would cost a metadata lookup per call).
  private let container: UnsafeMutablePointer<KeyedDecodingContainer<Key>>
  /// `container`, untyped.
  private let containerBytes: UnsafeMutableRawPointer

  init(lookup: ObjectLookup) {
    self.lookup = lookup
    container = .allocate(capacity: 1)
    container.initialize(to: KeyedDecodingContainer(KeyedContainer<Key>(lookup: lookup)))
    containerBytes = UnsafeMutableRawPointer(container)
  }

  deinit {
    container.deinitialize(count: 1)
    container.deallocate()
  }

  /// Whether no one but the slot holds the container, so that it may be handed out again.
  var isFree: Bool {
    // The container's only stored property is its box (see ContainerLayout).
    containerBytes.withMemoryRebound(to: AnyObject.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
  }

  /// The container, for the object its lookup points at.
  func handOut() -> KeyedDecodingContainer<Key> {
    container.pointee
  }

  /// Whether `container`'s box is its first word, as ``isFree`` assumes.
  func hasExpectedLayout() -> Bool {
    guard MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size,
      MemoryLayout<KeyedDecodingContainer<Key>>.alignment == MemoryLayout<AnyObject>.alignment,
      let reflectedBox = Mirror(reflecting: container.pointee).children.first?.value
    else { return false }
    let box = containerBytes.load(as: UnsafeRawPointer.self)
    return UnsafeRawPointer(Unmanaged.passUnretained(reflectedBox as AnyObject).toOpaque()) == box
  }
}

/// Whether ``ContainerSlot`` can tell that a container is free: checked once per process, on the
/// first slot made.
enum ContainerLayout {
  private static let verdict = LockedVerdict()

  /// Whether containers may be reused, judging by `slot` if no slot was judged before.
  static func allowsReuse<Key>(judging slot: ContainerSlot<Key>) -> Bool {
    verdict.value { slot.hasExpectedLayout() }
  }
}

/// A lazily computed, lock-protected `Bool`.
private final class LockedVerdict: @unchecked Sendable {
  private let lock = NSLock()
  private var verdict: Bool?

  func value(_ compute: () -> Bool) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if let verdict { return verdict }
    let computed = compute()
    verdict = computed
    return computed
  }
}
