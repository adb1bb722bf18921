import Foundation

// Most coding calls are small: a 20-byte response decodes, and a small value encodes, in less
// time than building a session takes (its type tables, a container per key type, the key
// caches, its buffers: each an allocation and often a generic metadata lookup). So sessions
// are not thrown away after their call but kept here, a few for the whole process, and lent to
// the next call, whichever coder makes it: code that writes `FlexJSONDecoder()` at each call
// site gets warm caches too.

/// A session that can serve call after call.
protocol PoolableSession: AnyObject {
  /// Ends the session's call: drops what belongs to the call, parks the reusable containers so
  /// that they hold nothing of it, and says whether the session may serve another call (not if
  /// someone outside still holds one of its containers).
  func finish() -> Bool
}

/// Sessions of one kind between calls, shared by every coder of the process.
///
/// Thread-safe: a session is lent to one call at a time. At most ``capacity`` sessions wait
/// here; calls beyond that on other threads at once make their own, dropped afterwards.
final class SessionPool<Session: PoolableSession>: @unchecked Sendable {
  /// Sessions kept at most, enough for the threads that usually code at once.
  static var capacity: Int { 8 }

  /// The waiting sessions, behind their lock.
  private let sessions: LockedState<[Session]>

  init() {
    var sessions: [Session] = []
    sessions.reserveCapacity(Self.capacity)
    self.sessions = .make(sessions)
  }

  /// A waiting session, or `nil` if none is (the caller makes one).
  func take() -> Session? {
    sessions.withLock { $0.popLast() }
  }

  /// Ends the call of `session` (see ``PoolableSession/finish()``) and keeps the session for
  /// another call, unless something outside the engine still holds it or one of its containers
  /// (a model that kept its coder or container), or the pool is full. Sets `session` to `nil`.
  func recycle(_ session: inout Session?) {
    guard let reusable = session?.finish(), reusable, isKnownUniquelyReferenced(&session) else {
      session = nil
      return
    }
    let finished = session.take()!
    sessions.withLock { sessions in
      if sessions.count < Self.capacity { sessions.append(finished) }
    }
  }
}

/// The decode sessions of the process.
let decodeSessionPool = SessionPool<DecodeSession>()

/// The streaming encode sessions of the process.
let streamingSessionPool = SessionPool<StreamingSession>()
