// What happens when a place that was written already is written again: a second container (or a
// value) for one key of a keyed container, or for one encoder. JSONEncoder's rules, which the
// tree encoder follows (the streaming encoder hands every such case to the tree encoder: see
// Streaming/StreamingSession.swift):
//
// - A keyed container asked for where an object is (from an earlier keyed container, or from a
//   value that encoded as an object: a struct, a dictionary, a super encoder's finished value)
//   writes into that object: the members of both are kept, a key set again keeps its last value.
//   Likewise an unkeyed container where an array is: its elements are appended.
// - A container asked for where anything else is (a container of the other kind, a scalar, a
//   null) is a programming error: JSONEncoder stops with a precondition failure, and so does
//   FlexJSONEncoder.
// - A value encoded for a key replaces whatever is there; a container handed out for it before
//   then writes into nothing that is output.
// - A keyed container's super encoder stores its value under its key when it is released,
//   replacing what is there then (`{}` if it wrote nothing); it never conflicts.
// - On one encoder, a single value after another single value is a programming error; a single
//   value after a container is ignored (the container is the output); a container after a single
//   value follows the first rule, the single value being what is there.

/// JSONEncoder's decisions for a place written a second time (see above).
enum RepeatedContainerRules {
  /// What a request for a container does, given what is already at its place.
  enum ContainerOutcome: Equatable {
    /// Nothing is there: a new container.
    case create
    /// An object (for a keyed container) or an array (for an unkeyed one) is there: the new
    /// container writes into it.
    case reuse
    /// Something of another kind is there: a programming error, a precondition failure.
    case conflict
  }

  /// What encoding a single value does on an encoder that was given something already.
  enum SingleValueOutcome: Equatable {
    /// The encoder's value is this one.
    case store
    /// The encoder has a container, which stays its value; this one is encoded and dropped.
    case ignore
    /// The encoder has a single value already: a programming error, a precondition failure.
    case conflict
  }

  /// The outcome of asking for a keyed (`isObject`) or unkeyed container where `existing` is.
  static func container(isObject: Bool, over existing: EncodedValue?) -> ContainerOutcome {
    switch existing {
    case nil: return .create
    case .object?: return isObject ? .reuse : .conflict
    case .array?: return isObject ? .conflict : .reuse
    case .null?, .bool?, .number?, .string?, .pending?: return .conflict
    }
  }

  /// The outcome of encoding a single value on an encoder that `hasSingleValue` and
  /// `hasContainer` describe.
  static func singleValue(hasSingleValue: Bool, hasContainer: Bool) -> SingleValueOutcome {
    if hasSingleValue { return .conflict }
    return hasContainer ? .ignore : .store
  }

  /// Stops the program for a container asked for where another kind of value is, as JSONEncoder
  /// does.
  static func containerConflict(isObject: Bool, key: String?, codingPath: [any CodingKey]) -> Never {
    let kind = isObject ? "A keyed" : "An unkeyed"
    let place = key.map { "key \"\($0)\"" } ?? "this value"
    let path = codingPath.map(\.stringValue).joined(separator: ".")
    preconditionFailure(
      "\(kind) container was asked for \(place) at \"\(path)\", where a value of another kind was encoded already.")
  }

  /// Stops the program for a second single value on one encoder, as JSONEncoder does.
  static func singleValueConflict(codingPath: [any CodingKey]) -> Never {
    let path = codingPath.map(\.stringValue).joined(separator: ".")
    preconditionFailure("A single value was encoded at \"\(path)\" where a single value was encoded already.")
  }
}
