// Column alignment for the help text and the result table.

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension String {
  /// The string padded with spaces on the right to `width` characters (never truncated).
  func paddedRight(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string padded with spaces on the left to `width` characters (never truncated).
  func paddedLeft(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
