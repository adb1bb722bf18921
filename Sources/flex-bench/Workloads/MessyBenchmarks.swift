// Messy rows (`--mode messy`): how much recovery costs. Each file with a registered model is
// decoded clean by Foundation (the baseline) and by FlexJSONDecoder(), then its messy documents
// (MessyDocuments.swift: every number a string, 2% of scalars null, 2% of members missing) are
// decoded by FlexJSONDecoder() under .collectAll and under .useDefaults, all in the same run.
//
// Under .collectAll a messy decode may throw (a FlexDecodingError, or the problem's own
// DecodingError when there is one): the row times the decode including the throw, and adds the
// number of problems to the checksum. Under .useDefaults it returns a value: the row adds the
// number of issues in decodeWithReport's report. A decode that gives up instead of recovering
// ("Gave up after 256 attempts", the limit of the replaying engine) fails its row with a message
// saying so; the other rows still run. MessyRatioTable.swift prints each row's time over the clean
// decodes after the main table; throughput (MB/s) is that of the clean file's size, as for encode.

import CorpusModels
import FlexDecoder
import Foundation

/// The `messy` rows.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum MessyBenchmarks {
  /// The library column of the baseline row: Foundation decoding the clean file.
  static let foundationCleanLibrary = "Foundation JSONDecoder, clean"
  /// The library column of FlexJSONDecoder() (default options) decoding the clean file.
  static let flexCleanLibrary = "FlexJSONDecoder(), clean"
  /// The policies each messy document is decoded under.
  static let policies: [FlexJSONDecoder.ErrorPolicy] = [.collectAll, .useDefaults]

  /// What the messy table prints about a row besides its time.
  struct RowInfo {
    /// `clean`, or the kind of mess.
    let document: String
    /// The error policy, as written in Swift, or `-` for Foundation.
    let policy: String
    /// The size of the document decoded.
    let byteCount: Int
    /// What was changed, e.g. `1203 nulls`; empty for the clean file.
    let changes: String
    /// What the last run of the row produced; `nil` for the clean rows.
    let outcome: OutcomeBox?
  }

  /// What a messy decode produced, kept by the row so the table can print it.
  final class OutcomeBox {
    /// The outcome of the last run, or `nil` before the first.
    var outcome: Outcome?
  }

  /// What a messy decode produced.
  enum Outcome: CustomStringConvertible {
    /// The decode returned a value; with a report, its number of issues.
    case returned(issues: Int?)
    /// A `FlexDecodingError` listing this many problems was thrown.
    case threwCollected(problems: Int)
    /// One problem was thrown as its own `DecodingError`.
    case threwSingle

    var description: String {
      switch self {
      case .returned(nil): "returned"
      case .returned(let issues?): "returned, \(issues) issues reported"
      case .threwCollected(let problems): "threw FlexDecodingError, \(problems) problems"
      case .threwSingle: "threw DecodingError (1 problem)"
      }
    }
  }

  /// A messy decode that neither returned nor threw what its policy throws.
  struct RowError: Error, CustomStringConvertible {
    let description: String

    /// The error for `error`, thrown by a decode under `policy`.
    init(_ error: any Error, policy: FlexJSONDecoder.ErrorPolicy) {
      if let collected = error as? FlexDecodingError, let gaveUp = MessyBenchmarks.gaveUpMessage(collected) {
        description = "the decoder gave up instead of recovering under \(policy): \(gaveUp)"
      } else {
        let text = "\(error)".split(separator: "\n", omittingEmptySubsequences: false)
        let shown =
          text.prefix(4).joined(separator: "\n") + (text.count > 4 ? "\n  … (\(text.count - 4) more lines)" : "")
        description = "unexpected error under \(policy): \(type(of: error)): \(shown)"
      }
    }
  }

  /// Every messy row for `input`: the two clean rows, then each messy document under each policy.
  ///
  /// - Throws: when the file cannot be parsed to make its messy documents.
  static func benchmarks(for input: CorpusInput) throws -> [Benchmark] {
    var benchmarks: [Benchmark] = []
    for model in corpusModelTypes where model.file == input.file {
      benchmarks += try Self.benchmarks(decoding: model.type, input)
    }
    return benchmarks
  }

  private static func benchmarks<T: Codable>(decoding type: T.Type, _ input: CorpusInput) throws -> [Benchmark] {
    let data = input.data
    let foundation = JSONDecoder()
    let flex = FlexJSONDecoder()
    var foundationRow = Benchmark(input, .messy, library: foundationCleanLibrary, isBaseline: true) {
      blackHole(try foundation.decode(type, from: data))
    }
    foundationRow.messy = RowInfo(
      document: "clean", policy: "-", byteCount: input.byteCount, changes: "", outcome: nil)
    var flexRow = Benchmark(input, .messy, library: flexCleanLibrary) {
      blackHole(try flex.decode(type, from: data))
    }
    flexRow.messy = RowInfo(
      document: "clean", policy: "defaults", byteCount: input.byteCount, changes: "", outcome: nil)
    var rows = [foundationRow, flexRow]
    let source = try JSONSourceText(Array(data))
    for kind in MessyDocument.Kind.allCases where MessyDocument.skipReason(kind, for: input.file) == nil {
      let document = MessyDocument(kind, of: source, file: input.file)
      for policy in policies {
        rows.append(messyRow(type, input, document, policy))
      }
    }
    return rows
  }

  /// The row that decodes `document` into `type` under `policy`.
  private static func messyRow<T: Decodable>(
    _ type: T.Type, _ input: CorpusInput, _ document: MessyDocument, _ policy: FlexJSONDecoder.ErrorPolicy
  ) -> Benchmark {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    let data = document.data
    let box = OutcomeBox()
    let library = "FlexJSONDecoder() \(document.kind.rawValue) \(policy)"
    var row: Benchmark
    if policy == .useDefaults {
      row = Benchmark(input, .messy, library: library) {
        let result: FlexDecoded<T>
        do {
          result = try decoder.decodeWithReport(type, from: data)
        } catch {
          throw RowError(error, policy: policy)
        }
        box.outcome = .returned(issues: result.issues.count)
        return blackHole(result.value) &+ result.issues.count
      }
    } else {
      row = Benchmark(input, .messy, library: library) {
        do {
          let value = try decoder.decode(type, from: data)
          box.outcome = .returned(issues: nil)
          return blackHole(value)
        } catch let error as FlexDecodingError {
          guard gaveUpMessage(error) == nil else { throw RowError(error, policy: policy) }
          box.outcome = .threwCollected(problems: error.issues.count)
          return error.issues.count
        } catch is DecodingError {
          box.outcome = .threwSingle
          return 1
        } catch {
          throw RowError(error, policy: policy)
        }
      }
    }
    row.messy = RowInfo(
      document: document.kind.rawValue, policy: "\(policy)", byteCount: document.byteCount,
      changes: "\(document.mutationCount) \(document.kind.unit)", outcome: box)
    return row
  }

  /// The message of an error that says the decoder stopped recovering (today's engine replays the
  /// document once per distinct problem, up to 256 times), or `nil`.
  static func gaveUpMessage(_ error: FlexDecodingError) -> String? {
    error.issues.first { $0.message.hasPrefix("Gave up after") }?.message
  }
}
