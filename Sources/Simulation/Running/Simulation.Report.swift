extension Simulation {
  /// Everything a run produced: the body's result, how it ended, virtual time, counts, escapes,
  /// the event trace and its hash, and the resource ledger.
  public struct Report<Value: Sendable>: Sendable {
    /// The configuration the run used.
    public var configuration: Configuration
    /// How the run ended.
    public var outcome: Outcome
    /// The body's return value, or nil when it did not finish or threw.
    public var value: Value?
    /// What the body threw, as text, or nil.
    public var bodyError: String?
    /// Virtual time when the run ended.
    public var virtualTime: Duration
    /// Wall time the run took.
    public var wallTime: Duration
    /// What the loop did.
    public var counts: Counts
    /// Work that arrived from outside the simulation, by kind; empty for a deterministic run.
    public var escapes: [Escape]
    /// The ordered event trace; a long run's older events are read back from its spill file
    /// (``Configuration/traceSpill``).
    public var trace: TraceLog
    /// Stable FNV-1a 64 hash of the trace's canonical lines (16 hex digits).
    public var traceHash: String
    /// Why the trace could not be spilled to a temporary file (it was kept in memory), or nil.
    public var traceSpillError: TraceSpillError?
    /// Timers still armed when the body finished (sleeps nobody waited for); they never fire.
    public var abandonedTimers: Int
    /// Those timers, with who armed them and since when.
    public var scheduledTimers: [ScheduledTimer] = []
    /// The ledger at the start of the run.
    public var ledgerAtStart: LedgerSnapshot
    /// The ledger at the end of the run.
    public var ledgerAtEnd: LedgerSnapshot
    /// Main-actor jobs that ran longer than ``Configuration/mainActorHangThreshold`` of wall time,
    /// in run order. Wall time is not deterministic: these are not in the trace.
    public var mainActorHangs: [MainActorHang] = []
    /// Every main-actor job of the run, in run order, when ``Configuration/recordsMainActorJobs``
    /// is set (empty otherwise). Wall time is not deterministic: these are not in the trace.
    public var mainActorJobs: [MainActorJob] = []

    /// Whether nothing escaped the simulation, so the same seed gives the same trace.
    public var isDeterministic: Bool { escapes.isEmpty }

    /// Growth of the ledger over the run (resources still open, objects still alive, memory).
    public var ledgerGrowth: LedgerDiff { LedgerSnapshot.diff(ledgerAtStart, ledgerAtEnd) }

    /// The body's value when the run finished normally.
    /// - Returns: The value the body returned.
    /// - Throws: `SimulationError.runDidNotFinish` naming the outcome, or
    ///   `SimulationError.runDidNotFinish` with the body's error text when the body threw.
    public func get() throws(SimulationError) -> Value {
      if let value, outcome == .finished { return value }
      if let bodyError {
        throw .runDidNotFinish(name: configuration.name, outcome: "the body threw: \(bodyError)")
      }
      throw .runDidNotFinish(name: configuration.name, outcome: outcome.description)
    }
  }
}
