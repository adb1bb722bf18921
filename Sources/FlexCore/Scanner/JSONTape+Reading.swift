// Materializing scalars from the tape, on demand.

extension JSONTape {
  /// The string (or object key) at `index`, unescaped.
  @inlinable @inline(__always)
  public func string(at index: Int) -> String {
    let flags = entries[index].flags
    return JSONStringDecoding.decode(
      rawBytes(at: index), hasEscapes: flags & StringFlags.hasEscapes != 0, isASCII: flags & StringFlags.isASCII != 0)
  }

  /// Whether the key at `index` equals `utf8`, compared as bytes (unescaping first if needed).
  @inlinable @inline(__always)
  public func key(at index: Int, equals utf8: UnsafeRawBufferPointer) -> Bool {
    #if FLEX_INTERNAL_CHECKS
      checkBytes(at: index)
    #endif
    let entry = entries[index]
    if entry.flags & StringFlags.hasEscapes == 0 {
      guard Int(entry.length) == utf8.count else { return false }
      return utf8.count == 0
        || memoryEqual(bytes.baseAddress! + Int(entry.offset), utf8.baseAddress!, utf8.count)
    }
    return escapedKey(at: index, equals: utf8)
  }

  /// ``key(at:equals:)`` for a key written with escapes: unescaped, then compared.
  @usableFromInline
  func escapedKey(at index: Int, equals utf8: UnsafeRawBufferPointer) -> Bool {
    Array(string(at: index).utf8).withUnsafeBytes { unescaped in
      unescaped.count == utf8.count && unescaped.elementsEqual(utf8)
    }
  }

  /// The number at `index` as an integer of type `T`, or `nil` if it is not an integer value
  /// that fits (`1.0` and `1e2` are integers; `1.5` is not).
  @inlinable @inline(__always)
  public func integer<T: FixedWidthInteger>(at index: Int, as type: T.Type = T.self) -> T? {
    let entry = entries[index]
    let text = rawBytes(at: index)
    if entry.flags & NumberFlags.isInteger != 0 && entry.flags & NumberFlags.isExtended == 0 {
      return NumberParsing.integer(fromIntegerText: text, as: type)
    }
    if isHexadecimal(at: index) {
      return NumberParsing.integer(fromHexText: text, as: type)
    }
    return NumberParsing.integer(fromDecimalText: text, as: type)
  }

  /// Whether the number at `index` is JSON5 hexadecimal text (`0x1F`, `-0X10`, `+0xff`).
  @inlinable @inline(__always)
  public func isHexadecimal(at index: Int) -> Bool {
    guard entries[index].flags & NumberFlags.isExtended != 0 else { return false }
    let text = rawBytes(at: index)
    let offset = text[0] == ._minus || text[0] == ._plus ? 1 : 0
    return text.count > offset &+ 1 && text[offset &+ 1] | 0x20 == UInt8(ascii: "x")
  }

  /// The number at `index` as the nearest `Double`, or `nil` if it overflows. JSON5 `Infinity`
  /// and `NaN` are returned as such.
  @inlinable @inline(__always)
  public func double(at index: Int) -> Double? {
    let text = rawBytes(at: index)
    if entries[index].flags & NumberFlags.isExtended != 0 {
      return NumberParsing.double(fromExtendedText: text)
    }
    return NumberParsing.double(fromNumberText: text)
  }

  /// The number at `index` as the nearest `Float`, or `nil` if it overflows `Float`.
  @inlinable @inline(__always)
  public func float(at index: Int) -> Float? {
    let text = rawBytes(at: index)
    if entries[index].flags & NumberFlags.isExtended != 0 {
      guard let value = NumberParsing.double(fromExtendedText: text) else { return nil }
      if value.isNaN || value.isInfinite { return Float(value) }
      let narrowed = Float(value)
      return narrowed.isFinite ? narrowed : nil
    }
    return NumberParsing.float(fromNumberText: text)
  }

  /// The text of the number at `index`, as written in the document.
  package func numberText(at index: Int) -> String {
    String(decoding: rawBytes(at: index), as: UTF8.self)
  }
}

/// `memcmp` without importing the C library, for short byte strings such as keys: whole words,
/// then one last word that overlaps the previous one (or two overlapping half-words for 4–7
/// bytes) instead of a byte loop.
@inlinable @inline(__always)
package func memoryEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
  if count >= 8 {
    var index = 0
    while index &+ 8 < count {
      if lhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        != rhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      {
        return false
      }
      index &+= 8
    }
    return lhs.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      == rhs.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
  }
  if count >= 4 {
    return lhs.loadUnaligned(as: UInt32.self) == rhs.loadUnaligned(as: UInt32.self)
      && lhs.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        == rhs.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
  }
  var index = 0
  while index < count {
    if lhs.load(fromByteOffset: index, as: UInt8.self) != rhs.load(fromByteOffset: index, as: UInt8.self) {
      return false
    }
    index &+= 1
  }
  return true
}
