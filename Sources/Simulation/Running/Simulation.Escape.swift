extension Simulation {
  /// Work that reached a run from outside the simulation thread, counted by kind, with advice.
  public struct Escape: Sendable, Equatable, CustomStringConvertible {
    /// How work escaped the simulation.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      /// A task of the run was resumed from another thread (Dispatch, a raw thread, a C callback).
      case foreignGlobalEnqueue = "foreign-global-enqueue"
      /// Main-actor work of the run was enqueued from another thread.
      case foreignMainEnqueue = "foreign-main-enqueue"
      /// A sleep was scheduled from another thread.
      case foreignTimedEnqueue = "foreign-timed-enqueue"
      /// A sleep on a clock whose duration is not `Swift.Duration`; it fired at once.
      case unsupportedClock = "unsupported-clock"
      /// A block was sent to a global Dispatch queue from the run; it ran on a real thread.
      case dispatchGlobalQueue = "dispatch-global-queue"
      /// A Foundation `Timer` was scheduled on a run loop from the run; it never fires in virtual time.
      case runLoopTimer = "run-loop-timer"

      /// What to change so the work stays inside the simulation.
      public var advice: String {
        switch self {
        case .foreignGlobalEnqueue, .foreignMainEnqueue:
          "Work reached the run from another thread (DispatchQueue, Thread, Timer, RunLoop or a C callback "
            + "resuming a continuation). Its timing is real, so the run is not deterministic. Use Swift "
            + "concurrency instead (Task, AsyncStream, Task.sleep or an injected Clock)."
        case .foreignTimedEnqueue:
          "A sleep was started on another thread; it was treated as due at once. Start sleeps from tasks of the run."
        case .unsupportedClock:
          "A sleep used a clock whose Duration is not Swift.Duration, so it cannot be placed in virtual "
            + "time and fired at once. Inject VirtualClock (Simulation.current?.clock) instead."
        case .dispatchGlobalQueue:
          "A block was sent to DispatchQueue.global() (async or asyncAfter); it ran on a real thread at real "
            + "time, so the run is not deterministic. Use a Task (Task.sleep for a delay); DispatchQueue.main "
            + "blocks run in virtual time."
        case .runLoopTimer:
          "A Timer was scheduled on a run loop other than the main one (Timer.scheduledTimer or "
            + "RunLoop.add(_:forMode:) from code off the main actor, or on another thread's run loop); the simulation "
            + "never runs those run loops, so it does not fire in virtual time. Schedule it on the main run loop from "
            + "main-actor code, or use DispatchQueue.main.asyncAfter, Task.sleep or an injected clock."
        }
      }
    }

    /// The kind of escape.
    public var kind: Kind
    /// How many times it happened in the run.
    public var count: Int

    /// Creates an escape record.
    /// - Parameters:
    ///   - kind: The kind of escape.
    ///   - count: How many times it happened.
    public init(kind: Kind, count: Int) {
      self.kind = kind
      self.count = count
    }

    public var description: String { "\(count)× \(kind.rawValue): \(kind.advice)" }
  }
}
