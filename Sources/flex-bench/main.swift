// flex-bench: FlexDecoder against Foundation, side by side in one run.
//
//     swift run -c release flex-bench [--iterations N] [--warmup N] [--file NAME]...
//                                     [--library NAME]... [--mode MODE] [--help]
//
// or one reliability or memory check (CheckMode.swift), e.g. `--mode truncations`.

import Foundation

/// Writes `text` and a newline to standard error (progress and problems; the table goes to stdout).
func printToStandardError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

// The clocks and durations the timing is made of are macOS 13, iOS 16, tvOS 16 and watchOS 9 API.
if #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) {
  FlexBench.run(arguments: Array(CommandLine.arguments.dropFirst()))
} else {
  printToStandardError("flex-bench needs macOS 13 or later (ContinuousClock).")
  exit(1)
}
