// MachineInfo: where the numbers were measured, for the header line.

import Foundation

/// The machine, toolchain and time of a run.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct MachineInfo {
  /// `uname -m`, e.g. `x86_64`.
  let architecture: String
  /// The CPU's model name from `/proc/cpuinfo`, if it has one.
  let cpuModel: String?
  /// Cores available to this process.
  let coreCount: Int
  /// The Swift compiler that built flex-bench, to the minor version.
  let swiftVersion: String?
  /// When the run started.
  let date: Date

  /// The current machine.
  static func current() -> MachineInfo {
    MachineInfo(
      architecture: machineArchitecture(), cpuModel: cpuModelName(),
      coreCount: ProcessInfo.processInfo.activeProcessorCount, swiftVersion: compilerVersion(), date: Date())
  }

  /// One line: `x86_64 · Intel(R) Xeon(R) … · 2 cores · Swift 6.3 · 2026-11-22T10:00:00Z`.
  var summary: String {
    [
      architecture, cpuModel, "\(coreCount) cores", swiftVersion.map { "Swift \($0)" }, date.ISO8601Format(),
    ].compactMap { $0 }.joined(separator: " · ")
  }

  /// The `machine` field of `uname(2)`.
  private static func machineArchitecture() -> String {
    var names = utsname()
    guard uname(&names) == 0 else { return "unknown" }
    return withUnsafeBytes(of: &names.machine) { buffer in
      String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The first `model name` of `/proc/cpuinfo`, or `nil` where there is none (macOS, most ARM).
  private static func cpuModelName() -> String? {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      return name.isEmpty ? nil : name
    }
    return nil
  }

  /// The compiler version, known at compile time.
  private static func compilerVersion() -> String? {
    #if compiler(>=6.4)
      return "6.4+"
    #elseif compiler(>=6.3)
      return "6.3"
    #elseif compiler(>=6.2)
      return "6.2"
    #elseif compiler(>=6.1)
      return "6.1"
    #elseif compiler(>=6.0)
      return "6.0"
    #else
      return nil
    #endif
  }
}
