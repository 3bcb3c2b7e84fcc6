extension Scenario {
  /// How a scenario treats the invariants: which it expects to break (bug-zoo scenarios), which
  /// are switched off with a reason, and the lag bound for stacks that report no input limit.
  ///
  /// ```yaml
  /// expect:
  ///   invariants:
  ///     broken: [no-stutter]
  ///     off: { input-bounded: "this stack reports no queue" }
  ///     maximumInputLag: 3s
  ///     mainActorHang: 500ms
  ///     maximumRestartsPerSecond: 5
  ///     bufferGrowthPerMinute: 4194304
  /// ```
  package struct InvariantSettings: Sendable, Hashable {
    /// The lag bound used when a scenario gives none.
    package static let defaultMaximumInputLag: Duration = InvariantChecker.defaultMaximumInputLag

    /// Invariants the scenario expects to break, with where each is written: the run fails if one holds.
    package var broken: [Invariant: SourceLocation]
    /// Invariants not checked, with the reason the scenario gives.
    package var off: [Invariant: String]
    /// How far the analyzer may fall behind the microphone when the stack reports no input limit.
    package var maximumInputLag: Duration
    /// The most wall time one main-actor job may hold the thread (`main-actor-responsive`); nil for
    /// the default (``InvariantChecker/defaultMainActorHang``, or `SPEECH_REPLAY_MAIN_ACTOR_HANG`).
    package var mainActorHang: Duration?
    /// The hang bound a run with these settings is checked against: ``mainActorHang``, else
    /// `SPEECH_REPLAY_MAIN_ACTOR_HANG`, else ``InvariantChecker/defaultMainActorHang``.
    package var effectiveMainActorHang: Duration { InvariantCheck.mainActorHangBound(self) }
    /// The most analyzer sessions a stack may open per second after a failure (`restart-backoff`).
    package var maximumRestartsPerSecond = InvariantChecker.defaultMaximumRestartsPerSecond
    /// The most the audio buffers alive may grow per minute of audio, in bytes (`memory-bounded`).
    package var bufferGrowthPerMinute = InvariantChecker.defaultBufferGrowthPerMinute
    /// Where `expect.invariants` is written, for failures of the invariants it configures.
    package var location: SourceLocation?

    /// Creates settings; by default every invariant is checked and must hold.
    package init(
      broken: [Invariant: SourceLocation] = [:], off: [Invariant: String] = [:],
      maximumInputLag: Duration = Self.defaultMaximumInputLag, location: SourceLocation? = nil
    ) {
      self.broken = broken
      self.off = off
      self.maximumInputLag = maximumInputLag
      self.location = location
    }
  }
}
