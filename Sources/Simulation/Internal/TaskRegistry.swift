internal import Foundation

/// Runtime ids of the tasks that were enqueued in one run, read from any thread.
///
/// Guarded by `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: this is the one
/// structure the simulation thread and foreign threads touch concurrently, and ThreadSanitizer
/// understands pthread mutexes but reports false races through the futex-based `Mutex` on Linux.
final class TaskRegistry: @unchecked Sendable {
  private let lock = NSLock()
  private var ids = Set<UInt64>()

  /// Records a task id (0, for jobs that are not tasks, is ignored).
  @inline(__always)
  func insert(_ id: UInt64) {
    guard id != 0 else { return }
    lock.lock()
    ids.insert(id)
    lock.unlock()
  }

  /// Whether the id belongs to a task of the run.
  func contains(_ id: UInt64) -> Bool {
    guard id != 0 else { return false }
    lock.lock()
    defer { lock.unlock() }
    return ids.contains(id)
  }
}
