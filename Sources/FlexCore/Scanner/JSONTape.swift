// The tape: the one data structure the scanner produces and every decoder reads.
//
// A document is scanned once, front to back, into a flat array of 16-byte entries, one per
// JSON value and one per object key, in document order. For example
//
//     {"id": 7, "tags": ["a", "b"]}
//
// becomes
//
//     index  kind    offset  length  end
//     0      object  0       2       7      <- 2 members; the subtree ends before entry 7
//     1      string  2       2       -      <- key "id": bytes 2..<4 (inside the quotes)
//     2      number  7       1       -
//     3      string  11      4       -      <- key "tags"
//     4      array   18      2       7      <- 2 elements
//     5      string  20      1       -
//     6      string  25      1       -
//
// Scalars are never materialized by the scanner: a string is a byte range (plus a flag that
// says whether it holds escapes), a number is the range of its text. A container's `end` lets a
// reader skip a whole subtree in O(1). The tape borrows the document's bytes; it is valid only
// while they are.

// The tape's types and its hot readers are SPI-public (`@_spi(Engine) public`) rather than
// `package`, for one reason: FlexDecoder reads the tape millions of times per second, and only
// public (or SPI) declarations can be `@inlinable` across modules without package-wide
// cross-module optimization. They are visible only to files that `@_spi(Engine) import FlexCore`;
// to users of FlexDecoder they do not exist.

/// The kind of a tape entry.
@_spi(Engine) public enum JSONTokenKind: UInt8, Sendable, BitwiseCopyable {
  case null
  case `true`
  case `false`
  case number
  case string
  case array
  case object

  /// Whether two kinds are the same. Spelled out so that other modules compare kinds inline
  /// rather than through the synthesized `Equatable` witness.
  @inlinable @inline(__always)
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue == rhs.rawValue
  }
}

/// One value (or object key) of a scanned document. 16 bytes.
@_spi(Engine) public struct JSONTapeEntry: Sendable, BitwiseCopyable {
  /// What the entry is.
  public var kind: JSONTokenKind
  /// `StringFlags` for strings, `NumberFlags` for numbers, zero otherwise.
  public var flags: UInt8
  /// Byte offset of the value: for strings the first byte after the opening quote, for numbers
  /// the first byte of their text, for containers the opening bracket.
  public var offset: UInt32
  /// Strings and numbers: length in bytes of the content. Arrays: element count. Objects:
  /// member count.
  public var length: UInt32
  /// Containers: the index of the first entry after the container's subtree. Scalars: unused.
  public var end: UInt32

  @inline(__always)
  init(kind: JSONTokenKind, flags: UInt8 = 0, offset: UInt32, length: UInt32 = 0, end: UInt32 = 0) {
    self.kind = kind
    self.flags = flags
    self.offset = offset
    self.length = length
    self.end = end
  }
}

/// Flags of a string entry.
@_spi(Engine) public enum StringFlags {
  /// The string holds at least one backslash escape and must be unescaped to be read.
  @inlinable public static var hasEscapes: UInt8 { 1 << 0 }
  /// JSON5: an unquoted object key.
  @inlinable public static var unquoted: UInt8 { 1 << 1 }
  /// JSON5: the string was delimited by single quotes.
  @inlinable public static var singleQuoted: UInt8 { 1 << 2 }
  /// The string's bytes as written (escapes undecoded) are all ASCII: lets a decoded string skip the
  /// scan for non-ASCII bytes.
  @inlinable public static var isASCII: UInt8 { 1 << 3 }
}

/// Flags of a number entry.
@_spi(Engine) public enum NumberFlags {
  /// Text is `-?digits`: no fraction, no exponent.
  @inlinable public static var isInteger: UInt8 { 1 << 0 }
  /// Text starts with `-`.
  @inlinable public static var isNegative: UInt8 { 1 << 1 }
  /// JSON5 syntax that RFC 8259 lacks: hexadecimal, `Infinity`, `NaN`, a leading `+` or `.`,
  /// or a trailing `.`. Such text takes the slow path in every reader.
  @inlinable public static var isExtended: UInt8 { 1 << 2 }
}

