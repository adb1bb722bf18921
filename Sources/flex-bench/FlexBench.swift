// The run of flex-bench: the options, then a check alone, or the modes' rows and the per-call
// suites side by side with Foundation.

import Foundation

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum FlexBench {
  /// Parses `arguments` (the command line's, without the program's name), runs what they ask for
  /// and exits with the run's status.
  static func run(arguments: [String]) {
    let options: BenchmarkOptions
    do {
      options = try BenchmarkOptions(arguments: arguments)
    } catch {
      printToStandardError("flex-bench: \(error)\nRun with --help for usage.")
      exit(1)
    }
    if options.showsHelp {
      print(BenchmarkOptions.usage)
      exit(0)
    }

    // A check runs alone and sets the exit status itself.
    if let check = options.check {
      do {
        exit(try check.run(options) ? 0 : 1)
      } catch {
        printToStandardError("flex-bench: \(check.rawValue): \(error)")
        exit(1)
      }
    }

    // Load every selected file before timing anything, so a missing one fails fast.
    var inputs: [CorpusInput] = []
    for file in options.files where !options.modes.isEmpty {
      do {
        inputs.append(try CorpusInput(file))
      } catch {
        printToStandardError("flex-bench: \(error)")
        exit(1)
      }
    }

    print("flex-bench · \(MachineInfo.current().summary)")
    if !options.modes.isEmpty || !options.suites.isEmpty {
      print(
        "\(options.iterations) rounds after \(options.warmup) warm-up; each round times a ~\(BenchmarkOptions.batchMilliseconds) ms "
          + "batch of each row of a file and mode in turn; median per run reported; MB/s = file bytes / median / 10⁶"
      )
    }
    #if DEBUG
      print("warning: debug build; numbers are meaningless. Use `swift run -c release flex-bench`.")
    #endif

    var table = ResultTable()
    var checksum = 0
    var failures = 0
    var modesWithRows: Set<BenchmarkMode> = []
    for input in inputs {
      for mode in options.modes {
        let benchmarks: [Benchmark]
        do {
          benchmarks = try mode.benchmarks(for: input).filter {
            options.includes(library: $0.library, isBaseline: $0.isBaseline)
          }
        } catch {
          printToStandardError("flex-bench: \(input.file.rawValue) \(mode.rawValue): setup failed: \(error)")
          failures += 1
          continue
        }
        guard !benchmarks.isEmpty else { continue }
        // The rows of this file and mode in alternation, one batch of each per round (BenchmarkGroup.swift).
        printToStandardError(
          "  \(input.file.shortName) \(mode.rawValue): \(benchmarks.count) row(s) in alternating batches, "
            + "\(options.iterations) round(s)…")
        let outcomes = BenchmarkGroup(rows: benchmarks).measure(warmup: options.warmup, iterations: options.iterations)
        let batchSizes = outcomes.map { (try? $0.get()).map { "\($0.runsPerBatch)" } ?? "-" }
        printToStandardError("    runs per batch: \(batchSizes.joined(separator: ", "))")
        for (benchmark, outcome) in zip(benchmarks, outcomes) {
          switch outcome {
          case .success(let measurement): checksum &+= measurement.checksum
          case .failure(let error):
            printToStandardError(
              "flex-bench: \(input.file.rawValue) \(mode.rawValue) \(benchmark.library) failed: \(error)")
            failures += 1
          }
          table.append(benchmark, outcome)
          modesWithRows.insert(mode)
        }
      }
    }

    print()
    if !options.modes.isEmpty {
      print(table.rows.isEmpty ? "(no rows to run)" : table.formatted)
      print()
    }
    if modesWithRows.contains(.messy) {
      print(MessyRatioTable(table).formatted)
      print()
    }
    if options.modes.contains(.tokenize) {
      print("tokenize: Foundation has no validate-only API; its baseline is a full JSONSerialization parse.")
    }
    for mode in options.modes where !modesWithRows.contains(mode) {
      switch mode {
      case .decodeSnakeCase, .encodeSnakeCase:
        print("\(mode.rawValue): rows only for citm_catalog, canada and apache_builds (see SnakeCaseBenchmarks.swift).")
      case .messy:
        print("messy: no rows (the selected files have no registered models, see CorpusModelTypes.swift).")
      default:
        print("\(mode.rawValue): no rows yet (register corpus models in CorpusModelTypes.swift).")
      }
    }
    // The per-call suites, after the table: each row times Foundation and Flex interleaved.
    for suite in options.suites {
      var microTable = MicroTable(suite)
      do {
        for benchmark in try suite.benchmarks() {
          printToStandardError("  \(suite.rawValue): \(benchmark.name), \(benchmark.coder.rawValue)…")
          let outcome = Result { try benchmark.measure(rounds: options.iterations) }
          switch outcome {
          case .success(let measurement): checksum &+= measurement.checksum
          case .failure(let error):
            printToStandardError("flex-bench: \(suite.rawValue) \(benchmark.name) failed: \(error)")
            failures += 1
          }
          microTable.append(benchmark, outcome)
        }
      } catch {
        printToStandardError("flex-bench: \(suite.rawValue): setup failed: \(error)")
        failures += 1
      }
      print(microTable.formatted)
      print()
    }
    // The stream rows, after the suites: each row reads tens of megabytes per run.
    if options.runsStreams {
      let configuration = options.streams
      do {
        let streams = try waitForAsync { await StreamBenchmarks.run(configuration) }
        print(streams.table)
        checksum &+= streams.checksum
        failures += streams.failures
      } catch {
        printToStandardError("flex-bench: streams: \(error)")
        failures += 1
      }
    }
    print("checksum \(checksum)")
    if failures > 0 {
      printToStandardError("flex-bench: \(failures) row(s) failed")
      exit(1)
    }
  }
}
