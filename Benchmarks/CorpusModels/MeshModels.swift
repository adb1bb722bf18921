/// Models of `mesh.json`: a skinned 3D mesh (3,600 vertices) as a game engine exports it, from
/// ReerJSON's benchmarks.
///
/// Decode with `try JSONDecoder().decode(Mesh.self, from: data)`. The shape is ReerJSON's own model
/// of the file (`Tests/ReerJSONTests/Models/mesh.swift`), with Swift names: flat arrays of about
/// 29,000 `Double`s and 37,000 `Int`s, and 3,600 two-element `[Double]` bone influences. Nearly
/// every byte is a number.

/// The whole document.
public struct Mesh: Codable, Equatable, Sendable {
  /// The draw batches; one in the corpus.
  public var batches: [MeshBatch]
  /// The blend shapes; an empty object in the corpus.
  public var morphTargets: MeshMorphTargets
  /// The vertex positions, three coordinates per vertex.
  public var positions: [Double]
  /// The texture coordinates, two per vertex.
  public var tex0: [Double]
  /// The vertex colours, one packed integer per vertex.
  public var colors: [Int]
  /// Each vertex's bone influence: a weight and a bone index, written `[1.0, 0]`.
  public var influences: [[Double]]
  /// The vertex normals, three components per vertex.
  public var normals: [Double]
  /// The triangles, three vertex indices each.
  public var indices: [Int]
}

/// A range of triangles drawn with one set of bones.
public struct MeshBatch: Codable, Equatable, Sendable {
  /// The first and past-the-end positions in ``Mesh/indices``.
  public var indexRange: [Int]
  /// The first and past-the-end vertices the batch uses.
  public var vertexRange: [Int]
  /// The bones the batch's vertices are bound to.
  public var usedBones: [Int]
}

/// The mesh's blend shapes: none in the corpus, so no members (it encodes as `{}`).
public struct MeshMorphTargets: Codable, Equatable, Sendable {}
