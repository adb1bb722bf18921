// Unkeyed containers walk an array's elements in order. (A class: its decoding methods hand
// closures that read the container to the recovery pass's call wrapper.) The cursor advances only after an
// element decodes successfully, as in JSONDecoder, so `try? container.decode(A.self)` followed by
// another attempt at the same element works (the usual "lossy array" idiom).

@_spi(Engine) import FlexCore

/// `UnkeyedDecodingContainer` over one array of the tape.
final class UnkeyedContainer: UnkeyedDecodingContainer {
  private let decoder: TapeDecoder
  private let tape: JSONTape
  private let pathDepth: Int
  private let explicitPath: [any CodingKey]?
  private let elementCount: Int
  /// The code that asked for the container (a model, or a nested container's key type), which
  /// names its calls during the recovery pass.
  private let owner: Any.Type
  /// Tape index of the next element.
  @exclusivity(unchecked) private var position: Int

  /// The number of elements decoded so far.
  @exclusivity(unchecked) private(set) var currentIndex = 0

  /// A container over the elements of the array at `arrayIndex`.
  convenience init(decoder: TapeDecoder, arrayIndex: Int, explicitPath: [any CodingKey]?, owner: Any.Type) {
    self.init(
      decoder: decoder, firstElement: arrayIndex &+ 1, count: Int(decoder.tape[arrayIndex].length),
      explicitPath: explicitPath, owner: owner)
  }

  /// A container over `count` consecutive values starting at `firstElement` (one value for
  /// the `.singleToArray` coercion).
  init(decoder: TapeDecoder, firstElement: Int, count: Int, explicitPath: [any CodingKey]?, owner: Any.Type) {
    self.decoder = decoder
    self.owner = owner
    self.tape = decoder.tape
    self.pathDepth = decoder.pathStack.count
    self.explicitPath = explicitPath
    self.elementCount = count
    self.position = firstElement
  }

  var codingPath: [any CodingKey] {
    explicitPath ?? Array(decoder.pathStack.prefix(pathDepth))
  }

  var count: Int? { elementCount }

  var isAtEnd: Bool { currentIndex >= elementCount }

  private var elementPath: [any CodingKey] { codingPath + [IndexCodingKey(index: currentIndex)] }

  @inline(__always)
  private func advance() {
    position = tape.next(after: position)
    currentIndex &+= 1
  }

  /// The next element's tape index; throws `valueNotFound` at the end.
  @inline(__always)
  private func requireElement(_ type: Any.Type) throws -> Int {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: elementPath, debugDescription: "Unkeyed container is at end."))
    }
    return position
  }

  // MARK: Decoding

  func decodeNil() throws -> Bool {
    let element = try requireElement(Never.self)
    guard tape[element].kind == .null else { return false }
    advance()
    return true
  }

  /// Reads the next element with `unwrap` and moves past it. During the recovery pass a
  /// repaired element is passed over all the same.
  @inline(__always)
  private func decodeNext<T>(
    _ type: T.Type, _ unwrap: (Int, @autoclosure () -> [any CodingKey]) throws -> T
  ) throws -> T {
    guard let recovery = decoder.recovery else {
      let value = try unwrap(try requireElement(type), elementPath)
      advance()
      return value
    }
    let element: Int? = isAtEnd ? nil : position
    let value = try decoder.recoveringCall(
      recovery, site: CallSite(owner: owner, key: "*", type: type), type: type, path: elementPath,
      valueIndex: element,
      failsPlainly: element.map { decoder.certainlyFails(ScalarExpectation(type), at: $0) } ?? true,
      replacement: { path in
        guard element != nil else { throw NoPlaceholder() }
        return try decoder.requirePlaceholder(type, path: path)
      }
    ) {
      try unwrap(try requireElement(type), elementPath)
    }
    if !isAtEnd { advance() }
    return value
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    try decodeNext(type) { try decoder.unwrapBool(at: $0, path: $1()) }
  }

  func decode(_ type: String.Type) throws -> String {
    try decodeNext(type) { try decoder.unwrapString(at: $0, path: $1()) }
  }

  func decode(_ type: Double.Type) throws -> Double {
    try decodeNext(type) { try decoder.unwrapDouble(at: $0, path: $1()) }
  }

  func decode(_ type: Float.Type) throws -> Float {
    try decodeNext(type) { try decoder.unwrapFloat(at: $0, path: $1()) }
  }

  func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type) throws -> Int128 { try decodeInteger(type) }

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeInteger(type) }

  @inline(__always)
  private func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    try decodeNext(type) { try decoder.unwrapInteger(type, at: $0, path: $1()) }
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let key = IndexCodingKey(index: currentIndex)
    let explicitPath = explicitPath
    let decoder = decoder
    return try decodeNext(type) { element, _ in
      try decoder.decodeChild(type, at: element, key: key, explicitPath: explicitPath)
    }
  }

  // MARK: decodeIfPresent (JSONDecoder's, which differs from the protocol's default at the end)

  /// For `decodeIfPresent`: whether a non-null element is next. A null is stepped over. Past the
  /// end JSONDecoder still counts a step, so `currentIndex` can run beyond `count`; the
  /// protocol's default implementation would stay put.
  private func nextElementIsPresent() -> Bool {
    if isAtEnd {
      currentIndex &+= 1
      return false
    }
    if tape[position].kind == .null {
      advance()
      return false
    }
    return true
  }

  func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: String.Type) throws -> String? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: Double.Type) throws -> Double? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: Float.Type) throws -> Float? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: Int.Type) throws -> Int? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { nextElementIsPresent() ? try decode(type) : nil }
  func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { nextElementIsPresent() ? try decode(type) : nil }

  func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    nextElementIsPresent() ? try decode(type) : nil
  }

  // MARK: Nested containers and super decoders

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        KeyedDecodingContainer<NestedKey>.self,
        DecodingError.Context(
          codingPath: elementPath, debugDescription: "Cannot get nested keyed container -- unkeyed container is at end."
        ))
    }
    let container = try decoder.makeKeyedContainer(
      keyedBy: type, at: position, explicitPath: elementPath, rules: .none)
    advance()
    return KeyedDecodingContainer(container)
  }

  func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        (any UnkeyedDecodingContainer).self,
        DecodingError.Context(
          codingPath: elementPath,
          debugDescription: "Cannot get nested unkeyed container -- unkeyed container is at end."))
    }
    let container = try decoder.makeUnkeyedContainer(at: position, explicitPath: elementPath, owner: owner)
    advance()
    return container
  }

  func superDecoder() throws -> any Decoder {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        (any Decoder).self,
        DecodingError.Context(
          codingPath: elementPath, debugDescription: "Cannot get superDecoder() -- unkeyed container is at end."))
    }
    let superDecoder = decoder.makeSuperDecoder(at: position, codingPath: elementPath)
    advance()
    return superDecoder
  }
}
