public import Simulation

/// Everything one scenario run produced: the result reporters write, the timeline, and the UI
/// states the runner saw.
public struct ScenarioRun: Sendable {
  /// The outcome, failures, figures and trace hash.
  public var result: ScenarioResult
  /// The run's event timeline (empty when the file was invalid or the run could not start).
  public var timeline: Timeline
  /// The UI state after the last step, when the run got that far.
  public var finalState: UIState?
  /// The UI state at each `snapshot:` step, by name (a snapshot in a cycle keeps its last pass).
  public var snapshots: [String: UIState]
  /// Every main-actor job of the run with its wall time, in run order (empty when the run could not
  /// start). Wall time differs between runs of the same seed: the jobs are not in ``timeline``
  /// and not in the trace hash.
  public var mainActorJobs: [MainActorJob]
  /// What the analyzer heard and the spans the audio check judged; `nil` unless the runner was
  /// asked to keep it (``ScenarioRunner/keepsReceivedAudio``).
  public var audioLane: AudioLane?

  /// Creates a run.
  /// - Parameters:
  ///   - result: The result.
  ///   - timeline: The event timeline.
  ///   - finalState: The UI state after the last step.
  ///   - snapshots: The UI state at each snapshot step.
  ///   - mainActorJobs: The main-actor jobs with their wall time.
  ///   - audioLane: What the analyzer heard, when kept.
  public init(
    result: ScenarioResult, timeline: Timeline = Timeline(events: []), finalState: UIState? = nil,
    snapshots: [String: UIState] = [:], mainActorJobs: [MainActorJob] = [],
    audioLane: AudioLane? = nil
  ) {
    self.result = result
    self.timeline = timeline
    self.finalState = finalState
    self.snapshots = snapshots
    self.mainActorJobs = mainActorJobs
    self.audioLane = audioLane
  }
}
