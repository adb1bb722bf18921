import Foundation

/// A value that writes its date under one key twice: FlexJSONEncoder then encodes it through its
/// tree encoder (TreeEncoder+Boxing.swift), not the streaming one. For the date tests of both
/// writers.
struct RewrittenDate: Encodable {
  var date: Date

  enum CodingKeys: CodingKey { case date }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Date.distantPast, forKey: .date)
    try container.encode(date, forKey: .date)
  }
}
