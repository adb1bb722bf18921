// ProcessMemory: the resident memory of this process, now and at its peak, for the scaling and
// memory checks.

import Foundation

/// The resident set size of the running process, read from `/proc/self/status` on Linux.
///
/// The peak can be reset (Linux 4.0 and later), so one process can measure the peak of several
/// pieces of work in turn. Elsewhere only the peak since the start is known (`getrusage`).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum ProcessMemory {
  /// Bytes resident now (`VmRSS`), or `nil` where `/proc` is not available.
  static func residentBytes() -> Int? {
    statusField("VmRSS:")
  }

  /// Bytes resident now in anonymous memory (`RssAnon`: the heap, stacks), or `nil` where
  /// `/proc` is not available.
  static func anonymousResidentBytes() -> Int? {
    statusField("RssAnon:")
  }

  /// Bytes resident now in pages of mapped files (`RssFile`: the code and data of the executable
  /// and its libraries), or `nil` where `/proc` is not available.
  static func fileResidentBytes() -> Int? {
    statusField("RssFile:")
  }

  /// The most bytes resident at once since the process started or the peak was last reset
  /// (`VmHWM`); without `/proc`, since the start (`ru_maxrss`).
  static func peakResidentBytes() -> Int? {
    if let peak = statusField("VmHWM:") { return peak }
    var usage = rusage()
    #if os(Linux)
      guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return nil }
      return usage.ru_maxrss * 1024  // kilobytes on Linux
    #else
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return usage.ru_maxrss
    #endif
  }

  /// Sets the peak to the current resident size, by writing `5` to `/proc/self/clear_refs`.
  ///
  /// - Returns: whether the peak was reset.
  @discardableResult
  static func resetPeak() -> Bool {
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return write(descriptor, "5", 1) == 1
  }

  /// Returns the heap's free memory to the system, so the resident size counts live memory only
  /// (glibc keeps freed blocks below 128 KiB in its arenas).
  static func trimHeap() {
    _ = mallocTrim?(0)
  }

  /// glibc's `malloc_trim`, looked up at run time (Swift's Glibc module does not declare it);
  /// `nil` elsewhere.
  private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
  }()

  /// The value of a `kB` line of `/proc/self/status`, in bytes.
  private static func statusField(_ name: String) -> Int? {
    let descriptor = open("/proc/self/status", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 8192)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[0..<count], as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix(name) {
      let fields = line.dropFirst(name.count).split { $0 == " " || $0 == "\t" }
      guard let kilobytes = fields.first.flatMap({ Int($0) }) else { return nil }
      return kilobytes * 1024
    }
    return nil
  }

  /// `bytes` in binary units for a report: `812 KiB`, `23.4 MiB`.
  static func formatted(_ bytes: Int) -> String {
    let magnitude = abs(bytes)
    let sign = bytes < 0 ? "-" : ""
    if magnitude < 1024 * 1024 { return sign + "\(magnitude / 1024) KiB" }
    return sign + String(format: "%.1f MiB", Double(magnitude) / 1_048_576)
  }
}
