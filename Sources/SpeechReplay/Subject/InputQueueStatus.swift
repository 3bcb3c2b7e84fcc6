/// What a stack's analyzer input queue holds: buffers waiting, the most that ever waited, buffers
/// dropped, and the bound (nil when the queue is unbounded).
public struct InputQueueStatus: Sendable, Hashable {
  /// Buffers waiting now.
  public var queued: Int
  /// The most buffers that waited at once.
  public var peakQueued: Int
  /// Buffers dropped because the queue was full.
  public var dropped: Int
  /// The bound in buffers; nil for an unbounded queue.
  public var limit: Int?

  /// Creates a status.
  /// - Parameters:
  ///   - queued: Buffers waiting now.
  ///   - peakQueued: The most that waited at once.
  ///   - dropped: Buffers dropped.
  ///   - limit: The bound, or nil when unbounded.
  public init(queued: Int, peakQueued: Int, dropped: Int, limit: Int?) {
    self.queued = queued
    self.peakQueued = peakQueued
    self.dropped = dropped
    self.limit = limit
  }
}
