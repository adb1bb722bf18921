// TruncationCheck: every prefix of a valid document is rejected at or before the cut.

import CorpusModels
import FlexDecoder
import Foundation

/// The `truncations` check: each file is cut at every offset (or, with `--edge`, at every offset
/// near either end and at a stride between) and the prefix scanned with `JSONScanner.scan`,
/// strict options.
///
/// A prefix passes when it is rejected with a `JSONParseError` whose offset lies within it, or
/// when it is accepted and is the whole document without its trailing whitespace, or a shorter
/// top-level number (`4` of `42`). Anything else, a crash included, fails the check.
///
/// - Complexity: O(n²) bytes scanned: twitter.json (632 kB) is 2·10¹¹ bytes, a few minutes on
///   one core of a 2-core x86_64 machine; use `--edge` for files of megabytes.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct TruncationCheck {
  /// A document to cut, with the name the report gives it.
  struct Document {
    /// The corpus file name or the path given.
    let name: String
    /// The whole, valid document.
    let bytes: [UInt8]
  }

  /// The documents, in command-line order: corpus files first, then `--path` files.
  let documents: [Document]
  /// Every offset within this many bytes of either end; `nil` for every offset.
  let edgeByteCount: Int?
  /// The step between the edges.
  let stride: Int
  /// Threads scanning prefixes at once.
  let jobs: Int

  /// Reads the documents the options name: `--file` corpus files (every corpus file when neither
  /// `--file` nor `--path` is given) and `--path` files.
  ///
  /// - Throws: when a file cannot be read.
  init(_ options: BenchmarkOptions) throws {
    var documents: [Document] = []
    let corpusFiles = options.hasSelectedFiles || options.paths.isEmpty ? options.files : []
    for file in corpusFiles {
      documents.append(Document(name: file.rawValue, bytes: Array(try file.load())))
    }
    for path in options.paths {
      let url = URL(fileURLWithPath: path)
      documents.append(Document(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
    }
    self.documents = documents
    edgeByteCount = options.edgeByteCount
    stride = options.stride
    jobs = options.jobs
  }

  /// Checks every document and prints a report.
  ///
  /// - Returns: whether every prefix of every document passed.
  func run() throws -> Bool {
    print("flex-bench truncations · \(MachineInfo.current().summary)")
    print("JSONScanner.scan, strict options, \(jobs) thread\(jobs == 1 ? "" : "s")")
    #if DEBUG
      print("warning: debug build; this check is O(n²) and meant for `swift run -c release flex-bench`.")
    #endif
    print()
    var failed = false
    for document in documents {
      let offsets = offsetsToCut(count: document.bytes.count)
      let clock = ContinuousClock()
      let start = clock.now
      let tally = try check(document, at: offsets)
      let seconds = start.duration(to: clock.now).seconds
      print(report(of: tally, for: document, coverage: coverage(count: document.bytes.count), seconds: seconds))
      failed = failed || tally.violationCount > 0
    }
    print(failed ? "FAILED" : "passed")
    return !failed
  }

  // MARK: - Offsets

  /// The prefix lengths to check for a document of `count` bytes, shortest first.
  func offsetsToCut(count: Int) -> [Int] {
    guard let edge = edgeByteCount, 2 * edge < count else { return Array(0..<count) }
    return Array(0..<edge) + Array(Swift.stride(from: edge, to: count - edge, by: stride))
      + Array((count - edge)..<count)
  }

  /// The coverage in words, e.g. `every offset`, or `every offset of the first and last 65536
  /// bytes, and one in 97 between`.
  private func coverage(count: Int) -> String {
    guard let edge = edgeByteCount, 2 * edge < count else { return "every offset" }
    return "every offset of the first and last \(edge) bytes, and one in \(stride) between"
  }

  // MARK: - Checking

  /// Scans the prefix of `document` at each of `offsets`, on ``jobs`` threads.
  ///
  /// - Throws: ``BenchmarkOptions/UsageError`` when the whole document is not valid JSON.
  private func check(_ document: Document, at offsets: [Int]) throws -> TruncationTally {
    let expectation: PrefixExpectation
    do {
      expectation = try PrefixExpectation(document.bytes)
    } catch {
      throw BenchmarkOptions.UsageError(description: "\(document.name) is not a valid JSON document: \(error)")
    }
    let results = TallyCollector()
    let jobs = self.jobs
    let name = document.name
    DispatchQueue.concurrentPerform(iterations: jobs) { job in
      var tally = TruncationTally()
      let clock = ContinuousClock()
      var nextReport = clock.now.advanced(by: .seconds(15))
      document.bytes.withUnsafeBytes { buffer in
        for index in Swift.stride(from: job, to: offsets.count, by: jobs) {
          tally.record(Self.outcome(ofCutting: buffer, at: offsets[index], expectation), length: offsets[index])
          if job == 0 && index % 64 == 0 && clock.now >= nextReport {
            printToStandardError("  \(name): \(index * 100 / offsets.count)% of \(offsets.count) prefixes")
            nextReport = clock.now.advanced(by: .seconds(15))
          }
        }
      }
      results.add(tally)
    }
    return results.total
  }

  /// What scanning the first `length` bytes of `buffer` did, judged against `expectation`.
  static func outcome(
    ofCutting buffer: UnsafeRawBufferPointer, at length: Int, _ expectation: PrefixExpectation
  ) -> TruncationTally.Outcome {
    let prefix = UnsafeRawBufferPointer(rebasing: buffer[0..<length])
    do {
      _ = try JSONScanner.scan(prefix)
      if length >= expectation.contentEnd { return .acceptedWithoutTrailingWhitespace }
      if let number = expectation.topLevelNumber, number.lowerBound < length && length < number.upperBound {
        return .acceptedNumberPrefix
      }
      return .violation("cut at \(length): accepted")
    } catch {
      guard (0...length).contains(error.offset) else {
        return .violation("cut at \(length): \(error) (offset \(error.offset))")
      }
      return .rejected(reason: Self.name(of: error.reason), bytesBeforeTheCut: length - error.offset)
    }
  }

  /// The case name of `reason`, without its payload.
  private static func name(of reason: JSONParseError.Reason) -> String {
    switch reason {
    case .emptyInput: "emptyInput"
    case .unexpectedEndOfInput: "unexpectedEndOfInput"
    case .unexpectedCharacter: "unexpectedCharacter"
    case .invalidNumber: "invalidNumber"
    case .invalidEscape: "invalidEscape"
    case .invalidUnicodeEscape: "invalidUnicodeEscape"
    case .loneSurrogate: "loneSurrogate"
    case .unescapedControlCharacter: "unescapedControlCharacter"
    case .invalidUTF8: "invalidUTF8"
    case .tooDeeplyNested: "tooDeeplyNested"
    case .unterminatedComment: "unterminatedComment"
    case .documentTooLarge: "documentTooLarge"
    }
  }

  // MARK: - Report

  /// One document's lines of the report.
  private func report(of tally: TruncationTally, for document: Document, coverage: String, seconds: Double) -> String {
    let gigabytes = Double(tally.bytesScanned) / 1e9
    var lines = [
      "\(document.name): \(document.bytes.count) bytes; \(coverage): \(tally.prefixes) prefixes in "
        + String(format: "%.1f s (%.1f GB scanned, %.2f GB/s)", seconds, gigabytes, gigabytes / max(seconds, 1e-9)),
      "  rejected \(tally.rejected), accepted \(tally.acceptedWithoutTrailingWhitespace) (whole document without "
        + "trailing whitespace) + \(tally.acceptedNumberPrefixes) (number prefix), violations \(tally.violationCount)",
    ]
    for (outcome, count) in tally.rejections.sorted(by: { $0.value > $1.value }) {
      let place =
        switch outcome.bytesBeforeTheCut {
        case 0: "at the cut"
        case 1: "1 byte before the cut"
        case let distance: "\(distance) bytes before the cut"
        }
      lines.append("    \(outcome.reason) \(place): \(count)")
    }
    for violation in tally.violations {
      lines.append("  VIOLATION \(violation)")
    }
    return lines.joined(separator: "\n")
  }
}
