// ConcurrencyCheck: one decoder and one encoder shared by several threads, for ThreadSanitizer.

import CorpusModels
import Dispatch
import FlexDecoder
import Foundation

/// The `concurrency` check: ``threads`` threads share one `FlexJSONDecoder` (default policy), one
/// under `.useDefaults` and one `FlexJSONEncoder`, and each decodes every selected corpus file
/// (default: github_events) clean and with 2% of its scalars null (the recovery pass), then
/// encodes the values, ``rounds`` times, starting at a different file each. Every result must be
/// the bytes the same work gave on one thread.
///
/// It is meant to run under ThreadSanitizer, which then reports any data race in the shared
/// coders, their caches and the session pool: CI builds flex-bench with `--sanitize=thread`
/// for it, which compiles the library without the test target.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct ConcurrencyCheck {
  /// Threads sharing the coders.
  static let threads = 8
  /// Times each thread does all the work.
  static let rounds = 2

  /// The corpus files decoded and encoded.
  let files: [CorpusFile]

  /// Reads the files from `options` (default: github_events).
  init(_ options: BenchmarkOptions) {
    files = options.hasSelectedFiles ? options.files : [.githubEvents]
  }

  /// Runs the work on one thread, then on ``threads`` at once, and compares.
  ///
  /// - Returns: whether every concurrent result equals the single-threaded one.
  /// - Throws: when a file cannot be read or decoded, or has no model.
  func run() throws -> Bool {
    let decoder = FlexJSONDecoder()
    let lenient = FlexJSONDecoder()
    lenient.errorPolicy = .useDefaults
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var work: [Job] = []
    for file in files {
      guard let model = corpusModelTypes.first(where: { $0.file == file }) else {
        throw BenchmarkOptions.UsageError(description: "\(file.rawValue) has no model in CorpusModelTypes.swift")
      }
      let data = try file.load()
      let messy = MessyDocument(.nulls, of: try JSONSourceText(Array(data)), file: file).data
      work += Self.jobs(model.type, file: file, data: data, messy: messy, decoder, lenient, encoder)
    }
    let jobs = work
    let expected = try jobs.map { try $0.work() }
    print("flex-bench concurrency · \(MachineInfo.current().summary)")
    print(
      "\(Self.threads) threads share the coders, \(Self.rounds) rounds of \(jobs.map(\.name).joined(separator: ", "))")

    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for round in 0..<Self.rounds {
        for offset in jobs.indices {
          let job = (thread &+ round &+ offset) % jobs.count
          do {
            if try jobs[job].work() != expected[job] { failures.add("\(jobs[job].name): other bytes") }
          } catch {
            failures.add("\(jobs[job].name): \(error)")
          }
        }
      }
    }
    let found = failures.all
    for failure in found.prefix(10) { print("FAILED: \(failure)") }
    print(found.isEmpty ? "passed" : "FAILED: \(found.count) results differ from the single-threaded ones")
    return found.isEmpty
  }

  /// The work on one file: decode it clean and messy, encode each value.
  private static func jobs<T: Codable & FlexSendableMetatype>(
    _ type: T.Type, file: CorpusFile, data: Data, messy: Data, _ decoder: FlexJSONDecoder,
    _ lenient: FlexJSONDecoder, _ encoder: FlexJSONEncoder
  ) -> [Job] {
    [
      ("\(file.rawValue) clean", { try encoder.encode(try decoder.decode(type, from: data)) }),
      ("\(file.rawValue) messy", { try encoder.encode(try lenient.decodeWithReport(type, from: messy).value) }),
    ]
  }

  /// One piece of work, named, and what it gives.
  private typealias Job = (name: String, work: @Sendable () throws -> Data)

  /// The failures the threads found, behind a lock.
  private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []

    func add(_ failure: String) {
      lock.lock()
      failures.append(failure)
      lock.unlock()
    }

    var all: [String] {
      lock.lock()
      defer { lock.unlock() }
      return failures
    }
  }
}
