import FlexDecoder
import Foundation
import Testing

/// Arrays of scalars nested in arrays (GeoJSON coordinates) during the recovery pass: clean
/// elements are read plainly, an element with a problem is coerced or dropped, and the result
/// and issues are those of decoding every element through the engine.
@Suite("Scalar trees in recovery")
struct ScalarTreeTests {
  struct Shape: Decodable, Equatable {
    var name: String
    var rings: [[[Double]]]
  }

  /// `{"name": …, "rings": [[[0, 0], [1, 0.5], …]]}` with `points` points, the point at
  /// `special` written as `specialText`.
  static func shape(name: String, points: Int, special: Int? = nil, specialText: String = "") -> Data {
    let written = (0..<points).map { index in
      index == special ? specialText : "[\(index), \(Double(index) / 2)]"
    }
    return Data(#"{"name": \#(name), "rings": [[\#(written.joined(separator: ", "))]]}"#.utf8)
  }

  static func points(_ count: Int) -> [[Double]] {
    (0..<count).map { [Double($0), Double($0) / 2] }
  }

  @Test func cleanRingsDecodeAsJSONDecoderDecodesThemWhenAnotherProblemStartsRecovery() throws {
    // `name` is a number: coerced, so the recovery pass decodes the rings.
    let json = Self.shape(name: "7", points: 40)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.reportsCoercions = true
    let result = try decoder.decodeWithReport(Shape.self, from: json)
    #expect(result.value == Shape(name: "7", rings: [Self.points(40)]))
    #expect(result.issues.map(\.path) == ["name"])
    let clean = Self.shape(name: #""7""#, points: 40)
    #expect(result.value == (try JSONDecoder().decode(Shape.self, from: clean)))
  }

  @Test func aNumberSentAsAStringInsideAPointIsCoercedAtItsPath() throws {
    let json = Self.shape(name: #""a""#, points: 30, special: 12, specialText: #"[12, "6"]"#)
    let decoder = FlexJSONDecoder()
    decoder.reportsCoercions = true
    let result = try decoder.decodeWithReport(Shape.self, from: json)
    #expect(result.value == Shape(name: "a", rings: [Self.points(30)]))
    #expect(result.issues.map(\.path) == ["rings[0][12][1]"])
    #expect(result.issues.map(\.kind) == [.coerced])
  }

  @Test func aNullInsideAPointDropsThatCoordinateUnderUseDefaults() throws {
    let json = Self.shape(name: #""a""#, points: 30, special: 5, specialText: "[5, null]")
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Shape.self, from: json)
    var expected = Self.points(30)
    expected[5] = [5]
    #expect(result.value == Shape(name: "a", rings: [expected]))
    #expect(result.issues.map(\.path) == ["rings[0][5][1]"])
    #expect(result.issues.map(\.kind) == [.droppedElement])
  }

  @Test func aPointThatIsNotAnArrayIsOneProblemAtItsPathUnderCollectAll() throws {
    let json = Self.shape(name: #""a""#, points: 30, special: 7, specialText: #"{"x": 1}"#)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .collectAll
    let error = try requireThrows(DecodingError.self) { try decoder.decode(Shape.self, from: json) }
    let jsonDecoderError = try requireThrows(DecodingError.self) {
      try JSONDecoder().decode(Shape.self, from: json)
    }
    #expect(ErrorShape(error) == ErrorShape(jsonDecoderError))
  }

  // MARK: - Every number sent as a string

  /// `{"name": "a", "rings": [[["0", "0.0"], ["1", "0.5"], …]]}`, the point at `special` written
  /// as `specialText`.
  static func stringShape(points: Int, special: Int? = nil, specialText: String = "") -> Data {
    let written = (0..<points).map { index in
      index == special ? specialText : #"["\#(index)", "\#(Double(index) / 2)"]"#
    }
    return Data(#"{"name": "a", "rings": [[\#(written.joined(separator: ", "))]]}"#.utf8)
  }

  @Test func numbersSentAsStringsAreCoercedAndReportedAtTheirPaths() throws {
    let decoder = FlexJSONDecoder()
    decoder.reportsCoercions = true
    let result = try decoder.decodeWithReport(Shape.self, from: Self.stringShape(points: 25))
    #expect(result.value == Shape(name: "a", rings: [Self.points(25)]))
    #expect(result.issues.map(\.path) == (0..<25).flatMap { ["rings[0][\($0)][0]", "rings[0][\($0)][1]"] })
    #expect(result.issues.allSatisfy { $0.kind == .coerced })
  }

  @Test func aNullAmongNumbersSentAsStringsDropsOnlyItsCoordinate() throws {
    let json = Self.stringShape(points: 25, special: 9, specialText: #"["9", null]"#)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport(Shape.self, from: json)
    var expected = Self.points(25)
    expected[9] = [9]
    #expect(result.value == Shape(name: "a", rings: [expected]))
    #expect(result.issues.map(\.path) == ["rings[0][9][1]"])
    #expect(result.issues.map(\.kind) == [.droppedElement])
  }

  /// A shape whose rings are optional in effect: `try?` keeps an empty list when they fail.
  struct TolerantShape: Decodable, Equatable {
    var name: String
    var rings: [[[Double]]]

    enum CodingKeys: String, CodingKey {
      case name, rings
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      rings = (try? container.decode([[[Double]]].self, forKey: .rings)) ?? []
    }
  }

  @Test func ringsWhoseRequesterCatchesTheirErrorAreNotCoerced() throws {
    // The `try?` sees the rings fail, as with JSONDecoder, though the number sent as `name`
    // starts the recovery pass and would be coerced.
    let json = String(decoding: Self.stringShape(points: 6), as: UTF8.self)
      .replacingOccurrences(of: #""name": "a""#, with: #""name": 7"#)
    let expected = try JSONDecoder().decode(
      TolerantShape.self, from: Data(json.replacingOccurrences(of: #""name": 7"#, with: #""name": "7""#).utf8))
    #expect(expected.rings.isEmpty)
    #expect(try FlexJSONDecoder().decode(TolerantShape.self, from: Data(json.utf8)) == expected)
  }
}
