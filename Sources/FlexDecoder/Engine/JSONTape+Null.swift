import FlexCore

extension JSONTape {
  /// A one-entry tape holding `null`: what `superDecoder(forKey:)` decodes when the key is
  /// absent. Its bytes are allocated once and never freed.
  static let null: JSONTape = {
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 4, alignment: 1)
    bytes.copyBytes(from: "null".utf8)
    // `null` is valid JSON: scanning it cannot fail.
    return try! JSONScanner.scan(UnsafeRawBufferPointer(bytes))
  }()
}
