internal import Foundation
internal import Synchronization

/// Work that reached a run from other threads (escapes), handed to the simulation thread.
///
/// Uses `NSCondition` because the loop must be able to wait a bounded real time for foreign work
/// (`Synchronization.Mutex` has no condition variable). The hot path only reads `hasItems`.
final class ForeignInbox: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Simulation.Job] = []
  private var counts: [Simulation.Escape.Kind: Int] = [:]
  private let flag = Atomic<Bool>(false)

  /// Cheap check for the loop: whether foreign work may be waiting.
  var hasItems: Bool { flag.load(ordering: .acquiring) }

  /// Adds work (or only an escape count when `job` is nil) from any thread and wakes the loop.
  func post(_ job: Simulation.Job?, kind: Simulation.Escape.Kind) {
    condition.lock()
    if let job { items.append(job) }
    counts[kind, default: 0] += 1
    flag.store(true, ordering: .releasing)
    condition.signal()
    condition.unlock()
  }

  /// Takes every waiting job.
  func drain() -> [Simulation.Job] {
    condition.lock()
    defer { condition.unlock() }
    let taken = items
    items.removeAll(keepingCapacity: true)
    flag.store(false, ordering: .releasing)
    return taken
  }

  /// Waits until foreign work arrives or `deadline` (real time) passes; returns whether any arrived.
  func wait(until deadline: Date) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty {
      if !condition.wait(until: deadline) { break }
    }
    return !items.isEmpty
  }

  /// Escapes counted so far, by kind.
  var escapeCounts: [Simulation.Escape.Kind: Int] {
    condition.lock()
    defer { condition.unlock() }
    return counts
  }
}

extension ForeignInbox {
  /// Whether no escape was counted yet.
  var escapeCountsAreEmpty: Bool { escapeCounts.isEmpty }
}
