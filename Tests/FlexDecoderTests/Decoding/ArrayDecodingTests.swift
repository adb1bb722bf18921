import FlexDecoder
import Foundation
import Testing

/// Arrays are decoded by the engine (TapeDecoder+Arrays.swift), not by `Array.init(from:)`:
/// values, element paths and errors must stay exactly JSONDecoder's.
@Suite("Array decoding")
struct ArrayDecodingTests {
  @Test func nestedArraysOfOptionalsDecodeLikeJSONDecoder() throws {
    let json = #"[[1, null, 3], [], [null], [4]]"#
    let expected: [[Int?]] = [[1, nil, 3], [], [nil], [4]]
    #expect(try FlexJSONDecoder().decode([[Int?]].self, from: Data(json.utf8)) == expected)
    #expect(try JSONDecoder().decode([[Int?]].self, from: Data(json.utf8)) == expected)
  }

  @Test func aLargeArrayOfModelsDecodesEveryElementInOrder() throws {
    let json = "[" + (0..<1000).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",") + "]"
    let flex = try FlexJSONDecoder().decode([Entry].self, from: Data(json.utf8))
    #expect(flex == (0..<1000).map { Entry(id: $0, name: "n\($0)") })
    #expect(flex == (try JSONDecoder().decode([Entry].self, from: Data(json.utf8))))
  }

  @Test func elementsSeeTheCodingPathJSONDecoderGivesThem() throws {
    let json = #"{"items": [{}, {}], "grid": [[{}], [{}, {}]]}"#
    let flex = try FlexJSONDecoder().decode(PathHolder.self, from: Data(json.utf8))
    let foundation = try JSONDecoder().decode(PathHolder.self, from: Data(json.utf8))
    #expect(flex == foundation)
    #expect(flex.items.map(\.path) == [["items", "Index 0"], ["items", "Index 1"]])
    #expect(flex.grid[1].map(\.path) == [["grid", "Index 1", "Index 0"], ["grid", "Index 1", "Index 1"]])
  }

  @Test(arguments: [
    #"[{"id": 1, "name": "a"}, {"id": "2", "name": "b"}]"#,
    #"[{"id": 1, "name": "a"}, null]"#,
    #"[{"id": 1, "name": "a"}, {"name": "b"}]"#,
    #"[{"id": 1, "name": "a"}, [1]]"#,
    #"{"id": 1, "name": "a"}"#,
    #""[]""#,
    "null",
  ])
  func errorsInAndAroundArraysMatchJSONDecoder(json: String) throws {
    let flexError = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode([Entry].self, from: Data(json.utf8))
    }
    let foundationError = try requireThrows(DecodingError.self) {
      try JSONDecoder().decode([Entry].self, from: Data(json.utf8))
    }
    let flex = DecodingErrorSummary(flexError)
    let foundation = DecodingErrorSummary(foundationError)
    #expect(flex.kind == foundation.kind)
    #expect(flex.path == foundation.path)
    #expect(flex.key == foundation.key)
  }

  @Test func anElementErrorInsideAPropertyHasTheFullPath() throws {
    let json = #"{"entries": [{"id": 1, "name": "a"}, {"id": 2, "name": 3}]}"#
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode(EntryList.self, from: Data(json.utf8))
    }
    let summary = DecodingErrorSummary(error)
    #expect(summary.kind == .typeMismatch)
    #expect(summary.path == ["entries", "Index 1", "name"])
  }
}

private struct Entry: Codable, Equatable {
  var id: Int
  var name: String
}

private struct EntryList: Codable, Equatable {
  var entries: [Entry]
}

/// Records the coding path it was decoded at.
private struct PathRecorder: Decodable, Equatable {
  var path: [String]

  init(from decoder: any Decoder) throws {
    path = decoder.codingPath.map(\.stringValue)
  }
}

private struct PathHolder: Decodable, Equatable {
  var items: [PathRecorder]
  var grid: [[PathRecorder]]
}
