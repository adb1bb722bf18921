import Foundation

/// A property read and written through a ``FlexTransform``, under any decoder and
/// encoder.
///
/// ```swift
/// struct Standing: Codable {
///   @FlexTransformed<Ordinal> var place: Int
///   @FlexTransformed<FlexTransforms.Trimmed> var team: String
/// }
/// // {"place": "3rd", "team": "  Lyon "} decodes place 3, team "Lyon"
/// ```
///
/// Under FlexJSONDecoder the JSON value is read with the decoder's coercions like any other.
@propertyWrapper
public struct FlexTransformed<Transform: FlexTransform> {
  /// The transformed value.
  public var wrappedValue: Transform.Value

  /// A property holding `wrappedValue`.
  public init(wrappedValue: Transform.Value) {
    self.wrappedValue = wrappedValue
  }
}

// MARK: Codable

extension FlexTransformed: Codable {
  /// Decodes the JSON value and transforms it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let encoded = try container.decode(Transform.Encoded.self)
    do {
      self.init(wrappedValue: try Transform.value(from: encoded))
    } catch let error as DecodingError {
      throw error
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "\(Transform.self) rejected the value: \(error)",
          underlyingError: error))
    }
  }

  /// Transforms the value back and encodes it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Transform.encoded(from: wrappedValue))
  }
}

// MARK: Equatable, Hashable, Sendable

extension FlexTransformed: Equatable where Transform.Value: Equatable {}
extension FlexTransformed: Hashable where Transform.Value: Hashable {}
extension FlexTransformed: Sendable where Transform.Value: Sendable {}
