internal import Foundation

/// A value guarded by a `pthread_mutex_t`: the lock the CLI's worker pool, the CLI's registries
/// and the live-object registries use instead of `Synchronization.Mutex`.
///
/// On Linux, `Mutex` waits on a futex that ThreadSanitizer cannot see, so every contended
/// `withLock` looked like a data race (ten reports in `ReusableWorkers.run` and
/// `WorkerProcesses.unregister`), a clean run was impossible and a real race would drown among
/// them. ThreadSanitizer intercepts `pthread_mutex_lock`, so a race it reports here is real.
/// The API is `Mutex`'s: `withLock { value in … }`.
package final class ThreadLock<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Creates a lock guarding `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock.
  @discardableResult
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
