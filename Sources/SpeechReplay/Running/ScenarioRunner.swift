import Foundation
import SimulatedDevice
import Simulation

/// Runs scenarios against a subject: builds the simulated device and the scripted model, performs
/// the steps in a deterministic simulation, keeps one event timeline and checks the expectations.
///
/// ``run(fileAt:seed:)`` returns the result; ``replay(fileAt:seed:)`` returns the whole run (result,
/// timeline and UI states). "Record" means only one thing here: writing golden files
/// (``SnapshotOptions/record``).
///
/// ```swift
/// let runner = ScenarioRunner(subject: SubjectFactory(name: "MyDictation") { options in MyDictationSubject(options) })
/// let result = runner.run(fileAt: "Scenarios/hello-world.yaml", seed: nil)
/// result.status     // .passed or .failed, with failures located in the file
/// ```
///
/// One simulation runs per process at a time; concurrent calls wait for their turn.
public struct ScenarioRunner: Sendable {
  /// The seed used when neither the caller nor the scenario gives one.
  public static let defaultSeed: UInt64 = 1

  /// Makes the subject of each run.
  public var subject: SubjectFactory
  /// Wall-clock limit of one run.
  public var watchdog: Duration
  /// How golden snapshot files are treated; nil reads `SPEECH_REPLAY_RECORD` and
  /// `SPEECH_REPLAY_FAIL_ON_OBSOLETE` at each run.
  public var snapshots: SnapshotOptions?
  /// The most virtual time and steps a scenario may add up to (the CLI's `--max-virtual-time`); a
  /// scenario's own `limits:` can raise them. ``Scenario/Limits/standard`` by default; its
  /// `wallClock` is ignored here (``watchdog`` is the runner's wall-clock limit).
  public var limits: Scenario.Limits = .standard
  /// When set, the simulation stops a run after this much virtual time (at least twice what the
  /// steps take) instead of 24 hours: `speech-replay explore` sets it so that a subject whose timers
  /// run forever costs seconds, not minutes, per run. The failure names the same cause.
  package var simulationTimeLimit: Duration? = nil
  /// Whether each run keeps what the analyzer heard (``ScenarioRun/audioLane``) for the HTML
  /// report's "analyzer heard" lane: the extremes of every 20 ms the analyzers received, so off by
  /// default (`run --html` turns it on in its workers).
  public var keepsReceivedAudio = false
  /// Where a long run's trace goes once it outgrows memory; nil (the default) takes
  /// ``Simulation/TraceSpill/default`` (`SPEECH_REPLAY_TRACE_EVENTS_IN_MEMORY`, `SPEECH_REPLAY_TRACE_DIR`).
  /// Tests set a tiny bound to run every check on a trace read back from the file.
  package var traceSpill: TraceSpill? = nil
  /// Whether ``replay(fileAt:seed:)`` keeps every main-actor job of the run with what it cost
  /// (``ScenarioRun/mainActorJobs``, the Perfetto trace's main-actor track). On by default;
  /// ``run(fileAt:seed:)``, which returns only the result, never keeps them. Without them the
  /// main-actor hang check reads the thread's clocks a second time only after a job that held the
  /// thread longer than its bound in wall time: two kernel calls fewer per main-actor job (a tenth
  /// of a 60 s scenario's replay).
  public var keepsMainActorJobs = true
  /// The schedule every run takes (`run --schedule-seed`); nil (the default) keeps each scenario's
  /// own `schedule:` (first-in first-out when it has none). A file's `schedule: fifo` still wins.
  public var schedule: Simulation.SchedulePolicy? = nil
  /// Where each run records a capture when its subject can (`run --capture DIR`, passed to the
  /// workers as arguments); nil (the default) records none unless `SPEECH_REPLAY_CAPTURE_DIR` is set.
  package var capture: SessionCaptureSettings? = nil

