/// How JSON text is written: the same three choices as `JSONEncoder.OutputFormatting`, with the
/// same output.
public struct JSONFormattingOptions: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt

  /// Creates options from raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Newlines and two-space indentation, with `" : "` between key and value, as `JSONEncoder`
  /// writes it.
  public static let prettyPrinted = JSONFormattingOptions(rawValue: 1 << 0)
  /// Object keys in ascending order of their UTF-8 bytes, as `JSONEncoder` sorts them on Linux.
  public static let sortedKeys = JSONFormattingOptions(rawValue: 1 << 1)
  /// Write `/` as is instead of `\/`.
  public static let withoutEscapingSlashes = JSONFormattingOptions(rawValue: 1 << 3)
}
