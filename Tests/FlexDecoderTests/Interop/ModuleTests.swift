import FlexDecoder
import Testing

@Suite("FlexDecoder module")
struct ModuleTests {
  @Test func reexportsFlexCore() throws {
    let value = try JSONValue(parsing: "[1]")
    #expect(value == [1])
  }

  /// Swift Testing's `SourceLocation` stays unambiguous in a file that imports FlexDecoder: parse
  /// errors name their position with ``JSONLocation``.
  @Test func swiftTestingSourceLocationIsNotShadowed() throws {
    let here: SourceLocation = #_sourceLocation
    #expect(here.fileName == "ModuleTests.swift")
    let error = try requireThrows(JSONParseError.self) { try JSONValue(parsing: "[1,\n ]") }
    #expect(error.location == JSONLocation(offset: 5, line: 2, column: 2))
  }
}
