// BenchmarkOptions: the command line of flex-bench, parsed by hand (no package dependencies).

import CorpusModels

/// What to run and how often, from the command line.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct BenchmarkOptions {
  /// Timed rounds; each times a batch of runs of every row of a file and mode (BenchmarkGroup),
  /// and each row's median time per run is reported. Default 20.
  var iterations = 20
  /// Untimed rounds (one batch of each row) before the timed ones, in which the batches are
  /// sized. Default 3.
  var warmup = 3
  /// The corpus files to run, in corpus order. Default: all of them.
  var files: [CorpusFile] = CorpusFile.allCases
  /// Case-insensitive substrings of library names; empty runs every library.
  var libraries: [String] = []
  /// The modes to run, in registry order. Default: all of them.
  var modes: [BenchmarkMode] = BenchmarkMode.allCases
  /// The per-call suites to run after the table (`--mode small`, `--mode dates`). Default: all.
  var suites: [MicroSuite] = MicroSuite.allCases
  /// Whether the stream rows run, after the suites (`--mode streams`). Default: yes.
  var runsStreams = true
  /// `--no-baseline` was given: skip the Foundation rows (for profiling one library alone).
  var skipsBaseline = false
  /// `--help` was given: print ``usage`` and run nothing.
  var showsHelp = false

  // MARK: Checks

  /// A check to run instead of the table: `--mode truncations`, `scaling` or `memory`.
  var check: CheckMode?
  /// `--file` was given: the checks that default to every corpus file take only these.
  var hasSelectedFiles = false
  /// JSON files outside the corpus (`--path`), for the truncations check.
  var paths: [String] = []
  /// Truncations: check every offset within this many bytes of either end and every ``stride``-th
  /// between; `nil` checks every offset.
  var edgeByteCount: Int?
  /// Truncations: the step between checked offsets away from the ends (with `--edge`).
  var stride = 4_096
  /// Truncations: threads scanning prefixes at once. Default 1.
  var jobs = 1
  /// Scaling: the document sizes, in MiB. Default 1, 4 and 16.
  var sizes = [1, 4, 16]
  /// Scaling: timed runs of each measurement; the fastest is reported. Default 3.
  var repeats = 3
  /// Memory: how many times the file is decoded. Default 10,000.
  var decodes = 10_000
  /// Stream memory: the size of each stream, in GiB (`--stream-memory-gb`). Default 1.
  var streamMemoryGibibytes = 1

  // MARK: Streams

  /// The streams mode's sizes and rounds (`--stream-mb`, `--stream-rounds`).
  var streams = StreamBenchmarks.Configuration()

  /// How long a batch of runs lasts, in whole milliseconds, for the header line and `--help`.
  static let batchMilliseconds = Int((BatchTiming.targetSeconds * 1e3).rounded())

  /// The text printed by `--help`.
  static let usage = """
    USAGE: swift run -c release flex-bench [options]

    Measures FlexDecoder against Foundation side by side on the corpus in Benchmarks/Data
    and prints the median throughput of each row and its ratio to the Foundation baseline
    of the same file and mode. The rows of one file and mode are timed in alternation, so a
    burst of load on the machine falls on all of them alike: each round times a batch of runs of
    each row in turn (the order reversed every other round); a batch lasts about \(batchMilliseconds) ms
    (sized during warm-up; one run when a run takes longer) and its time per run is its time over
    its runs.

    OPTIONS:
      --iterations N   timed rounds, one batch of each row of a file and mode per round; each
                       row's median time per run is reported (default 20)
      --warmup N       untimed rounds before timing, in which the batches are sized (default 3)
      --file NAME      a corpus file, e.g. twitter or twitter.json; repeatable
                       (default: all of \(CorpusFile.allCases.map(\.shortName).joined(separator: ", ")))
      --library NAME   only rows whose library contains NAME (case-insensitive); repeatable.
                       The Foundation baseline rows always run, so ratios stay available.
      --no-baseline    skip the Foundation rows (e.g. to profile FlexDecoder alone)
      --mode MODE      \((BenchmarkMode.allCases.map(\.rawValue) + MicroSuite.allCases.map(\.rawValue)).joined(separator: "|"))|streams|all
                       (default all); repeatable;
                       or one check: \(CheckMode.allCases.map(\.rawValue).joined(separator: "|"))
      --help           print this help

    MODES:
    \(BenchmarkMode.allCases.map { "  \($0.rawValue.paddedRight(to: 14))\($0.summary)" }.joined(separator: "\n"))

    SUITES (per call, printed as their own tables; --iterations is the number of rounds):
    \(MicroSuite.allCases.map { "  \($0.rawValue.paddedRight(to: 14))\($0.summary)" }.joined(separator: "\n"))

    STREAMS (after the suites, their own table; see StreamBenchmarks.swift):
      streams       FlexJSONDecoder's values(of:from:framing:) and elements(of:from:framing:) on
                    JSON Lines and {"data":[…]} of ~1 kB records made in memory, against splitting
                    lines and decoding each with JSONDecoder or FlexJSONDecoder; bad lines under
                    .collectAll; one 8 MiB element in 1 kB chunks; a 32 kB answer appended to
                    FlexPartialDecoder 4 bytes at a time, value() against decode. One run of each
                    contender per round, interleaved; median and fastest time, MB/s, values/s, ratios
      --stream-mb N      the size of the streams in MiB (default \(StreamBenchmarks.Configuration().mebibytes))
      --stream-rounds N  timed rounds of each stream row (default \(StreamBenchmarks.Configuration().rounds); one warm-up round)

    The messy mode decodes each file clean (Foundation, the baseline; FlexJSONDecoder()) and three
    copies made at start-up from a fixed seed (strings: every number as a string of its text; nulls:
    2% of strings, numbers and bools null; missing: 2% of object members removed) with
    FlexJSONDecoder() under .collectAll (a throw is timed and counted) and .useDefaults
    (decodeWithReport). A second table gives each row's time over the clean decodes.

    CHECKS (one per run, instead of the table; the exit status is non-zero when one fails):
    \(CheckMode.allCases.map { "  \($0.rawValue.paddedRight(to: 14))\($0.summary)" }.joined(separator: "\n"))

    CHECK OPTIONS:
      --path FILE      truncations: a JSON file outside the corpus; repeatable. Without --file,
                       only the --path files are checked
      --edge BYTES     truncations: every offset within BYTES of either end, and every
                       --stride-th offset between (default: every offset of the file)
      --stride N       truncations: the step between the edges (default 4096)
      --jobs N         truncations: threads scanning prefixes (default 1)
      --sizes A,B,...  scaling: document sizes in MiB (default 1,4,16)
      --repeats N      scaling: timed runs per measurement, the fastest reported (default 3)
      --decodes N      memory: decodes of the file (default 10000); needs one --file and one
                       --library (flex or foundation)
      --stream-memory-gb G  stream-memory: the size of each stream in GiB (default 1); given
                       without --mode, runs the stream-memory check

    EXAMPLES:
      swift run -c release flex-bench --mode messy --iterations 5 --warmup 1
      swift run -c release flex-bench --mode small --mode dates --iterations 7
      swift run -c release flex-bench --mode truncations --file github_events
      swift run -c release flex-bench --mode truncations --file canada --edge 65536 --stride 97
      swift run -c release flex-bench --mode scaling
      swift run -c release flex-bench --mode streams --stream-mb 100
      swift run -c release flex-bench --stream-memory-gb 4
      /usr/bin/time -v .build/release/flex-bench --mode memory --library flex --file twitter
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
    var selectedSuites: [MicroSuite] = []
    var selectsStreams = false
    var setsStreamMemory = false
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
      case "--path":
        paths.append(try value())
      case "--edge":
        edgeByteCount = try Self.count(try value(), flag: flag, minimum: 0)
      case "--stride":
        stride = try Self.count(try value(), flag: flag, minimum: 1)
      case "--jobs":
        jobs = try Self.count(try value(), flag: flag, minimum: 1)
      case "--sizes":
        sizes = []
        for size in try value().split(separator: ",") {
          sizes.append(try Self.count(String(size), flag: flag, minimum: 1))
        }
        guard !sizes.isEmpty else { throw UsageError(description: "--sizes needs at least one size") }
      case "--repeats":
        repeats = try Self.count(try value(), flag: flag, minimum: 1)
      case "--decodes":
        decodes = try Self.count(try value(), flag: flag, minimum: 10)
      case "--stream-mb":
        streams.mebibytes = try Self.count(try value(), flag: flag, minimum: 1)
      case "--stream-rounds":
        streams.rounds = try Self.count(try value(), flag: flag, minimum: 1)
      case "--stream-memory-gb":
        streamMemoryGibibytes = try Self.count(try value(), flag: flag, minimum: 1)
        setsStreamMemory = true
      case "--library":
        libraries.append(try value())
      case "--mode":
        let name = try value()
        if name.lowercased() == "all" {
          selectedModes = BenchmarkMode.allCases
          selectedSuites = MicroSuite.allCases
          selectsStreams = true
        } else if name.lowercased() == "streams" {
          selectsStreams = true
        } else if let mode = BenchmarkMode(rawValue: name.lowercased()) {
          if !selectedModes.contains(mode) { selectedModes.append(mode) }
        } else if let suite = MicroSuite(rawValue: name.lowercased()) {
          if !selectedSuites.contains(suite) { selectedSuites.append(suite) }
        } else if let mode = CheckMode(rawValue: name.lowercased()) {
          guard check == nil || check == mode else {
            throw UsageError(description: "one check at a time: --mode \(check?.rawValue ?? "") and --mode \(name)")
          }
          check = mode
        } else {
          let known =
            BenchmarkMode.allCases.map(\.rawValue) + MicroSuite.allCases.map(\.rawValue) + ["streams", "all"]
            + CheckMode.allCases.map(\.rawValue)
          throw UsageError(description: "unknown mode '\(name)'; known: \(known.joined(separator: ", "))")
        }
      case "--no-baseline":
        skipsBaseline = true
      case "--help", "-h":
        showsHelp = true
      default:
        throw UsageError(description: "unknown argument '\(flag)'")
      }
    }
    // `--stream-memory-gb` alone runs its check.
    if setsStreamMemory, check == nil, selectedModes.isEmpty, selectedSuites.isEmpty, !selectsStreams {
      check = .streamMemory
    }
    if setsStreamMemory, check != .streamMemory {
      throw UsageError(description: "--stream-memory-gb is the stream-memory check's option: give it without --mode")
    }
    if let check, !selectedModes.isEmpty || !selectedSuites.isEmpty || selectsStreams {
      throw UsageError(description: "--mode \(check.rawValue) runs alone, without table modes")
    }
    // Keep the corpus and registry order whatever order the flags came in.
    hasSelectedFiles = !selectedFiles.isEmpty
    if !selectedFiles.isEmpty { files = CorpusFile.allCases.filter(selectedFiles.contains) }
    // Naming only table modes runs no suite, naming only suites runs no table mode, and so on.
    if !selectedModes.isEmpty || !selectedSuites.isEmpty || selectsStreams {
      modes = BenchmarkMode.allCases.filter(selectedModes.contains)
      suites = MicroSuite.allCases.filter(selectedSuites.contains)
      runsStreams = selectsStreams
    }
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
