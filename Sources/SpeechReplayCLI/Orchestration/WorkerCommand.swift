import Foundation
import SpeechReplay

/// How the parent starts the worker process that runs one scenario:
/// `EXECUTABLE run-scenario FILE [--seed N]`.
///
/// The worker is the executable that runs `run` itself (`speech-replay`, or an app's own tool built
/// on ``SpeechReplayCLI``), so it has the same subjects.
package struct WorkerCommand: Sendable, Hashable {
  /// The executable to start.
  package var executable: URL
  /// Arguments appended to every worker's (`--subject`, `--record`, `--trace-dir`, …); empty by default.
  package var extraArguments: [String] = []
  /// Arguments appended for one scenario file only (`--capture-name`); empty by default.
  package var fileArguments: [String: [String]] = [:]
  /// The subcommand that runs one scenario.
  package static let subcommand = "run-scenario"
  /// The subcommand of a reused worker, which runs one scenario per request line (``ReusableWorker``).
  package static let serveSubcommand = "serve-scenarios"
  /// The line a reused worker prints after each request's output.
  package static let endOfReply = "\u{1E}speech-replay end of reply"
  /// The line a reused worker prints before ``endOfReply`` when the request's run left objects alive
  /// (``RunLeftovers``): the parent ends the worker rather than hand it another scenario.
  package static let retireRequest = "\u{1E}speech-replay retire this worker"

  /// Creates a worker command.
  ///
  /// - Parameter executable: The executable that answers `run-scenario FILE [--seed N]`.
  package init(executable: URL) {
    self.executable = executable
  }

  /// The arguments for one scenario.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - seed: The seed override, when given.
  /// - Returns: The worker's arguments.
  package func arguments(file: String, seed: UInt64?) -> [String] {
    [Self.subcommand, file] + (seed.map { ["--seed", String($0)] } ?? []) + extraArguments + (fileArguments[file] ?? [])
  }

  /// One request to a reused worker: `run-scenario`'s arguments without the subcommand, as one line of JSON.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - seed: The seed override, when given.
  /// - Returns: The request line, without its line break.
  package func request(file: String, seed: UInt64?) -> String {
    let arguments = Array(arguments(file: file, seed: seed).dropFirst())
    let data =
      (try? JSONSerialization.data(withJSONObject: arguments, options: [.withoutEscapingSlashes])) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The command line that runs one scenario alone, for failure messages: the executable's name and
  /// the worker's arguments (without `--trace-dir`, which only the determinism check needs).
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - seed: The seed override, when given.
  /// - Returns: For example `speech-replay run-scenario Scenarios/x.yaml --record never`.
  package func reproduction(file: String, seed: UInt64?) -> String {
    var arguments = arguments(file: file, seed: seed)
    for flag in ["--trace-dir", "--timeline-dir"] {
      if let index = arguments.firstIndex(of: flag) {
        arguments.removeSubrange(index..<min(index + 2, arguments.count))
      }
    }
    return ([executable.lastPathComponent] + arguments).joined(separator: " ")
  }
}
