import Testing

/// `try requireThrows(E.self) { … }`, returning the error with every Swift Testing: the macro
/// returns it only from Swift 6.1 (ST-0006); with Swift 6.0 (Xcode 16.0–16.2) it returns
/// `Void`, and the tests must build there too. Records an issue and throws when `body` returns
/// or throws an error of another type.
///
/// ```swift
/// let error = try requireThrows(DecodingError.self) { try decoder.decode(Int.self, from: "x") }
/// ```
func requireThrows<E: Error, R>(
  _ type: E.Type, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
  performing body: () throws -> R
) throws -> E {
  do {
    _ = try body()
  } catch let error as E {
    return error
  } catch {
    Issue.record(error, comment ?? "expected an error of type \(E.self)", sourceLocation: sourceLocation)
    throw RequiredErrorNotThrown()
  }
  Issue.record(comment ?? "expected an error of type \(E.self), but none was thrown", sourceLocation: sourceLocation)
  throw RequiredErrorNotThrown()
}

/// Thrown by ``requireThrows(_:_:sourceLocation:performing:)`` to stop the test.
struct RequiredErrorNotThrown: Error {}
