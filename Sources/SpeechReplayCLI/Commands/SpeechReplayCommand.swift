import ArgumentParser
import Foundation

/// The command line: a thin front end over the library modules, named after the executable that
/// runs it (``SpeechReplayCLI/main(subjects:)``).
struct SpeechReplayCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: CLIContext.current.commandName,
      abstract: "Replay captured audio and scripted speech-model behaviour through a live-transcription stack.",
      subcommands: [
        RunCommand.self, ExploreCommand.self, ListCommand.self, ExplainCommand.self, HistoryCommand.self,
        CompareCommand.self, ReportCommand.self, MergeCommand.self, AudioCommand.self, RunScenarioCommand.self,
        ServeScenariosCommand.self,
        CaptureCommand.self, ScenarioCommand.self,
      ])
  }

  /// Parses and runs a command; a usage error is one line on standard error and exit status 64.
  ///
  /// ArgumentParser's own handler prints the usage text after the message; a CI log reads better
  /// with the one line that says what is wrong (the usage is one `--help` away).
  static func main() async {
    do {
      var command = try parseAsRoot()
      // Before any command works, and so before any worker starts (a worker would fail every scenario).
      try EnvironmentCheck.validate()
      try RepeatedOutputs.check(Array(CommandLine.arguments.dropFirst()))
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      // A Ctrl-C whose cleanup made the command fail ends as the interruption it is (130 or 143).
      InterruptCleanup.endIfInterrupted()
      if !(error is ExitCode), exitCode(for: error) == .validationFailure {
        var message = InvalidValueMessage.explained(
          message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments")
        // A negative value (`-5`, `-1s`) where a value goes is read as an option by the parser, which
        // then says a value is missing: name the value instead, as a bad one.
        let arguments = Array(CommandLine.arguments.dropFirst())
        let isNegative = { (text: String) in
          text.count > 1 && text.hasPrefix("-") && text.dropFirst().first.map { $0.isNumber || $0 == "." } == true
        }
        if message.hasPrefix("Missing value for '"),
          let option = message.dropFirst("Missing value for '".count).split(separator: " ").first,
          let index = arguments.firstIndex(of: String(option)), index + 1 < arguments.count,
          isNegative(arguments[index + 1])
        {
          message = "\(option) \(arguments[index + 1]) is negative; give a value of 0 or more"
        } else if message.hasPrefix("Missing expected argument") || message.hasPrefix("Unknown option"),
          let number = arguments.first(where: isNegative)
        {
          message =
            "\(number) is negative, which no argument here takes (\(message.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)))"
        }
        Failure.printUsageError(message)
        Foundation.exit(ExitCode.validationFailure.rawValue)
      }
      exit(withError: error)
    }
  }
}
