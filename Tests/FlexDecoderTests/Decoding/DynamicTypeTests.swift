import FlexDecoder
import Foundation
import Testing

/// A metatype held as its base class (`let type: Shape.Type = Circle.self`) decodes the class it
/// holds, as with JSONDecoder: at the top level and through unkeyed and single-value containers,
/// in the plain pass and in the recovery pass. (JSONDecoder's keyed containers decode the static
/// type; so do Flex's.)
@Suite("Dynamic metatypes")
struct DynamicTypeTests {
  class Shape: Decodable, @unchecked Sendable {
    var name: String
    var kind: String { "shape" }

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
      name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }
  }

  final class Circle: Shape, @unchecked Sendable {
    var radius: Double
    override var kind: String { "circle r=\(radius)" }

    private enum CodingKeys: String, CodingKey { case radius }

    required init(from decoder: any Decoder) throws {
      radius = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .radius)
      try super.init(from: decoder)
    }
  }

  /// Decodes the members it is given through a `Shape.Type` holding `Circle`.
  struct Drawing: Decodable {
    var kinds: [String]

    private enum CodingKeys: String, CodingKey { case main, all, single, count }

    init(from decoder: any Decoder) throws {
      let shapeType: Shape.Type = Circle.self
      let container = try decoder.container(keyedBy: CodingKeys.self)
      kinds = [try container.decode(shapeType, forKey: .main).kind]
      var all = try container.nestedUnkeyedContainer(forKey: .all)
      while !all.isAtEnd { kinds.append(try all.decode(shapeType).kind) }
      let single = try container.superDecoder(forKey: .single).singleValueContainer()
      kinds.append(try single.decode(shapeType).kind)
      if let count = try? container.decode(Int.self, forKey: .count) { kinds.append("count \(count)") }
    }
  }

  private static let circle = Data(#"{"name": "c", "radius": 2}"#.utf8)
  private static let drawing = Data(
    #"{"main": {"name": "a", "radius": 1}, "all": [{"name": "b", "radius": 2}], "single": {"name": "c", "radius": 3}}"#
      .utf8)

  @Test func aTopLevelMetatypeDecodesTheClassItHolds() throws {
    let shapeType: Shape.Type = Circle.self
    for decoder in [FlexJSONDecoder(), .strict()] {
      let shape = try decoder.decode(shapeType, from: Self.circle)
      #expect(shape is Circle)
      #expect(shape.kind == "circle r=2.0")
    }
    #expect(try JSONDecoder().decode(shapeType, from: Self.circle).kind == "circle r=2.0")
  }

  @Test func keyedUnkeyedAndSingleValueContainersDecodeTheClassTheMetatypeHolds() throws {
    let expected = try JSONDecoder().decode(Drawing.self, from: Self.drawing).kinds
    #expect(expected == ["shape", "circle r=2.0", "circle r=3.0"])
    for decoder in [FlexJSONDecoder(), .strict()] {
      #expect(try decoder.decode(Drawing.self, from: Self.drawing).kinds == expected)
    }
  }

  @Test func theRecoveryPassDecodesTheClassTheMetatypeHolds() throws {
    // A bad `count` sends the decode through the recovery pass; `try?` catches it there.
    let json = Data(
      #"{"main": {"name": "a"}, "all": [{"name": "b", "radius": "2"}], "single": {"name": "c", "radius": 3}, "count": "x"}"#
        .utf8)
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    decoder.reportsCoercions = true
    let result = try decoder.decodeWithReport(Drawing.self, from: json)
    #expect(result.value.kinds == ["shape", "circle r=2.0", "circle r=3.0"])
    #expect(result.issues.map(\.description) == [#"all[0].radius: coerced string "2" to Double"#])
  }
}
