internal import Foundation

/// Ends the process when a job never returns to the loop, so CI never hangs.
///
/// The loop checks its own watchdog between jobs, but a job that blocks its thread (a semaphore,
/// a lock, a blocking read, a busy loop with no suspension point) never gives control back. This
/// thread waits until the watchdog limit plus a grace period; if the run has not ended by then, it
/// writes what happened to standard error and exits with status 124 (the `timeout` convention).
final class BlockedJobWatchdog: @unchecked Sendable {
  /// Exit status used when a blocked job ends the process.
  static let exitStatus: Int32 = 124

  private let condition = NSCondition()
  private var finished = false

  /// Starts watching a run.
  /// - Parameters:
  ///   - name: The run's name, for the message.
  ///   - deadline: Wall-clock instant after which the process is ended.
  ///   - limit: The configured watchdog, for the message.
  init(name: String, deadline: Date, limit: Duration) {
    let thread = Thread { [self] in
      condition.lock()
      while !finished {
        if !condition.wait(until: deadline) { break }
      }
      let expired = !finished
      condition.unlock()
      guard expired else { return }
      let message =
        "\(ProcessName.current): error: simulation '\(name)': a job has not returned to the loop since the watchdog (\(limit)) expired. "
        + "It blocks its thread (a semaphore, lock, blocking read, or a loop with no suspension point), which "
        + "the simulation cannot interrupt. Ending the process with status \(Self.exitStatus) so that it does "
        + "not hang; replace the blocking call with an await.\n"
      // Never a trap here: standard error may be closed, and the exit below must happen.
      try? FileHandle.standardError.write(contentsOf: Data(message.utf8))
      exit(Self.exitStatus)
    }
    thread.name = "simulation watchdog"
    thread.start()
  }

  /// The run ended: stop watching.
  func finish() {
    condition.lock()
    finished = true
    condition.signal()
    condition.unlock()
  }
}
