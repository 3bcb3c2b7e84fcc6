import SimulatedDevice
import Simulation

/// The record of one finished run that every check reads: the scenario, the timeline, the UI states,
/// what the session collected, the simulation's report and the device.
struct RunRecord: @unchecked Sendable {
  // @unchecked: the device is read only after its simulation has finished, on the runner's thread.
  /// The scenario that ran.
  var scenario: Scenario
  /// The run's event timeline.
  var timeline: Timeline
  /// What the session collected: final state, snapshots, cycle passes, dismissals.
  var output: ScenarioSession.Output
  /// The device the run used (diagnostics, microphone, model).
  var device: SimulatedDevice
  /// Main-actor jobs that held the thread past the hang threshold.
  var mainActorHangs: [MainActorHang]
  /// Ledger counts when the simulation ended.
  var ledgerAtEnd: LedgerSnapshot
  /// Virtual time the simulation covered.
  var virtualTime: Duration
  /// How golden files are treated in this run (resolved), and the subject's golden variant.
  var snapshotOptions: SnapshotOptions
}
