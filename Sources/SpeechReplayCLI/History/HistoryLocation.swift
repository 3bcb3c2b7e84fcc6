import Foundation
import SpeechReplay

/// Where the run history lives: `--history PATH`, else `SPEECH_REPLAY_HISTORY`, else
/// `.speech-replay/history.sqlite` in the current directory; or nowhere with `--no-history`.
package enum HistoryLocation {
  /// The default database file, relative to the current directory.
  package static let defaultPath = ".speech-replay/history.sqlite"
  /// The environment variable that names the database file.
  package static let environmentVariable = "SPEECH_REPLAY_HISTORY"

  /// The database file to use.
  ///
  /// - Parameters:
  ///   - option: The `--history` value, when given.
  ///   - disabled: `--no-history` was given.
  ///   - environment: The process environment.
  /// - Returns: The path, or `nil` when history is off.
  package static func path(
    option: String?, disabled: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    if disabled { return nil }
    if let option, !option.isEmpty { return option }
    if let value = environment[environmentVariable], !value.isEmpty { return value }
    return defaultPath
  }
}
