/// An entry of the virtual-time heap, ordered by deadline and then by arming order.
struct TimerEntry: Comparable {
  enum Action {
    /// A runtime job (a `Task.sleep` or clock sleep on the real clocks) to enqueue.
    case job(UnownedJob)
    /// A `VirtualClock` sleep to resume.
    case sleeper(VirtualSleep)
    /// A `DispatchQueue.main.asyncAfter` block, or a main run loop `Timer`'s firing, to queue as
    /// main-actor work.
    case mainBlock(DispatchBlock)
  }

  /// Virtual nanoseconds since the start of the run.
  var deadline: Int64
  /// Arming order, so equal deadlines fire first-armed first (deterministic).
  var sequence: UInt64
  var action: Action
  /// Virtual nanoseconds when it was armed.
  var armedAt: Int64 = 0
  /// The twin or harness part whose clock armed it (``VirtualClock/init(owner:)``); nil: the stack's.
  var owner: String? = nil
  /// Where a timer without an owner came from; nil for owned ones.
  var origin: TimerOrigin? = nil
  /// For a real-clock sleep, the runtime id of the sleeping task (0: unknown).
  var sleepingTaskID: UInt64 = 0

  /// Whether it resumes a `VirtualClock` sleep.
  var isSleeper: Bool {
    if case .sleeper = action { return true }
    return false
  }

  /// Whether firing this entry still does something.
  var isLive: Bool {
    switch action {
    case .job: true
    case .mainBlock(let block): block.isLive
    case .sleeper(let sleep): sleep.isLive
    }
  }

  static func < (lhs: TimerEntry, rhs: TimerEntry) -> Bool {
    (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
  }

  static func == (lhs: TimerEntry, rhs: TimerEntry) -> Bool {
    lhs.deadline == rhs.deadline && lhs.sequence == rhs.sequence
  }
}
