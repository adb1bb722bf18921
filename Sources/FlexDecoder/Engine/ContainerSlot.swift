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
}

/// Whether ``ContainerSlot`` can tell that a container is free: `KeyedDecodingContainer` must be
/// a single reference to its box. Checked once per process, on a container that Foundation's
/// JSONDecoder makes: its size, and its one word against the box that reflection reports.
enum ContainerLayout {
  /// Whether keyed containers may be reused.
  static let allowsReuse: Bool = {
    let probe = try? JSONDecoder().decode(LayoutProbe.self, from: Data("{}".utf8))
    return probe?.isSingleBoxReference ?? false
  }()

  private struct LayoutProbe: Decodable {
    let isSingleBoxReference: Bool

    init(from decoder: any Decoder) throws {
      var container = try decoder.container(keyedBy: AnyCodingKey.self)
      guard MemoryLayout.size(ofValue: container) == MemoryLayout<AnyObject>.size,
        MemoryLayout.alignment(ofValue: container) == MemoryLayout<AnyObject>.alignment,
        let reflectedBox = Mirror(reflecting: container).children.first?.value
      else {
        isSingleBoxReference = false
        return
      }
      let word = withUnsafeBytes(of: &container) { $0.load(as: UnsafeRawPointer.self) }
      isSingleBoxReference = UnsafeRawPointer(Unmanaged.passUnretained(reflectedBox as AnyObject).toOpaque()) == word
    }
  }
}
