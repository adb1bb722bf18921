/// Models of `canada.json`: the outline of Canada as a GeoJSON feature collection.
///
/// Decode with `try JSONDecoder().decode(CanadaFeatureCollection.self, from: data)`. The document
/// is one feature whose geometry is a polygon of 480 rings and about 55,000 points, so nearly all
/// of its bytes are numbers.

/// The whole document: a GeoJSON `FeatureCollection`.
public struct CanadaFeatureCollection: Codable, Equatable, Sendable {
  /// Always `FeatureCollection`.
  public var type: String
  /// The features; one in the corpus.
  public var features: [CanadaFeature]
}

/// A GeoJSON `Feature`: a named geometry.
public struct CanadaFeature: Codable, Equatable, Sendable {
  /// Always `Feature`.
  public var type: String
  /// The feature's properties.
  public var properties: CanadaFeatureProperties
  /// The feature's shape.
  public var geometry: CanadaGeometry
}

/// The properties of a feature.
public struct CanadaFeatureProperties: Codable, Equatable, Sendable {
  /// The feature's name, `Canada`.
  public var name: String
}

/// A GeoJSON `Polygon` geometry.
public struct CanadaGeometry: Codable, Equatable, Sendable {
  /// Always `Polygon`.
  public var type: String
  /// The rings of the polygon; each ring is a list of `[longitude, latitude]` points.
  ///
  /// A few values are written as integers (such as `-141`); they decode as `Double` all the same.
  public var coordinates: [[[Double]]]
}
