// A document that is still arriving (an LLM's answer, a tool call's arguments): its value so far,
// at any moment.

@_spi(Engine) import FlexCore
import Foundation

/// Decodes a JSON document while it arrives: append its bytes as they come, and ask at any time
/// for the value of what has arrived.
///
/// ```swift
/// var partial = FlexPartialDecoder(of: ToolCall.self)
/// for try await chunk in argumentChunks {
///   try partial.append(chunk.utf8)
///   render(try partial.value())          // the call so far: a string as far as it has arrived
///   if partial.isComplete("city") { startLookup() }
/// }
/// let call = try partial.finish()        // exactly decode(_:from:) of the whole document
/// ```
///
/// What has not arrived is missing: an optional is `nil`, and the rest get their defaults as
/// under `.useDefaults` (`0`, `""`, `[]`, ``FlexDefaultValue``, the declared initial values of a
/// ``FlexDeclaredDefaults`` type). A
/// string still arriving is shown as far as it has arrived (``showsPartialStrings``), never
/// inside an escape or a UTF-8 character; a number or a literal only once it has ended; an
/// object's member only once its key has. A path that ``isComplete(_:)`` reports complete never
/// changes afterwards.
///
/// Each appended byte is read once, when it is appended; ``value()`` decodes the prefix, closed
/// into a document, with the decoder's options (one decode of a document of that size).
/// Documents are read as RFC 8259 JSON.
public struct FlexPartialDecoder<T: Decodable> {
  private let decoder: FlexJSONDecoder
  private var scanner: PartialJSONScanner

  /// Whether a string value still arriving is shown as far as it has arrived (`true`), or only
  /// once whole (`false`: missing until then).
  public var showsPartialStrings = true

  /// A partial decoder of a `T`, with `decoder`'s options.
  public init(of type: T.Type, decoder: FlexJSONDecoder = FlexJSONDecoder()) {
    self.decoder = decoder
    scanner = PartialJSONScanner(maxDepth: decoder.maxDepth)
  }

  /// Adds the next bytes of the document.
  ///
  /// - Throws: `DecodingError.dataCorrupted`, with the ``JSONParseError`` of the first byte
  ///   that no JSON document can have where it is; the bytes before it are kept.
  public mutating func append(_ bytes: some Sequence<UInt8>) throws {
    do {
      try scanner.append(bytes)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
    }
  }

  /// The value of what has arrived, with what has not treated as missing.
  ///
  /// - Throws: what decoding the prefix throws with what is missing defaulted: a value of the
  ///   wrong type that has arrived whole, for example.
  public func value() throws -> T {
    let options = decoder.makeOptions().withErrorPolicy(.useDefaults)
    let document = scanner.closedDocument(showsPartialStrings: showsPartialStrings) ?? Array("null".utf8)
    var issues: [FlexIssue] = []
    return try document.withUnsafeBytes {
      try FlexJSONDecoder.decodeDocument(T.self, from: $0, options: options, at: nil, issues: &issues)
    }
  }

  /// Whether the value at `keyPath` (dot-separated keys; array indexes as numbers: `"items.0.name"`;
  /// `""` for the whole document) has arrived whole. Keys are compared as decoded (a key written
  /// `"a\u0062"` is `ab`).
  public func isComplete(_ keyPath: String) -> Bool {
    if scanner.isComplete { return keyPath.isEmpty || exists(keyPath) }
    guard !keyPath.isEmpty else { return false }
    let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
    // On the path of the value in progress: not complete.
    let open = scanner.openPath
    if components.count <= open.count {
      let onOpenPath = zip(components, open).allSatisfy { component, step in
        switch step {
        case .key(let key): return Self.decodedKey(key) == component
        case .index(let index): return Int(String(decoding: component, as: UTF8.self)) == index
        }
      }
      if onOpenPath { return false }
    }
    return exists(keyPath)
  }

  /// Whether the whole document has arrived.
  public var isComplete: Bool { scanner.isComplete }

  /// The value of the whole document: exactly what `decode(_:from:)` returns or throws for it
  /// (a document that has not fully arrived throws as a truncated one does).
  public func finish() throws -> T {
    try decoder.decode(T.self, from: Data(scanner.bytes))
  }

  /// How many bytes were read by ``append(_:)``: each byte once.
  package var bytesScanned: Int { scanner.bytesScanned }

  /// A key as written between its quotes, decoded (as `exists` compares keys).
  private static func decodedKey(_ key: [UInt8]) -> [UInt8] {
    guard key.contains(UInt8(ascii: "\\")),
      case .string(let text)? = try? JSONValue(parsing: [UInt8(ascii: "\"")] + key + [UInt8(ascii: "\"")])
    else { return key }
    return Array(text.utf8)
  }

  /// Whether the prefix, closed, has a value at `keyPath`.
  private func exists(_ keyPath: String) -> Bool {
    // Read as the scanner reads it: with one trailing comma, to the decoder's depth.
    let options = JSONParsingOptions(maxDepth: scanner.maxDepth, allowsTrailingCommas: true)
    guard let document = scanner.closedDocument(showsPartialStrings: true),
      var value = try? JSONValue(parsing: document, options: options)
    else { return false }
    guard !keyPath.isEmpty else { return true }
    for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
      switch value {
      case .object(let object):
        guard let member = object[String(component)] else { return false }
        value = member
      case .array(let array):
        guard let index = Int(component), array.indices.contains(index) else { return false }
        value = array[index]
      default:
        return false
      }
    }
    return true
  }
}

extension DecodingOptions {
  /// These options under another error policy.
  func withErrorPolicy(_ policy: FlexJSONDecoder.ErrorPolicy) -> DecodingOptions {
    guard policy != errorPolicy else { return self }
    return DecodingOptions(
      dateDecodingStrategy: dateDecodingStrategy, dataDecodingStrategy: dataDecodingStrategy,
      nonConformingFloatDecodingStrategy: nonConformingFloatDecodingStrategy,
      keyDecodingStrategy: keyDecodingStrategy, userInfo: userInfo, parsing: parsing, coercions: coercions,
      keyMapping: keyMapping, errorPolicy: policy, reportsCoercions: reportsCoercions,
      unknownKeyPolicy: unknownKeyPolicy, dropsElementsWithDefaults: dropsElementsWithDefaults)
  }
}

// MARK: - Sendable

extension FlexPartialDecoder: Sendable {}
