import Foundation

// Most decode calls are small: a 20-byte response decodes in less time than building a session
// takes (its type tables, a container per key type, the converted-key cache, each an
// allocation and a generic metadata lookup). So sessions are not thrown away after their call
// but kept here, a few for the whole process, and lent to the next call, whichever decoder
// makes it: code that writes `FlexJSONDecoder()` at each call site gets warm caches too.

/// The decode sessions between calls, shared by every decoder of the process.
///
/// Thread-safe: a session is lent to one call at a time. At most ``capacity`` sessions wait here;
/// calls beyond that on other threads at once make their own, which are dropped afterwards.
final class DecodeSessionPool: @unchecked Sendable {
  /// The pool of the process.
  static let shared = DecodeSessionPool()

  /// Sessions kept at most, enough for the threads that usually decode at once.
  static let capacity = 8

  private let lock = NSLock()
  private var sessions: [DecodeSession] = []

  private init() {
    sessions.reserveCapacity(Self.capacity)
  }

  /// A session for a call with `options`: one from the pool, or a new one.
  func take(options: DecodingOptions, validations: ValidationLog, configuration: AnyObject?) -> DecodeSession {
    lock.lock()
    let waiting = sessions.popLast()
    lock.unlock()
    guard let waiting else {
      return DecodeSession(options: options, validations: validations, configuration: configuration)
    }
    waiting.begin(options: options, validations: validations, configuration: configuration)
    return waiting
  }

  /// Ends the call of `session` (see ``DecodeSession/finish()``) and keeps the session for
  /// another call, unless something outside the engine still holds it or one of its containers
  /// (a model that kept its decoder), or the pool is full. Sets `session` to `nil`.
  func recycle(_ session: inout DecodeSession?) {
    guard let ended = session?.finish(), ended, isKnownUniquelyReferenced(&session) else {
      session = nil
      return
    }
    let finished = session.take()!
    lock.lock()
    if sessions.count < Self.capacity { sessions.append(finished) }
    lock.unlock()
  }
}
