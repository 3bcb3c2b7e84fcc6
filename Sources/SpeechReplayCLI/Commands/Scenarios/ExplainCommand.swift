import ArgumentParser
import SpeechReplay

/// `speech-replay explain SCENARIO [--seed N] [--subject NAME]`: runs one scenario and prints its timeline.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Run one scenario in this process and print its event timeline in readable form.")

  @Argument(help: "The scenario file.")
  var scenario: String

  @Option(parsing: .unconditional, help: "Use this seed (0 to 18446744073709551615) instead of the scenario's own.")
  var seed: UInt64?

  @OptionGroup var subject: SubjectOption

  func validate() throws {
    // A file that is not there is a usage error (64); a file that is there but invalid is status 1.
    try PathCheck.checkReadable(scenario)
  }

  func run() throws {
    do {
      print(try subject.engine().explain(scenario, seed), terminator: "")
    } catch {
      Failure.printError(error)
      throw ExitCode(Failure.exitCode)
    }
  }
}
