import ArgumentParser
import SpeechReplay

/// `speech-replay explain SCENARIO [--seed N] [--subject NAME]`: runs one scenario and prints its timeline.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Run one scenario in this process and print its event timeline in readable form.")

  @Argument(help: "The scenario file.")
  var scenario: String

  @Option(help: "Use this seed instead of the scenario's own.")
  var seed: UInt64?

  @OptionGroup var subject: SubjectOption

  func run() throws {
    do {
      print(try subject.engine().explain(scenario, seed), terminator: "")
    } catch {
      Failure.printError(error)
      throw ExitCode(Failure.exitCode)
    }
  }
}
