import FlexDecoder
import Testing

@Suite("FlexDecoder module")
struct ModuleTests {
  @Test func reexportsFlexCore() throws {
    let value = try JSONValue(parsing: "[1]")
    #expect(value == [1])
  }
}
