// MemoryCheck: resident memory while one library decodes one corpus file many times.

import CorpusModels
import FlexDecoder
import Foundation

/// The `memory` check: one library decodes one corpus file into its model N times, in a
/// process that does nothing else, so `/usr/bin/time -v` reports that library's peak:
///
///     /usr/bin/time -v .build/release/flex-bench --mode memory --library flex --file twitter
///     /usr/bin/time -v .build/release/flex-bench --mode memory --library foundation --file twitter
///
/// It prints the resident set size before the first decode, after it, and after every tenth of
/// the decodes, and the process's peak. It fails when the resident size grows by more than
/// ``allowedGrowth`` between decode N/10 and decode N: memory that repeated decodes keep.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct MemoryCheck {
  /// A decoder the check can run.
  enum Library: CaseIterable {
    case flex
    case foundation

    /// The name `--library` matches, as in the table.
    var name: String {
      switch self {
      case .flex: "FlexJSONDecoder() (defaults)"
      case .foundation: "Foundation JSONDecoder"
      }
    }
  }

  /// The most the resident size may grow from decode N/10 to decode N: 1 MiB.
  static let allowedGrowth = 1 << 20

  /// The file to decode.
  let file: CorpusFile
  /// Who decodes it.
  let library: Library
  /// How many times.
  let decodes: Int

  /// Reads the file, library and decode count from `options`.
  ///
  /// - Throws: ``BenchmarkOptions/UsageError`` unless exactly one `--file` and one library
  ///   (`--library flex` or `--library foundation`) are given.
  init(_ options: BenchmarkOptions) throws(BenchmarkOptions.UsageError) {
    guard options.hasSelectedFiles, options.files.count == 1, let file = options.files.first else {
      throw BenchmarkOptions.UsageError(description: "--mode memory needs exactly one --file")
    }
    let libraries = Library.allCases.filter { options.includes(library: $0.name, isBaseline: false) }
    guard !options.libraries.isEmpty, libraries.count == 1, let library = libraries.first else {
      throw BenchmarkOptions.UsageError(description: "--mode memory needs one --library: flex or foundation")
    }
    self.file = file
    self.library = library
    self.decodes = options.decodes
  }

  /// Decodes the file ``decodes`` times and prints the resident size along the way.
  ///
  /// - Returns: whether the resident size grew by at most ``allowedGrowth`` from decode N/10 to N.
  /// - Throws: when the file cannot be read or decoded, or has no model.
  func run() throws -> Bool {
    guard let model = corpusModelTypes.first(where: { $0.file == file }) else {
      throw BenchmarkOptions.UsageError(description: "\(file.rawValue) has no model in CorpusModelTypes.swift")
    }
    let data = try file.load()
    let decode = Self.decoder(for: model.type, library: library)
    print("flex-bench memory · \(MachineInfo.current().summary)")
    print("\(library.name) decodes \(file.rawValue) (\(data.count) bytes) \(decodes) times")
    let start = ProcessMemory.residentBytes() ?? 0
    print("resident before the first decode: \(Self.kilobytes(start)) (\(Self.breakdown()))")

    let clock = ContinuousClock()
    let began = clock.now
    var checksum = 0
    var residentAtTenth = 0
    for count in 1...decodes {
      checksum &+= try decode(data)
      guard count == 1 || count % (decodes / 10) == 0 else { continue }
      let resident = ProcessMemory.residentBytes() ?? 0
      if count == decodes / 10 { residentAtTenth = resident }
      let average = began.duration(to: clock.now).seconds / Double(count) * 1e3
      print(
        "after \(String(count).paddedLeft(to: 6)) decodes: resident \(Self.kilobytes(resident))"
          + String(format: " (%.3f ms per decode so far)", average))
    }
    let end = ProcessMemory.residentBytes() ?? 0
    print("resident after the last decode: \(Self.kilobytes(end)) (\(Self.breakdown()))")
    let growth = end - residentAtTenth
    let peak = ProcessMemory.peakResidentBytes() ?? 0
    print("peak resident (VmHWM): \(Self.kilobytes(peak)), \(Self.kilobytes(peak - start)) above the start")
    print("growth from decode \(decodes / 10) to \(decodes): \(Self.kilobytes(growth))")
    print("checksum \(checksum)")
    let passed = growth <= Self.allowedGrowth
    print(passed ? "passed" : "FAILED: the resident size grew by more than \(Self.kilobytes(Self.allowedGrowth))")
    return passed
  }

  /// A closure that decodes data into `type` with `library` and returns 1.
  private static func decoder<T: Decodable>(for type: T.Type, library: Library) -> (Data) throws -> Int {
    switch library {
    case .flex:
      let decoder = FlexJSONDecoder()
      return { blackHole(try decoder.decode(type, from: $0)) }
    case .foundation:
      let decoder = JSONDecoder()
      return { blackHole(try decoder.decode(type, from: $0)) }
    }
  }

  /// The resident size split into anonymous memory (heap, stacks) and mapped files (code).
  private static func breakdown() -> String {
    let anonymous = ProcessMemory.anonymousResidentBytes() ?? 0
    let files = ProcessMemory.fileResidentBytes() ?? 0
    return "anonymous \(kilobytes(anonymous)), files \(kilobytes(files))"
  }

  /// `bytes` in kB (1,024 bytes), as `/usr/bin/time -v` prints its maximum resident set size.
  private static func kilobytes(_ bytes: Int) -> String {
    "\(bytes / 1024) kB"
  }
}
