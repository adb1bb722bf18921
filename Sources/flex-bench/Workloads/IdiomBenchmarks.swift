// The `idioms` suite: documents of a few hundred bytes to 3 kB decoded into models written with
// the Codable idioms of IdiomModels.swift, where the cost is in the idiom (errors thrown and
// caught, enum keys, nested containers, Foundation value types) more than in the JSON.

import FlexDecoder
import Foundation

/// The rows of `--mode idioms`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum IdiomBenchmarks {
  /// Every row, checked (Flex's values and bytes equal Foundation's) before timing.
  ///
  /// - Throws: ``MicroBenchmarkMismatch`` when a row's libraries disagree.
  static func all() throws -> [MicroBenchmark] {
    let eventJSON = Data(
      #"""
      {"id":12345,"type":"PushEvent","actor":{"id":1,"login":"octocat","url":"https://api.github.com/users/octocat",\#
      "avatar":null},"repo":{"id":2,"name":"octo/hello"},"payload":{"size":3,"ref":"refs/heads/main","commits":\#
      [{"sha":"6dcb09b5b57875f334f61aebed695e2e4193db5e","message":"Fix the build","distinct":true},\#
      {"sha":"7638417db6d59f3c431d3e1f261cc637155684cd","message":"More tests","distinct":false}]},\#
      "public":true,"score":0.75,"tags":["ci","main","push"]}
      """#.utf8)
    let shapes = (0..<20).map { index -> Shape in
      switch index % 3 {
      case 0: .circle(radius: Double(index) + 0.5)
      case 1: .rectangle(width: Double(index), height: 2)
      default: .label("shape \(index)")
      }
    }
    let orders = (0..<10).map { index in
      ShopOrder(
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5\(index)")!,
        createdAt: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index) * 3_600),
        total: .init(amount: Decimal(string: "12.5\(index)")!, currency: "EUR"),
        lines: [
          .init(
            sku: "A-\(index)", quantity: 2, unitPrice: Decimal(string: "3.99")!,
            productUrl: URL(string: "https://shop.example.com/p/\(index)")),
          .init(sku: "B-\(index)", quantity: 1, unitPrice: Decimal(string: "4.52")!, productUrl: nil),
        ],
        note: index.isMultiple(of: 3) ? "Leave at the door" : nil)
    }
    let venuesJSON = Data(
      ("["
        + (0..<20).map { index in
          #"{"id":\#(index),"name":"Venue \#(index)","tags":["food","open air"],"location":{"lat":38.7\#(index),"#
            + #""lng":-9.1\#(index)},"open":\#(index.isMultiple(of: 2) ? "true" : "\"yes\"")}"#
        }.joined(separator: ",") + "]").utf8)
    let dogsJSON = Data(
      ("["
        + (0..<20).map { #"{"breed":"Collie \#($0)","super":{"id":\#($0),"name":"Rex \#($0)"}}"# }
        .joined(separator: ",") + "]").utf8)
    let accounts = (0..<30).map { index in
      Account(
        id: index, status: [.active, .suspended, .pending, .closed][index % 4],
        roles: index.isMultiple(of: 2) ? [.viewer, .editor] : [.admin, .billing, .viewer])
    }
    let labels = Dictionary(uniqueKeysWithValues: (0..<50).map { ("label_\($0)", "Translated text number \($0)") })

    let ordersJSON = try JSONEncoder().encode(orders)
    let accountsJSON = try JSONEncoder().encode(accounts)
    let shapesJSON = try JSONEncoder().encode(shapes)
    let labelsJSON = try JSONEncoder().encode(labels)
    let event = try JSONDecoder().decode(AnyJSON.self, from: eventJSON)
    let dogs = try JSONDecoder().decode([Dog].self, from: dogsJSON)

    var rows: [MicroBenchmark] = []
    rows += try MicroBenchmark.decoding(
      "decode AnyCodable-style event (\(eventJSON.count) B)", AnyJSON.self, from: eventJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode 20 enums with associated values (\(shapesJSON.count) B)", [Shape].self, from: shapesJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode 30 accounts, String enums (\(accountsJSON.count) B)", [Account].self, from: accountsJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode 10 orders: UUID, Date, Decimal (\(ordersJSON.count) B)", [ShopOrder].self, from: ordersJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode 20 venues, init(from:) nested (\(venuesJSON.count) B)", [Venue].self, from: venuesJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode 20 subclasses, superDecoder (\(dogsJSON.count) B)", [Dog].self, from: dogsJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode [String: String], 50 keys (\(labelsJSON.count) B)", [String: String].self, from: labelsJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })

    rows += try MicroBenchmark.encoding(
      "encode AnyCodable-style event", event, foundation: { JSONEncoder() }, flex: { FlexJSONEncoder() })
    rows += try MicroBenchmark.encoding(
      "encode 20 enums with associated values", shapes, foundation: { JSONEncoder() }, flex: { FlexJSONEncoder() })
    rows += try MicroBenchmark.encoding(
      "encode 30 accounts, String enums", accounts, foundation: { JSONEncoder() }, flex: { FlexJSONEncoder() })
    rows += try MicroBenchmark.encoding(
      "encode 10 orders: UUID, Date, Decimal", orders, foundation: { JSONEncoder() }, flex: { FlexJSONEncoder() })
    rows += try MicroBenchmark.encoding(
      "encode 20 subclasses, superEncoder", dogs, foundation: { JSONEncoder() }, flex: { FlexJSONEncoder() })
    rows += try MicroBenchmark.encoding(
      "encode [String: String], 50 keys", labels, foundation: { JSONEncoder() }, flex: { FlexJSONEncoder() })
    return rows
  }
}
