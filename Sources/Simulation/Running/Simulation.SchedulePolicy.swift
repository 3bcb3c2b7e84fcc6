extension Simulation {
  /// The order in which a run takes jobs that are ready together and timers that are due together.
  ///
  /// ``fifo`` (the default) runs ready jobs first-in first-out and fires timers due at one instant
  /// in the order they were armed: one order, the one every stable trace hash was taken with. A
  /// ``seeded(_:maximumWakeUpDelay:)`` schedule draws, from its own seed, each choice a device's
  /// thread pool could make differently:
  ///
  /// - which ready job runs next (main-actor jobs keep their order among themselves: the main queue
  ///   is first-in first-out on a device too, so only their place among the other jobs moves);
  /// - the order in which timers due at the same virtual instant fire;
  /// - how late a sleep on the real clocks (`Task.sleep`, `ContinuousClock`) wakes up: up to
  ///   `maximumWakeUpDelay` later, never earlier, as a loaded device wakes a thread late. Sleeps on
  ///   ``VirtualClock`` (the simulated hardware's own cadence) stay exact.
  ///
  /// Each seed gives one schedule and one trace; the same seed gives the same trace every time.
  public enum SchedulePolicy: Sendable, Hashable, CustomStringConvertible {
    /// First-in first-out: the default order.
    case fifo
    /// An order drawn from `seed`, with real-clock wake-ups pushed up to `maximumWakeUpDelay` later.
    case seeded(UInt64, maximumWakeUpDelay: Duration = Simulation.SchedulePolicy.defaultWakeUpDelay)

    /// The bound on a seeded schedule's late wake-ups unless one is given: 2 ms, within what a
    /// busy phone's scheduler adds to a timer and below the 20 ms of one tap buffer.
    public static let defaultWakeUpDelay: Duration = .milliseconds(2)

    /// The seed of a seeded schedule; nil for first-in first-out.
    public var seed: UInt64? {
      if case .seeded(let seed, _) = self { return seed }
      return nil
    }

    /// `fifo`, or `seed N` (with the wake-up bound when it is not the default).
    public var description: String {
      switch self {
      case .fifo: "fifo"
      case .seeded(let seed, let delay) where delay == Self.defaultWakeUpDelay: "seed \(seed)"
      case .seeded(let seed, let delay): "seed \(seed), wake-ups up to \(delay) late"
      }
    }
  }
}
