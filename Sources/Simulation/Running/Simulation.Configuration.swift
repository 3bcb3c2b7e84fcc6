extension Simulation {
  /// Settings of one run: seed, limits, escape policy, quantum and exclusivity.
  public struct Configuration: Sendable {
    /// How a run gets the process-wide turn (one simulation per process at a time).
    public enum Exclusivity: Sendable, Equatable {
      /// Throw `SimulationError.anotherSimulationIsRunning` when another run is active (the default).
      case failIfBusy
      /// Wait, at most `timeout` of wall time, for the active run to end.
      case waitForTurn(timeout: Duration)
    }

    /// What a run does when work arrives from threads outside the simulation.
    public struct EscapePolicy: Sendable, Equatable {
      /// Whether the run stops at the first escape instead of going on non-deterministically.
      public var stopsAtFirstEscape: Bool
      /// Wall time the loop waits for foreign work when nothing else can run, before it declares
      /// a deadlock.
      public var grace: Duration

      /// Captures foreign work into the run, marks the run non-deterministic and goes on.
      /// - Parameter grace: Wall time to wait for foreign work when the run is otherwise stuck.
      /// - Returns: The policy.
      public static func tolerate(grace: Duration = .milliseconds(100)) -> EscapePolicy {
        EscapePolicy(stopsAtFirstEscape: false, grace: grace)
      }

      /// Ends the run (outcome `.stoppedAtEscape`) as soon as foreign work is seen.
      /// - Parameter grace: Wall time to wait for foreign work when the run is otherwise stuck.
      /// - Returns: The policy.
      public static func stopAtFirstEscape(grace: Duration = .milliseconds(100)) -> EscapePolicy {
        EscapePolicy(stopsAtFirstEscape: true, grace: grace)
      }
    }

    /// A name that appears in errors and reports.
    public var name: String
    /// Seed of every random stream of the run; the same seed gives the same run.
    public var seed: UInt64
    /// Wall-clock limit of the run; nil for none. See `Documentation/Simulation.md` for jobs that block.
    public var watchdog: Duration?
    /// Extra wall time after the watchdog after which a job that still has not returned to the loop
    /// (it blocks its thread) ends the process with status 124 and a message on standard error;
    /// nil to never end the process. Only used when `watchdog` is set.
    public var blockedJobGrace: Duration?
    /// Virtual-time limit: a timer beyond it ends the run with `.virtualTimeLimitReached`.
    public var virtualTimeLimit: Duration?
    /// What happens when work arrives from outside the simulation thread.
    public var escapePolicy: EscapePolicy
    /// Quantum that sleeps on the real clocks are rounded to (their deadlines carry real-time jitter).
    public var realClockQuantum: Duration
    /// Whether a run fails or waits when another simulation is running in this process.
    public var exclusivity: Exclusivity
    /// Main-actor jobs that hold the thread longer than this (wall time) are reported in
    /// ``Report/mainActorHangs``: work that blocks the main actor is invisible in virtual time, but
    /// on a device it is a hang (Apple reports hangs from 250 ms). Nil (the default) measures nothing.
    public var mainActorHangThreshold: Duration?
    /// Whether every main-actor job is measured and kept in ``Report/mainActorJobs`` (its virtual
    /// time, wall time and the events it recorded), for trace viewers; off by default. The wall
    /// times never enter the event trace or its hash.
    public var recordsMainActorJobs = false
    /// How many trace events stay in memory before the older ones go to a temporary file, and
    /// where (``TraceSpill``); the default spills past 32,768 events. Spilling changes neither the
    /// trace nor its hash.
    public var traceSpill: TraceSpill = .default
    /// The order of jobs ready together and timers due together: first-in first-out (the default)
    /// or drawn from a seed (``SchedulePolicy``).
    public var schedule: SchedulePolicy = .fifo

    /// Creates a configuration.
    /// - Parameters:
    ///   - name: A name for errors and reports.
    ///   - seed: Seed of the run's random streams.
    ///   - watchdog: Wall-clock limit of the run (default 60 s); nil for none.
    ///   - blockedJobGrace: After the watchdog, how long a blocking job may hold the thread before the
    ///     process is ended (default 10 s); nil to never end the process.
    ///   - virtualTimeLimit: Virtual-time limit (default 24 h); nil for none.
    ///   - escapePolicy: What to do with work from other threads (default: tolerate, 100 ms grace).
    ///   - realClockQuantum: Rounding of real-clock sleeps (default 1 ms).
    ///   - exclusivity: Fail (default) or wait when another run is active.
    public init(
      name: String = "simulation",
      seed: UInt64 = 0,
      watchdog: Duration? = .seconds(60),
      blockedJobGrace: Duration? = .seconds(10),
      virtualTimeLimit: Duration? = .seconds(24 * 3600),
      escapePolicy: EscapePolicy = .tolerate(),
      realClockQuantum: Duration = .milliseconds(1),
      exclusivity: Exclusivity = .failIfBusy
    ) {
      self.name = name
      self.seed = seed
      self.watchdog = watchdog
      self.blockedJobGrace = blockedJobGrace
      self.virtualTimeLimit = virtualTimeLimit
      self.escapePolicy = escapePolicy
      self.realClockQuantum = realClockQuantum
      self.exclusivity = exclusivity
    }
  }
}
