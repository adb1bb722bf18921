import FlexDecoder
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Combine)
  import Combine
#endif

/// The Swift samples about fitting FlexDecoder into existing code: Docs/MigratingFromJSONDecoder.md
/// "Code that holds a JSONDecoder", Docs/Ecosystem.md, and Docs/Leniency.md "Generic types".
///
/// Alamofire and Vapor are not dependencies, so their samples compile here against stand-ins:
/// the `Alamofire` and `Vapor` namespaces below declare the protocols with the requirements of
/// the real ones (Alamofire 5's `DataDecoder`, Vapor 4's `ContentDecoder` and `ContentEncoder`),
/// and the few NIO and Vapor types the samples touch, with the members the samples use.
/// `@retroactive` and `public` are left out: here the protocols and types belong to this module. Vapor's
/// `ContentConfiguration.global.use(…)` lines are not compiled.
extension DocExamplesTests {
  // MARK: - Docs/Leniency.md

  /// Docs/Leniency.md, "Generic types".
  struct Response<T: Decodable>: Decodable, FlexKeyMapping {
    var payload: T
    var requestID: String
    static var keyMapping: FlexKeyMap { ["payload": ["data", "result"], "requestID": "meta.request_id"] }
  }

  @Test func leniencyGenericTypes() throws {
    let user = #"{"id": 1, "firstName": "Ada", "isAdmin": false}"#
    let fromData = try FlexJSONDecoder().decode(
      Response<User>.self, from: #"{"data": \#(user), "meta": {"request_id": "r1"}}"#)
    #expect(fromData.payload == User(id: 1, firstName: "Ada", isAdmin: false))
    #expect(fromData.requestID == "r1")
    let fromResult = try FlexJSONDecoder().decode(
      Response<[User]>.self, from: #"{"result": [\#(user)], "meta": {"request_id": "r2"}}"#)
    #expect(fromResult.payload == [User(id: 1, firstName: "Ada", isAdmin: false)])
  }

  // MARK: - Docs/MigratingFromJSONDecoder.md

  /// Docs/MigratingFromJSONDecoder.md, "Code that holds a JSONDecoder".
  struct APIClient {
    let decoder: JSONDecoder
  }

  func load<T: Decodable>(_ type: T.Type, from data: Data, decoder: JSONDecoder = JSONDecoder()) throws -> T {
    try decoder.decode(type, from: data)
  }

  final class APIDecoder: FlexBackedJSONDecoder, @unchecked Sendable {
    override init() {
      super.init()
      keyDecodingStrategy = .convertFromSnakeCase
      dateDecodingStrategy = .iso8601
    }
  }

  @Test func migratingCodeThatHoldsAJSONDecoder() throws {
    let data = Data(#"{"id": "7", "firstName": "Ada", "isAdmin": 1}"#.utf8)
    let client = APIClient(decoder: FlexBackedJSONDecoder())
    #expect(try client.decoder.decode(User.self, from: data) == User(id: 7, firstName: "Ada", isAdmin: true))
    let user = try load(User.self, from: data, decoder: FlexBackedJSONDecoder())
    #expect(user == User(id: 7, firstName: "Ada", isAdmin: true))
    #expect(throws: DecodingError.self) { try load(User.self, from: data) }

    struct Event: Decodable, Equatable {
      var eventName: String
      var startsAt: Date
    }
    let event = Data(#"{"event_name": "launch", "starts_at": "2024-05-01T12:30:00Z"}"#.utf8)
    let expected = Event(eventName: "launch", startsAt: Date(timeIntervalSince1970: 1_714_566_600))
    #expect(try load(Event.self, from: event, decoder: APIDecoder()) == expected)

    // Flex's options, with FlexJSONDecoder's defaults; JSONDecoder's exact behaviour on request.
    let decoder = FlexBackedJSONDecoder()
    #expect(decoder.coercions == .standard && decoder.errorPolicy == .collectAll && decoder.keyMapping.isEmpty)
    #expect(decoder.maxDepth == 512 && !decoder.reportsCoercions && decoder.unknownKeyPolicy == .ignore)
    decoder.coercions = []
    decoder.errorPolicy = .failFast
    #expect(
      ErrorShape { _ = try decoder.decode(User.self, from: data) }
        == ErrorShape { _ = try JSONDecoder().decode(User.self, from: data) })
  }

  @Test func migratingFlexStrategiesOnTheSubclass() throws {
    struct Event: Decodable, Equatable {
      var eventName: String
      var startsAt: Date
    }
    let decoder = APIDecoder()
    decoder.flexDateDecodingStrategy = .flexible  // instead of .iso8601
    decoder.flexKeyDecodingStrategy = .convertFromAnyCase  // instead of .convertFromSnakeCase
    let event = try decoder.decode(Event.self, from: Data(#"{"EventName": "launch", "starts-at": "2024-05-01"}"#.utf8))
    #expect(event == Event(eventName: "launch", startsAt: Date(timeIntervalSince1970: 1_714_521_600)))
  }

  @Test func migratingFlexBackedJSONEncoder() throws {
    let user = User(id: 7, firstName: "Ada / Byron", isAdmin: true)
    let encoder: JSONEncoder = FlexBackedJSONEncoder()  // was JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let body = try encoder.encode(user)
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    #expect(body == (try foundation.encode(user)))
  }

  // MARK: - Docs/Ecosystem.md

  /// Docs/Ecosystem.md, "URLSession": the extension, over a session whose requests a stub
  /// protocol answers (the sample uses `URLSession.shared` and a real URL).
  @Test func ecosystemURLSession() async throws {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StubUserProtocol.self]
    let session = URLSession(configuration: configuration)
    let url = try #require(URL(string: "https://api.example.com/users/7"))
    let user = try await session.decode(User.self, from: url)
    #expect(user == User(id: 7, firstName: "Ada", isAdmin: true))
  }

  #if canImport(Combine)
    /// Docs/Ecosystem.md, "Combine".
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
    @Test func ecosystemCombine() throws {
      let data = Data(#"{"id": "7", "firstName": "Ada", "isAdmin": true}"#.utf8)
      var decoded: [User] = []
      let subscription = Just(data)
        .decode(type: User.self, decoder: FlexJSONDecoder())
        .sink(receiveCompletion: { _ in }, receiveValue: { decoded.append($0) })
      subscription.cancel()
      #expect(decoded == [User(id: 7, firstName: "Ada", isAdmin: true)])
      var encoded: [Data] = []
      _ = Just(decoded[0]).encode(encoder: FlexJSONEncoder()).sink(
        receiveCompletion: { _ in }, receiveValue: { encoded.append($0) })
      #expect(encoded == [try FlexJSONEncoder().encode(decoded[0])])
    }
  #endif

  /// Docs/Ecosystem.md, "Alamofire": the conformance, used where Alamofire takes `any DataDecoder`,
  /// and `FlexBackedJSONEncoder` where it takes a `JSONEncoder`.
  @Test func ecosystemAlamofire() throws {
    let data = Data(#"{"id": "7", "firstName": "Ada", "isAdmin": true}"#.utf8)
    let user = try Alamofire.serialize(User.self, from: data, decoder: FlexJSONDecoder())
    #expect(user == User(id: 7, firstName: "Ada", isAdmin: true))
    // JSONDecoder is a DataDecoder, so FlexBackedJSONDecoder is one with no extension.
    #expect(try Alamofire.serialize(User.self, from: data, decoder: FlexBackedJSONDecoder()) == user)
    #expect(throws: DecodingError.self) { try Alamofire.serialize(User.self, from: data) }

    let parameterEncoder = Alamofire.JSONParameterEncoder(encoder: FlexBackedJSONEncoder())
    parameterEncoder.encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try parameterEncoder.encoder.encode(user), as: UTF8.self)
        == #"{"firstName":"Ada","id":7,"isAdmin":true}"#)
  }

  /// Docs/Ecosystem.md, "Vapor": both conformances, called as Vapor calls them (with and
  /// without `userInfo`).
  @Test func ecosystemVapor() throws {
    let decoder: any Vapor.ContentDecoder = FlexJSONDecoder()
    var body = Vapor.ByteBuffer()
    body.writeBytes(#"{"id": "7", "firstName": "Ada", "isAdmin": "yes"}"#.utf8)
    let user = try decoder.decode(User.self, from: body, headers: Vapor.HTTPHeaders())
    #expect(user == User(id: 7, firstName: "Ada", isAdmin: true))
    #expect(try decoder.decode(User.self, from: body, headers: Vapor.HTTPHeaders(), userInfo: [:]) == user)

    let encoder: any Vapor.ContentEncoder = FlexJSONEncoder()
    var written = Vapor.ByteBuffer()
    var headers = Vapor.HTTPHeaders()
    try encoder.encode(user, to: &written, headers: &headers)
    #expect(headers.contentType == .json)
    #expect(written.readableBytesView == Array(try FlexJSONEncoder().encode(user)))
  }
}

// MARK: - Docs/Ecosystem.md samples

extension URLSession {
  /// Loads `url` and decodes the response body with Flex.
  func decode<T: Decodable>(
    _ type: T.Type, from url: URL, decoder: FlexJSONDecoder = FlexJSONDecoder()
  ) async throws -> T {
    let (data, _) = try await data(from: url)
    return try decoder.decode(type, from: data)
  }
}

extension FlexJSONDecoder: Alamofire.DataDecoder {}

extension FlexJSONDecoder: Vapor.ContentDecoder {
  func decode<D: Decodable>(_ decodable: D.Type, from body: Vapor.ByteBuffer, headers: Vapor.HTTPHeaders) throws
    -> D
  {
    try decode(D.self, from: Data(body.readableBytesView))
  }
}

extension FlexJSONEncoder: Vapor.ContentEncoder {
  func encode<E: Encodable>(
    _ encodable: E, to body: inout Vapor.ByteBuffer, headers: inout Vapor.HTTPHeaders
  ) throws {
    headers.contentType = .json
    try body.writeBytes(encode(encodable))
  }
}

// MARK: - Stand-ins

/// Answers every request with one user, as JSON.
private final class StubUserProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let url = request.url,
      let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
    else { return }
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: Data(#"{"id": 7, "firstName": "Ada", "isAdmin": true}"#.utf8))
    client?.urlProtocolDidFinishLoading(self)
  }

  override func stopLoading() {}
}

/// Alamofire 5's declarations that Docs/Ecosystem.md uses.
enum Alamofire {
  /// As in Alamofire's ResponseSerialization.swift.
  protocol DataDecoder: Sendable {
    func decode<D: Decodable>(_ type: D.Type, from data: Data) throws -> D
  }

  /// What `DecodableResponseSerializer.serialize` does with the response body.
  static func serialize<T: Decodable>(_ type: T.Type, from data: Data, decoder: any DataDecoder = JSONDecoder()) throws
    -> T
  {
    try decoder.decode(T.self, from: data)
  }

  /// Alamofire's JSON body encoder takes a `JSONEncoder`.
  struct JSONParameterEncoder {
    let encoder: JSONEncoder
    init(encoder: JSONEncoder = JSONEncoder()) { self.encoder = encoder }
  }
}

extension JSONDecoder: Alamofire.DataDecoder {}

/// Vapor 4's declarations that Docs/Ecosystem.md uses (and NIO's `ByteBuffer`, reduced to the
/// members the samples call).
enum Vapor {
  struct ByteBuffer {
    private(set) var readableBytesView: [UInt8] = []

    @discardableResult
    mutating func writeBytes<Bytes: Sequence>(_ bytes: Bytes) -> Int where Bytes.Element == UInt8 {
      let before = readableBytesView.count
      readableBytesView.append(contentsOf: bytes)
      return readableBytesView.count - before
    }
  }

  struct HTTPMediaType: Equatable {
    static let json = HTTPMediaType(name: "application/json")
    let name: String
  }

  struct HTTPHeaders {
    var contentType: HTTPMediaType?
  }

  /// As in Vapor 4's ContentCoders.swift.
  protocol ContentDecoder: Sendable {
    func decode<D>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D where D: Decodable
    func decode<D>(
      _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D where D: Decodable
  }

  /// As in Vapor 4's ContentCoders.swift.
  protocol ContentEncoder: Sendable {
    func encode<E>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws where E: Encodable
    func encode<E>(
      _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws where E: Encodable
  }
}

extension Vapor.ContentDecoder {
  func decode<D>(
    _ decodable: D.Type, from body: Vapor.ByteBuffer, headers: Vapor.HTTPHeaders,
    userInfo: [CodingUserInfoKey: any Sendable]
  ) throws -> D where D: Decodable {
    try decode(decodable, from: body, headers: headers)
  }
}

extension Vapor.ContentEncoder {
  func encode<E>(
    _ encodable: E, to body: inout Vapor.ByteBuffer, headers: inout Vapor.HTTPHeaders,
    userInfo: [CodingUserInfoKey: any Sendable]
  ) throws where E: Encodable {
    try encode(encodable, to: &body, headers: &headers)
  }
}
