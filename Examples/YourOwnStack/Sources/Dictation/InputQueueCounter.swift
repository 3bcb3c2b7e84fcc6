import Foundation

/// Counts what waits in the analyzer's input queue, from the results of `yield` on the audio
/// thread: how many buffers wait now, the most that ever waited, and how many old ones were dropped.
/// The app logs it; tests read it to check the queue stays within its bound.
public final class InputQueueCounter: @unchecked Sendable {
  // @unchecked: every field is read and written under `lock`.
  private let lock = NSLock()
  private var counts = Counts()

  /// A reading of the counter.
  public struct Counts: Sendable, Equatable {
    /// Buffers waiting now.
    public var queued = 0
    /// The most that ever waited.
    public var peak = 0
    /// Buffers dropped because the queue was full.
    public var dropped = 0
    /// The queue's bound.
    public var limit = 0
  }

  init(limit: Int) { counts.limit = limit }

  /// The counts now.
  public var current: Counts { lock.withLock { counts } }

  /// Records what `yield` said about one buffer.
  func record(_ result: AsyncStream<some Any>.Continuation.YieldResult) {
    lock.withLock {
      switch result {
      case .enqueued(let remaining):
        counts.queued = counts.limit - remaining
      case .dropped:
        counts.queued = counts.limit
        counts.dropped += 1
      case .terminated:
        counts.queued = 0
      @unknown default:
        break
      }
      counts.peak = max(counts.peak, counts.queued)
    }
  }
}
