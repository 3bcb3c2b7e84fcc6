import SimulatedDevice
import Simulation

/// What a run is set up with before its simulation starts, which each family's
/// ``CheckFamily/prepare(_:)`` may adjust: the device, the simulation's configuration, and how golden
/// files are treated.
struct RunSetup: @unchecked Sendable {
  // @unchecked: the device is changed only before its simulation starts and read after it ended.
  /// The scenario about to run.
  let scenario: Scenario
  /// The runner (its options: received audio kept, golden file options, the subject's variant).
  let runner: ScenarioRunner
  /// The device the run will use.
  let device: SimulatedDevice
  /// The simulation's configuration.
  var configuration: Simulation.Configuration
  /// How golden files are treated in this run, resolved (the golden family's preparation).
  var snapshotOptions = SnapshotOptions()
  /// Failures found while preparing (options that cannot be read), reported after the run's own.
  var failures: [ScenarioFailure] = []
}
