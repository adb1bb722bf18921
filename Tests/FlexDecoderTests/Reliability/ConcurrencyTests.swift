import FlexDecoder
import Foundation
import Testing

/// One decoder and one encoder shared by many tasks at once, each task with its own types, so
/// the option snapshots and the per-type key mappings are read from several threads together.
/// Run under ThreadSanitizer with `swift test --sanitize=thread --filter Concurrency`.
@Suite("Concurrency")
struct ConcurrencyTests {
  // MARK: - Models

  /// A per-type key map with candidates and a key path.
  struct Book: Codable, Equatable, FlexKeyMapping {
    var bookID: Int
    var title: String
    var pageCount: Int
    var summary: String?
    static let keyMapping: FlexKeyMap = ["bookID": ["id", "book_id"], "summary": "ext.summary"]
  }

  /// Snake-case keys and the decoder's global key map (`identifier`).
  struct Author: Codable, Equatable {
    var identifier: String
    var firstName: String
    var lastName: String
    var birthYear: Int?
  }

  /// Nesting: arrays of a mapped type, a dictionary, a date.
  struct Library: Codable, Equatable {
    var libraryName: String
    var books: [Book]
    var openingHours: [String: String]
    var foundedAt: Date
  }

  /// An enum, and a key map whose candidate points into an array.
  struct Reading: Codable, Equatable, FlexKeyMapping {
    enum Status: String, Codable { case started, paused, finished }
    var status: Status
    var progress: Double
    var coverURL: String
    static let keyMapping: FlexKeyMap = ["coverURL": ["images.0.url", "cover"]]
  }

  // MARK: - Fixtures

  private static let bookJSON = #"{"book_id": 7, "title": "Dune", "page_count": 412, "ext": {"summary": "Spice"}}"#
  private static let book = Book(bookID: 7, title: "Dune", pageCount: 412, summary: "Spice")

  private static let authorJSON = #"{"uid": "a-1", "first_name": "Frank", "last_name": "Herbert", "birth_year": 1920}"#
  private static let author = Author(identifier: "a-1", firstName: "Frank", lastName: "Herbert", birthYear: 1920)

