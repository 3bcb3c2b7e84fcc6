import SimulatedDevice
import Simulation

/// One scenario file, read and checked: the device, the scripted model, the subject's options, the
/// steps a simulated user takes and what the UI must show.
///
/// ```swift
/// let scenario = try Scenario.load(fileAt: "Scenarios/offline-first-run.yaml")
/// let result = ScenarioRunner(subject: factory).run(scenario, seed: nil)
/// ```
///
/// The format is documented key by key in `Documentation/Scenarios.md`.
public struct Scenario: Sendable {
  /// The schema version this library reads.
  public static let schemaVersion = 1

  /// The scenario's name: its `name:` key, else the file name without extension.
  public var name: String
  /// What the scenario shows, in a sentence or two.
  public var description: String
  /// The file it was read from, as the caller named it.
  public var file: String
  /// The seed the file asks for (an explicit seed given to the runner wins; 1 when neither).
  public var seed: UInt64?
  /// The device: microphone (with the audio file resolved against the scenario's folder), assets,
  /// network, permission, limits.
  package var device: SimulatedDevice.Configuration
  /// Duration of the audio file the microphone plays, in seconds (0 without audio).
  package var audioDuration: Double
  /// The scripted speech model.
  package var model: Model
  /// Options for the subject factory.
  public var subject: SubjectOptions
  /// The steps, in order.
  package var steps: [Step]
  /// What must hold at the end and at snapshots.
  package var expectations: Expectations
  /// The scenario's `limits:` (virtual time, steps, wall-clock time); a runner uses the larger of these and its own.
  public var limits: Limits = Limits()
  /// Warnings found while loading (a damaged audio file, results past the end of the audio): the run reports them.
  public var warnings: [ScenarioFailure] = []
  /// Where `subject.preset` is written, for the runner's check against the subject's presets.
  public var presetLocation: SourceLocation?
  /// The capabilities the scenario needs of its subject (`subject.requires`); a subject that lacks
  /// one skips the scenario.
  public var requirements: [SubjectCapability] = []
  /// Where `subject.requires` is written, for the skip's reason.
  public var requirementsLocation: SourceLocation?
  /// What the device showed, for a scenario imported from a capture (`observed:`); nil otherwise.
  public var observed: Observed? = nil
  /// The order the simulation runs ready jobs in (`schedule:`); nil when the file names none. A
  /// runner's own schedule (`run --schedule-seed`) wins over a seeded one, never over `schedule: fifo`,
  /// which a file writes when its expectation needs the default order.
  public var schedule: Simulation.SchedulePolicy? = nil

  /// Creates a scenario in code (files are read with ``load(fileAt:)``).
  package init(
    name: String, description: String = "", file: String = "<memory>", seed: UInt64? = nil,
    device: SimulatedDevice.Configuration = .init(), audioDuration: Double = 0, model: Model = Model(),
    subject: SubjectOptions = SubjectOptions(), steps: [Step], expectations: Expectations = Expectations()
  ) {
    self.name = name
    self.description = description
    self.file = file
    self.seed = seed
    self.device = device
    self.audioDuration = audioDuration
    self.model = model
    self.subject = subject
    self.steps = steps
    self.expectations = expectations
  }
}
