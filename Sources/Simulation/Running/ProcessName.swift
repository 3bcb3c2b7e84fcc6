internal import Foundation

/// The name of the running executable, which starts every message the library prints on its own
/// (`dictation-replay: diagnostic: …`): an app's own tool is named, not `speech-replay`.
package enum ProcessName {
  /// The executable's file name (`speech-replay`, `dictation-replay`, a test bundle's), or
  /// `speech-replay` when the process has no name.
  package static var current: String {
    let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "").lastPathComponent
    return name.isEmpty ? "speech-replay" : name
  }

  /// The prefix of a diagnostic line: `NAME: diagnostic:`.
  package static var diagnosticPrefix: String { "\(current): diagnostic:" }
}
