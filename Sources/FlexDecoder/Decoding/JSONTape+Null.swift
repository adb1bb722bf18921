@_spi(Engine) import FlexCore

extension JSONTape {
  /// A one-entry tape holding `null`: what `superDecoder(forKey:)` decodes when the key is
  /// absent.
  static let null: JSONTape = {
    // `null` is valid JSON: scanning it cannot fail.
    try! JSONTape.scan(copying: "null".utf8, options: .strict)
  }()
}
