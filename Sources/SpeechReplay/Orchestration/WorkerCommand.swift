import Foundation

/// How the parent starts the worker process that runs one scenario:
/// `EXECUTABLE run-scenario FILE [--seed N]`.
///
/// By default the worker is `speech-replay` itself; an app can build its own executable that
/// answers `run-scenario` with its own subject (see ``ScenarioWorker``) and name it instead.
public struct WorkerCommand: Sendable, Hashable {
  /// The executable to start.
  public var executable: URL
  /// Arguments appended to every worker's (for example `--trace-out`'s folder); empty by default.
  public var extraArguments: [String] = []
  /// The subcommand that runs one scenario.
  public static let subcommand = "run-scenario"

  /// Creates a worker command.
  ///
  /// - Parameter executable: The executable that answers `run-scenario FILE [--seed N]`.
  public init(executable: URL) {
    self.executable = executable
  }

  /// The arguments for one scenario.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - seed: The seed override, when given.
  /// - Returns: The worker's arguments.
  public func arguments(file: String, seed: UInt64?) -> [String] {
    [Self.subcommand, file] + (seed.map { ["--seed", String($0)] } ?? []) + extraArguments
  }
}
