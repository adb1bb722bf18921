import FlexDecoder
import Foundation
import Testing

/// A model that catches a container's `DecodingError` in its `init(from:)` and rethrows its own
/// error (as API clients do to add context) gets that error back from the lenient policies when
/// there is one problem, as from `JSONDecoder`.
@Suite("A model's own error")
struct ModelOwnErrorTests {
  struct Wrapped: Error {
    let underlying: DecodingError
  }

  struct Info: Decodable {
    let title: String
    let version: String
  }

  struct Doc: Decodable {
    let info: Info
    enum CodingKeys: String, CodingKey { case info }
    init(from decoder: any Decoder) throws {
      do {
        info = try decoder.container(keyedBy: CodingKeys.self).decode(Info.self, forKey: .info)
      } catch let error as DecodingError {
        throw Wrapped(underlying: error)
      }
    }
  }

  private func decoder(_ policy: FlexJSONDecoder.ErrorPolicy) -> FlexJSONDecoder {
    let decoder = FlexJSONDecoder()
    decoder.errorPolicy = policy
    return decoder
  }

  /// The key and path of the `keyNotFound` inside `error`.
  private func missingKey(in error: Wrapped) -> (key: String, path: [String])? {
    guard case .keyNotFound(let key, let context) = error.underlying else { return nil }
    return (key.stringValue, context.codingPath.map(\.stringValue))
  }

  @Test(arguments: [FlexJSONDecoder.ErrorPolicy.collectAll, .failFast])
  func aLoneProblemIsThrownAsTheModelsOwnError(_ policy: FlexJSONDecoder.ErrorPolicy) throws {
    let json = Data(#"{"info":{"version":"1"}}"#.utf8)
    let flex = try requireThrows(Wrapped.self) { try decoder(policy).decode(Doc.self, from: json) }
    let foundation = try requireThrows(Wrapped.self) { try JSONDecoder().decode(Doc.self, from: json) }
    #expect(missingKey(in: flex)?.key == "title")
    #expect(missingKey(in: flex)?.path == ["info"])
    #expect(missingKey(in: flex)?.key == missingKey(in: foundation)?.key)
    #expect(missingKey(in: flex)?.path == missingKey(in: foundation)?.path)
  }

  @Test func aCoercionAfterTheProblemKeepsTheModelsOwnError() throws {
    // `version` is a number that .numberToString would read, after the missing `title`.
    let json = Data(#"{"info":{"version":1}}"#.utf8)
    let flex = try requireThrows(Wrapped.self) { try decoder(.collectAll).decode(Doc.self, from: json) }
    #expect(missingKey(in: flex)?.key == "title")
  }

  @Test func aCoercionBeforeTheProblemThrowsTheFailingCallsError() throws {
    // JSONDecoder stops at `title` (a number); the coercion reads it, and the lone problem is the
    // missing `version`, repaired where it happened: the model never saw an error to wrap.
    let json = Data(#"{"info":{"title":5}}"#.utf8)
    let error = try requireThrows(DecodingError.self) { try decoder(.collectAll).decode(Doc.self, from: json) }
    guard case .keyNotFound(let key, let context) = error else {
      Issue.record("expected keyNotFound, got \(error)")
      return
    }
    #expect(key.stringValue == "version")
    #expect(context.codingPath.map(\.stringValue) == ["info"])
  }

  @Test func severalProblemsAreOneFlexDecodingError() throws {
    struct Pair: Decodable {
      let first: Doc
      let second: Doc
    }
    let json = Data(#"{"first":{"info":{"version":"1"}},"second":{"info":{"title":"t"}}}"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) { try decoder(.collectAll).decode(Pair.self, from: json) }
    #expect(error.issues.map(\.path) == ["first.info.title", "second.info.version"])
  }

  @Test func severalProblemsKeepTheModelsOwnErrorAsTheFirstError() throws {
    struct Pair: Decodable {
      let first: Doc
      let second: Doc
    }
    let json = Data(#"{"first":{"info":{"version":"1"}},"second":{"info":{"title":"t"}}}"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) { try decoder(.collectAll).decode(Pair.self, from: json) }
    let foundation = try requireThrows(Wrapped.self) { try JSONDecoder().decode(Pair.self, from: json) }
    let first = try #require(error.firstError as? Wrapped)
    #expect(missingKey(in: first)?.key == "title")
    #expect(missingKey(in: first)?.path == ["first", "info"])
    #expect(missingKey(in: first)?.path == missingKey(in: foundation)?.path)
  }

  @Test func theFirstErrorIsJSONDecodersEvenWhenACoercionRepairedIt() throws {
    // JSONDecoder stops at the number `title`; the default coercions read it, and the two
    // problems left are the missing `second` and the missing `version` (a missing key is placed
    // at the start of its object).
    struct Pair: Decodable {
      let first: Info
      let second: Info
    }
    let json = Data(#"{"first":{"title":5}}"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) { try FlexJSONDecoder().decode(Pair.self, from: json) }
    #expect(error.issues.map(\.path) == ["second", "first.version"])
    let first = try #require(error.firstError as? DecodingError)
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Pair.self, from: json) }
    #expect(ErrorSignature(first) == ErrorSignature(foundation))
    guard case .typeMismatch = first else {
      Issue.record("expected typeMismatch, got \(first)")
      return
    }
  }

  @Test func unknownKeysAloneHaveNoFirstError() throws {
    let decoder = FlexJSONDecoder()
    decoder.unknownKeyPolicy = .fail
    let json = Data(#"{"title":"t","version":"1","extra":1,"more":2}"#.utf8)
    let error = try requireThrows(FlexDecodingError.self) { try decoder.decode(Info.self, from: json) }
    #expect(error.issues.map(\.kind) == [.unknownKey, .unknownKey])
    #expect(error.firstError == nil)
  }

  @Test func aModelThatDoesNotWrapStillThrowsTheDecodingError() throws {
    let json = Data(#"{"version":"1"}"#.utf8)
    let flex = try requireThrows(DecodingError.self) { try decoder(.collectAll).decode(Info.self, from: json) }
    let foundation = try requireThrows(DecodingError.self) { try JSONDecoder().decode(Info.self, from: json) }
    #expect(ErrorSignature(flex) == ErrorSignature(foundation))
  }
}
