import FlexDecoder
import Foundation
import Testing

/// `FlexPolymorphicClass.subclassesByKey`: the subclass chosen by the keys an object has (YYModel's
/// `modelCustomClassForDictionary:` returning `YYCircle` for a dictionary with `"radius"`).
@Suite("Polymorphic classes by keys")
struct FlexPolymorphicClassKeyTests {
  class Shape: Codable, FlexPolymorphicClass {
    var name = ""
    class var subclassesByKey: KeyValuePairs<String, any Decodable.Type> {
      ["radius": Circle.self, "width": Rectangle.self]
    }
  }

  final class Circle: Shape {
    var radius = 0.0
    private enum CodingKeys: String, CodingKey { case radius }
    required init(from decoder: any Decoder) throws {
      radius = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .radius)
      try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(radius, forKey: .radius)
      try super.encode(to: encoder)
    }
  }

  final class Rectangle: Shape {
    var width = 0.0
    var height = 0.0
    private enum CodingKeys: String, CodingKey { case width, height }
    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      width = try container.decode(Double.self, forKey: .width)
      height = try container.decode(Double.self, forKey: .height)
      try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(width, forKey: .width)
      try container.encode(height, forKey: .height)
      try super.encode(to: encoder)
    }
  }

  /// A tag first, the keys for objects without one.
  class Media: Codable, FlexPolymorphicClass {
    var url = ""
    class var tagKey: String { "kind" }
    class var subclassesByTag: [String: any Decodable.Type] { ["live": Live.self] }
    class var subclassesByKey: KeyValuePairs<String, any Decodable.Type> {
      ["viewers": Live.self, "seconds": Clip.self]
    }
  }

  final class Live: Media {
    var viewers: Int?
    private enum CodingKeys: String, CodingKey { case viewers }
    required init(from decoder: any Decoder) throws {
      viewers = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int.self, forKey: .viewers)
      try super.init(from: decoder)
    }
  }

  final class Clip: Media {
    var seconds = 0
    private enum CodingKeys: String, CodingKey { case seconds }
    required init(from decoder: any Decoder) throws {
      seconds = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .seconds)
      try super.init(from: decoder)
    }
  }

  private static let shapes = #"""
    [{"name": "c", "radius": 2}, {"name": "r", "width": 3, "height": 4}, {"name": "plain"}]
    """#

  private func describe(_ shapes: [Shape]) -> [String] {
    shapes.map { shape in
      switch shape {
      case let circle as Circle: "Circle \(circle.name) \(circle.radius)"
      case let rectangle as Rectangle: "Rectangle \(rectangle.name) \(rectangle.width)x\(rectangle.height)"
      default: "Shape \(shape.name)"
      }
    }
  }

  @Test func theKeysPresentChooseTheSubclassAndNoneOfThemTheBase() throws {
    let shapes = try FlexJSONDecoder().decode([Shape].self, from: Data(Self.shapes.utf8))
    #expect(describe(shapes) == ["Circle c 2.0", "Rectangle r 3.0x4.0", "Shape plain"])
  }

  @Test func jsonDecoderDecodesTheBaseClass() throws {
    let shapes = try JSONDecoder().decode([Shape].self, from: Data(Self.shapes.utf8))
    #expect(describe(shapes) == ["Shape c", "Shape r", "Shape plain"])
  }

  @Test func theFirstKeyListedWinsWhateverTheDocumentOrderOrValue() throws {
    let json = #"[{"width": 3, "height": 4, "radius": 1, "name": "both"}, {"radius": null, "name": "n"}]"#
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = .useDefaults
    let result = try decoder.decodeWithReport([Shape].self, from: Data(json.utf8))
    #expect(describe(result.value) == ["Circle both 1.0", "Circle n 0.0"])
    #expect(
      result.issues == [
        FlexIssue(kind: .defaulted, path: "[1].radius", message: "expected Double but found null; used the default")
      ])
  }

  @Test func encodedJSONDecodesBackToTheSameSubclasses() throws {
    let shapes = try FlexJSONDecoder().decode([Shape].self, from: Data(Self.shapes.utf8))
    let encoder = FlexJSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = try encoder.encodeToString(shapes)
    #expect(text == #"[{"name":"c","radius":2},{"height":4,"name":"r","width":3},{"name":"plain"}]"#)
    #expect(describe(try FlexJSONDecoder().decode([Shape].self, from: Data(text.utf8))) == describe(shapes))
  }

  @Test func aBadValueOfTheChosenSubclassIsAProblemAtItsPath() throws {
    let json = Data(#"[{"name": "c", "radius": "big"}]"#.utf8)
    let error = try requireThrows(DecodingError.self) { try FlexJSONDecoder().decode([Shape].self, from: json) }
    guard case .typeMismatch(let type, let context) = error else {
      Issue.record("expected typeMismatch, got \(error)")
      return
    }
    #expect(ObjectIdentifier(type) == ObjectIdentifier(Double.self))
    #expect(context.codingPath.map(\.stringValue) == ["Index 0", "radius"])
  }

  @Test func aTagThatNamesASubclassWinsOverTheKeys() throws {
    let json = #"""
      [{"kind": "live", "url": "a", "seconds": 3}, {"url": "b", "seconds": 3}, {"kind": "other", "url": "c", "viewers": 9},
       {"url": "d"}]
      """#
    let media = try FlexJSONDecoder().decode([Media].self, from: Data(json.utf8))
    #expect(media.map { "\(type(of: $0)) \($0.url)" } == ["Live a", "Clip b", "Live c", "Media d"])
    #expect((media[1] as? Clip)?.seconds == 3)
    #expect((media[2] as? Live)?.viewers == 9)
  }
  /// A subclass asked for by name is decoded as that class (as JSONDecoder does), whatever keys of
  /// its siblings the object also has: the keys choose among the class asked for and its
  /// subclasses only.
  @Test func aSubclassAskedForIsNotReplacedByASiblingWhoseKeyIsPresent() throws {
    let json = Data(#"{"name": "r", "width": 3, "height": 4, "radius": 1}"#.utf8)
    let rectangle = try FlexJSONDecoder().decode(Rectangle.self, from: json)
    #expect(rectangle.width == 3 && rectangle.height == 4)
    #expect(try JSONDecoder().decode(Rectangle.self, from: json).width == 3)
    let list = try FlexJSONDecoder().decode(
      [Rectangle].self, from: Data("[\(String(decoding: json, as: UTF8.self))]".utf8))
    #expect(list.map(\.name) == ["r"])
  }

  /// A subclass whose own list names a sibling, which names it back: a class outside the one
  /// asked for is never chosen, so decoding ends (it recursed until the stack overflowed).
  class Node: Codable, FlexPolymorphicClass {
    class var subclassesByKey: KeyValuePairs<String, any Decodable.Type> { ["a": NodeA.self, "b": NodeB.self] }
  }
  final class NodeA: Node {
    override class var subclassesByKey: KeyValuePairs<String, any Decodable.Type> { ["b": NodeB.self] }
  }
  final class NodeB: Node {}

  @Test func listsThatNameEachOtherDoNotRecurseForever() throws {
    let node = try FlexJSONDecoder().decode(Node.self, from: Data(#"{"a": 1, "b": 2}"#.utf8))
    #expect(node is NodeA)
  }

  /// The same by tag: a subclass whose own table sends the tag to a sibling, which sends it back.
  /// The sibling is not below the class asked for: an error, not a recursion.
  class Item: Codable, FlexPolymorphicClass {
    class var subclassesByTag: [String: any Decodable.Type] { ["x": ItemX.self, "y": ItemY.self] }
  }
  final class ItemX: Item {
    override class var subclassesByTag: [String: any Decodable.Type] { ["x": ItemY.self] }
  }
  final class ItemY: Item {
    override class var subclassesByTag: [String: any Decodable.Type] { ["x": ItemX.self] }
  }

  @Test func tagTablesThatNameEachOtherAreAnErrorNotARecursion() throws {
    let error = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder().decode(Item.self, from: Data(#"{"type": "x"}"#.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.debugDescription == "ItemY, chosen by the object's tag or keys, is not a subclass of ItemX.")
    #expect(try FlexJSONDecoder().decode(Item.self, from: Data(#"{"type": "y"}"#.utf8)) is ItemY)
  }
}
