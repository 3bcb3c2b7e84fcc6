extension Simulation {
  /// What the loop did during a run.
  public struct Counts: Sendable, Equatable, Codable {
    /// Jobs run (every task step, including main-actor ones).
    public var jobs = 0
    /// Of those, jobs run isolated to the main actor.
    public var mainJobs = 0
    /// Sleeps on the real clocks (`Task.sleep`, `ContinuousClock`, `SuspendingClock`), quantized.
    public var realClockSleeps = 0
    /// Sleeps on `VirtualClock`, exact.
    public var virtualClockSleeps = 0
    /// Times virtual time moved forward.
    public var timeAdvances = 0
    /// Jobs that arrived from other threads.
    public var foreignJobs = 0
    /// Blocks sent to `DispatchQueue.main` that ran as main-actor work in virtual time.
    public var dispatchBlocks = 0

    /// Creates zero counts.
    public init() {}
  }
}