  /// Creates a runner.
  /// - Parameters:
  ///   - subject: Makes the stack under test (there is no default: the harness does not know any stack).
  ///   - watchdog: Wall-clock limit of one run (default 120 s).
  ///   - snapshots: How golden files are treated; nil (the default) reads the environment.
  public init(subject: SubjectFactory, watchdog: Duration = .seconds(120), snapshots: SnapshotOptions? = nil) {
    self.subject = subject
    self.watchdog = watchdog
    self.snapshots = snapshots
  }

  /// Loads and runs a scenario file. Never throws: an invalid file is a failed result whose
  /// failure has the file's `line:column`.
  /// - Parameters:
  ///   - path: The scenario file.
  ///   - seed: Overrides the scenario's `seed:`; nil keeps it (1 when the file has none).
  /// - Returns: The result.
  public func run(fileAt path: String, seed: UInt64?) -> ScenarioResult {
    var runner = self
    runner.keepsMainActorJobs = false
    return runner.replay(fileAt: path, seed: seed).result
  }

  /// Runs a loaded scenario.
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - seed: Overrides the scenario's `seed:`; nil keeps it (1 when it has none).
  /// - Returns: The result.
  public func run(_ scenario: Scenario, seed: UInt64?) -> ScenarioResult {
    var runner = self
    runner.keepsMainActorJobs = false
    return runner.replay(scenario, seed: seed).result
  }

  /// Loads and runs a scenario file, keeping the timeline and the UI states (what `explain` prints).
  /// - Parameters:
  ///   - path: The scenario file.
  ///   - seed: Overrides the scenario's `seed:`.
  /// - Returns: The run; for an invalid file, a failed result with the error's location.
  public func replay(fileAt path: String, seed: UInt64?) -> ScenarioRun {
    do {
      return replay(try Scenario.load(fileAt: path, limits: limits), seed: seed)
    } catch {
      let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
      return ScenarioRun(
        result: ScenarioResult(
          name: name, file: path, status: .failed, seed: seed ?? Self.defaultSeed, failures: [error.failure]))
    }
  }

  /// Runs a loaded scenario, keeping the timeline and the UI states.
  ///
  /// A run under a seeded schedule that fails is run once more in the default order; when that
  /// passes, the result gains a `run.schedule` failure saying the failure depends on the order
  /// tasks run in, and how to replay it.
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - seed: Overrides the scenario's `seed:`.
  /// - Returns: The run.
  public func replay(_ scenario: Scenario, seed: UInt64?) -> ScenarioRun {
    var run = replayOnce(scenario, seed: seed)
    guard run.result.status == .failed, let scheduleSeed = run.result.scheduleSeed else { return run }
    var inOrder = self
    inOrder.schedule = nil
    inOrder.keepsMainActorJobs = false
    var pinned = scenario
    pinned.schedule = .fifo
    guard inOrder.replayOnce(pinned, seed: seed).result.status == .passed else { return run }
    run.result.failures.append(Self.scheduleDependence(seed: scheduleSeed))
    return run
  }

  /// The `run.schedule` failure of a run that fails under schedule `seed` and passes in the default order.
  static func scheduleDependence(seed: UInt64) -> ScenarioFailure {
    ScenarioFailure(
      "the failures above depend on the order tasks run in: the scenario passes in the default first-in first-out "
        + "order and fails under schedule seed \(seed), an order a device's thread pool can take too. Look for work "
        + "split across unstructured tasks (Task { }, Task.detached, DispatchQueue) whose effect the stack assumes has "
        + "happened by its next step: a result handled after a later stop, state read before a task that sets it ran, "
        + "a continuation resumed after its stream finished. Replay it with `schedule: { seed: \(seed) }` in the "
        + "scenario or `run --schedule-seed \(seed)`",
      check: CheckID(.run, "schedule"))
  }

