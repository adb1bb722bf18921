// libFuzzer target for FlexJSONDecoder and FlexJSONEncoder: built by Scripts/fuzz.sh, not by
// SwiftPM.
//
// Every input is decoded into `FuzzDocument` (arrays, optionals, dictionaries, enums, nested and
// recursive structs, a FlexKeyMapping type, Double/Int/String/Bool/Date, JSONValue) under each
// option set: JSON5 off and on × the three error policies × coercions `[]` and `.all`. The
// input's size picks one of four date and key strategies, so every option is reached without
// spending input bytes on it. Besides "no crash, no hang", each decode must keep these promises:
//   - it throws only `DecodingError` or `FlexDecodingError`;
//   - a value re-encoded with FlexJSONEncoder decodes again, and encodes to the same bytes;
//   - where the strict decoder (`.failFast`, no coercions) succeeds, every other policy and
//     coercion set gives the same value, and so does JSON5 where RFC 8259 succeeded.

import FlexDecoder
import Foundation

// MARK: - Model

/// The top-level type the fuzzer decodes.
struct FuzzDocument: Codable {
  /// A string-backed enum.
  enum Kind: String, Codable { case alpha, beta, gamma }

  /// An integer-backed enum.
  enum Level: Int, Codable { case low = 0, middle = 5, high = 10 }

  /// An enum with associated values: synthesized nested keyed containers.
  enum Shape: Codable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case label(String)
    case empty
  }

  /// A struct with optionals and a fixed-width integer.
  struct Point: Codable {
    var x: Double
    var y: Double
    var z: Float?
    var weight: Int8?
  }

  /// A type with its own key map: candidates and a key path.
  struct Meta: Codable, FlexKeyMapping {
    var author: String
    var url: String?
    var revision: UInt16?
    static let keyMapping: FlexKeyMap = [
      "author": ["author", "by", "user.name"],
      "url": ["link.href", "url"],
    ]
  }

  /// A recursive node: nesting as deep as the document goes.
  struct Node: Codable {
    var value: Int?
    var label: String?
    var children: [Node]?
  }

  var id: Int
  var name: String
  var score: Double
  var active: Bool
  var created: Date
  var kind: Kind
  var level: Level?
  var shape: Shape?
  var nickname: String?
  var ratio: Double?
  var flags: [Bool]
  var tags: [String]?
  var points: [Point]?
  var matrix: [[Int]]?
  var counts: [String: Int]?
  var labels: [Int: String]?
  var groups: [String: [Point]]?
  var meta: Meta?
  var tree: Node?
  var updated: Date?
  var lastSeen: Date?
  var big: UInt64?
  var small: Int16?
  /// Free-form JSON: FlexJSONDecoder builds it from the tape, FlexJSONEncoder writes it back.
  var extra: JSONValue?
}

// MARK: - Options

/// A date strategy and a key strategy, picked by the input's size.
private struct StrategyVariant {
  let date: FlexJSONDecoder.DateDecodingStrategy
  let keys: FlexJSONDecoder.KeyDecodingStrategy

  static let all = [
    StrategyVariant(date: .deferredToDate, keys: .useDefaultKeys),
    StrategyVariant(date: .secondsSince1970, keys: .convertFromSnakeCase),
    StrategyVariant(date: .iso8601, keys: .convertFromAnyCase),
    StrategyVariant(date: .flexible, keys: .useDefaultKeys),
  ]
}

/// One decoder configuration.
private struct Configuration: CustomStringConvertible {
  let json5: Bool
  let policy: FlexJSONDecoder.ErrorPolicy
  let coercions: FlexCoercions

  /// Every combination, the strict one of each JSON5 setting first.
  static let all: [Configuration] = [false, true].flatMap { json5 in
    [FlexJSONDecoder.ErrorPolicy.failFast, .collectAll, .useDefaults].flatMap { policy in
      [FlexCoercions(), .all].map { Configuration(json5: json5, policy: policy, coercions: $0) }
    }
  }

