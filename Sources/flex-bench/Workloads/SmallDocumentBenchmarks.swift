// The `small` suite: the responses apps decode most (tiny objects, a 15-key profile, pages,
// envelopes, error bodies, id lists), decoded and encoded per call, with and without the
// snake-case key strategies, with a shared coder and with a new coder per call.

import FlexDecoder
import Foundation

/// The rows of `--mode small`.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum SmallDocumentBenchmarks {
  /// Every row, checked (Flex's values and bytes equal Foundation's) before timing.
  ///
  /// - Throws: ``MicroBenchmarkMismatch`` when a row's libraries disagree.
  static func all() throws -> [MicroBenchmark] {
    let profile = UserProfile.sample(7)
    let page = Page(
      page: 3, perPage: 20, totalCount: 412,
      items: (0..<20).map {
        CatalogItem(id: 5_000 + $0, title: "Item number \($0)", price: 9.99 + Double($0), inStock: $0 % 4 != 0)
      })
    let ids = Array(stride(from: 100_000, to: 100_000 + 100 * 37, by: 37))
    let error = ErrorResponse(
      error: .init(code: "not_found", message: "The requested resource was not found.", status: 404, requestId: nil))

    let tinyJSON = Data(#"{"id":1,"name":"x"}"#.utf8)
    let profileJSON = try camelEncoder().encode(profile)
    let snakeProfileJSON = try snakeEncoder().encode(profile)
    let pageJSON = try camelEncoder().encode(page)
    let snakePageJSON = try snakeEncoder().encode(page)
    // The keys in another order than the models declare them, as many servers write them.
    let sortedPageJSON = try sortedKeysEncoder().encode(page)
    let envelopeJSON = try camelEncoder().encode(Envelope(data: profile))
    let errorJSON = try snakeEncoder().encode(error)
    let idsJSON = try camelEncoder().encode(ids)

    var rows: [MicroBenchmark] = []
    rows += try MicroBenchmark.decoding(
      "decode {} (2 B)", Nothing.self, from: Data("{}".utf8), foundation: { JSONDecoder() },
      flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode \(String(decoding: tinyJSON, as: UTF8.self)) (\(tinyJSON.count) B)", Tag.self, from: tinyJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode 15-key profile (\(profileJSON.count) B)", UserProfile.self, from: profileJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode 15-key profile, snake_case (\(snakeProfileJSON.count) B)", UserProfile.self, from: snakeProfileJSON,
      foundation: snakeDecoder, flex: flexSnakeDecoder)
    rows += try MicroBenchmark.decoding(
      "decode page of 20 items (\(pageJSON.count) B)", Page<CatalogItem>.self, from: pageJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode page of 20 items, snake_case (\(snakePageJSON.count) B)", Page<CatalogItem>.self,
      from: snakePageJSON, foundation: snakeDecoder, flex: flexSnakeDecoder)
    rows += try MicroBenchmark.decoding(
      "decode page of 20 items, sorted keys (\(sortedPageJSON.count) B)", Page<CatalogItem>.self,
      from: sortedPageJSON, foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode {\"data\": profile} (\(envelopeJSON.count) B)", Envelope<UserProfile>.self, from: envelopeJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.decoding(
      "decode error response, snake_case (\(errorJSON.count) B)", ErrorResponse.self, from: errorJSON,
      foundation: snakeDecoder, flex: flexSnakeDecoder)
    rows += try MicroBenchmark.decoding(
      "decode 100 ids [Int] (\(idsJSON.count) B)", [Int].self, from: idsJSON, foundation: { JSONDecoder() },
      flex: { FlexJSONDecoder() })

    rows += try failingRows(profileDocument: profileJSON, errorJSON: errorJSON)

    rows += try MicroBenchmark.encoding(
      "encode {\"id\":1,\"name\":\"x\"}", Tag(id: 1, name: "x"), foundation: { JSONEncoder() },
      flex: { FlexJSONEncoder() })
    rows += try MicroBenchmark.encoding(
      "encode 15-key profile", profile, foundation: { JSONEncoder() }, flex: { FlexJSONEncoder() })
    rows += try MicroBenchmark.encoding(
      "encode 15-key profile, snake_case", profile, foundation: snakeEncoder, flex: flexSnakeEncoder)
    rows += try MicroBenchmark.encoding(
      "encode page of 20 items", page, foundation: { JSONEncoder() }, flex: { FlexJSONEncoder() })
    rows += try MicroBenchmark.encoding(
      "encode page of 20 items, snake_case", page, foundation: snakeEncoder, flex: flexSnakeEncoder)
    rows += try MicroBenchmark.encoding(
      "encode 100 ids [Int]", ids, foundation: { JSONEncoder() }, flex: { FlexJSONEncoder() })
    return rows
  }

  /// Documents that JSONDecoder rejects, as API clients meet them: an enum value the app does
  /// not know yet, a value of the wrong type, a missing key, and error bodies decoded as the
  /// success type (a short streaming error event, and an error response read as a profile).
  private static func failingRows(profileDocument: Data, errorJSON: Data) throws -> [MicroBenchmark] {
    let profile = try JSONSerialization.jsonObject(with: profileDocument) as? [String: Any] ?? [:]
    func profileJSON(_ change: (inout [String: Any]) -> Void) throws -> Data {
      var copy = profile
      change(&copy)
      return try JSONSerialization.data(withJSONObject: copy, options: .sortedKeys)
    }
    let unknownRole = try profileJSON { $0["role"] = "owner" }
    let wrongType = try profileJSON { $0["favoriteTags"] = "swift" }
    let missingKey = try profileJSON { $0["login"] = nil }
    let streamError = Data(#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#.utf8)

    var rows: [MicroBenchmark] = []
    rows += try MicroBenchmark.failing(
      "fail: unknown enum value in profile (\(unknownRole.count) B)", UserProfile.self, from: unknownRole,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.failing(
      "fail: string for [String] in profile (\(wrongType.count) B)", UserProfile.self, from: wrongType,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.failing(
      "fail: missing key in profile (\(missingKey.count) B)", UserProfile.self, from: missingKey,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.failing(
      "fail: error event as {id, name} (\(streamError.count) B)", Tag.self, from: streamError,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    rows += try MicroBenchmark.failing(
      "fail: error response as profile (\(errorJSON.count) B)", UserProfile.self, from: errorJSON,
      foundation: { JSONDecoder() }, flex: { FlexJSONDecoder() })
    return rows
  }

  // MARK: Coders

  private static func camelEncoder() -> JSONEncoder { JSONEncoder() }

  private static func sortedKeysEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }

  private static func snakeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return encoder
  }

  private static func flexSnakeEncoder() -> FlexJSONEncoder {
    let encoder = FlexJSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return encoder
  }

  private static func snakeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }

  private static func flexSnakeDecoder() -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }
}
