/// A `Clock` whose time is the simulation's virtual time: exact (nanosecond) and
/// cancellation-aware. Inject it into code that takes `some Clock<Duration>`.
///
/// Inside a run, `now` is the virtual time since the run started and `sleep(until:)` arms a
/// virtual timer: the sleeper resumes when the loop has nothing else to do and virtual time
/// reaches the deadline, or throws `CancellationError` at the virtual time its task is cancelled.
///
/// Outside a run (and on threads other than the simulation's) the clock behaves as a continuous
/// clock: `now` counts real time from the first use of `VirtualClock` in the process and sleeps
/// really wait. It never traps.
///
/// > Warning: Instants taken inside a run and outside it (or in different runs) are on different
/// > timelines; comparing them is meaningless.
public struct VirtualClock: Clock, Sendable {
  /// The twin or harness part whose timers these are, or nil (the default) for a stack's: a check
  /// at rest names the timers a stack left behind, and a twin's own timers are not the stack's.
  public let owner: String?

  /// Creates the clock; every instance reads the same (current) simulation.
  public init() { owner = nil }

  /// Creates the clock of a twin or harness part: its sleeps are counted as that part's timers, not
  /// the stack's (``Simulation/ScheduledTimer/owner``).
  /// - Parameter owner: The part, such as "SpeechAnalyzer".
  public init(owner: String) { self.owner = owner }

  private static let realBase = ContinuousClock.now

  /// The current virtual time (inside a run) or real time since first use (outside).
  public var now: Instant {
    if let engine = Simulation.engineOnThisThread {
      return Instant(offset: engine.now)
    }
    return Instant(offset: Self.realBase.duration(to: .now))
  }

  /// One nanosecond: virtual sleeps are exact.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Suspends until `deadline` in virtual time (inside a run) or real time (outside).
  /// - Parameters:
  ///   - deadline: When to resume.
  ///   - tolerance: Ignored: virtual timers are exact.
  /// - Throws: `CancellationError` when the task is cancelled before the deadline, at the virtual
  ///   time of cancellation.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    guard let engine = Simulation.engineOnThisThread else {
      try await ContinuousClock().sleep(for: Self.realBase.duration(to: .now).distance(to: deadline.offset))
      return
    }
    try Task.checkCancellation()
    let sleep = VirtualSleep()
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        if sleep.arm(continuation) {
          engine.armVirtualSleep(sleep, until: deadline.offset, owner: owner)
        } else {
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      sleep.cancel()
    }
  }
}

extension Duration {
  fileprivate func distance(to other: Duration) -> Duration { other - self }
}
