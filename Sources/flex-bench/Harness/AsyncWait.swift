// Waiting on this thread for async work: the bench's run is synchronous, the stream rows are not.

import Foundation

/// Runs `work` in a detached task and blocks the calling thread (never one of the concurrency
/// runtime's own) until it returns.
///
/// - Throws: what `work` throws.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
func waitForAsync<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
  let outcome = AsyncOutcome<T>()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    let result: Result<T, any Error>
    do {
      result = .success(try await work())
    } catch {
      result = .failure(error)
    }
    outcome.set(result)
    done.signal()
  }
  done.wait()
  return try outcome.get()
}

/// The result of a task, handed from the task to the thread that waits for it.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private final class AsyncOutcome<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<T, any Error>?

  /// Stores the task's result.
  func set(_ result: Result<T, any Error>) {
    lock.withLock { self.result = result }
  }

  /// The stored result's value, or its error thrown.
  func get() throws -> T {
    guard let result = lock.withLock({ self.result }) else { preconditionFailure("the task has not finished") }
    return try result.get()
  }
}
