extension Simulation {
  /// A timer still armed in a run: what kind it is, who armed it, since when and what comes next.
  ///
  /// The simulation knows every timer of a run (a sleep on any clock, a `DispatchQueue.main.asyncAfter`
  /// block) but not the source line that armed it: a sleeping task's caller is not on any stack the
  /// simulation can read. It names what it can — the owner a twin or the harness gives its clock
  /// (``VirtualClock/init(owner:)``), the task's name (`Task(name:)`), the kind of timer and its
  /// interval — and counts how many timers the same task (or chain of main-queue blocks) armed before,
  /// so a repeating timer shows as one.
  public struct ScheduledTimer: Sendable, Equatable, Codable {
    /// How the timer was armed.
    public enum Kind: String, Sendable, Codable {
      /// A sleep on a real clock (`Task.sleep`, `ContinuousClock`, `SuspendingClock`).
      case realClockSleep = "a sleep on a real clock (Task.sleep, ContinuousClock)"
      /// A sleep on ``VirtualClock``.
      case virtualClockSleep = "a sleep on the injected clock"
      /// A `DispatchQueue.main.asyncAfter` block.
      case mainQueueBlock = "a DispatchQueue.main.asyncAfter block"
      /// A sleep on a clock the simulation cannot place in virtual time.
      case otherClockSleep = "a sleep on another clock"
    }

    /// How the timer was armed.
    public var kind: Kind
    /// The twin or harness part whose clock armed it (``VirtualClock/init(owner:)``); nil for code
    /// that names no owner: the stack's.
    public var owner: String?
    /// The name of the task that armed it (`Task(name:)`), when it has one.
    public var taskName: String?
    /// Virtual time when it was armed.
    public var armedAt: Duration
    /// Virtual time when it is due.
    public var deadline: Duration
    /// How many timers the same task (or the same chain of main-queue blocks, each armed by the one
    /// before when it ran) armed before this one: 0 for a one-shot timer, more for a repeating one.
    public var earlierTimers: Int
    /// Virtual time when that task (or chain) armed its first timer.
    public var firstArmedAt: Duration
    /// Arming order in the run, unique.
    public var sequence: UInt64

    /// Creates a description of an armed timer.
    /// - Parameters:
    ///   - kind: How it was armed.
    ///   - owner: The twin or harness part that armed it, or nil.
    ///   - taskName: The arming task's name, or nil.
    ///   - armedAt: When it was armed.
    ///   - deadline: When it is due.
    ///   - earlierTimers: Timers the same task or chain armed before.
    ///   - firstArmedAt: When that task or chain armed its first timer.
    ///   - sequence: Arming order.
    public init(
      kind: Kind, owner: String? = nil, taskName: String? = nil, armedAt: Duration, deadline: Duration,
      earlierTimers: Int = 0, firstArmedAt: Duration? = nil, sequence: UInt64 = 0
    ) {
      self.kind = kind
      self.owner = owner
      self.taskName = taskName
      self.armedAt = armedAt
      self.deadline = deadline
      self.earlierTimers = earlierTimers
      self.firstArmedAt = firstArmedAt ?? armedAt
      self.sequence = sequence
    }

    /// Whether the same task or chain armed timers before this one: a repeating timer or a polling loop.
    public var repeats: Bool { earlierTimers > 0 }
  }
}
