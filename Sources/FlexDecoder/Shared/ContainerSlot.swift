import Foundation

// Reusing keyed containers.
//
// Every `decoder.container(keyedBy:)` must return a `KeyedDecodingContainer<Key>` (and every
// `encoder.container(keyedBy:)` a `KeyedEncodingContainer<Key>`), a struct that
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

/// One reusable keyed container of a key type: the container is `KeyedDecodingContainer<Key>`
/// or `KeyedEncodingContainer<Key>`, `State` what it reads or writes through, repointed at each
/// object it is handed out for.
///
/// The container is kept as its one stored property, the box (see ContainerLayout), so that the
/// slot itself is not generic over the key type: a session keeps its slots in one table and
/// parks them between calls without knowing their keys.
final class ContainerSlot<State: AnyObject> {
  /// The container's state.
  let state: State
  /// The container's box, typed as a native Swift object of no particular class: it is only
  /// retained, released and asked whether its reference is the only one.
  @exclusivity(unchecked) private var box: NativeObject

  /// A slot for `container`, which reads or writes through `state`. `Container` must have
  /// passed ContainerLayout's check.
  init<Container>(state: State, container: Container) {
    precondition(MemoryLayout<Container>.size == MemoryLayout<NativeObject>.size, "a container is one reference")
    self.state = state
    // The container's one word, loaded as a reference: a copy, so the slot owns one reference
    // to the box.
    box = withUnsafePointer(to: container) { UnsafeRawPointer($0).load(as: NativeObject.self) }
  }

  deinit {
    // Someone still holds the container (a model that kept it to decode later). It may read
    // through `state` without owning it (SlotKeyedContainer): both live on until it is let go.
    if !isKnownUniquelyReferenced(&box) { HeldContainers.shared.keep(state: state, box: box) }
  }

  /// Whether no one but the slot holds the container, so that it may be handed out again.
  var isFree: Bool {
    isKnownUniquelyReferenced(&box)
  }

  /// The container, for the object its state points at. `Container` is the type the slot was
  /// made with.
  @inline(__always)
  func handOut<Container>(as _: Container.Type) -> Container {
    unsafeBitCast(box, to: Container.self)
  }
}

/// Stands for a container's box in ``ContainerSlot`` and ``HeldContainers``, which only retain
/// it and ask whether a reference is the sole one; never instantiated.
final class NativeObject {}

/// Whether ``ContainerSlot`` can tell that a container is free: `KeyedDecodingContainer` and
/// `KeyedEncodingContainer` must each be a single reference to a box. Checked once per process,
/// on containers that Foundation's JSONDecoder and JSONEncoder make: their size, and their one
/// word against the box that reflection reports.
enum ContainerLayout {
  /// Whether keyed decoding containers may be reused.
  static let allowsDecodingReuse: Bool = {
    let probe = try? JSONDecoder().decode(DecodingProbe.self, from: Data("{}".utf8))
    return probe?.isSingleBoxReference ?? false
  }()

  /// Whether keyed encoding containers may be reused.
  static let allowsEncodingReuse: Bool = {
    let probe = EncodingProbe()
    _ = try? JSONEncoder().encode(probe)
    return probe.isSingleBoxReference
  }()

  /// Whether `container` is one word that is the box reflection finds in it.
  static func isSingleBoxReference<Container>(_ container: inout Container) -> Bool {
    guard MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size,
      MemoryLayout<Container>.alignment == MemoryLayout<AnyObject>.alignment,
      let reflectedBox = Mirror(reflecting: container).children.first?.value
    else { return false }
    let word = withUnsafeBytes(of: &container) { $0.load(as: UnsafeRawPointer.self) }
    return UnsafeRawPointer(Unmanaged.passUnretained(reflectedBox as AnyObject).toOpaque()) == word
  }

  private struct DecodingProbe: Decodable {
    let isSingleBoxReference: Bool

    init(from decoder: any Decoder) throws {
      var container = try decoder.container(keyedBy: AnyCodingKey.self)
      isSingleBoxReference = ContainerLayout.isSingleBoxReference(&container)
    }
  }

  private final class EncodingProbe: Encodable, @unchecked Sendable {
    var isSingleBoxReference = false

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      isSingleBoxReference = ContainerLayout.isSingleBoxReference(&container)
    }
  }
}
