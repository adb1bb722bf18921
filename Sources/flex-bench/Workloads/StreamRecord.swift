// StreamRecord: the element of the streams mode's documents, a log or event record of about
// 1 kB of JSON, made deterministically from its index.

import Foundation

/// One record of a JSON Lines stream: fifteen properties (integers, doubles, strings, a bool, a
/// nested object, an array of strings), about 1 kB of JSON as `JSONEncoder` writes it.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct StreamRecord: Codable, Equatable {
  /// Where the record was made.
  struct Origin: Codable, Equatable {
    let region: String
    let host: String
    let rack: Int
    let latitude: Double
    let longitude: Double
  }

  let id: Int
  let sequence: Int
  let userId: Int
  let timestamp: Int
  let latencyMilliseconds: Double
  let score: Double
  let ratio: Double
  let kind: String
  let status: String
  let userName: String
  let message: String
  let path: String
  let isRetry: Bool
  let origin: Origin
  let labels: [String]

  /// The encoder of the streams' records: keys sorted, so that every record has its keys in one
  /// order, as a service writes its log lines or events. (Without it, `JSONEncoder` on Linux
  /// orders an object's keys by a hash seed of its own, differently in every record; a decoder
  /// that remembers where each key was then finds it elsewhere in every record. JSON Lines read
  /// that way cost FlexDecoder about 13% more instructions per record, and JSONDecoder nothing.)
  static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }

  /// The record at `index` of a stream; every property varies with it (a linear congruential
  /// generator seeded by the index), so no two records of a stream are equal.
  static func sample(_ index: Int) -> StreamRecord {
    var state = UInt64(truncatingIfNeeded: index) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    let words = [
      "request", "served", "from", "cache", "after", "upstream", "timeout", "while", "reading", "the", "payload",
      "of", "a", "large", "batch", "job", "retry", "scheduled", "with", "backoff",
    ]
    /// `count` words chosen by the generator, separated by spaces.
    func sentence(_ count: Int) -> String {
      (0..<count).map { _ in words[next() % words.count] }.joined(separator: " ")
    }
    let kinds = ["http", "grpc", "batch", "cron"]
    let statuses = ["ok", "degraded", "failed", "retrying"]
    let regions = ["eu-west-1", "us-east-2", "ap-south-1", "sa-east-1"]
    return StreamRecord(
      id: 10_000_000 + index, sequence: index, userId: next() % 1_000_000,
      timestamp: 1_700_000_000_000 + index * 37 + next() % 37,
      latencyMilliseconds: Double(next() % 100_000) / 64, score: Double(next() % 1_000_000) / 1_000 - 500,
      ratio: Double(next() % 1_000_003) / 1_000_003, kind: kinds[next() % kinds.count],
      status: statuses[next() % statuses.count], userName: "user-\(next() % 100_000)",
      // Two quotes and a tab, written with escapes, in every message.
      message: "\"\(sentence(4))\"\t" + sentence(78),
      path: "/api/v2/accounts/\(next() % 10_000)/events/\(index)?page=\(next() % 100)",
      isRetry: next().isMultiple(of: 4),
      origin: Origin(
        region: regions[next() % regions.count], host: "node-\(next() % 512).cluster.local", rack: next() % 64,
        latitude: Double(next() % 180_000) / 1_000 - 90, longitude: Double(next() % 360_000) / 1_000 - 180),
      labels: (0..<(3 + next() % 4)).map { _ in "label-\(words[next() % words.count])" })
  }
}

/// `{"data":[…]}`: the records of an array inside an object, as paged APIs send them.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct StreamRecordPage: Codable, Equatable {
  let data: [StreamRecord]
}
