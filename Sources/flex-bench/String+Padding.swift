// Column alignment for the help text and the result table.

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
