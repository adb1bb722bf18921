import Foundation

/// The `Encoder` of one value being streamed (see StreamingSession.swift).
final class StreamEncoder: Encoder {
  /// What the value has written so far.
  enum State {
    case empty
    case keyed(level: Int, identity: Int)
    case unkeyed(level: Int, identity: Int)
    case single
  }

  let session: StreamingSession
  /// The value's coding path: a prefix of the session's path stack, or its own (nested
  /// containers and super encoders outlive the stack position they were made at).
  private let pathDepth: Int
  private let explicitPath: [any CodingKey]?
  /// The key map of the type being encoded.
  let typeMapping: FlexKeyMap?
  /// Whether the value is a `[String: …]` dictionary: its keys are distinct `String`s, kept as
  /// written under a key strategy.
  private let isStringKeyedDictionary: Bool
  /// For a super encoder: the slot its value goes into.
  private let slot: (level: Int, identity: Int)?
  var state = State.empty

  init(
    session: StreamingSession, explicitPath: [any CodingKey]? = nil, typeMapping: FlexKeyMap? = nil,
    isStringKeyedDictionary: Bool = false, slot: (level: Int, identity: Int)? = nil
  ) {
    self.session = session
    self.pathDepth = session.pathKeys.count
    self.explicitPath = explicitPath
    self.typeMapping = typeMapping
    self.isStringKeyedDictionary = isStringKeyedDictionary
    self.slot = slot
  }

  var codingPath: [any CodingKey] { explicitPath ?? Array(session.pathKeys.prefix(pathDepth)) }

  var userInfo: [CodingUserInfoKey: Any] { session.options.userInfo }

  // MARK: Containers

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let position = openContainer(isObject: true)
    guard session.reusesContainers else {
      return KeyedEncodingContainer(StreamKeyedContainer<Key>(encoder: self, position: position))
    }
    return reusableContainer(keyedBy: type, position: position)
  }

  /// The key type's slot's container if no one holds it any more, else a new one (see
  /// ContainerSlot.swift).
  private func reusableContainer<Key: CodingKey>(
    keyedBy type: Key.Type, position: (level: Int, identity: Int)
  ) -> KeyedEncodingContainer<Key> {
    let identifier = ObjectIdentifier(type)
    if let existing = session.containerSlots[identifier] {
      if existing.isFree {
        if existing.state.isParked { session.slotsInUse.append(existing) }
        existing.state.point(at: position, of: self)
        return existing.handOut(as: KeyedEncodingContainer<Key>.self)
      }
      // Still held (a recursive type, or a container kept by its user): a new one.
      return KeyedEncodingContainer(StreamKeyedContainer<Key>(encoder: self, position: position))
    }
    let state = StreamKeyedState(encoder: self, position: position, explicitPath: nil)
    let slot = ContainerSlot(state: state, container: KeyedEncodingContainer(StreamKeyedContainer<Key>(state: state)))
    session.containerSlots[identifier] = slot
    session.slotsInUse.append(slot)
    return slot.handOut(as: KeyedEncodingContainer<Key>.self)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    StreamUnkeyedContainer(encoder: self, position: openContainer(isObject: false))
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    StreamSingleValueContainer(encoder: self)
  }

  /// The value's object or array, opened on first request. Asking for the other kind, or after
  /// a single value, is left to the tree encoder, which does what JSONEncoder does (trap, or
  /// write into a single value that is an object or array): the container handed out fails on
  /// first use, and the session is marked, for a container that is never used.
  private func openContainer(isObject: Bool) -> (level: Int, identity: Int) {
    switch state {
    case .keyed(let level, let identity) where isObject:
      return (level, identity)
    case .unkeyed(let level, let identity) where !isObject:
      return (level, identity)
    case .empty:
      let position: (level: Int, identity: Int)
      if let slot {
        guard let filled = try? session.fill(slotAt: slot.level, identity: slot.identity, isObject: isObject) else {
          session.markUnstreamable()
          return (Int.max, -1)
        }
        position = filled
      } else {
        position = session.open(isObject: isObject)
      }
      // A dictionary's keys are distinct `String`s, and distinct strings are written as distinct
      // keys unless a key map or strategy changes them.
      if isObject && isStringKeyedDictionary && writesKeysAsTheyAre { session.skipDuplicateCheck(at: position.level) }
      state =
        isObject
        ? .keyed(level: position.level, identity: position.identity)
        : .unkeyed(level: position.level, identity: position.identity)
      return position
    default:
      session.markUnstreamable()
      return (Int.max, -1)
    }
  }

  /// Before a single value is written.
  func beginSingleValue() throws {
    guard case .empty = state else { throw StreamingUnavailable() }
    if let slot { try session.fillWithSingleValue(slotAt: slot.level, identity: slot.identity) }
    state = .single
  }

  // MARK: Keys

  /// Whether ``jsonKey(for:containerPath:)`` is always the key's `stringValue`.
  var writesKeysAsTheyAre: Bool {
    isStringKeyedDictionary && !session.usesDefaultKeys
      || (typeMapping == nil && session.globalMapping == nil && session.usesDefaultKeys)
  }

  /// The JSON key for `key`: the type's (or global) map's first candidate, else the key
  /// converted by the key strategy. A key path cannot be streamed.
  func jsonKey(for key: any CodingKey, containerPath: @autoclosure () -> [any CodingKey]) throws -> String {
    if writesKeysAsTheyAre { return key.stringValue }
    if let candidates = typeMapping?.entries[key.stringValue] ?? session.globalMapping?.entries[key.stringValue],
      let first = candidates.first
    {
      guard first.isSingleKey else { throw StreamingUnavailable() }
      return first.components[0].key
    }
    return session.convertedKey(key, codingPath: containerPath() + [key])
  }
}
