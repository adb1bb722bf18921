import FlexDecoder
import Foundation

/// The demo, one section per function, in the order they are printed.
enum DemoSections {
  /// The payload's bytes.
  static let payload = Data(DemoPayload.json.utf8)

  /// A decoder set up for this API: any key case, dates as the API writes them, JSON held in
  /// strings parsed, and the given error policy.
  static func makeDecoder(_ policy: FlexJSONDecoder.ErrorPolicy) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromAnyCase
    decoder.dateDecodingStrategy = .flexible
    decoder.coercions = FlexCoercions.standard.union(.jsonStringToValue)
    decoder.errorPolicy = policy
    return decoder
  }

  /// What the demo shows, and the decoder's settings.
  static func introduction() {
    Printer.title(
      "FlexDecoder demo",
      "One messy catalog API response, decoded into plain Codable models.")
    Printer.section(1, "The payload and the decoder")
    Printer.line("The response (\(payload.count) bytes, bundled in DemoPayload.swift) mixes")
    Printer.block(
      """
      - snake_case and TitleCase keys, even for the same field (title / Title)
      - ids, prices and flags as numbers in some records and strings in others
      - values nested deeper than the model (meta.author.name, data.Products)
      - an object sent as a string of JSON ("attributes")
      - a missing field and an unknown category (product 1003)
      - a product with a negative price, which validation rejects (product 1004)
      """, indent: 4)
    Printer.line()
    Printer.line("decoder.keyDecodingStrategy = .convertFromAnyCase")
    Printer.line("decoder.dateDecodingStrategy = .flexible")
    Printer.line("decoder.coercions = FlexCoercions.standard.union(.jsonStringToValue)")
  }

  /// The models decoded under `.useDefaults`: what the app gets to work with.
  static func decodedValues() throws {
    let page = try makeDecoder(.useDefaults).decode(CatalogPage.self, from: payload)
    Printer.section(2, "Decoded (errorPolicy = .useDefaults)")
    Printer.fields([
      "status": page.status,
      "request": page.requestID,
      "generated": ISO8601DateFormatter().string(from: page.generatedAt),
      "author": page.author + "   (from meta.author.name)",
      "page": "\(page.page), next cursor: \(page.nextCursor ?? "none")",
    ])
    Printer.line()
    Printer.table(
      ["id", "title", "category", "price", "stock", "attributes", "seller"], page.products.map(\.row))
  }

  /// The first problem, thrown as `JSONDecoder` would throw it.
  static func failFast() {
    Printer.section(3, "errorPolicy = .failFast: the first problem throws a DecodingError")
    do {
      _ = try makeDecoder(.failFast).decode(CatalogPage.self, from: payload)
      Printer.line("(decoded without an error)")
    } catch let error as DecodingError {
      Printer.block(error.summary)
    } catch {
      Printer.line("\(error)")
    }
  }

  /// Every problem, thrown once.
  static func collectAll() {
    Printer.section(4, "errorPolicy = .collectAll (the default): one error lists every problem")
    do {
      _ = try makeDecoder(.collectAll).decode(CatalogPage.self, from: payload)
      Printer.line("(decoded without an error)")
    } catch {
      Printer.block("\(error)")
    }
  }

  /// The value with defaults in place, and the report of what was substituted.
  static func useDefaults() throws {
    Printer.section(5, "errorPolicy = .useDefaults: a value, and a report of what was done")
    let result = try makeDecoder(.useDefaults).decodeWithReport(CatalogPage.self, from: payload)
    let ids = result.value.products.map { "\($0.id)" }.joined(separator: ", ")
    Printer.line("let result = try decoder.decodeWithReport(CatalogPage.self, from: payload)")
    Printer.line()
    Printer.line("result.value   \(result.value.products.count) products (\(ids)), as in section 2")
    Printer.line("result.issues")
    let kindWidth = result.issues.map { "\($0.kind)".count }.max() ?? 0
    for issue in result.issues {
      Printer.line(Printer.pad("\(issue.kind)", kindWidth) + "  " + issue.description, indent: 4)
    }
  }

  /// Foundation's decoder on the same bytes, for contrast.
  static func foundation() {
    Printer.section(6, "Foundation's JSONDecoder on the same payload")
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    Printer.line("JSONDecoder with .convertFromSnakeCase:")
    do {
      _ = try decoder.decode(CatalogPage.self, from: payload)
      Printer.line("(decoded without an error)")
    } catch let error as DecodingError {
      Printer.block(error.summary, indent: 4)
    } catch {
      Printer.line("\(error)", indent: 4)
    }
    Printer.line("It stops at the first key it cannot find. Its TitleCase keys, key paths, numbers in")
    Printer.line("strings and JSON in strings would each need a hand-written init(from:).")
  }

  /// The decoded page written back as clean JSON.
  static func reencoded() throws {
    Printer.section(7, "Re-encoded with FlexJSONEncoder")
    let page = try makeDecoder(.useDefaults).decode(CatalogPage.self, from: payload)
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    Printer.line("outputFormatting = [.prettyPrinted, .sortedKeys], keyEncodingStrategy =")
    Printer.line(".convertToSnakeCase, dateEncodingStrategy = .iso8601. The key paths of")
    Printer.line("CatalogPage's map are written as nested objects again.")
    Printer.line()
    Printer.block(try encoder.encodeToString(page))
  }
}
