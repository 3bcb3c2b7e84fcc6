import Foundation
import SpeechReplay

/// What ``SpeechReplayCLI/main(subjects:)`` was given, for the commands (which ArgumentParser makes
/// from the arguments alone): the subjects and the executable's name.
struct CLIContext: Sendable {
  /// The subjects scenarios can run against; the first is the default.
  var subjects: [SubjectFactory]
  /// The executable's name as the user knows it (`speech-replay`, or an app's own tool).
  var commandName: String
  /// Checks the environment variables only the subjects read (the reference's bug-zoo faults), in
  /// the parent with the documented ones (``EnvironmentCheck``); none by default.
  var checkEnvironment: @Sendable ([String: String]) throws -> Void = { _ in }

  /// The context of this run; outside ``SpeechReplayCLI/main(subjects:)`` (the command tests), no subjects.
  @TaskLocal static var current = CLIContext(subjects: [], commandName: "speech-replay")

  /// The name this executable was started as (its file name).
  static func invokedName() -> String {
    let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "speech-replay").lastPathComponent
    return name.isEmpty ? "speech-replay" : name
  }

  /// This executable's own file, which also answers `run-scenario` as a worker.
  static var ownExecutable: URL {
    #if os(Linux)
      // The kernel's link to the running image: right even when started through PATH or a relative path.
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return URL(fileURLWithPath: path)
      }
    #endif
    return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
  }

  /// The subject named `name`, or the first when `name` is nil.
  /// - Throws: A message naming the subjects there are.
  func subject(named name: String?) throws(SubjectChoiceError) -> SubjectFactory {
    guard let first = subjects.first else {
      throw SubjectChoiceError(
        message:
          "\(commandName) has no subject to run scenarios against; pass at least one SubjectFactory to SpeechReplayCLI.main(subjects:)"
      )
    }
    guard let name else { return first }
    guard let chosen = subjects.first(where: { $0.name == name }) else {
      throw SubjectChoiceError(
        message:
          "--subject is '\(name)' but \(commandName) knows \(subjects.map { "'\($0.name)'" }.joined(separator: ", "))\(Suggestion.didYouMean(name, subjects.map(\.name))); name one of them, or several as a comma list"
      )
    }
    return chosen
  }
}

/// An unknown `--subject`, or no subjects at all.
struct SubjectChoiceError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
