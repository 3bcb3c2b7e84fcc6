extension Simulation {
  /// How a run ended.
  public enum Outcome: Sendable, Equatable, CustomStringConvertible {
    /// The body returned (or threw) and nothing was left to run.
    case finished
    /// Nothing runnable, no timer armed, body not finished.
    case deadlock(DeadlockReport)
    /// The wall-clock watchdog expired after the given wall time.
    case watchdogExpired(wallTime: Duration)
    /// The next timer lay beyond the configured virtual-time limit.
    case virtualTimeLimitReached(limit: Duration)
    /// Foreign work arrived and the escape policy says stop.
    case stoppedAtEscape

    public var description: String {
      switch self {
      case .finished: "finished"
      case .deadlock(let report): report.description
      case .watchdogExpired(let wall):
        "the wall-clock watchdog expired after \(wall); raise Configuration.watchdog or look for a busy loop"
      case .virtualTimeLimitReached(let limit):
        "the next timer lies beyond the virtual-time limit of \(VirtualTimeFormat.string(limit)); "
          + "raise Configuration.virtualTimeLimit or stop the periodic task that keeps sleeping"
      case .stoppedAtEscape:
        "work arrived from outside the simulation and the escape policy stops the run; see the report's escapes"
      }
    }
  }
}
