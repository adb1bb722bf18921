import FlexDecoder
import Foundation
import Testing

/// The samples of Docs/Streams.md, with the network and files replaced by byte streams of the
/// same shape.
@Suite("Doc examples: Streams")
struct StreamsDocExamplesTests {
  struct LogEntry: Decodable, Equatable {
    let level: String
    let message: String
  }

  /// Docs/Streams.md, the opening sample (`fileHandle.bytes` is a stream of single bytes).
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func openingSampleDecodesEachLine() async throws {
    let fileHandleBytes = byteByByte(
      Array("{\"level\":\"info\",\"message\":\"up\"}\n{\"level\":\"warn\",\"message\":\"slow\"}\n".utf8))
    var handled: [LogEntry] = []
    func handle(_ entry: LogEntry) { handled.append(entry) }

    let decoder = FlexJSONDecoder()
    for try await entry in decoder.values(of: LogEntry.self, from: fileHandleBytes) {
      handle(entry)
    }
    #expect(handled == [LogEntry(level: "info", message: "up"), LogEntry(level: "warn", message: "slow")])
  }

  struct Order: Decodable, Equatable {
    let id: Int
  }

  /// Docs/Streams.md, "Bad elements and errors": a bad order is logged with its index and line,
  /// and the others are saved.
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func badElementsSampleLogsTheBadOrderAndSavesTheOthers() async throws {
    let bytes = chunked(Array("{\"data\": [\n{\"id\": 1},\n{\"id\": \"x\"},\n{\"id\": 3}\n]}".utf8), size: 5)
    let decoder = FlexJSONDecoder()
    var saved: [Order] = []
    var logged: [String] = []
    func save(_ order: Order) { saved.append(order) }
    func log(_ line: String) { logged.append(line) }

    for try await element in decoder.elements(of: Order.self, from: bytes, framing: .array(at: "data")) {
      switch element.result {
      case .success(let order): save(order)
      case .failure(let error): log("order \(element.index) (line \(element.line)): \(error)")
      }
    }
    #expect(saved == [Order(id: 1), Order(id: 3)])
    #expect(logged.count == 1)
    #expect(logged.first?.hasPrefix("order 1 (line 3): ") == true, "\(logged)")
    #expect(logged.first?.contains("id") == true, "\(logged)")
  }

  struct Delta: Decodable {
    let type: String
    let text: String?
  }

  /// Docs/Streams.md, "Server-Sent Events from an LLM API" (`URLSession.shared.bytes(for:)`
  /// replaced by the bytes of such a response).
  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func serverSentEventsSamplePrintsTheText() async throws {
    let bytes = byteByByte(
      Array(
        ("event: delta\ndata: {\"type\":\"text\",\"text\":\"Hel\"}\n\n: ping\n\n"
          + "event: delta\ndata: {\"type\":\"text\",\"text\":\"lo\"}\n\n"
          + "data: {\"type\":\"stop\"}\n\ndata: [DONE]\n\n").utf8))
    var printed = ""
    for try await delta in FlexJSONDecoder().values(of: Delta.self, from: bytes, framing: .serverSentEvents()) {
      print(delta.text ?? "", terminator: "", to: &printed)
    }
    #expect(printed == "Hello")
  }
}

/// Docs/Streams.md, "Partial documents" (the tool call's pieces as an async stream of strings).
@Suite("Doc examples: Partial documents")
struct PartialDocumentsDocExamplesTests {
  struct Forecast: Decodable, FlexDeclaredDefaults {
    var city = ""
    var days: [Int] = []
    var summary = ""
  }

  @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
  @Test func partialSampleShowsTheSummaryGrowingAndPrefetchesOnceTheCityIsWhole() async throws {
    let text = #"{"city": "Porto", "summary": "Sunny, then rain", "days": [21, 19]}"#
    let argumentPieces = AsyncStream<String> { continuation in
      var rest = Substring(text)
      while !rest.isEmpty {
        continuation.yield(String(rest.prefix(5)))
        rest = rest.dropFirst(5)
      }
      continuation.finish()
    }
    var shown: [String] = []
    var prefetched: [String] = []
    func show(_ summary: String) { shown.append(summary) }
    func prefetchMap(_ city: String) { prefetched.append(city) }

    var partial = FlexPartialDecoder(of: Forecast.self)
    for try await piece in argumentPieces {  // the tool call's arguments, as they stream
      try partial.append(piece.utf8)
      let forecast = try partial.value()  // what has arrived; the rest is defaulted
      show(forecast.summary)  // the summary grows as it arrives
      if partial.isComplete("city") { prefetchMap(forecast.city) }
    }
    let forecast = try partial.finish()  // exactly decode(_:from:) of the whole text

    #expect(forecast.city == "Porto" && forecast.days == [21, 19] && forecast.summary == "Sunny, then rain")
    // The summary only grew, through values that end inside it.
    #expect(zip(shown, shown.dropFirst()).allSatisfy { $1.hasPrefix($0) })
    #expect(shown.contains { !$0.isEmpty && $0 != "Sunny, then rain" })
    #expect(Set(prefetched) == ["Porto"])
  }
}
