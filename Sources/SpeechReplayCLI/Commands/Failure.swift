import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay
import SpeechReplayCapture
import SpeechReplayImport

/// The one place where errors become a line on standard error and an exit status.
enum Failure {
  /// The exit status for a file that could not be read, converted or written.
  static let exitCode: Int32 = 1

  /// Prints one line for an error: `NAME: error: path: what went wrong; what to do` (NAME: the executable's).
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - path: The file the command was working on, for errors that do not name one themselves.
  static func printError(_ error: any Error, path: String? = nil) {
    let text = line(for: error)
    let named =
      error is AudioFileError || error is ValidationError || error is OrchestrationError || error is HistoryError
        || error is SubjectChoiceError || error is CaptureError || error is CaptureImportError
        || error is ScenarioSkeletonError || path == nil ? text : "\(path!): \(text)"
    printLine("\(name): error: \(named)")
  }

  /// Prints one line for a command-line usage error, with where to find the usage.
  static func printUsageError(_ message: String) {
    var text = message
    for prefix in ["Error: ", "error: "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
    printLine("\(name): error: \(text) (see '\(name) help')")
  }

  /// Prints one informational line on standard error: `NAME: note: text`.
  static func printNote(_ text: String) {
    printLine("\(name): note: \(text)")
  }

  /// Prints one line for a warning about a file that was still read.
  static func printWarning(_ warning: AudioFileWarning) {
    printLine("\(name): \(warning)")
  }

  static func line(for error: any Error) -> String {
    switch error {
    case let error as AudioFileError: error.description
    case let error as AudioFormatError: error.message
    case let error as SampleRateConverterError: error.message
    case let error as ValidationError: error.message
    case let error as OrchestrationError: error.message
    case let error as HistoryError: error.message
    case let error as SubjectChoiceError: error.message
    case let error as CaptureImportError: error.message
    case let error as ScenarioSkeletonError: error.message
    default: String(describing: error)
    }
  }

  /// The executable's name, which starts every line.
  private static var name: String { CLIContext.current.commandName }

  private static func printLine(_ text: String) {
    // Messages quote names, paths and values from files: their control characters are made visible.
    StandardStream.error.write(ConsoleText.visible(text, limit: .max) + "\n")
  }
}
