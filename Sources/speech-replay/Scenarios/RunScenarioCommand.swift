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

  func run() {
    ScenarioWorker.runAndReport(file: file, seed: seed, engine: .reference)
  }
}
