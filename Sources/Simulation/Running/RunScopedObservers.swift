internal import Foundation
internal import Synchronization

/// Keeps each run's `NotificationCenter.default` observers to that run: an observer added while a
/// run was current is not called for a notification posted in another run.
///
/// On a device each app has its own process, and with it its own `NotificationCenter.default`. In
/// the harness several runs share one process (a test target, a `run` worker given several
/// scenarios, `explore`), and a stack that one run leaked (a transcriber kept alive by its own tap
/// block) still observes the process's center: it heard the next run's interruptions and route
/// changes and acted on them, so that run's trace depended on what ran before it.
///
/// So, on Linux, the simulation stands in for swift-corelibs-foundation's
/// `addObserver(forName:object:queue:using:)` (see `NotificationCenter+RunScopedObservers.swift`):
/// the block is registered wrapped, tagged with the run that was current when it was added
/// (``Simulation/objectScope``; none outside a run). When a notification is delivered, the wrapper
/// calls the block unless it was added in a run and the notification is posted, on the simulation's
/// thread, in a different run. Observers added outside any run, and posts made outside any run or on
/// another thread, are delivered as before.
///
/// A skipped delivery leaves no trace event: the posting run's trace must be the one it has when it
/// runs alone, whatever ran before it in the process. It is counted (``skippedDeliveries``); the run
/// that leaked the observer is the one to blame, and the CLI's `run.leftovers` warning names it.
package enum RunScopedObservers {
  private static let skipped = Atomic<Int>(0)

  /// How many times, in this process, an observer added in one run was not called for a
  /// notification posted in another.
  package static var skippedDeliveries: Int { skipped.load(ordering: .relaxed) }

  /// The run whose observers a registration made now belongs to: the current run's scope, nil
  /// outside a run.
  static var registeringRun: UInt64? { Simulation.current?.objectScope }

  /// Whether an observer added in `run` (nil: outside any run) is called for a notification posted now.
  static func delivers(toObserverAddedIn run: UInt64?) -> Bool {
    guard let run, let posting = Simulation.current, posting.objectScope != run else { return true }
    skipped.add(1, ordering: .relaxed)
    return false
  }

  /// `block` as the observer the center keeps: called only for notifications ``delivers(toObserverAddedIn:)``
  /// lets through, and on `queue` as Foundation does (the poster waits while the queue runs it).
  static func observer(
    _ block: @escaping @Sendable (Notification) -> Void, queue: OperationQueue?
  ) -> @Sendable (Notification) -> Void {
    let run = registeringRun
    let deliver = queue.map { queued(block, on: $0) } ?? block
    return { notification in
      guard delivers(toObserverAddedIn: run) else { return }
      deliver(notification)
    }
  }

  /// swift-corelibs-foundation's delivery on an observer's queue, kept as it is there: the block
  /// runs at once when the poster is already on that queue, otherwise it is added to the queue and
  /// the poster waits until the queue finished; nothing happens once the queue is gone.
  private static func queued(
    _ block: @escaping @Sendable (Notification) -> Void, on queue: OperationQueue
  ) -> @Sendable (Notification) -> Void {
    { [weak queue] notification in
      guard let queue else { return }
      guard queue != OperationQueue.current else { return block(notification) }
      nonisolated(unsafe) let notification = notification
      queue.addOperation { block(notification) }
      queue.waitUntilAllOperationsAreFinished()
    }
  }
}
