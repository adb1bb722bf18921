import Foundation

/// Foundation's own reading and writing of `.iso8601` dates, as this system's JSONDecoder and
/// JSONEncoder do them: the work left to Foundation by the native parser and writer.
///
/// - `Date.ISO8601FormatStyle` where the system has it (macOS 12, iOS 15, tvOS 15, watchOS 8,
///   and every other platform): what swift-foundation's coders use.
/// - `ISO8601DateFormatter` with `.withInternetDateTime` on older Apple systems: what their
///   JSONDecoder and JSONEncoder use, so the results are the system coders' there too.
enum FoundationISO8601 {
  /// The date in `string`, or `nil` when Foundation does not read it as an ISO 8601 date.
  static func date(from string: String) -> Date? {
    if #available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *) {
      return try? Date.ISO8601FormatStyle().parse(string)
    }
    return formatterDate(from: string)
  }

  /// `date` as an ISO 8601 string in UTC, whole seconds (`2024-05-01T12:30:00Z`).
  static func string(from date: Date) -> String {
    if #available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *) {
      return date.formatted(.iso8601)
    }
    return formatterString(from: date)
  }

  /// ``date(from:)`` on systems without `Date.ISO8601FormatStyle`.
  static func formatterDate(from string: String) -> Date? {
    internetDateTime.date(from: string)
  }

  /// ``string(from:)`` on systems without `Date.ISO8601FormatStyle`.
  static func formatterString(from date: Date) -> String {
    internetDateTime.string(from: date)
  }

  /// One formatter for the process, as Foundation's JSONDecoder keeps one:
  /// `ISO8601DateFormatter` may be used from several threads at once.
  private static var internetDateTime: ISO8601DateFormatter {
    unsafeDowncast(shared.formatter, to: ISO8601DateFormatter.self)
  }

  private static let shared = SharedFormatter()

  /// The formatter, kept as `AnyObject`: with a static property whose type holds an
  /// `ISO8601DateFormatter`, the Swift 6.3 compiler finds `DateFormatter` not `Sendable` in the
  /// files after it against an Apple SDK (the iOS 16.5 SDK here; swiftlang/swift#78635 reports
  /// the same of Swift 6.1 with Xcode 16.3), which breaks the `.formatted(DateFormatter)`
  /// strategies.
  private struct SharedFormatter: @unchecked Sendable {
    let formatter: AnyObject = {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = .withInternetDateTime
      return formatter
    }()
  }
}
