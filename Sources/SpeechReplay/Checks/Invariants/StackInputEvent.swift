public import Simulation

/// `stack.input`: the stack's analyzer input queue as an ``InputQueueReporting`` subject reports
/// it; recorded when it changes, at UI changes and steps (the typed view of
/// ``Simulation/TraceEvent/Kind/stackInput``).
public struct StackInputEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.stackInput

  /// Buffers queued now.
  public var queued: Int
  /// The most buffers queued at once so far.
  public var peak: Int
  /// Buffers dropped so far to stay within the limit.
  public var dropped: Int
  /// The queue's limit in buffers; 0 when unbounded.
  public var limit: Int

  /// Creates the event.
  /// - Parameters:
  ///   - queued: Buffers queued now.
  ///   - peak: The most queued at once.
  ///   - dropped: Buffers dropped so far.
  ///   - limit: The limit, 0 when unbounded.
  public init(queued: Int, peak: Int, dropped: Int, limit: Int) {
    self.queued = queued
    self.peak = peak
    self.dropped = dropped
    self.limit = limit
  }

  /// The event for a reported status.
  /// - Parameter status: The subject's input queue status.
  public init(_ status: InputQueueStatus) {
    self.init(queued: status.queued, peak: status.peakQueued, dropped: status.dropped, limit: status.limit ?? 0)
  }

  public init?(fields: [TraceEvent.Field]) {
    guard let queued = fields.int("queued"), let peak = fields.int("peak"), let dropped = fields.int("dropped"),
      let limit = fields.int("limit")
    else { return nil }
    self.init(queued: queued, peak: peak, dropped: dropped, limit: limit)
  }

  public var fields: [TraceEvent.Field] {
    [
      .init("queued", String(queued)), .init("peak", String(peak)), .init("dropped", String(dropped)),
      .init("limit", String(limit)),
    ]
  }
}
