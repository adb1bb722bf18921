// BenchmarkOptions: the command line of flex-bench, parsed by hand (no package dependencies).

import CorpusModels

/// What to run and how often, from the command line.
struct BenchmarkOptions {
  /// Timed runs per row; the median is reported. Default 20.
  var iterations = 20
  /// Untimed runs per row before the timed ones. Default 3.
  var warmup = 3
  /// The corpus files to run, in corpus order. Default: all of them.
  var files: [CorpusFile] = CorpusFile.allCases
  /// Case-insensitive substrings of library names; empty runs every library.
  var libraries: [String] = []
  /// The modes to run, in registry order. Default: all of them.
  var modes: [BenchmarkMode] = BenchmarkMode.allCases
  /// `--no-baseline` was given: skip the Foundation rows (for profiling one library alone).
  var skipsBaseline = false
  /// `--help` was given: print ``usage`` and run nothing.
  var showsHelp = false

  /// The text printed by `--help`.
  static let usage = """
    USAGE: swift run -c release flex-bench [options]

    Measures FlexDecoder against Foundation side by side on the corpus in Benchmarks/Data
    and prints the median throughput of each row and its ratio to the Foundation baseline
    of the same file and mode.

    OPTIONS:
      --iterations N   timed runs per row; the median is reported (default 20)
      --warmup N       untimed runs per row before timing (default 3)
      --file NAME      a corpus file, e.g. twitter or twitter.json; repeatable
                       (default: all of \(CorpusFile.allCases.map(\.shortName).joined(separator: ", ")))
      --library NAME   only rows whose library contains NAME (case-insensitive); repeatable.
                       The Foundation baseline rows always run, so ratios stay available.
      --no-baseline    skip the Foundation rows (e.g. to profile FlexDecoder alone)
      --mode MODE      \(BenchmarkMode.allCases.map(\.rawValue).joined(separator: "|"))|all (default all); repeatable
      --help           print this help

    MODES:
    \(BenchmarkMode.allCases.map { "  \($0.rawValue.paddedRight(to: 10))\($0.summary)" }.joined(separator: "\n"))
    """

  /// A command line that cannot be run.
  struct UsageError: Error, CustomStringConvertible {
    /// What is wrong, for the user.
    let description: String
  }

  /// Parses `arguments` (without the program name).
  ///
  /// - Throws: ``UsageError`` for an unknown flag, a missing or bad value, or an unknown file or mode.
  init(arguments: [String]) throws(UsageError) {
    var selectedFiles: [CorpusFile] = []
    var selectedModes: [BenchmarkMode] = []
    var remaining = arguments[...]
    while let flag = remaining.popFirst() {
      /// The value after `flag`, or an error naming the flag.
      func value() throws(UsageError) -> String {
        guard let value = remaining.popFirst() else {
          throw UsageError(description: "\(flag) needs a value")
        }
        return value
      }
      switch flag {
      case "--iterations":
        iterations = try Self.count(try value(), flag: flag, minimum: 1)
      case "--warmup":
        warmup = try Self.count(try value(), flag: flag, minimum: 0)
      case "--file":
        let name = try value()
        guard let file = CorpusFile(shortName: name) else {
          throw UsageError(
            description:
              "unknown corpus file '\(name)'; known: \(CorpusFile.allCases.map(\.shortName).joined(separator: ", "))")
        }
        if !selectedFiles.contains(file) { selectedFiles.append(file) }
      case "--library":
        libraries.append(try value())
      case "--mode":
        let name = try value()
        if name.lowercased() == "all" {
          selectedModes = BenchmarkMode.allCases
        } else if let mode = BenchmarkMode(rawValue: name.lowercased()) {
          if !selectedModes.contains(mode) { selectedModes.append(mode) }
        } else {
          throw UsageError(
            description:
              "unknown mode '\(name)'; known: \(BenchmarkMode.allCases.map(\.rawValue).joined(separator: ", ")), all")
        }
      case "--no-baseline":
        skipsBaseline = true
      case "--help", "-h":
        showsHelp = true
      default:
        throw UsageError(description: "unknown argument '\(flag)'")
      }
    }
    // Keep the corpus and registry order whatever order the flags came in.
    if !selectedFiles.isEmpty { files = CorpusFile.allCases.filter(selectedFiles.contains) }
    if !selectedModes.isEmpty { modes = BenchmarkMode.allCases.filter(selectedModes.contains) }
  }

  /// Whether rows of `library` run: baselines unless `--no-baseline`; others when they match a
  /// `--library`.
  func includes(library: String, isBaseline: Bool) -> Bool {
    if isBaseline { return !skipsBaseline }
    return libraries.isEmpty
      || libraries.contains { library.lowercased().contains($0.lowercased()) }
  }

  /// `text` as an integer of at least `minimum`.
  private static func count(_ text: String, flag: String, minimum: Int) throws(UsageError) -> Int {
    guard let number = Int(text), number >= minimum else {
      throw UsageError(description: "\(flag) needs an integer ≥ \(minimum), got '\(text)'")
    }
    return number
  }
}
