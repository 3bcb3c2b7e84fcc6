import ArgumentParser
import SpeechReplay

/// `speech-replay run-scenario FILE [--seed N]` (hidden): the worker. Runs one scenario in this
/// process and prints its result as JSON on the last line of standard output.
struct RunScenarioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: WorkerCommand.subcommand,
    abstract: "Run one scenario in this process and print its result as JSON (the worker `run` starts).",
    shouldDisplay: false)

  @Argument(help: "The scenario file.")
  var file: String

  @Option(help: "Use this seed instead of the scenario's own.")
  var seed: UInt64?

  @Option(help: "Also write the run's canonical trace lines into this folder (what --check-determinism compares).")
  var traceDir: String?

  func run() {
    if let traceDir {
      ScenarioWorker.runAndReport(
        file: file, seed: seed, runner: ScenarioRunner(), traceFile: DeterminismCheck.traceFile(for: file, in: traceDir))
    } else {
      ScenarioWorker.runAndReport(file: file, seed: seed, engine: .reference)
    }
  }
}
