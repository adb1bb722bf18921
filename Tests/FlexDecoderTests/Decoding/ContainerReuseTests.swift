import Foundation
import Testing

@testable import FlexDecoder

/// Keyed containers are reused once their user lets go of them (ContainerSlot.swift). A
/// container that is still held, by a recursive type's parent or by code that keeps one, must
/// keep reading its own object.
@Suite("Container reuse")
struct ContainerReuseTests {
  /// The layout check passes on this platform, so the tests below exercise reuse.
  @Test func keyedContainersAreSingleBoxReferencesHere() {
    #expect(ContainerLayout.allowsDecodingReuse)
    #expect(ContainerLayout.allowsEncodingReuse)
  }

  /// The reusable containers refer to their decoder, which refers to the decode call's state
  /// that holds them: the cycle must be broken when the call returns, or every decode leaks.
  @Test(arguments: [#"{"first": 1, "second": 2}"#, #"{"first": 1}"#])
  func theDecoderIsReleasedWhenADecodeReturnsOrThrows(json: String) throws {
    let box = WeakDecoderBox()
    let decoder = FlexJSONDecoder()
    decoder.userInfo[WeakDecoderBox.key] = box
    _ = try? decoder.decode([DecoderCapture].self, from: Data("[\(json), \(json)]".utf8))
    #expect(box.didCapture)
    #expect(box.decoder == nil)
  }

  /// A reusable container does not own the lookup it reads through (KeyedContainer.swift): one
  /// a model keeps past its call reads its own object, through any number of later calls, and
  /// what it holds is let go once the model is.
  @Test func aContainerKeptPastItsCallReadsItsObjectUntilLetGoThenIsReleased() throws {
    let box = WeakDecoderBox()
    let decoder = FlexJSONDecoder()
    decoder.userInfo[WeakDecoderBox.key] = box
    var kept: [ContainerKeeper]? = try decoder.decode(
      [ContainerKeeper].self, from: Data(#"[{"first": 7, "second": 8}]"#.utf8))
    #expect(box.didCapture)
    for value in 0..<(2 * HeldContainers.sweepInterval) {
      let other = try FlexJSONDecoder().decode([Pair].self, from: Data(#"[{"first": \#(value), "second": 0}]"#.utf8))
      #expect(other == [Pair(first: value, second: 0)])
    }
    #expect(box.decoder != nil)
    #expect(try kept?[0].container.decode(Int.self, forKey: .first) == 7)
    #expect(try kept?[0].container.decodeIfPresent(Int.self, forKey: .second) == 8)
    #expect(kept?[0].container.allKeys.map(\.stringValue) == ["first", "second"])
    kept = nil
    HeldContainers.shared.sweep()
    #expect(box.decoder == nil)
  }

  @Test func aRecursiveTypeEncodesEachLevelIntoItsOwnObject() throws {
    let tree = TreeNode(
      name: "root",
      children: [
        TreeNode(name: "a", children: [TreeNode(name: "a1", children: [], weight: 4)], weight: 2),
        TreeNode(name: "b", children: [], weight: 3),
      ], weight: 1)
    let flex = FlexJSONEncoder()
    flex.outputFormatting = [.sortedKeys]
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys]
    #expect(try flex.encode(tree) == foundation.encode(tree))
    #expect(try FlexJSONDecoder().decode(TreeNode.self, from: flex.encode(tree)) == tree)
  }

  /// A reused encoding container remembers the keys it wrote at each position of the previous
  /// object; objects whose keys differ (absent optionals, dictionaries) must still come out as
  /// JSONEncoder writes them.
  @Test(arguments: [false, true])
  func keysThatVaryFromObjectToObjectEncodeLikeJSONEncoder(prettyPrinted: Bool) throws {
    let rows = (0..<40).map { index in
      VaryingRow(
        first: index % 2 == 0 ? index : nil, second: "s\(index)", third: index % 3 == 0 ? "t/\(index)" : nil,
        counts: Dictionary(uniqueKeysWithValues: (0..<(index % 4)).map { ("k\(index + $0)", $0) }))
    }
    let flex = FlexJSONEncoder()
    flex.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
    let foundation = JSONEncoder()
    foundation.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
    #expect(try flex.encode(rows) == foundation.encode(rows))
  }

  @Test func theEncoderIsReleasedWhenAnEncodeReturns() throws {
    let box = WeakDecoderBox()
    let encoder = FlexJSONEncoder()
    encoder.userInfo[WeakDecoderBox.key] = box
    let data = try encoder.encode([EncoderCapture(value: 1), EncoderCapture(value: 2)])
    #expect(String(decoding: data, as: UTF8.self) == #"[{"first":1},{"first":2}]"#)
    #expect(box.captured.count == 2)
    #expect(box.captured.allSatisfy { $0.object == nil })
  }

  @Test func aRecursiveTypeReadsEachLevelFromItsOwnObject() throws {
    let json = #"""
      {"name": "root", "children": [
        {"name": "a", "children": [{"name": "a1", "children": [], "weight": 4}, {"name": "a2", "children": [], "weight": 5}], "weight": 2},
        {"name": "b", "children": [], "weight": 3}
      ], "weight": 1}
      """#
    let flex = try FlexJSONDecoder().decode(TreeNode.self, from: Data(json.utf8))
    let foundation = try JSONDecoder().decode(TreeNode.self, from: Data(json.utf8))
    #expect(flex == foundation)
    #expect(flex.weight == 1)
    #expect(flex.children.map(\.name) == ["a", "b"])
    #expect(flex.children[0].children.map(\.name) == ["a1", "a2"])
    #expect(flex.children.map(\.weight) == [2, 3])
  }

  @Test func aContainerHeldAcrossTheDecodingOfASiblingOfItsTypeKeepsItsObject() throws {
    let json = #"[{"first": 1, "second": 2}, {"first": 3, "second": 4}, {"first": 5, "second": 6}]"#
    let flex = try FlexJSONDecoder().decode(PairReader.self, from: Data(json.utf8))
    let foundation = try JSONDecoder().decode(PairReader.self, from: Data(json.utf8))
    #expect(flex == foundation)
    #expect(flex.pairs == [[1, 2], [3, 4], [5, 6]])
  }

  @Test func twoContainersOfOneTypeAskedForInOneInitializerReadTheSameObject() throws {
    let json = #"[{"first": 1, "second": 2}, {"first": 3, "second": 4}]"#
    let flex = try FlexJSONDecoder().decode([TwiceAsked].self, from: Data(json.utf8))
    #expect(flex == [TwiceAsked(first: 1, second: 2), TwiceAsked(first: 3, second: 4)])
  }

  @Test func objectsOfOneTypeUnderDifferentKeyStrategiesAndMapsStayApart() throws {
    // The same key type decoded inside and outside a `[String: …]` dictionary, whose container
    // is exempt from the key strategy.
    let json = #"{"first_value": 1, "byName": {"x": {"first_value": 2}, "y": {"first_value": 3}}}"#
    let decoder = FlexJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let flex = try decoder.decode(Outer.self, from: Data(json.utf8))
    let reference = JSONDecoder()
    reference.keyDecodingStrategy = .convertFromSnakeCase
    let foundation = try reference.decode(Outer.self, from: Data(json.utf8))
    #expect(flex == foundation)
    #expect(flex.firstValue == 1)
    #expect(flex.byName == ["x": Inner(firstValue: 2), "y": Inner(firstValue: 3)])
  }

  // MARK: Nested containers

  /// Nested containers of one key type are reused like a model's: an array of enums with
  /// associated values (a nested object per element) decodes as JSONDecoder decodes it.
  @Test func enumsWithAssociatedValuesDecodeLikeJSONDecoder() throws {
    let json = Data(Self.shapesJSON(count: 30).utf8)
    let flex = try FlexJSONDecoder().decode([CaseShape].self, from: json)
    #expect(flex == (try JSONDecoder().decode([CaseShape].self, from: json)))
    #expect(flex.count == 30)
    #expect(flex[27] == .circle(radius: 27))
    #expect(flex[28] == .rect(width: 28, height: 2))
    #expect(flex[29] == .label("s29"))
  }

  /// A reused nested container reports its own object's path.
  @Test(arguments: [2, 17])
  func anErrorInAReusedNestedContainerHasJSONDecodersPath(badIndex: Int) throws {
    var shapes = (0..<20).map { #"{"circle": {"radius": \#($0)}}"# }
    shapes[badIndex] = #"{"circle": {"radius": "wide"}}"#
    let json = Data("[\(shapes.joined(separator: ","))]".utf8)
    let flexError = try requireThrows(DecodingError.self) {
      try FlexJSONDecoder.strict().decode([CaseShape].self, from: json)
    }
    let foundationError = try requireThrows(DecodingError.self) {
      try JSONDecoder().decode([CaseShape].self, from: json)
    }
    let flex = DecodingErrorSummary(flexError)
    let foundation = DecodingErrorSummary(foundationError)
    #expect(flex.kind == .typeMismatch)
    #expect(flex.kind == foundation.kind)
    #expect(flex.path == ["Index \(badIndex)", "circle", "radius"])
    #expect(flex.path == foundation.path)
  }

  /// Two nested containers of one key type held at once each read their own object (the second
  /// cannot reuse the first's slot while it is held).
  @Test func twoNestedContainersOfOneKeyTypeHeldAtOnceReadTheirOwnObjects() throws {
    let json = Data(
      #"[{"from": {"x": 1, "y": 2}, "to": {"x": 3, "y": 4}}, {"from": {"x": 5, "y": 6}, "to": {"x": 7, "y": 8}}]"#.utf8)
    let flex = try FlexJSONDecoder().decode([Segment].self, from: json)
    #expect(flex == (try JSONDecoder().decode([Segment].self, from: json)))
    #expect(flex.map(\.coordinates) == [[1, 3, 2, 4], [5, 7, 6, 8]])
  }

  /// A nested container a model keeps reads its own object after the call, while the other
  /// elements' nested containers were made anew.
  @Test func aNestedContainerKeptPastItsCallReadsItsObject() throws {
    let json = Data(#"[{"point": {"x": 1, "y": 2}}, {"point": {"x": 3, "y": 4}}, {"point": {"x": 5, "y": 6}}]"#.utf8)
    let kept = try FlexJSONDecoder().decode([NestedKeeper].self, from: json)
    _ = try FlexJSONDecoder().decode(
      [Segment].self, from: Data(#"[{"from": {"x": 9, "y": 9}, "to": {"x": 9, "y": 9}}]"#.utf8))
    #expect(try kept.map { try $0.point.decode(Int.self, forKey: .x) } == [1, 3, 5])
    #expect(try kept.map { try $0.point.decode(Int.self, forKey: .y) } == [2, 4, 6])
  }

  /// Keys a synthesized enum `init(from:)` is given: first occurrences, unknown keys left out,
  /// escaped and many-membered objects by the general way, as JSONDecoder has them.
  @Test(arguments: [
    #"{"circle": {"radius": 1}}"#,
    #"{"unknown": 1, "circle": {"radius": 2}}"#,
    #"{"circle": {"radius": 3}, "circle": {"radius": 4}}"#,
    #"{"circ\u006ce": {"radius": 5}}"#,
    #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "label": {"_0": "nine"}}"#,
    #"{"circle": {"radius": 6}, "rect": {"width": 1, "height": 2}}"#,
  ])
  func anEnumsKeysAreThoseJSONDecoderGives(json: String) throws {
    let data = Data(json.utf8)
    let foundation = Result { try JSONDecoder().decode(CaseShape.self, from: data) }
    let flex = Result { try FlexJSONDecoder.strict().decode(CaseShape.self, from: data) }
    switch (flex, foundation) {
    case (.success(let flexValue), .success(let foundationValue)):
      #expect(flexValue == foundationValue)
    case (.failure(let flexError as DecodingError), .failure(let foundationError as DecodingError)):
      #expect(DecodingErrorSummary(flexError).kind == DecodingErrorSummary(foundationError).kind)
      #expect(DecodingErrorSummary(flexError).path == DecodingErrorSummary(foundationError).path)
    default:
      Issue.record("Flex: \(flex), Foundation: \(foundation)")
    }
  }

  private static func shapesJSON(count: Int) -> String {
    let shapes = (0..<count).map { index in
      switch index % 3 {
      case 0: return #"{"circle": {"radius": \#(index)}}"#
      case 1: return #"{"rect": {"width": \#(index), "height": 2}}"#
      default: return #"{"label": {"_0": "s\#(index)"}}"#
      }
    }
    return "[\(shapes.joined(separator: ", "))]"
  }
}

private enum CaseShape: Codable, Equatable {
  case circle(radius: Double)
  case rect(width: Double, height: Double)
  case label(String)
}

/// Two nested objects of one key type, read alternately.
private struct Segment: Decodable, Equatable {
  let coordinates: [Int]

  private enum CodingKeys: String, CodingKey { case from, to }
  enum PointKeys: String, CodingKey { case x, y }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let from = try container.nestedContainer(keyedBy: PointKeys.self, forKey: .from)
    let to = try container.nestedContainer(keyedBy: PointKeys.self, forKey: .to)
    coordinates = [
      try from.decode(Int.self, forKey: .x), try to.decode(Int.self, forKey: .x),
      try from.decode(Int.self, forKey: .y), try to.decode(Int.self, forKey: .y),
    ]
  }
}

/// Keeps its nested container, to read after the decode.
private struct NestedKeeper: Decodable {
  let point: KeyedDecodingContainer<Segment.PointKeys>

  private enum CodingKeys: String, CodingKey { case point }

  init(from decoder: any Decoder) throws {
    point = try decoder.container(keyedBy: CodingKeys.self).nestedContainer(
      keyedBy: Segment.PointKeys.self, forKey: .point)
  }
}

private struct TreeNode: Codable, Equatable {
  var name: String
  var children: [TreeNode]
  var weight: Int
}

/// Reads `first`, then decodes the next element of the array (an object of the same type, whose
/// container is asked for while this one is held), then reads `second`.
private struct PairReader: Decodable, Equatable {
  var pairs: [[Int]]

  init(pairs: [[Int]]) { self.pairs = pairs }

  init(from decoder: any Decoder) throws {
    var array = try decoder.unkeyedContainer()
    var pairs: [[Int]] = []
    while !array.isAtEnd {
      let element = try array.nestedContainer(keyedBy: PairKey.self)
      pairs.append([try element.decode(Int.self, forKey: .first), try element.decode(Int.self, forKey: .second)])
    }
    self.pairs = pairs
  }
}

private enum PairKey: String, CodingKey {
  case first, second
}

/// Asks for its keyed container twice and reads one key from each.
private struct TwiceAsked: Decodable, Equatable {
  var first: Int
  var second: Int

  init(first: Int, second: Int) {
    self.first = first
    self.second = second
  }

  init(from decoder: any Decoder) throws {
    let one = try decoder.container(keyedBy: PairKey.self)
    let other = try decoder.container(keyedBy: PairKey.self)
    first = try one.decode(Int.self, forKey: .first)
    second = try other.decode(Int.self, forKey: .second)
  }
}

private struct Inner: Codable, Equatable {
  var firstValue: Int
}

private struct Outer: Codable, Equatable {
  var firstValue: Int
  var byName: [String: Inner]
}

/// Holds, weakly, the `Decoder` (or `Encoder`) a ``DecoderCapture`` (``EncoderCapture``) was given.
private final class WeakDecoderBox: @unchecked Sendable {
  static let key = CodingUserInfoKey(rawValue: "weakDecoderBox")!
  weak var decoder: AnyObject?
  var didCapture = false
  /// Every encoder captured, weakly.
  var captured: [WeakReference] = []
}

/// A weak reference.
private struct WeakReference {
  weak var object: AnyObject?
}

/// Asks for a keyed container, reads both keys, and hands its decoder to the box in `userInfo`.
private struct DecoderCapture: Decodable {
  init(from decoder: any Decoder) throws {
    let box = decoder.userInfo[WeakDecoderBox.key] as? WeakDecoderBox
    box?.decoder = decoder as AnyObject
    box?.didCapture = true
    let container = try decoder.container(keyedBy: PairKey.self)
    _ = try container.decode(Int.self, forKey: .first)
    _ = try container.decode(Int.self, forKey: .second)
  }
}

/// Hands its decoder to the box in `userInfo` and keeps its keyed container.
private struct ContainerKeeper: Decodable {
  let container: KeyedDecodingContainer<PairKey>

  init(from decoder: any Decoder) throws {
    (decoder.userInfo[WeakDecoderBox.key] as? WeakDecoderBox)?.decoder = decoder as AnyObject
    (decoder.userInfo[WeakDecoderBox.key] as? WeakDecoderBox)?.didCapture = true
    container = try decoder.container(keyedBy: PairKey.self)
  }
}

private struct Pair: Decodable, Equatable {
  var first: Int
  var second: Int
}

/// Hands its encoder to the box in `userInfo`, then writes `{"first": value}`.
private struct EncoderCapture: Encodable {
  var value: Int

  func encode(to encoder: any Encoder) throws {
    let box = encoder.userInfo[WeakDecoderBox.key] as? WeakDecoderBox
    box?.captured.append(WeakReference(object: encoder as AnyObject))
    var container = encoder.container(keyedBy: PairKey.self)
    try container.encode(value, forKey: .first)
  }
}

/// Members present in some rows only, and a dictionary whose keys differ from row to row.
private struct VaryingRow: Encodable {
  var first: Int?
  var second: String
  var third: String?
  var counts: [String: Int]
}