/// A scanned document: its bytes (borrowed) and its entries (owned).
///
/// Built by ``JSONScanner``. Immutable once built, but for ``keepBytes()``; it may be read from
/// any thread while the bytes it borrows stay alive.
@_spi(Engine) public final class JSONTape: @unchecked Sendable {
  /// The document's bytes. Borrowed: valid only while the buffer the tape was scanned from is,
  /// unless ``keepBytes()`` made the tape a copy of its own.
  ///
  /// Computed over an unchecked variable: a stored `var` read from another module is checked
  /// for exclusive access on every read (+9% instructions decoding twitter.json), and an
  /// `@exclusivity(unchecked)` mark does not travel across modules except through inlined code.
  @inlinable public var bytes: UnsafeRawBufferPointer { storedBytes }
  @usableFromInline @exclusivity(unchecked) var storedBytes: UnsafeRawBufferPointer
  /// The entries, in document order. Entry 0 is the top-level value.
  public let entries: UnsafeMutableBufferPointer<JSONTapeEntry>
  /// Whether the document was scanned as JSON5; string and number readers need to know.
  package let isJSON5: Bool

  /// A copy of the document that the tape owns (see ``scan(copying:options:)``), else `nil`.
  private var ownedBytes: UnsafeMutableRawBufferPointer?

  init(
    bytes: UnsafeRawBufferPointer, entries: UnsafeMutableBufferPointer<JSONTapeEntry>, isJSON5: Bool,
    ownedBytes: UnsafeMutableRawBufferPointer? = nil
  ) {
    self.storedBytes = bytes
    self.entries = entries
    self.isJSON5 = isJSON5
    self.ownedBytes = ownedBytes
  }

  deinit {
    entries.deallocate()
    ownedBytes?.deallocate()
  }

  /// Makes the tape read a copy of the document that it owns, so that it stays valid after the
  /// buffer it was scanned from is gone: a decoder or container that a model kept past its
  /// decode call reads its document through the tape. Called by the thread that made the tape,
  /// before anyone else can read it.
  package func keepBytes() {
    guard ownedBytes == nil else { return }
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
    if let base = bytes.baseAddress { copy.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
    ownedBytes = copy
    storedBytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<bytes.count])
  }

  /// Scans a copy of `bytes` that the returned tape owns, so the tape stays valid on its own
  /// (used for JSON documents embedded in strings).
  package static func scan(copying bytes: some Collection<UInt8>, options: JSONParsingOptions) throws(JSONParseError)
    -> JSONTape
  {
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
    copy.copyBytes(from: bytes)
    let view = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<bytes.count])
    do {
      return try JSONScanner.scan(view, options: options, ownedBytes: copy)
    } catch {
      copy.deallocate()
      throw error
    }
  }

  /// The number of entries.
  @inlinable @inline(__always)
  public var count: Int { entries.count }

  /// The entry at `index`.
  @inlinable @inline(__always)
  public subscript(index: Int) -> JSONTapeEntry {
    #if FLEX_INTERNAL_CHECKS
      checkEntryIndex(index)
    #endif
    return entries[index]
  }

  /// The index of the entry after the value at `index` and its whole subtree.
  @inlinable @inline(__always)
  public func next(after index: Int) -> Int {
    #if FLEX_INTERNAL_CHECKS
      checkEntryIndex(index)
      let entry = entries[index]
      let next = entry.kind.rawValue >= JSONTokenKind.array.rawValue ? Int(entry.end) : index &+ 1
      checkNext(next, after: index)
      return next
    #else
      let entry = entries[index]
      return entry.kind.rawValue >= JSONTokenKind.array.rawValue ? Int(entry.end) : index &+ 1
    #endif
  }

  /// The bytes of a string's content (between the quotes, escapes untouched) or a number's text.
  @inlinable @inline(__always)
  public func rawBytes(at index: Int) -> UnsafeRawBufferPointer {
    #if FLEX_INTERNAL_CHECKS
      checkBytes(at: index)
    #endif
    let entry = entries[index]
    return UnsafeRawBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset &+ entry.length)])
  }

  /// The location (offset, line, column) of the value at `index`, for error messages.
  package func location(of index: Int) -> JSONLocation {
    var offset = Int(entries[index].offset)
    if entries[index].kind == .string && entries[index].flags & StringFlags.unquoted == 0 {
      offset -= 1  // point at the opening quote
    }
    return JSONLocation(offset: offset, in: bytes)
  }
}