  /// One run of a loaded scenario under the runner's (or the scenario's) schedule.
  private func replayOnce(_ scenario: Scenario, seed: UInt64?) -> ScenarioRun {
    // The reported wall time covers the whole run: the simulation, its trace hash and the
    // post-run checks, not the simulation alone.
    let wallStart = ContinuousClock.now
    let seed = seed ?? scenario.seed ?? Self.defaultSeed
    if let reason = skipReason(for: scenario) {
      return ScenarioRun(
        result: ScenarioResult(
          name: scenario.name, file: scenario.file, status: .skipped, seed: seed, failures: [reason],
          warnings: scenario.warnings))
    }
    if let refusal = refusal(of: scenario) {
      return ScenarioRun(
        result: ScenarioResult(
          name: scenario.name, file: scenario.file, status: .failed, seed: seed, failures: [refusal],
          warnings: scenario.warnings))
    }
    let setup = self.setup(for: scenario, seed: seed)
    let report: Simulation.Report<ScenarioSession.Output>
    do {
      let factory = subject
      report = try Simulation.run(setup.configuration) { [device = setup.device, capture] in
        try await SimulatedDevice.withDevice(device) {
          try await ScenarioSession.perform(scenario, on: device, factory: factory, capture: capture)
        }
      }
    } catch {
      var result = ScenarioResult(
        name: scenario.name, file: scenario.file, status: .failed, seed: seed, warnings: scenario.warnings)
      result.failures = [ScenarioFailure("the simulation could not start: \(error)", check: CheckID(.run, "start"))]
      return ScenarioRun(result: result)
    }
    var run = judge(report, setup: setup, seed: seed)
    run.result.scheduleSeed = setup.configuration.schedule.seed
    run.result.wallSeconds = DurationText.seconds(wallStart.duration(to: .now))
    return run
  }

  /// The device and the simulation's configuration for one run, with every family's preparation.
  private func setup(for scenario: Scenario, seed: UInt64) -> RunSetup {
    let watchdog = max(self.watchdog, scenario.limits.wallClock ?? .zero)
    let device = SimulatedDevice(configuration: deviceConfiguration(for: scenario), model: scenario.model.backend)
    // The user speaks only during play steps, and the scripted model follows what was played.
    // A tap schedule replays a capture, whose audio already holds the silences: the gate stays open.
    device.microphone.isPlaying = !scenario.device.microphone.tapSchedule.isEmpty
    (device.model as? ScriptedModelBackend)?.timing.followsTape = scenario.device.microphone.audioFile != nil
    var configuration = Simulation.Configuration(
      name: scenario.name, seed: seed, watchdog: watchdog, exclusivity: .waitForTurn(timeout: watchdog + .seconds(600)))
    configuration.virtualTimeLimit = virtualTimeLimit(for: scenario)
    configuration.schedule = effectiveSchedule(for: scenario)
    if let traceSpill { configuration.traceSpill = traceSpill }
    // For the Perfetto trace's main-actor track; kept beside the trace, so the hash is unchanged.
    configuration.recordsMainActorJobs = keepsMainActorJobs
    var setup = RunSetup(scenario: scenario, runner: self, device: device, configuration: configuration)
    for family in CheckRegistry.families { family.prepare(&setup) }
    return setup
  }

