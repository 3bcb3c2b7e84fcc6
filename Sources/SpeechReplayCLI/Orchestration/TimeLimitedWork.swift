import Dispatch
import Foundation
import Simulation

/// Work the parent does before its workers start (loading and naming scenario files) run under
/// `run --timeout`, as the same work inside a worker does: past the limit the parent stops waiting.
enum TimeLimitedWork {
  /// Runs `work` on a thread of its own and waits for it at most `limit`.
  ///
  /// Work that runs past the limit goes on, on its thread, until it ends or the process does; its
  /// result is dropped. The thread has the main thread's stack size (8 MiB), so recursive parsing
  /// hits the loader's own bounds, not the stack.
  /// - Parameters:
  ///   - limit: The most wall-clock time to wait; `nil` runs `work` here and waits for it.
  ///   - work: The work.
  /// - Returns: What `work` returned; `nil` when it ran past `limit`.
  static func run<Value: Sendable>(within limit: Duration?, _ work: @escaping @Sendable () -> Value) -> Value? {
    guard let limit else { return work() }
    let outcome = ThreadLock<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let value = work()
      outcome.withLock { $0 = value }
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard done.wait(timeout: .now() + limit.seconds) == .success else { return nil }
    return outcome.withLock { $0 }
  }
}