  var isStrict: Bool { policy == .failFast && coercions.isEmpty }

  func decoder(_ variant: StrategyVariant) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.allowsJSON5 = json5
    decoder.errorPolicy = policy
    decoder.coercions = coercions
    decoder.dateDecodingStrategy = variant.date
    decoder.keyDecodingStrategy = variant.keys
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    decoder.reportsCoercions = true
    decoder.unknownKeyPolicy = policy == .useDefaults ? .report : .ignore
    return decoder
  }

  var description: String { "json5: \(json5), policy: \(policy), coercions: \(coercions.rawValue)" }
}

/// Decoders and encoders are built once: the fuzzer calls in millions of times.
private let decoders = StrategyVariant.all.map { variant in Configuration.all.map { $0.decoder(variant) } }

/// Writes values back, dates as seconds since 2001 and infinities as strings, so everything a
/// JSON5 document can hold survives.
private let roundTripEncoder: FlexJSONEncoder = {
  let encoder = FlexJSONEncoder()
  encoder.outputFormatting = .sortedKeys
  encoder.nonConformingFloatEncodingStrategy = .convertToString(
    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
  return encoder
}()

/// Reads what `roundTripEncoder` wrote.
private let roundTripDecoder: FlexJSONDecoder = {
  let decoder = FlexJSONDecoder.strict()
  decoder.nonConformingFloatDecodingStrategy = .convertFromString(
    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
  return decoder
}()

// MARK: - Checks

/// Stops the run with a message libFuzzer shows next to the input that broke the promise.
private func violation(_ message: String, _ configuration: Configuration) -> Never {
  fatalError("\(message) (\(configuration))")
}

/// Decodes under one configuration; returns the value re-encoded, or `nil` if decoding threw.
private func check(_ data: Data, _ decoder: FlexJSONDecoder, _ configuration: Configuration) -> Data? {
  let document: FuzzDocument
  do {
    let decoded = try decoder.decodeWithReport(FuzzDocument.self, from: data)
    for issue in decoded.issues { _ = issue.description }
    document = decoded.value
  } catch let error as FlexDecodingError {
    if error.issues.isEmpty { violation("FlexDecodingError with no issues", configuration) }
    _ = error.description
    _ = error.decodingErrors
    return nil
  } catch let error as DecodingError {
    _ = "\(error)"
    return nil
  } catch {
    violation("unexpected error type \(type(of: error)): \(error)", configuration)
  }

  let encoded: Data
  do {
    encoded = try roundTripEncoder.encode(document)
  } catch {
    violation("re-encoding a decoded value threw \(error)", configuration)
  }
  do {
    let again = try roundTripDecoder.decode(FuzzDocument.self, from: encoded)
    if try roundTripEncoder.encode(again) != encoded {
      violation("round trip changed \(String(decoding: encoded, as: UTF8.self))", configuration)
    }
  } catch {
    violation("decoding \(String(decoding: encoded, as: UTF8.self)) threw \(error)", configuration)
  }
  return encoded
}

/// libFuzzer's entry point: one input, every configuration.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  // No copy: Data borrows libFuzzer's exactly-sized buffer, so AddressSanitizer sees overreads.
  let input = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: data), count: size, deallocator: .none)
  let variant = size % StrategyVariant.all.count
  var results: [Data?] = []
  for (index, configuration) in Configuration.all.enumerated() {
    results.append(check(input, decoders[variant][index], configuration))
  }

  let perJSON5Setting = Configuration.all.count / 2
  for (index, configuration) in Configuration.all.enumerated() where !configuration.isStrict {
    let strictIndex = index < perJSON5Setting ? 0 : perJSON5Setting
    if let strict = results[strictIndex], results[index] != strict {
      violation("the strict decoder succeeded but this one gave a different result", configuration)
    }
  }
  if let strict = results[0], results[perJSON5Setting] != strict {
    violation("RFC 8259 succeeded but JSON5 gave a different result", Configuration.all[perJSON5Setting])
  }
  return 0
}