  /// Judges a finished simulation: the run's own failures, then every registered family's checks
  /// on one record, in registry order; then each family adds what it reports besides.
  private func judge(
    _ report: Simulation.Report<ScenarioSession.Output>, setup: RunSetup, seed: UInt64
  )
    -> ScenarioRun
  {
    let scenario = setup.scenario
    var result = ScenarioResult(
      name: scenario.name, file: scenario.file, status: .failed, seed: seed, warnings: scenario.warnings)
    if !scenario.expectations.tolerances.isEmpty { result.tolerances = scenario.expectations.tolerances }
    let timeline = Timeline(events: report.trace)
    result.traceHash = report.traceHash
    if let reason = inferredSkipReason(for: scenario, timeline: timeline) {
      result.status = .skipped
      result.failures = [reason]
      result.virtualSeconds = DurationText.seconds(report.virtualTime)
      return ScenarioRun(result: result, timeline: timeline, finalState: report.value?.finalState)
    }
    if let problem = report.traceSpillError {
      // The run is whole (the events stayed in memory); only its memory was not bounded.
      result.warnings.append(ScenarioFailure(problem.description, check: CheckID(.run, "traceSpill")))
    }
    result.virtualSeconds = DurationText.seconds(report.virtualTime)
    var failures = RunCheck.failures(
      of: report, scenario: scenario, watchdog: max(watchdog, scenario.limits.wallClock ?? .zero))
    var outcomes: [CheckID.Family: [CheckOutcome]] = [:]
    let output = report.value
    if let output {
      failures += setup.failures
      let record = RunRecord(
        scenario: scenario, timeline: timeline, output: output, device: setup.device,
        mainActorHangs: report.mainActorHangs, ledgerAtEnd: report.ledgerAtEnd, virtualTime: report.virtualTime,
        snapshotOptions: setup.snapshotOptions)
      var found = output.failures
      for family in CheckRegistry.families {
        for check in family.checks(for: record, setup: setup) {
          let outcome = check.evaluate(record)
          result.figures.record(outcome.figures)
          found += outcome.failures
          result.output += outcome.notes.map { $0 + "\n" }.joined()
          outcomes[family.family, default: []].append(outcome)
        }
      }
      failures += found
    }
    failures = scenario.expectations.trap?.label(failures) ?? failures
    result.failures = failures
    result.status = failures.isEmpty ? .passed : .failed
    var run = ScenarioRun(
      result: result, timeline: timeline, finalState: output?.finalState, snapshots: output?.snapshots ?? [:],
      mainActorJobs: report.mainActorJobs)
    for family in CheckRegistry.families { family.report(outcomes[family.family] ?? [], setup: setup, into: &run) }
    return run
  }

  /// The schedule a run of `scenario` takes: a file's `schedule: fifo` pins the default order, else
  /// the runner's schedule, else the file's, else first-in first-out.
  func effectiveSchedule(for scenario: Scenario) -> Simulation.SchedulePolicy {
    if scenario.schedule == .fifo { return .fifo }
    return schedule ?? scenario.schedule ?? .fifo
  }

  /// Runs a scenario file and renders what happened: a header, the failures, the audio check's
  /// figures and excuses, the final state, then the timeline one event per line with virtual time.
  /// - Parameters:
  ///   - path: The scenario file.
  ///   - seed: Overrides the scenario's `seed:`.
  /// - Returns: Readable text; for an invalid file, its `file:line:column: message`.
  public func explain(fileAt path: String, seed: UInt64?) -> String {
    explanation(of: replay(fileAt: path, seed: seed))
  }

  /// Runs a loaded scenario and renders what happened, as ``explain(fileAt:seed:)`` does: for a
  /// caller that has parsed the file already (the command line checks it first), so it is parsed once.
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - seed: Overrides the scenario's `seed:`.
  /// - Returns: Readable text.
  public func explain(_ scenario: Scenario, seed: UInt64?) -> String {
    explanation(of: replay(scenario, seed: seed))
  }

  /// A run as `explain` prints it: the header, the failures, the final state, then the timeline.
  private func explanation(of run: ScenarioRun) -> String {
    let result = run.result
    var text =
      "scenario: \(result.name)\nfile: \(result.file)\nseed: \(result.seed)\nstatus: \(result.status.rawValue)\n"
    if !result.traceHash.isEmpty {
      text +=
        "trace hash: \(result.traceHash)\nvirtual time: \(Timeline.seconds(.nanoseconds(Int64(result.virtualSeconds * 1e9))))\n"
    }
    for failure in result.failures { text += "failure: \(failure)\n" }
    text += AudioExcuse.explanation(of: result.figures)
    if let final = run.finalState {
      text += "final state:\n" + final.rendered.split(separator: "\n").map { "  \($0)\n" }.joined()
    }
    if !run.timeline.events.isEmpty { text += "timeline:\n" + run.timeline.rendered }
    return text
  }
}
