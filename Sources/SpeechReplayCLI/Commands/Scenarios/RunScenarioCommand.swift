import ArgumentParser
import Foundation
import SpeechReplay

/// `speech-replay run-scenario FILE [--seed N] [--schedule-seed N] [--subject NAME] [--record MODE]
/// [--fail-on-obsolete] [--trace-dir DIR] [--timeline-dir DIR] [--capture DIR [--capture-name NAME]]` (hidden): the
/// worker. Runs one scenario in this process and prints its result
/// as JSON on the last line of standard output. `run` passes its flags explicitly.
struct RunScenarioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: WorkerCommand.subcommand,
    abstract: "Run one scenario in this process and print its result as JSON (the worker `run` starts).",
    shouldDisplay: false)

  @Argument(help: "The scenario file.")
  var file: String

  @Option(help: "Use this seed instead of the scenario's own.")
  var seed: UInt64?

  @Option(help: "Run under the seeded schedule with this seed instead of the scenario's own `schedule:`.")
  var scheduleSeed: UInt64?

  @OptionGroup var subject: SubjectOption

  @Option(
    help:
      "When golden snapshot files are written: never, missing, failed or all. Default: SPEECH_REPLAY_RECORD, else never."
  )
  var record: String?

  @Flag(help: "Fail when the scenario's golden snapshot folder holds files no snapshot uses.")
  var failOnObsolete = false

  @Option(help: "Also write the run's canonical trace lines into this folder (what --check-determinism compares).")
  var traceDir: String?

  @Option(help: "Also write the run's timeline as JSON into this folder (what --html renders).")
  var timelineDir: String?
  @Option(
    help: "The most virtual time the scenario's steps may add up to (such as 3h) unless its own `limits:` allow more.")
  var maxVirtualTime: String?
  @Option(help: "Stop the simulation after this much virtual time instead of 24h (what `explore` passes its workers).")
  var simulationTimeLimit: String?
  @Option(
    help: ArgumentHelp(
      "Record the run as a capture into this folder (what `run --capture` passes its workers).", visibility: .hidden))
  var capture: String?
  @Option(
    help: ArgumentHelp(
      "The capture's file name (without .speechcapture) when `run --capture` records (what `run` passes when two scenarios share a file name).",
      visibility: .hidden))
  var captureName: String?

  func validate() throws {
    _ = try subject.factory(command: "run-scenario")
    do { _ = try SnapshotRecordMode.resolve(flag: record) } catch { throw ValidationError(error.message) }
    if let maxVirtualTime, DurationText.parse(maxVirtualTime) == nil {
      throw ValidationError("--max-virtual-time must be a duration such as 90m, 3h or 7200s (got '\(maxVirtualTime)')")
    }
  }

  func run() throws {
    ParentWatch.startInWorker()
    try runHere()
  }

  /// Runs the scenario and prints its result line, without watching the parent (what a reused
  /// worker, `serve-scenarios`, calls for each request).
  /// - Returns: Whether the run left objects alive (``RunLeftovers``): this process must not run another.
  @discardableResult
  func runHere() throws -> Bool {
    var snapshots: SnapshotOptions
    do {
      snapshots = try SnapshotOptions.fromEnvironment()
      snapshots.record = try SnapshotRecordMode.resolve(flag: record)
    } catch {
      throw ValidationError(error.message)
    }
    snapshots.failOnObsolete = snapshots.failOnObsolete || failOnObsolete
    snapshots.command = "\(CLIContext.current.commandName) run"
    var runner = ScenarioRunner(subject: try subject.factory(), snapshots: snapshots)
    if let limit = maxVirtualTime.flatMap(DurationText.parse) { runner.limits.virtualTime = limit }
    runner.simulationTimeLimit = simulationTimeLimit.flatMap(DurationText.parse)
    runner.schedule = scheduleSeed.map { .seeded($0) }
    runner.capture = capture.map { SessionCaptureSettings(folder: $0, name: captureName) }
    // The HTML report draws what the analyzer heard beside the microphone's waveform.
    runner.keepsReceivedAudio = timelineDir != nil
    return ScenarioWorker.runAndReport(
      file: file, seed: seed, runner: runner,
      traceFile: traceDir.map { DeterminismCheck.traceFile(for: file, in: $0) },
      timelineFile: timelineDir.map { HTMLReport.timelineFile(for: file, in: $0) })
  }
}
