@_spi(Engine) import FlexCore

// Arrays of numbers, strings and booleans (and arrays of those, at any depth) run no model code
// while they decode: no `init(from:)` can catch an error inside them, so a plain decode that
// succeeds gives exactly what the recovery pass would. In an array of such arrays the recovery
// pass tries each element plainly first and makes it an engine call (coerced, dropped) only if
// that fails: GeoJSON coordinates (`[[[Double]]]`) are read in bulk as in the plain pass,
// instead of as one engine call per point.
//
// With coercions, the same holds for elements whose scalars have another kind (every number sent
// as a string): each failing scalar would be an engine call asking the same question, whether
// the array's requester lets errors through (no model code in between); when it does, each
// scalar is coerced. So the element is tried plainly with the coercions in force, and only one
// that still fails (a `null`, a string that is no number) is decoded call by call.

/// A type whose values are JSON scalars, or arrays of them, decoded by the standard library or
/// the engine alone.
protocol ScalarTree {
  /// The JSON kind of the scalars a plain decode reads without failing.
  static var leafKind: ScalarExpectation { get }
}

extension Bool: ScalarTree { static var leafKind: ScalarExpectation { .bool } }
extension String: ScalarTree { static var leafKind: ScalarExpectation { .string } }
extension Double: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension Float: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension Int: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension Int8: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension Int16: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension Int32: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension Int64: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension UInt: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension UInt8: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension UInt16: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension UInt32: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension UInt64: ScalarTree { static var leafKind: ScalarExpectation { .number } }
extension Array: ScalarTree where Element: ScalarTree { static var leafKind: ScalarExpectation { Element.leafKind } }

/// An array of ``ScalarTree``s, decoded by the recovery pass element by element, each tried
/// plainly first.
protocol ScalarTreeArray: FlexSendableMetatype {
  static func decodeRecoveringScalarTrees(from decoder: TapeDecoder, at arrayIndex: Int) throws -> Self
}

extension Array: ScalarTreeArray where Element: ScalarTree, Element: Decodable {
  static func decodeRecoveringScalarTrees(from decoder: TapeDecoder, at arrayIndex: Int) throws -> [Element] {
    let tape = decoder.tape
    let count = Int(tape[arrayIndex].length)
    var elements: [Element] = []
    elements.reserveCapacity(count)
    let leafKind = Element.leafKind
    let coercesOnTheSpot = decoder.scalarTreeFailuresAreCoercedOnTheSpot()
    var position = arrayIndex &+ 1
    for ordinal in 0..<count {
      let key = IndexCodingKey(index: ordinal)
      let end = tape.next(after: position)
      // Tried whole only when it is likely to work (a failed attempt costs its error, more than
      // the element): plainly when every scalar has the kind it needs, with the coercions when
      // they apply here and no scalar is `null`.
      let coercing: Bool?
      if decoder.onlyLeaves(of: leafKind, from: position, to: end) {
        coercing = false
      } else if coercesOnTheSpot && decoder.onlyNonNullScalars(from: position, to: end) {
        coercing = true
      } else {
        coercing = nil
      }
      if let coercing {
        do {
          decoder.pathStack.append(key)
          defer { decoder.pathStack.removeLast() }
          elements.append(try decoder.decodeScalarTreePlainly(Element.self, at: position, coercing: coercing))
          position = end
          continue
        } catch {}
      }
      try decoder.decodeDroppable(Element.self, at: position, key: key) { elements.append($0) }
      position = end
    }
    return elements
  }
}

extension TapeDecoder {
  /// Whether the tape entries `start..<end` are arrays and scalars of `leafKind` only.
  @inline(__always)
  func onlyLeaves(of leafKind: ScalarExpectation, from start: Int, to end: Int) -> Bool {
    for entry in start..<end {
      let kind = tape[entry].kind
      if kind == .array { continue }
      switch leafKind {
      case .number: if kind != .number { return false }
      case .string: if kind != .string { return false }
      case .bool: if kind != .true && kind != .false { return false }
      case .any: return false
      }
    }
    return true
  }

  /// Whether arrays and non-null scalars are all the tape entries `start..<end` hold.
  @inline(__always)
  func onlyNonNullScalars(from start: Int, to end: Int) -> Bool {
    for entry in start..<end where tape[entry].kind == .null || tape[entry].kind == .object { return false }
    return true
  }

  /// Whether a scalar of the scalar tree being decoded (whose array's frame is the innermost)
  /// that fails plainly would be coerced where it is: the decoder has coercions, none is being
  /// retried, and the array's requester lets errors through.
  func scalarTreeFailuresAreCoercedOnTheSpot() -> Bool {
    guard let recovery, !session.coercionsActive, !options.coercions.isEmpty else { return false }
    return recovery.isRepairable(nil, depth: recovery.depth)
  }

  /// The value at `valueIndex` decoded as by the plain pass, the recovery pass set aside: what
  /// it would make of a ``ScalarTree`` without failures, at less cost; `coercing`: with the
  /// decoder's coercions in force (see the top of ScalarTree.swift). Throws the first failure,
  /// having taken back what the attempt noted and counted.
  @inline(never)
  func decodeScalarTreePlainly<T: Decodable>(_ type: T.Type, at valueIndex: Int, coercing: Bool) throws -> T {
    let appliedBefore = session.coercionsApplied
    do {
      guard coercing else { return try withRecoverySetAside { try decodeValue(type, at: valueIndex) } }
      return try withCoercionsInForce { try withRecoverySetAside { try decodeValue(type, at: valueIndex) } }
    } catch {
      session.coercionsApplied = appliedBefore
      throw error
    }
  }

  /// `body` run as by the plain pass, the recovery pass (if under way) set aside: its failures
  /// are thrown, not repaired or recorded, and what it noted before failing is taken back. Also
  /// keeps the plain pass from handing a failed array's prefix to the recovery pass.
  func withRecoverySetAside<R>(_ body: () throws -> R) throws -> R {
    let recovery = session.recovery
    let wasPlain = session.isDecodingPlainlyInRecovery
    let notesBefore = session.notes.count
    session.recovery = nil
    session.isDecodingPlainlyInRecovery = true
    defer {
      session.recovery = recovery
      session.isDecodingPlainlyInRecovery = wasPlain
    }
    do {
      return try body()
    } catch {
      if session.notes.count > notesBefore { session.notes.removeSubrange(notesBefore...) }
      throw error
    }
  }
}