  private static let libraryJSON = #"""
    {"library_name": "Central", "founded_at": 1000.5,
     "opening_hours": {"monday": "9-17", "sunday_and_holidays": "closed"},
     "books": [{"id": 1, "title": "A", "page_count": 10}, {"book_id": 2, "title": "B", "page_count": 20, "ext": {}}]}
    """#
  private static let library = Library(
    libraryName: "Central",
    books: [
      Book(bookID: 1, title: "A", pageCount: 10, summary: nil),
      Book(bookID: 2, title: "B", pageCount: 20, summary: nil),
    ],
    openingHours: ["monday": "9-17", "sunday_and_holidays": "closed"],
    foundedAt: Date(timeIntervalSinceReferenceDate: 1000.5))

  private static let readingJSON = #"{"status": "paused", "progress": 0.25, "images": [{"url": "c.jpg"}]}"#
  private static let reading = Reading(status: .paused, progress: 0.25, coverURL: "c.jpg")

  /// What the shared encoder writes for each fixture (snake-case keys, sorted; mapped
  /// properties under their first candidate).
  private static let encodedBook = #"{"ext":{"summary":"Spice"},"id":7,"page_count":412,"title":"Dune"}"#
  private static let encodedAuthor = #"{"birth_year":1920,"first_name":"Frank","last_name":"Herbert","uid":"a-1"}"#
  private static let encodedLibrary =
    #"{"books":[{"id":1,"page_count":10,"title":"A"},{"id":2,"page_count":20,"title":"B"}],"#
    + #""founded_at":1000.5,"library_name":"Central","opening_hours":{"monday":"9-17","sunday_and_holidays":"closed"}}"#
  private static let encodedReading = #"{"images":{"0":{"url":"c.jpg"}},"progress":0.25,"status":"paused"}"#

  private static func makeDecoder() -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.keyMapping = ["identifier": ["uid", "id"]]
    return decoder
  }

  private static func makeEncoder() -> FlexJSONEncoder {
    let encoder = FlexJSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.keyMapping = ["identifier": ["uid", "id"]]
    encoder.outputFormatting = .sortedKeys
    return encoder
  }

  /// One round of a task's work: decode its type, encode it back, return what came out.
  private static func work(_ kind: Int, _ decoder: FlexJSONDecoder, _ encoder: FlexJSONEncoder) throws -> String {
    switch kind {
    case 0:
      let value = try decoder.decode(Book.self, from: Data(bookJSON.utf8))
      return value == book ? try encoder.encodeToString(value) : "wrong value: \(value)"
    case 1:
      let value = try decoder.decode(Author.self, from: Data(authorJSON.utf8))
      return value == author ? try encoder.encodeToString(value) : "wrong value: \(value)"
    case 2:
      let value = try decoder.decode(Library.self, from: Data(libraryJSON.utf8))
      return value == library ? try encoder.encodeToString(value) : "wrong value: \(value)"
    default:
      let value = try decoder.decode(Reading.self, from: Data(readingJSON.utf8))
      return value == reading ? try encoder.encodeToString(value) : "wrong value: \(value)"
    }
  }

  private static let expected = [encodedBook, encodedAuthor, encodedLibrary, encodedReading]

  // MARK: - Tests

  @Test func eachFixtureDecodesAndEncodesAsExpectedOnOneThread() throws {
    let decoder = Self.makeDecoder()
    let encoder = Self.makeEncoder()
    for kind in 0..<4 {
      #expect(try Self.work(kind, decoder, encoder) == Self.expected[kind])
    }
  }

  @Test func sixteenTasksShareOneDecoderAndOneEncoder() async throws {
    let decoder = Self.makeDecoder()
    let encoder = Self.makeEncoder()
    let rounds = 40
    let results = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
      for task in 0..<16 {
        group.addTask {
          var outputs: [String] = []
          for round in 0..<rounds {
            // Each task goes through all four types, starting at a different one.
            outputs.append(try Self.work((task + round) % 4, decoder, encoder))
          }
          return (task, outputs)
        }
      }
      var results: [Int: [String]] = [:]
      for try await (task, outputs) in group { results[task] = outputs }
      return results
    }
    #expect(results.count == 16)
    for (task, outputs) in results {
      let expected = (0..<rounds).map { Self.expected[(task + $0) % 4] }
      #expect(outputs == expected, "task \(task)")
    }
  }

  @Test func tasksReadOptionsWhileOthersDecode() async throws {
    let decoder = Self.makeDecoder()
    let encoder = Self.makeEncoder()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<16 {
        group.addTask {
          for round in 0..<20 {
            if task % 4 == 0 {
              // Reading options takes the same lock that each decode's snapshot takes.
              #expect(decoder.errorPolicy == .collectAll)
              #expect(encoder.outputFormatting == .sortedKeys)
            } else {
              let output = try Self.work(round % 4, decoder, encoder)
              #expect(output == Self.expected[round % 4])
            }
          }
        }
      }
      try await group.waitForAll()
    }
  }

  /// Decode sessions are lent from one pool to every decoder (SessionPool.swift): tasks
  /// that each make a decoder per call, with different key strategies and policies, must each
  /// see only their own call's options and keys.
  @Test func newDecodersPerCallOnManyThreadsShareThePoolSafely() async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<12 {
        group.addTask {
          for round in 0..<30 {
            let decoder = FlexJSONDecoder()
            switch (task + round) % 3 {
            case 0:
              decoder.keyDecodingStrategy = .convertFromSnakeCase
              decoder.keyMapping = ["identifier": ["uid", "id"]]
              #expect(try decoder.decode(Author.self, from: Data(Self.authorJSON.utf8)) == Self.author)
            case 1:
              decoder.keyDecodingStrategy = .convertFromKebabCase
              let json = #"{"identifier": "k-\#(round)", "first-name": "F", "last-name": "L"}"#
              let value = try decoder.decode(Author.self, from: Data(json.utf8))
              #expect(value == Author(identifier: "k-\(round)", firstName: "F", lastName: "L", birthYear: nil))
            default:
              decoder.unknownKeyPolicy = .report
              let json = #"{"identifier": "d", "firstName": "F", "lastName": "L", "extra\#(task)": 1}"#
              let report = try decoder.decodeWithReport(Author.self, from: Data(json.utf8))
              #expect(report.issues.map(\.path) == ["extra\(task)"])
            }
          }
        }
      }
      try await group.waitForAll()
    }
  }
}
