import Foundation

/// Starts this process's workers one at a time, so that no worker inherits another worker's
/// descriptors.
///
/// On Linux, swift-corelibs-foundation's `Process.run()` learns that a child ended through a socket
/// pair it makes for that child without close-on-exec: the child keeps one end, and the parent sees
/// end of file there when the child is gone. It emulates `POSIX_SPAWN_CLOEXEC_DEFAULT` with a list of
/// descriptors to close, up to the highest one open when the list is made. A child started from
/// another thread between that list and the spawn keeps every descriptor made in between: the other
/// child's socket end, and any pipe end not yet marked close-on-exec. Then the other child's end is
/// reported only when *both* children have exited. Measured: of 80 children started in pairs from two
/// threads, 1 to 3 held a second socket.
///
/// For a reused worker that is a hang, not a delay: a worker that holds its twin's socket end keeps
/// the twin's `terminationHandler` from running for as long as it lives, and `run` waited for the
/// twin's end before closing the worker that held it (the suite's `run --check-determinism` waited
/// until CI's limit). So every launch in this module — the lifeline pipes, Foundation's socket pair,
/// the spawn, and closing the parent's copies of the worker's ends — happens inside ``serialized(_:)``:
/// when the next launch begins, nothing of the last one is left open in the parent that a child
/// could inherit.
package enum WorkerLaunch {
  /// A bare mutex, made once and never freed. Not a `ThreadLock<Void>`: ThreadSanitizer reported
  /// that lock's zero-sized stored value as raced between two launches (`ci/tsan`, once); a bare
  /// mutex leaves no Swift variable for it to check.
  nonisolated(unsafe) private static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    return mutex
  }()

  /// Runs `launch` while no other launch of this process runs.
  ///
  /// - Parameter launch: Makes the worker's descriptors, starts it with `Process.run()`, and closes
  ///   the parent's copies of the ends the worker holds.
  /// - Returns: What `launch` returns.
  package static func serialized<Result>(_ launch: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try launch()
  }
}
