import FlexDecoder
import Foundation
import Testing

/// A `Date` or `Data` whose strategy calls back into the decoder (`.deferredToDate`,
/// `.deferredToData`, `.custom`) recovers like any other value: its problem has its path, and the
/// problems after it are still found.
@Suite("Special types that call back into the decoder")
struct SpecialTypeRecoveryTests {
  struct Stamped: Codable, Equatable {
    var h = 0
    var c = Date(timeIntervalSinceReferenceDate: 0)
    var k = 0
  }

  struct Blob: Codable, Equatable {
    var d = Data()
    var k = 0
  }

  private func decoder(
    _ policy: FlexJSONDecoder.ErrorPolicy, date: FlexJSONDecoder.DateDecodingStrategy = .deferredToDate,
    data: FlexJSONDecoder.DataDecodingStrategy = .deferredToData
  ) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    decoder.dateDecodingStrategy = date
    decoder.dataDecodingStrategy = data
    return decoder
  }

  private static let threeBad = Data(#"{"h":"y","c":"x","k":"z"}"#.utf8)

  @Test func useDefaultsReportsEveryProblemAtItsPath() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Stamped.self, from: Self.threeBad)
    #expect(result.value == Stamped())
    #expect(result.issues.map(\.path) == ["h", "c", "k"])
    #expect(result.issues.map(\.kind) == [.defaulted, .defaulted, .defaulted])
  }

  @Test func collectAllListsEveryProblem() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Stamped.self, from: Self.threeBad)
    }
    #expect(error.issues.map(\.path) == ["h", "c", "k"])
  }

  @Test func aBadDateDoesNotHideALaterProblem() throws {
    let error = try requireThrows(FlexDecodingError.self) {
      try decoder(.collectAll).decode(Stamped.self, from: Data(#"{"h":1,"c":"x","k":"z"}"#.utf8))
    }
    #expect(error.issues.map(\.path) == ["c", "k"])
  }

  @Test func aCustomDateStrategyRecoversAtItsPath() throws {
    let custom = decoder(
      .useDefaults,
      date: .custom { decoder in Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self)) })
    let result = try custom.decodeWithReport(Stamped.self, from: Self.threeBad)
    #expect(result.value == Stamped())
    #expect(result.issues.map(\.path) == ["h", "c", "k"])
  }

  @Test func aDateThatCoercesStillDecodes() throws {
    let result = try decoder(.collectAll).decodeWithReport(
      Stamped.self, from: Data(#"{"h":1,"c":"12.5","k":2}"#.utf8))
    #expect(result.value == Stamped(h: 1, c: Date(timeIntervalSinceReferenceDate: 12.5), k: 2))
  }

  @Test func deferredDataRecoversAtItsPathAndFindsLaterProblems() throws {
    let result = try decoder(.useDefaults).decodeWithReport(Blob.self, from: Data(#"{"d":{},"k":"z"}"#.utf8))
    #expect(result.value == Blob())
    #expect(result.issues.map(\.path) == ["d", "k"])
  }

  @Test func validSpecialValuesDecodeAsUnderJSONDecoder() throws {
    let json = Data(#"{"h":1,"c":12.5,"k":2}"#.utf8)
    #expect(try decoder(.collectAll).decode(Stamped.self, from: json) == JSONDecoder().decode(Stamped.self, from: json))
  }
}
