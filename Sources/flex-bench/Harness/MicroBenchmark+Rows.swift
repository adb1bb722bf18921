// The two rows (shared coder, new coder per call) of one decode or encode, checked before timing.

import FlexDecoder
import Foundation

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension MicroBenchmark {
  /// The rows that decode `json` into `type`, with coders made by `foundation` and `flex`: one
  /// with a coder made before timing, one with a coder made per call.
  ///
  /// - Throws: when either decoder fails, or their values differ.
  static func decoding<T: Decodable & Equatable>(
    _ name: String, _ type: T.Type, from json: Data,
    foundation makeFoundation: @escaping () -> JSONDecoder, flex makeFlex: @escaping () -> FlexJSONDecoder
  ) throws -> [MicroBenchmark] {
    let expected = try makeFoundation().decode(type, from: json)
    let actual = try makeFlex().decode(type, from: json)
    guard actual == expected else {
      throw MicroBenchmarkMismatch(name: name, detail: "\(actual) != \(expected)")
    }
    let foundation = makeFoundation()
    let flex = makeFlex()
    return [
      MicroBenchmark(
        name: name, coder: .shared,
        foundation: { blackHole(try foundation.decode(type, from: json)) },
        flex: { blackHole(try flex.decode(type, from: json)) }),
      MicroBenchmark(
        name: name, coder: .new,
        foundation: { blackHole(try makeFoundation().decode(type, from: json)) },
        flex: { blackHole(try makeFlex().decode(type, from: json)) }),
    ]
  }

  /// The rows that encode `value` with coders made by `foundation` and `flex`.
  ///
  /// - Throws: when either encoder fails, or their bytes differ (compared with sorted keys:
  ///   Foundation outside Apple's platforms writes keys in hash order).
  static func encoding<T: Encodable>(
    _ name: String, _ value: T,
    foundation makeFoundation: @escaping () -> JSONEncoder, flex makeFlex: @escaping () -> FlexJSONEncoder
  ) throws -> [MicroBenchmark] {
    let foundationChecker = makeFoundation()
    foundationChecker.outputFormatting.insert(.sortedKeys)
    let flexChecker = makeFlex()
    flexChecker.outputFormatting.insert(.sortedKeys)
    let expected = try foundationChecker.encode(value)
    let actual = try flexChecker.encode(value)
    guard actual == expected else {
      throw MicroBenchmarkMismatch(
        name: name,
        detail:
          "\(String(decoding: actual.prefix(300), as: UTF8.self)) != \(String(decoding: expected.prefix(300), as: UTF8.self))"
      )
    }
    let foundation = makeFoundation()
    let flex = makeFlex()
    return [
      MicroBenchmark(
        name: name, coder: .shared,
        foundation: { try foundation.encode(value).count },
        flex: { try flex.encode(value).count }),
      MicroBenchmark(
        name: name, coder: .new,
        foundation: { try makeFoundation().encode(value).count },
        flex: { try makeFlex().encode(value).count }),
    ]
  }
}

// MARK: - Documents that fail

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension MicroBenchmark {
  /// The rows of a document that `type` cannot be decoded from: the time Foundation takes to
  /// throw, against the time Flex takes to throw under its default policy, and to return its
  /// report under `.useDefaults` (both with shared coders).
  ///
  /// - Throws: when Foundation or Flex's default decoder decodes the document, or Flex's
  ///   `.useDefaults` decoder reports no issue.
  static func failing<T: Decodable>(
    _ name: String, _ type: T.Type, from json: Data,
    foundation makeFoundation: @escaping () -> JSONDecoder, flex makeFlex: @escaping () -> FlexJSONDecoder
  ) throws -> [MicroBenchmark] {
    let foundation = makeFoundation()
    let flex = makeFlex()
    let lenient = makeFlex()
    lenient.errorPolicy = .useDefaults
    guard (try? foundation.decode(type, from: json)) == nil else {
      throw MicroBenchmarkMismatch(name: name, detail: "Foundation decodes the failing document")
    }
    guard (try? flex.decode(type, from: json)) == nil else {
      throw MicroBenchmarkMismatch(name: name, detail: "Flex's default policy decodes the failing document")
    }
    // `.useDefaults` returns a report, or throws where no default exists (an enum without one).
    if let report = try? lenient.decodeWithReport(type, from: json), report.issues.isEmpty {
      throw MicroBenchmarkMismatch(name: name, detail: "Flex's .useDefaults report lists no issue")
    }
    /// One call that must throw; the length of the error's description is not taken (building
    /// it is the caller's choice), only that it threw.
    func failure(_ decode: @escaping () throws -> T) -> () throws -> Int {
      {
        do {
          _ = blackHole(try decode())
          return 0
        } catch {
          return 1
        }
      }
    }
    return [
      MicroBenchmark(
        name: "\(name), throws", coder: .shared,
        foundation: failure { try foundation.decode(type, from: json) },
        flex: failure { try flex.decode(type, from: json) }),
      MicroBenchmark(
        name: "\(name), .useDefaults report", coder: .shared,
        foundation: failure { try foundation.decode(type, from: json) },
        flex: { (try? lenient.decodeWithReport(type, from: json).issues.count) ?? 1 }),
    ]
  }
}
