import ArgumentParser
import Foundation

/// The command line: a thin front end over the library modules, named after the executable that
/// runs it (``SpeechReplayCLI/main(subjects:)``).
struct SpeechReplayCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
    commandName: CLIContext.current.commandName,
    abstract: "Replay captured audio and scripted speech-model behaviour through a live-transcription stack.",
    subcommands: [RunCommand.self, ExploreCommand.self, ListCommand.self, ExplainCommand.self, HistoryCommand.self, CompareCommand.self, ReportCommand.self, MergeCommand.self, AudioCommand.self, RunScenarioCommand.self, CaptureCommand.self, ScenarioCommand.self])
  }

  /// Parses and runs a command; a usage error is one line on standard error and exit status 64.
  ///
  /// ArgumentParser's own handler prints the usage text after the message; a CI log reads better
  /// with the one line that says what is wrong (the usage is one `--help` away).
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      if !(error is ExitCode), exitCode(for: error) == .validationFailure {
        var message = message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        // A negative number where an argument goes is read as an option by the parser, which then
        // says a value is missing: name the number instead, as a bad value.
        if message.hasPrefix("Missing expected argument") || message.hasPrefix("Unknown option") || message.hasPrefix("Missing value"),
          let number = CommandLine.arguments.dropFirst().first(where: { Double($0).map { $0 < 0 } ?? false })
        {
          message = "\(number) is a negative number, which no argument here takes (\(message.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)))"
        }
        Failure.printUsageError(message)
        Foundation.exit(ExitCode.validationFailure.rawValue)
      }
      exit(withError: error)
    }
  }
}
